package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// eval says "stop": true when the CLI would end its whole run, not only
// the call: a hook that answers "continue": false, for Claude Code and for
// Gemini alike; any other denial says nothing of the kind.
func TestEvalSaysStopWhenTheCLIWouldEndItsWholeRun(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "stop.sh"), []byte(`printf '{"continue":false,"stopReason":"the build is red"}'`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "deny.sh"), []byte(`echo no >&2; exit 2`), 0o644))
	stop, deny := "sh "+dir+"/stop.sh", "sh "+dir+"/deny.sh"
	claude := func(command string) string {
		return `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"` + command + `"}]}]}}`
	}
	gemini := func(command string) string {
		return `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","name":"guard","command":"` + command + `"}]}]}}`
	}
	geminiIn := `{"session_id":"g","transcript_path":"/tmp/c.json","cwd":"` + dir + `","timestamp":"2026-01-01T00:00:00.000Z",` +
		`"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"make"}}`
	tests := []struct {
		name, harness, settings, stdin, want string
	}{
		{"Claude Code's continue: false", "claude", claude(stop), hookInput(t, dir, "PreToolUse", "Bash", `{"command":"make"}`),
			`{"verdict":"deny","reason":"denied by stop.sh: stop requested: the build is red","decided_by":"stop.sh","cause":"link",` +
				`"trail":[{"name":"stop.sh","verdict":"deny","reason":"stop requested: the build is red"}],"stop":true}`},
		{"Claude Code's exit 2 is a call denied, not a run ended", "claude", claude(deny), hookInput(t, dir, "PreToolUse", "Bash", `{"command":"make"}`),
			`{"verdict":"deny","reason":"denied by deny.sh: no","decided_by":"deny.sh","cause":"link","trail":[{"name":"deny.sh","verdict":"deny","reason":"no"}]}`},
		{"Gemini's continue: false", "gemini", gemini(stop), geminiIn,
			`{"verdict":"deny","reason":"stop requested: the build is red","decided_by":"guard","cause":"link",` +
				`"trail":[{"name":"guard","verdict":"deny","reason":"stop requested: the build is red"}],"stop":true}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "settings.json")
			require.NoError(t, os.WriteFile(file, []byte(tt.settings), 0o644))

			code, stdout, stderr := hookchainCmd(t, tt.stdin, "eval", "--harness", tt.harness, "--settings", file)

			assert.Empty(t, stderr)
			assert.Equal(t, 2, code)
			assert.JSONEq(t, tt.want, stdout)
		})
	}
}
