package codex_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/codex"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
)

// hooksFile is testdata/settings/hooks.json with HOOKS standing for the
// directory of the test hooks.
func hooksFile(t *testing.T) []byte {
	b, err := os.ReadFile(filepath.Join("testdata", "settings", "hooks.json"))
	require.NoError(t, err)
	return []byte(strings.ReplaceAll(string(b), "HOOKS", profiletest.HooksDir(t)))
}

func TestAHooksFileIsReadAsCodexReadsIt(t *testing.T) {
	dir := profiletest.HooksDir(t)
	hooks, warnings, err := codex.ParseHooksFile("hooks.json", hooksFile(t))
	require.NoError(t, err)
	assert.Equal(t, []codex.Hook{
		{Event: "PreToolUse", Matcher: "Bash", Command: "bash " + dir + "/block-rm.sh", Timeout: 5 * time.Second, Place: "hooks.json:PreToolUse[0].hooks[0]"},
		{Event: "PreToolUse", Matcher: "Bash", Command: "node " + dir + "/dry-run.js", Place: "hooks.json:PreToolUse[0].hooks[1]"},
		{Event: "PreToolUse", Matcher: "Edit|Write", Command: "python3 " + dir + "/deny.py", Timeout: 30 * time.Second, Place: "hooks.json:PreToolUse[1].hooks[0]"},
		{Event: "PostToolUse", Matcher: "*", Command: "node " + dir + "/redact.js", Place: "hooks.json:PostToolUse[0].hooks[0]"},
		{Event: "Stop", Matcher: "[", Command: "bash " + dir + "/allow.sh", Place: "hooks.json:Stop[0].hooks[0]"},
	}, hooks)
	assert.Equal(t, []string{
		"hooks.json:PreToolUse[2]: skipped: codex: matcher \"[\": error parsing regexp: missing closing ]: `[`",
		"hooks.json:PreToolUse[3].hooks[0]: skipped: prompt hooks are not run by Codex",
		"hooks.json:PreToolUse[3].hooks[1]: skipped: an async hook runs in the background and decides nothing",
		"hooks.json:PreToolUse[3].hooks[2]: skipped: the command is empty",
		`hooks.json:PreToolUse[3].hooks[3]: skipped: Codex has no handler type "http"`,
		"hooks.json: hooks.Notification: skipped: Codex has no such event",
	}, warnings)
}

// Codex reads a timeout of zero as one second, the least it gives a hook,
// whichever key gives it.
func TestATimeoutOfZeroSecondsIsOneSecondAsCodexReadsIt(t *testing.T) {
	for _, key := range []string{"timeout", "timeoutSec"} {
		doc := `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","` + key + `":0}]}]}}`
		hooks, warnings, err := codex.ParseHooksFile("f", []byte(doc))
		require.NoError(t, err, key)
		assert.Empty(t, warnings, key)
		require.Len(t, hooks, 1, key)
		assert.Equal(t, time.Second, hooks[0].Timeout, key)
	}
}

// A hooks file's tool-call hooks run as one chain, in the file's order:
// a later hook still judges what an earlier one rewrote.
func TestAHooksFilesHooksRunAsAChainInTheFilesOrder(t *testing.T) {
	hooks, _, err := codex.ParseHooksFile("hooks.json", hooksFile(t))
	require.NoError(t, err)
	links, err := codex.Links(hooks, session(t))
	require.NoError(t, err)
	require.Len(t, links, 4)
	chain := hookchain.New(links...)
	dir := profiletest.HooksDir(t)

	got := chain.Run(context.Background(), shell("terraform apply"))
	assert.Equal(t, hookchain.Modified, got.Verdict)
	assert.JSONEq(t, `{"command":"terraform plan"}`, string(got.Input))
	assert.Equal(t, []hookchain.Step{{Name: "node " + dir + "/dry-run.js", Verdict: hookchain.Modified}}, got.Trail)

	got = chain.Run(context.Background(), shell("rm -rf /"))
	assert.Equal(t, "denied by bash "+dir+"/block-rm.sh: recursive delete is not allowed here", got.Reason)

	edit := hookchain.Event{Hook: hookchain.BeforeTool, Tool: "apply_patch", CallID: "c", Input: json.RawMessage(`{"command":"*** Begin Patch\n*** Update File: /etc/hosts"}`)}
	got = chain.Run(context.Background(), edit)
	assert.Equal(t, "denied by python3 "+dir+"/deny.py: writes outside the project are not allowed", got.Reason)

	got = chain.Run(context.Background(), shellResult("AKIAIOSFODNN7EXAMPLE"))
	assert.Equal(t, "denied by node "+dir+"/redact.js: [output withheld: it holds an AWS key]", got.Reason)
}

func TestAHooksFileOfAnotherShapeIsAnError(t *testing.T) {
	tests := map[string]string{
		`{"hooks":{"PreToolUse":{}}}`:                                                           "codex: f: hooks.PreToolUse: not a list of matcher groups",
		`{"hooks":{"PreToolUse":[{"matcher":1}]}}`:                                              "codex: f: PreToolUse[0]: the matcher is not a string",
		`{"hooks":{"PreToolUse":[{"hooks":[{"command":"x"}]}]}}`:                                `codex: f: PreToolUse[0].hooks[0]: the handler has no "type"`,
		`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command"}]}]}}`:                             `codex: f: PreToolUse[0].hooks[0]: the command hook has no "command"`,
		`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","timeout":1.5}]}]}}`: "codex: f: PreToolUse[0].hooks[0]: timeout 1.5 is not a whole number of seconds",
		`{"hooks":{"PreToolUse":[],"PreToolUse":[]}}`:                                           `codex: f: the file is ambiguous: an object in it has the key "PreToolUse" twice`,
		`[]`: "codex: f: not a hooks file: not a JSON object",
	}
	for data, want := range tests {
		_, _, err := codex.ParseHooksFile("f", []byte(data))
		assert.EqualError(t, err, want, data)
	}
}

// Keys are Codex's, exactly: a hook under "Command" has no command, and
// hooks under "Hooks" are not hooks at all.
func TestAHooksFileIsReadByExactKeys(t *testing.T) {
	_, _, err := codex.ParseHooksFile("f", []byte(`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","Command":"x"}]}]}}`))
	assert.EqualError(t, err, `codex: f: PreToolUse[0].hooks[0]: the command hook has no "command"`)
	hooks, warnings, err := codex.ParseHooksFile("f", []byte(`{"Hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x"}]}]}}`))
	require.NoError(t, err)
	assert.Empty(t, hooks)
	assert.Empty(t, warnings)
}
