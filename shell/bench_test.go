package shell

import (
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
	e := bash(`for f in $(git ls-files --others --exclude-standard); do rm -v "$f"; done && echo "cleaned $PWD"`)
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
