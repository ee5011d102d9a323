package shell

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// typical is a 100-character command of the kind an agent writes.
const typical = `cd /srv/app && git fetch origin dev && git status --short | grep -v '^??' && npm run build -- --prod`

func BenchmarkRunsOnATypical100CharCommand(b *testing.B) {
	require.Len(b, typical, 100)
	m := Runs("command", "rm", "-r", "-f")
	e := bash(typical)
	require.False(b, m.Match(e))
	b.ReportAllocs()
	for b.Loop() {
		m.Match(e)
	}
}

func BenchmarkRuleOnATypical100CharCommand(b *testing.B) {
	m := Rule("command", "git push *")
	e := bash(typical)
	require.False(b, m.Match(e))
	b.ReportAllocs()
	for b.Loop() {
		m.Match(e)
	}
}

func BenchmarkParseATypical100CharCommand(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Parse(typical)
	}
}

// A command with an expansion in rm's arguments takes the slower path that
// asks whether run time could supply the flags.
func BenchmarkRunsOnADynamicCommand(b *testing.B) {
	m := Runs("command", "rm", "-r", "-f")
	e := bash(`for f in $(git ls-files --others --exclude-standard); do rm $RM_OPTS "$f"; done && echo "cleaned $PWD"`)
	require.True(b, m.Match(e))
	b.ReportAllocs()
	for b.Loop() {
		m.Match(e)
	}
}

func BenchmarkRunsThroughNestedStrings(b *testing.B) {
	m := Runs("command", "rm", "-r", "-f")
	e := bash(`sudo -u deploy bash -lc "cd /srv && timeout 30 sh -c 'find . -name \"*.tmp\" -exec rm -fr {} +'"`)
	require.True(b, m.Match(e))
	b.ReportAllocs()
	for b.Loop() {
		m.Match(e)
	}
}

// withHereDocuments is a 2,000-character command of the kind an agent
// writes to change files: here-documents, a commit message, a push.
const withHereDocuments = `cd /srv/app && git status --short && cat > config/app.yaml <<'EOF'
server:
  port: 8080
  host: 0.0.0.0
  read_timeout: 15s
  write_timeout: 15s
database:
  url: postgres://app@db:5432/app?sslmode=disable
  max_open: 20
  max_idle: 5
cache:
  redis: redis://cache:6379/0
  ttl: 10m
log:
  level: info
  format: json
metrics:
  enabled: true
  path: /metrics
  namespace: app
auth:
  issuer: https://auth.example.com/
  audience: app-api
  leeway: 30s
features:
  - new-checkout
  - async-export
  - audit-trail
  - export-to-object-storage-nightly-v22
EOF
mkdir -p deploy && cat > deploy/run.sh <<'EOF'
#!/usr/bin/env bash
set -euo pipefail
cd "$(dirname "$0")/.."
export APP_CONFIG=config/app.yaml
exec ./bin/app serve --config "$APP_CONFIG" --log-level "${LOG_LEVEL:-info}"
EOF
mkdir -p .github/workflows && cat > .github/workflows/check.yml <<'EOF'
name: check
on: [push, pull_request]
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: ./scripts/check.sh
EOF
cat > scripts/check.sh <<EOF
#!/bin/sh
set -eu
echo "checking \$HOME/.config for stale locks"
for f in /tmp/app-*.lock; do
  [ -e "\$f" ] || continue
  echo "stale: \$f"
done
curl -fsS http://localhost:8080/healthz >/dev/null && echo healthy
EOF
chmod +x scripts/check.sh && ./scripts/check.sh && go test ./... -run TestConfig -count=1 | tail -n 20
git add config/app.yaml scripts/check.sh deploy/run.sh .github && git commit -m "$(cat <<'EOF'
config: move the service settings to config/app.yaml

The server, database, cache and log settings were spread over three
environment files; they now live in one YAML file that the service
reads at start-up, and scripts/check.sh reports stale lock files and
whether the health endpoint answers. deploy/run.sh starts the service
with that file, and the log level can still be set from LOG_LEVEL.

Metrics and auth settings move as well; nothing else changes.
EOF
)" && git push -u origin "$(git branch --show-current)" && npm run build -- --prod`

func BenchmarkRunsOnA2000CharCommandWithHereDocuments(b *testing.B) {
	require.Len(b, withHereDocuments, 2000)
	m := Runs("command", "rm", "-r")
	e := bash(withHereDocuments)
	require.False(b, m.Match(e))
	b.ReportAllocs()
	for b.Loop() {
		m.Match(e)
	}
}

// BenchmarkRunsGrowsLinearly reads the same kind of command at growing
// lengths: the time per op should grow in proportion.
func BenchmarkRunsGrowsLinearly(b *testing.B) {
	m := Runs("command", "rm", "-r")
	for _, n := range []int{1, 2, 4, 8, 16, 32} {
		src := strings.TrimSuffix(strings.Repeat(withHereDocuments+"\n", n), "\n")
		e := bash(src)
		require.False(b, m.Match(e))
		b.Run(fmt.Sprintf("%dchars", len(src)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				m.Match(e)
			}
		})
	}
}

// ordinaryLines is 100 KiB of the commands agents run all day, one a line.
func ordinaryLines() string {
	var b strings.Builder
	for b.Len() < 100<<10 {
		for _, c := range everyday {
			b.WriteString(c)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func BenchmarkRunsOn100KiBOfOrdinaryLines(b *testing.B) {
	m := Runs("command", "rm", "-r")
	e := bash(ordinaryLines())
	require.False(b, m.Match(e))
	b.ReportAllocs()
	for b.Loop() {
		m.Match(e)
	}
}
