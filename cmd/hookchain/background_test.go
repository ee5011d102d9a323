package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// asyncSettings is a project whose PostToolUse hooks run in the background:
// one appends the command to a ledger, one reviews it and exits 2.
func asyncSettings(t *testing.T) (dir, file string) {
	dir = t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "record.sh"),
		[]byte("#!/bin/bash\nsleep 0.3\njq -r .tool_input.command >> \"$CLAUDE_PROJECT_DIR/ledger\"\n"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "review.py"),
		[]byte("import json, sys\njson.load(sys.stdin)\nprint('secret in the commit', file=sys.stderr)\nsys.exit(2)\n"), 0o755))
	file = filepath.Join(dir, "settings.json")
	require.NoError(t, os.WriteFile(file, []byte(`{"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [
  {"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/record.sh", "async": true},
  {"type": "command", "command": "python3 \"$CLAUDE_PROJECT_DIR\"/review.py", "asyncRewake": true, "rewakeMessage": "Review:"}
]}]}}`), 0o644))
	return dir, file
}

func TestEvalWaitsForAsyncHooksAndPrintsTheirReportsOnStderr(t *testing.T) {
	dir, file := asyncSettings(t)
	in := hookInput(t, dir, "PostToolUse", "Bash", `{"command":"git commit -m x"}`, "tool_response", `"ok"`)
	code, stdout, stderr := hookchainCmd(t, in, "eval", "--settings", file)
	assert.Equal(t, exitOK, code, stderr)
	assert.Equal(t, `{"verdict":"allow"}`+"\n", stdout, "an async hook's exit 2 denies nothing")
	b, err := os.ReadFile(filepath.Join(dir, "ledger"))
	require.NoError(t, err, "eval exits once the background hooks have ended")
	assert.Equal(t, "git commit -m x\n", string(b))
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	assert.ElementsMatch(t, []string{
		"hookchain eval: background hook record.sh (PostToolUse, Bash call toolu_01) exited 0",
		`hookchain eval: background hook review.py (PostToolUse, Bash call toolu_01) exited 2; for the model: "Review:\n\nsecret in the commit"`,
	}, lines)
}

func TestCheckListsAsyncHooksAsRunningInTheBackground(t *testing.T) {
	_, file := asyncSettings(t)
	code, stdout, stderr := hookchainCmd(t, "", "check", "--settings", file)
	assert.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stdout, "command,async ")
	assert.Contains(t, stdout, "command,asyncRewake ")
	assert.NotContains(t, stdout, "refused")
}
