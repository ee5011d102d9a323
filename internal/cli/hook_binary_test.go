//go:build unix

package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHookRefusesToRunAsAHookOfItself(t *testing.T) {
	bin := build(t)
	dir, err := filepath.Abs("testdata/codex")
	require.NoError(t, err)
	// self.json registers the very hook that reads it: the hook it runs
	// blocks, and Codex's reading of that block denies the call.
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, "hook", "--harness", "codex", "--settings", "self.json")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOOKCHAIN_BIN="+bin, "SHELL=/bin/sh", "HOOKCHAIN_HOOK=")
	cmd.Stdin = strings.NewReader(codexInput(t, "Bash", `{"command":"ls"}`, ""))
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Start())
	r := wait(t, cmd, &stdout, &stderr)
	assert.Equal(t, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",`+
		`"permissionDecisionReason":"denied by \"$HOOKCHAIN_BIN\" hook --harness codex --settings self.json: `+
		`hookchain: hook: it runs as a hook of itself (HOOKCHAIN_HOOK is set): the settings register the hook command they are read by"}}`+"\n", r.stdout)
	assert.Empty(t, r.stderr)
	assert.Equal(t, 0, r.code)
}
