package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Claude Code guard of Read's file_path judges the file tools of the
// CLIs that name the path otherwise — Copilot's view "path", Gemini CLI's
// read_file under the names its earlier versions gave it — and a call that
// gives the path under two names is blocked rather than judged by one.
// Read by Claude Code's names alone, an "if" that finds no file_path runs
// its guard on every call, denying the harmless ones, and a decoy under
// today's name would be judged in place of the path the tool reads.
func TestAClaudeCodeGuardOfAFilesPathJudgesEveryCLIsNameForIt(t *testing.T) {
	project := testdata(t)
	guard := filepath.Join(t.TempDir(), "guard.json")
	require.NoError(t, os.WriteFile(guard, []byte(`{"hooks":{"PreToolUse":[{"matcher":"Read","hooks":[`+
		`{"type":"command","command":"sh hooks/block.sh 'no env files'","if":"Read(**/.env)"}]}]}}`), 0o644))
	claudeSettings := []string{"--settings-harness", "claude", "--settings", guard, "--project", project}
	tests := []struct {
		name, harness, stdin, stdout, stderr string
		code                                 int
	}{
		{"Copilot's view of .env", "copilot", inDir(t, copilotCall(t, "view", `{"path":"`+project+`/.env"}`, ""), "cwd", project),
			`{"permissionDecision":"deny","permissionDecisionReason":"denied by block.sh: no env files"}` + "\n", "", 0},
		{"Copilot's view of another file", "copilot", inDir(t, copilotCall(t, "view", `{"path":"`+project+`/README.md"}`, ""), "cwd", project), "", "", 0},
		{"Gemini CLI's read_file of .env, by its earlier absolute_path", "gemini", inDir(t, geminiInput(t, "read_file", `{"absolute_path":"`+project+`/.env"}`, ""), "cwd", project),
			`{"decision":"deny","reason":"denied by block.sh: no env files"}` + "\n", "", 0},
		{"Gemini CLI's read_file of .env, by today's file_path", "gemini", inDir(t, geminiInput(t, "read_file", `{"file_path":"`+project+`/.env"}`, ""), "cwd", project),
			`{"decision":"deny","reason":"denied by block.sh: no env files"}` + "\n", "", 0},
		{"Gemini CLI's read_file giving the path twice, a decoy under one name", "gemini",
			inDir(t, geminiInput(t, "read_file", `{"file_path":"README.md","absolute_path":"`+project+`/.env"}`, ""), "cwd", project),
			"", "hookchain: hook: Gemini's Read call, judged as Claude Code's: the input gives file_path and absolute_path, which are one field, file_path, to the other CLI\n", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, tt.stdin, append([]string{"hook", "--harness", tt.harness}, claudeSettings...)...)
			assert.Equal(t, tt.stdout, stdout)
			assert.Equal(t, tt.stderr, stderr)
			assert.Equal(t, tt.code, code)
		})
	}
}
