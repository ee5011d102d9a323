package codex_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/codex"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
)

// configTOML holds Codex hooks as config.toml gives them, among the rest of
// a real config: array-of-tables, as Codex 0.125 and later require, and the
// trust state Codex writes beside them.
const configTOML = `model = "gpt-5-codex"
approval_policy = "on-request"

[features]
hooks = true

[[hooks.PreToolUse]]
matcher = "^(shell|exec_command)$"

[[hooks.PreToolUse.hooks]]
type = "command"
command = "bash HOOKS/block-rm.sh"
timeout = 5

[[hooks.PostToolUse]]

[[hooks.PostToolUse.hooks]]
type = "command"
command = "node HOOKS/redact.js"

[hooks.state]
"block-rm" = { trusted_hash = "sha256:0b1c", enabled = true }
`

func TestConfigTOMLHooksAreReadAsTheSameHooksJSONWouldGiveThem(t *testing.T) {
	dir := profiletest.HooksDir(t)
	data := strings.ReplaceAll(configTOML, "HOOKS", dir)

	hooks, warnings, err := codex.ParseConfigTOML("config.toml", []byte(data))

	require.NoError(t, err)
	assert.Empty(t, warnings)
	assert.Equal(t, []codex.Hook{
		{Event: "PreToolUse", Matcher: "^(shell|exec_command)$", Command: "bash " + dir + "/block-rm.sh", Timeout: 5 * time.Second, Place: "config.toml:PreToolUse[0].hooks[0]"},
		{Event: "PostToolUse", Command: "node " + dir + "/redact.js", Place: "config.toml:PostToolUse[0].hooks[0]"},
	}, hooks)
	fromJSON, _, err := codex.ParseHooksFile("config.toml", []byte(`{"hooks":{
		"PreToolUse":[{"matcher":"^(shell|exec_command)$","hooks":[{"type":"command","command":"bash `+dir+`/block-rm.sh","timeout":5}]}],
		"PostToolUse":[{"hooks":[{"type":"command","command":"node `+dir+`/redact.js"}]}]}}`))
	require.NoError(t, err)
	assert.Equal(t, fromJSON, hooks)

	// And they run: the guard denies a recursive delete.
	links, err := codex.Links(hooks, harness.SessionInfo{Cwd: t.TempDir()})
	require.NoError(t, err)
	got := hookchain.New(links...).Run(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "shell",
		Input: []byte(`{"command":"rm -rf /"}`)})
	assert.Equal(t, hookchain.Denied, got.Verdict)
	assert.Equal(t, "denied by bash "+dir+"/block-rm.sh: recursive delete is not allowed here", got.Reason)
}

func TestAConfigTOMLThatCodexWouldRefuseIsAnError(t *testing.T) {
	tests := map[string]string{
		"hooks = 3":                           "codex: c.toml: hooks is a int64, not a table of events",
		"a = 1\na = 2":                        "codex: c.toml: not a TOML file: toml: line 2 (last key \"a\"): Key 'a' has already been defined.",
		"[hooks.PreToolUse]\nmatcher = \"x\"": "codex: c.toml: hooks.PreToolUse: not a list of matcher groups",
		"[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"x\"\ntimeout = 1979-05-27": "codex: c.toml: PreToolUse[0].hooks[0]: timeout \"1979-05-27T00:00:00Z\" is not a whole number of seconds",
	}
	for data, want := range tests {
		_, _, err := codex.ParseConfigTOML("c.toml", []byte(data))
		assert.EqualError(t, err, want, data)
	}
}

func TestAConfigTOMLWithoutHooksHasNone(t *testing.T) {
	hooks, warnings, err := codex.ParseConfigTOML("c.toml", []byte("model = \"o3\"\n[hooks.state]\nx = 1\n"))
	require.NoError(t, err)
	assert.Empty(t, hooks)
	assert.Empty(t, warnings)
}

func TestParseReadsACodexFileByItsName(t *testing.T) {
	hooks, _, err := codex.Parse("/u/.codex/config.toml", []byte("[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"x\"\n"))
	require.NoError(t, err)
	assert.Equal(t, "Stop", hooks[0].Event)
	_, _, err = codex.Parse("/u/.codex/hooks.json", []byte("[[hooks.Stop]]"))
	assert.EqualError(t, err, "codex: /u/.codex/hooks.json: the file is not valid JSON")
}

func TestCodexsConfigFilesAreTheUsersLayerThenTheProjects(t *testing.T) {
	assert.Equal(t, []string{"/home/u/.codex/config.toml", "/home/u/.codex/hooks.json", "/work/app/.codex/config.toml", "/work/app/.codex/hooks.json"},
		codex.ConfigFiles("/work/app", "/home/u"))
	assert.Equal(t, []string{"/home/u/.codex/config.toml", "/home/u/.codex/hooks.json"}, codex.ConfigFiles("/home/u/", "/home/u"),
		"a session in the home directory has one layer")
	assert.Equal(t, []string{"/work/app/.codex/config.toml", "/work/app/.codex/hooks.json"}, codex.ConfigFiles("/work/app", ""))
	assert.Empty(t, codex.ConfigFiles("", ""))
}
