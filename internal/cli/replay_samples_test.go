package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/internal/testfiles"
)

// sampleGuard denies what a team's first guard denies: a recursive delete,
// a force push, a download piped into a shell.
const sampleGuard = `in=$(cat); cmd=$(jq -r '.tool_input.command // ""' <<<"$in")
case "$cmd" in
  *"rm -rf"*) echo "recursive delete" >&2; exit 2;;
  *"push --force"*|*"push -f "*) echo "force push" >&2; exit 2;;
  *"| sh"*|*"| bash"*) echo "a download piped into a shell" >&2; exit 2;;
esac`

func TestReplayOfTheSyntheticSampleDeniesExactlyTheCallsAGuardShould(t *testing.T) {
	skipInShort(t)
	samples := testfiles.ReplaySamples(t)
	project, _ := replayProject(t)
	require.NoError(t, mkdirWrite(filepath.Join(project, ".claude", "hooks"), "guard.sh", "#!/bin/bash\n"+sampleGuard+"\n"))
	settings := filepath.Join(project, ".claude", "settings.json")
	require.NoError(t, os.WriteFile(settings, []byte(`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"bash \"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh"}]}]}}`), 0o644))
	code, stdout, stderr := hookchainCmd(t, "", "replay", "--json", "--settings", settings, "--project", project,
		filepath.Join(samples, "claude-code", "synthetic-2.1.146-policy-edges"))
	require.Equal(t, 0, code, stderr)
	lines := jsonLines(t, stdout)
	require.Len(t, lines, 15)
	denied := map[string]string{}
	deny := regexp.MustCompile(`"call_id":"([^"]+)","tool":"Bash","before":\{"verdict":"deny","reason":"denied by guard.sh: ([^"]+)"`)
	for _, l := range lines[:14] {
		if m := deny.FindStringSubmatch(l); m != nil {
			denied[m[1]] = m[2]
		}
	}
	assert.Equal(t, map[string]string{
		"toolu_01SYNTH00000000000000001": "recursive delete",
		"toolu_01SYNTH00000000000000002": "recursive delete",
		"toolu_01SYNTH00000000000000003": "recursive delete",
		"toolu_01SYNTH00000000000000004": "force push",
		"toolu_01SYNTH00000000000000005": "a download piped into a shell",
	}, denied)
	assert.Contains(t, lines[14], `"verdicts":{"allow":9,"deny":5},"deciding_hooks":{"guard.sh":5},`+
		`"tools":{"Bash":9,"Edit":1,"Read":2,"Write":1,"mcp__github__get_file_contents":1}`)
	assert.Contains(t, lines[14], `"not_judged":{"no result recorded: the after-call hooks were not asked":1}`)
}

func TestReplayOfEveryRealSampleFinishesAndJudgesEveryCallItRead(t *testing.T) {
	skipInShort(t)
	samples := testfiles.ReplaySamples(t)
	code, stdout, stderr := hookchainCmd(t, "", "replay", "--json", "--settings", "testdata/settings/allow.json", "--project", testdata(t), "--dedupe", samples)
	require.Equal(t, 0, code, stderr)
	lines := jsonLines(t, stdout)
	// The readers' own test pins the calls of each file; this one, that
	// every one of them is put to the hooks and printed: the 233 calls of
	// 25 tools the samples' README counts.
	require.Len(t, lines, 234)
	sum := lines[233]
	assert.Regexp(t, `^\{"summary":\{"files":9,"calls":233,"verdicts":\{"allow":233\},`, sum)
	tools := regexp.MustCompile(`"tools":\{([^}]*)\}`).FindStringSubmatch(sum)
	require.NotNil(t, tools)
	assert.Len(t, strings.Split(tools[1], ","), 25)
	assert.Contains(t, sum, `"originals":{"errored":14,"no result":3,"ran":215,"rejected":1}`)
}
