package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// blockedText is how Claude Code 2.1.x records a call a PreToolUse hook
// blocked.
const blockedText = `"PreToolUse:Bash hook error: [old-guard.sh]: BLOCKED: no curl"`

func TestReplayReportsTheFlipsAgainstABaselineOrWhatHappenedThen(t *testing.T) {
	skipInShort(t)
	project, settings := replayProject(t, "guard.sh", "rewrite.sh")
	_, baseline := replayProject(t, "rewrite.sh")
	dir := t.TempDir()
	file := claudeTranscript(t, dir, "s1", project,
		recorded{id: "t1", tool: "Bash", input: bashInput("rm -rf build"), content: `""`},
		recorded{id: "t2", tool: "Bash", input: bashInput("curl example.com"), content: blockedText, isError: true},
		recorded{id: "t3", tool: "Bash", input: bashInput("ls"), content: `"a"`},
		recorded{id: "t4", tool: "Bash", input: bashInput("rm -rf /"), content: `"The user doesn't want to proceed with this tool use."`, isError: true},
	)
	tests := []struct {
		name  string
		flags []string
		flips []string // each call's flip, "" for none
		sum   string
	}{
		{"against what happened then", nil, []string{"newly denied", "newly allowed", "", ""},
			`"flips":{"against":"what happened then (original)","newly_denied":1,"newly_allowed":1,"changed_rewrite":0,"unchanged":1,"not_compared":{"rejected":1}}`},
		{"against a baseline", []string{"--baseline-settings", baseline}, []string{"newly denied", "", "", "newly denied"},
			`"flips":{"against":"the baseline settings","newly_denied":2,"newly_allowed":0,"changed_rewrite":0,"unchanged":2}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, "", slices.Concat([]string{"replay", "--json", "--settings", settings}, tt.flags, []string{file})...)
			require.Equal(t, 0, code, stderr)
			lines := jsonLines(t, stdout)
			require.Len(t, lines, 5)
			for i, f := range tt.flips {
				if f == "" {
					assert.NotContains(t, lines[i], `"flip"`, "call %d", i)
					continue
				}
				assert.True(t, strings.HasSuffix(lines[i], `,"flip":"`+f+`"}`), "call %d: %s", i, lines[i])
			}
			assert.Contains(t, lines[4], tt.sum)
		})
	}
	t.Run("a rewrite that changes is a flip", func(t *testing.T) {
		_, none := replayProject(t, "guard.sh")
		code, stdout, stderr := hookchainCmd(t, "", "replay", "--settings", settings, "--baseline-settings", none, file)
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, stdout, "\nflips against the baseline settings: newly denied 0, newly allowed 0, changed rewrite 1, unchanged 3\n")
		_, stdout, _ = hookchainCmd(t, "", "replay", "--settings", baseline, "--baseline-settings", settings, file)
		assert.Contains(t, stdout, "\nflips against the baseline settings: newly denied 0, newly allowed 2, changed rewrite 0, unchanged 2\n")
	})
}

func TestReplayWritesCasesOfTheFlippedAndDeniedCallsThatHookchainTestPasses(t *testing.T) {
	skipInShort(t)
	project, settings := replayProject(t, "guard.sh", "rewrite.sh")
	dir := t.TempDir()
	gone := filepath.Join(dir, "deleted-worktree")
	file := claudeTranscript(t, dir, "s1", gone,
		recorded{id: "t1", tool: "Bash", input: bashInput("rm -rf build"), content: `""`},
		recorded{id: "t2", tool: "Bash", input: bashInput("curl example.com"), content: `"<html>"`},
		recorded{id: "t3", tool: "Bash", input: bashInput("ls"), content: `"a"`},
	)
	cases := filepath.Join(t.TempDir(), "cases")
	code, _, stderr := hookchainCmd(t, "", "replay", "--settings", settings, "--project", project, "--emit-cases", cases, file)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "hookchain replay: wrote 2 case files into "+cases+" (their inputs as recorded, unmasked)\n", stderr)
	entries, err := os.ReadDir(cases)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"s1-1-t1.json", "s1-3-t2.json"}, names)
	data, err := os.ReadFile(filepath.Join(cases, "s1-1-t1.json"))
	require.NoError(t, err)
	assert.Contains(t, string(data), `"cwd": "`+gone+`"`, "the case keeps the recorded cwd")
	data, err = os.ReadFile(filepath.Join(cases, "s1-3-t2.json"))
	require.NoError(t, err)
	assert.Contains(t, string(data), `"messages": [
        {
          "link": "rewrite.sh",
          "text": "curl was given a timeout"`, "the case wants what the user was shown")

	code, stdout, stderr := hookchainCmd(t, "", "test", "--settings", settings, "--project", project, filepath.Join(cases, "*.json"))
	assert.Equal(t, 0, code, stderr)
	assert.Equal(t, fill(`ok    {FILE}:1 Bash t1 before_tool (newly denied)
ok    {FILE}:3 Bash t2 before_tool (changed rewrite)
ok    {FILE}:3 Bash t2 after_tool (changed rewrite)
ok: 3 cases passed
`, map[string]string{"FILE": file}), stdout)

	// And a case is a regression test: without the guard it fails.
	_, other := replayProject(t, "rewrite.sh")
	code, stdout, _ = hookchainCmd(t, "", "test", "--settings", other, "--project", project, filepath.Join(cases, "*.json"))
	assert.Equal(t, 1, code)
	assert.Contains(t, stdout, "FAIL  "+file+":1 Bash t1 before_tool (newly denied)")
}
