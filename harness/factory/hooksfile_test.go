package factory_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/factory"
)

func TestAHooksFileIsReadInDroidsOrderWithItsWarnings(t *testing.T) {
	data := `{"hooks": {
	  "PostToolUse": [{"matcher": "Create|Edit", "hooks": [{"type": "command", "command": "fmt.sh"}]}],
	  "PreToolUse": [
	    {"matcher": "Execute", "commandRegex": "^git ", "hooks": [{"type": "command", "command": "audit.sh", "timeout": 30}, {"type": "prompt", "prompt": "x"}]},
	    {"hooks": [{"type": "command", "command": "  "}, {"type": "command", "command": "all.sh", "timeout": 1.5}]}],
	  "Stop": [{"hooks": [{"type": "command", "command": "stop.sh"}]}],
	  "BeforeTool": []}}`
	hooks, warnings, err := factory.ParseHooksFile("h.json", []byte(data))
	require.NoError(t, err)
	assert.Equal(t, []factory.Hook{
		{Event: "PreToolUse", Matcher: "Execute", CommandRegex: "^git ", Command: "audit.sh", Timeout: 30 * time.Second, Place: "h.json:PreToolUse[0].hooks[0]"},
		{Event: "PreToolUse", Command: "all.sh", Timeout: 1500 * time.Millisecond, Place: "h.json:PreToolUse[1].hooks[1]"},
		{Event: "PostToolUse", Matcher: "Create|Edit", Command: "fmt.sh", Place: "h.json:PostToolUse[0].hooks[0]"},
		{Event: "Stop", Command: "stop.sh", Place: "h.json:Stop[0].hooks[0]"},
	}, hooks)
	assert.Equal(t, []string{
		`h.json:PreToolUse[0].hooks[1]: skipped: Factory Droid has no handler type "prompt"`,
		"h.json:PreToolUse[1].hooks[0]: skipped: the command is empty",
		"h.json: hooks.BeforeTool: skipped: Factory Droid has no such event",
	}, warnings)
}

func TestAPluginsHooksFileGivesTheEventsAtTheTop(t *testing.T) {
	hooks, _, err := factory.ParseHooksFile("p.json", []byte(`{"PostToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "fmt.sh"}]}]}`))
	require.NoError(t, err)
	assert.Equal(t, []factory.Hook{{Event: "PostToolUse", Matcher: "Edit", Command: "fmt.sh", Place: "p.json:PostToolUse[0].hooks[0]"}}, hooks)
	hooks, warnings, err := factory.ParseHooksFile("settings.json", []byte(`{"model": "x", "autonomyLevel": "low"}`))
	require.NoError(t, err)
	assert.Empty(t, hooks, "a settings.json without hooks has none")
	assert.Empty(t, warnings)
}

func TestAHooksFileDroidWouldReadOtherwiseIsAnError(t *testing.T) {
	tests := map[string]string{
		`{"hooks": {"PreToolUse": [], "PreToolUse": []}}`: `the file is ambiguous`,
		`[]`:                            "not a hooks file: not a JSON object",
		`{"hooks": []}`:                 "hooks: not a JSON object",
		`{"hooks": {"PreToolUse": {}}}`: "hooks.PreToolUse: not a list of matcher groups",
		`{"hooks": {"PreToolUse": [{"matcher": 1, "hooks": []}]}}`:                                      "hooks.PreToolUse[0]: matcher is not a string",
		`{"hooks": {"PreToolUse": [{"matcher": "("}]}}`:                                                 "hooks.PreToolUse[0]: the matcher group has no \"hooks\"",
		`{"hooks": {"PreToolUse": [{"matcher": "(", "hooks": []}]}}`:                                    `hooks.PreToolUse[0]: factory: matcher "("`,
		`{"hooks": {"PreToolUse": [{"commandRegex": "(?!git)", "hooks": []}]}}`:                         `hooks.PreToolUse[0]: factory: commandRegex "(?!git)"`,
		`{"hooks": {"PreToolUse": [{"hooks": [{"command": "x"}]}]}}`:                                    `hooks.PreToolUse[0].hooks[0]: the handler has no "type"`,
		`{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "Command": "x"}]}]}}`:                 `the command hook has no "command"`,
		`{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "timeout": 0}]}]}}`:   "timeout 0 is not a positive number of seconds",
		`{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x", "timeout": "9"}]}]}}`: `timeout "9" is not a positive number of seconds`,
		`{"hooks": {}, "PreToolUse": []}`:                                                               `the event PreToolUse is given beside "hooks"`,
	}
	for data, want := range tests {
		_, _, err := factory.ParseHooksFile("h.json", []byte(data))
		require.Error(t, err, data)
		assert.Contains(t, err.Error(), "factory: h.json: ", data)
		assert.Contains(t, err.Error(), want, data)
	}
}

