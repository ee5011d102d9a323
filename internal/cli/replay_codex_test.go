package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// codexRollout writes a Codex CLI 0.58 rollout of shell calls, each a
// command with its exit code, into dir, and returns its path.
func codexRollout(t *testing.T, dir, session, cwd string, commands map[string]string, order []string, exit map[string]int) string {
	t.Helper()
	lines := []string{fmt.Sprintf(`{"timestamp":"2025-11-17T21:30:28.664Z","type":"session_meta","payload":{"id":%q,"cwd":%q,"cli_version":"0.58.0"}}`, session, cwd)}
	for _, id := range order {
		args := fmt.Sprintf(`{"command":["bash","-lc",%q],"workdir":%q}`, commands[id], cwd)
		lines = append(lines,
			fmt.Sprintf(`{"timestamp":"2025-11-17T21:32:50.530Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":%q,"call_id":%q}}`, args, id),
			fmt.Sprintf(`{"timestamp":"2025-11-17T21:32:51.530Z","type":"response_item","payload":{"type":"function_call_output","call_id":%q,"output":%q}}`,
				id, fmt.Sprintf(`{"output":"done","metadata":{"exit_code":%d,"duration_seconds":0.1}}`, exit[id])))
	}
	path := filepath.Join(dir, "rollout-2025-11-17T15-30-28-"+session+".jsonl")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	return path
}

func TestReplayPutsACodexRolloutsCallsToClaudeCodeSettingsUnderCodexsToolNames(t *testing.T) {
	project, _ := replayProject(t, "guard.sh")
	settings := filepath.Join(project, "any-tool.json")
	require.NoError(t, os.WriteFile(settings, []byte(`{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"bash \"$CLAUDE_PROJECT_DIR\"/.claude/hooks/guard.sh"}]}]}}`), 0o644))
	dir := t.TempDir()
	file := codexRollout(t, dir, "019a93b9-f380-7600-98ff-940e6b99603c", "/home/user/gone",
		map[string]string{"call_1": "rm -rf build", "call_2": "false"}, []string{"call_1", "call_2"}, map[string]int{"call_2": 1})
	code, stdout, stderr := hookchainCmd(t, "", "replay", "--json", "--settings", settings, "--project", project, dir)
	require.Equal(t, 0, code, stderr)
	lines := jsonLines(t, stdout)
	require.Len(t, lines, 3)
	tail := `"session":"019a93b9-f380-7600-98ff-940e6b99603c","cwd":"/home/user/gone"`
	assert.Equal(t, []string{
		`{"transcript":"` + file + `","call_id":"call_1","tool":"shell","before":{"verdict":"deny","reason":"denied by guard.sh: recursive delete","decided_by":"guard.sh","cause":"link",` +
			`"trail":[{"name":"guard.sh","verdict":"deny","reason":"recursive delete"}]},"after":null,"original":"ran",` +
			`"input":{"command":["bash","-lc","rm -rf build"],"workdir":"/home/user/gone"},"line":2,` + tail + `,"flip":"newly denied"}`,
		`{"transcript":"` + file + `","call_id":"call_2","tool":"shell","before":{"verdict":"allow"},"after":{"verdict":"allow"},"original":"errored",` +
			`"input":{"command":["bash","-lc","false"],"workdir":"/home/user/gone"},"line":4,` + tail + `}`,
	}, lines[:2])
	assert.Contains(t, lines[2], `"tools":{"shell":2}`)
}

func TestReplayWithHarnessCodexRunsCodexsOwnHooksAndPrintsWhatCodexWouldTellTheModel(t *testing.T) {
	project := t.TempDir()
	require.NoError(t, mkdirWrite(filepath.Join(project, ".codex", "hooks"), "no-rm.sh", `in=$(cat); case "$in" in *"rm -rf"*) echo "no rm -rf" >&2; exit 2;; esac`+"\n"))
	hooks := filepath.Join(project, ".codex", "hooks.json")
	require.NoError(t, os.WriteFile(hooks, []byte(`{"hooks":{"PreToolUse":[{"matcher":"shell","hooks":[{"type":"command","command":"sh .codex/hooks/no-rm.sh"}]}]}}`), 0o644))
	dir := t.TempDir()
	file := codexRollout(t, dir, "019a93b9-f380-7600-98ff-940e6b99603c", project,
		map[string]string{"call_1": "rm -rf build", "call_2": "ls"}, []string{"call_1", "call_2"}, nil)
	code, stdout, stderr := hookchainCmd(t, "", "replay", "--harness", "codex", "--json", "--settings", hooks, "--project", project, file)
	require.Equal(t, 0, code, stderr)
	lines := jsonLines(t, stdout)
	require.Len(t, lines, 3)
	assert.Contains(t, lines[0], `"call_id":"call_1","tool":"shell","before":{"verdict":"deny","reason":"no rm -rf","decided_by":"sh .codex/hooks/no-rm.sh","cause":"link"`)
	assert.Contains(t, lines[1], `"call_id":"call_2","tool":"shell","before":{"verdict":"allow"},"after":{"verdict":"allow"}`)
	assert.Contains(t, lines[2], `"verdicts":{"allow":1,"deny":1}`)
}
