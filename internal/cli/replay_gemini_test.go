package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// geminiShellSession writes a Gemini CLI session file (JSONL) of shell calls,
// each with its output, into dir.
func geminiShellSession(t *testing.T, dir string, commands map[string]string, order []string) string {
	t.Helper()
	lines := []string{`{"sessionId":"g-sess","projectHash":"abc123","startTime":"2026-04-10T10:00:00.000Z","lastUpdated":"2026-04-10T10:00:00.000Z","kind":"main"}`}
	for i, id := range order {
		lines = append(lines, `{"id":"m`+id+`","timestamp":"2026-04-10T10:00:0`+string(rune('1'+i))+`.000Z","type":"gemini","content":"","toolCalls":[`+
			`{"id":"`+id+`","name":"run_shell_command","args":`+bashInput(commands[id])+`,"status":"success",`+
			`"result":[{"functionResponse":{"id":"`+id+`","name":"run_shell_command","response":{"output":"Exit Code: 0"}}}]}]}`)
	}
	path := filepath.Join(dir, "session-2026-04-10T10-00-g-sess.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	return path
}

func TestReplayWithHarnessGeminiRunsGeminisOwnHooksOnItsSessionsCalls(t *testing.T) {
	project := t.TempDir()
	require.NoError(t, mkdirWrite(filepath.Join(project, ".gemini", "hooks"), "no-rm.sh",
		`in=$(cat); case "$in" in *"rm -rf"*) echo "no rm -rf" >&2; exit 2;; esac`+"\n"))
	settings := filepath.Join(project, ".gemini", "settings.json")
	require.NoError(t, os.WriteFile(settings, []byte(`{"hooks":{"BeforeTool":[{"matcher":"run_shell_command","hooks":[{"type":"command","name":"no-rm","command":"sh .gemini/hooks/no-rm.sh"}]}]}}`), 0o644))
	file := geminiShellSession(t, t.TempDir(), map[string]string{"c1": "rm -rf build", "c2": "ls"}, []string{"c1", "c2"})
	code, stdout, stderr := hookchainCmd(t, "", "replay", "--harness", "gemini", "--json", "--settings", settings, "--project", project, file)
	require.Equal(t, 0, code, stderr)
	lines := jsonLines(t, stdout)
	require.Len(t, lines, 3)
	assert.Contains(t, lines[0], `"call_id":"c1","tool":"run_shell_command","before":{"verdict":"deny","reason":"no rm -rf","decided_by":"no-rm","cause":"link"`)
	assert.Contains(t, lines[1], `"call_id":"c2","tool":"run_shell_command","before":{"verdict":"allow"},"after":{"verdict":"allow"}`)
	assert.Contains(t, lines[2], `"verdicts":{"allow":1,"deny":1},"deciding_hooks":{"no-rm":1}`)
}