func TestDroidsConfigFilesAreTheUsersThenTheProjects(t *testing.T) {
	assert.Equal(t, []string{"/home/u/.factory/hooks.json", "/home/u/.factory/settings.json",
		"/work/app/.factory/hooks.json", "/work/app/.factory/hooks/hooks.json", "/work/app/.factory/settings.json"},
		factory.ConfigFiles("/work/app", "/home/u"))
	assert.Equal(t, []string{"/home/u/.factory/hooks.json", "/home/u/.factory/settings.json"}, factory.ConfigFiles("/home/u/", "/home/u"))
	assert.Equal(t, []string{"/work/app/.factory/hooks.json", "/work/app/.factory/hooks/hooks.json", "/work/app/.factory/settings.json"},
		factory.ConfigFiles("/work/app", ""))
	assert.Empty(t, factory.ConfigFiles("", ""))
}

// Links run the tool-call hooks in the file's order, select by matcher and
// commandRegex, and fail open as Droid does.
func TestLinksRunAFilesToolCallHooksAsDroidDoes(t *testing.T) {
	hooks, _, err := factory.ParseHooksFile("h.json", []byte(`{"hooks": {
	  "PreToolUse": [{"matcher": "Execute", "commandRegex": "rm ", "hooks": [{"type": "command", "command": "echo no rm >&2; exit 2"}]},
	                 {"matcher": "Execute", "hooks": [{"type": "command", "command": "exit 1"}]}],
	  "Stop": [{"hooks": [{"type": "command", "command": "exit 2"}]}]}}`))
	require.NoError(t, err)
	links, err := factory.Links(hooks, harness.SessionInfo{Cwd: t.TempDir()})
	require.NoError(t, err)
	require.Len(t, links, 2, "the Stop hook is not a link")
	c := hookchain.New(links...)
	got := c.Run(context.Background(), shell("rm -rf /"))
	assert.Equal(t, hookchain.Denied, got.Verdict)
	assert.Equal(t, "denied by echo no rm >&2; exit 2: no rm", got.Reason)
	got = c.Run(context.Background(), shell("ls"))
	assert.Equal(t, hookchain.Allowed, got.Verdict, "exit 1 is a failure Droid runs the call past")
	require.Len(t, got.Trail, 1)
	assert.Contains(t, got.Trail[0].Fault, "exited with status 1")
}

func TestACommandGivenTwiceForAnEventIsRefused(t *testing.T) {
	hooks, _, err := factory.ParseHooksFile("h.json", []byte(`{"hooks": {"PreToolUse": [
	  {"matcher": "Execute", "hooks": [{"type": "command", "command": "guard.sh"}]},
	  {"matcher": "Create", "hooks": [{"type": "command", "command": "guard.sh"}]}],
	  "PostToolUse": [{"hooks": [{"type": "command", "command": "guard.sh"}]}]}}`))
	require.NoError(t, err)
	_, err = factory.Links(hooks, harness.SessionInfo{})
	assert.EqualError(t, err, "factory: h.json:PreToolUse[1].hooks[0]: the hook of h.json:PreToolUse[0].hooks[0] again: Factory Droid runs it once per call, hookchain cannot yet")
	links, err := factory.Links(hooks[1:], harness.SessionInfo{})
	require.NoError(t, err, "the same command at another event is another hook")
	assert.Len(t, links, 2)
}
