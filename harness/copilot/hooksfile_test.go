package copilot_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/copilot"
)

const guardsFile = "testdata/hooksfiles/guards.json"

func readGuards(t *testing.T) ([]copilot.Hook, []string) {
	data, err := os.ReadFile(guardsFile)
	require.NoError(t, err)
	hooks, warnings, err := copilot.ParseHooksFile(guardsFile, data)
	require.NoError(t, err)
	return hooks, warnings
}

func TestAHooksFileIsReadAsCopilotReadsIt(t *testing.T) {
	hooks, warnings := readGuards(t)
	at := func(event string, i int) string {
		return guardsFile + ":hooks." + event + "[" + string(rune('0'+i)) + "]"
	}
	assert.Equal(t, []copilot.Hook{
		{Event: "preToolUse", Matcher: "create", Command: "python3 hooks/deny.py", Timeout: 5 * time.Second, Place: at("preToolUse", 0)},
		{Event: "preToolUse", Matcher: "bash", Command: "node hooks/dry-run.js", Place: at("preToolUse", 1)},
		{Event: "preToolUse", Matcher: "web_fetch", HTTP: harness.HTTPEntry{URL: "https://hooks.example.com/copilot",
			Headers: map[string]string{"Authorization": "Bearer $POLICY_TOKEN"}, AllowedEnvVars: []string{"POLICY_TOKEN"}}, Timeout: 3 * time.Second, Place: at("preToolUse", 3)},
		{Event: "postToolUse", Args: []string{"python3", "hooks/redact.py"}, Cwd: ".", Env: []string{"POLICY=strict"}, Place: at("postToolUse", 0)},
		{Event: "sessionStart", Command: "echo started", Place: at("sessionStart", 0)},
		{Event: "errorOccurred", Command: "echo failed", Place: at("errorOccurred", 0)},
		{Event: "PreToolUse", Matcher: "Bash", Command: "bash hooks/pascal-guard.sh", Timeout: 7 * time.Second, Place: at("PreToolUse", 0)},
	}, hooks)
	assert.Equal(t, []string{
		at("preToolUse", 2) + ": skipped: a powershell command only: Copilot runs it on Windows, and hookchain runs bash",
		guardsFile + ": hooks.beforeEverything: skipped: Copilot has no such event",
	}, warnings)
}

// The file's tool-call hooks, camelCase and PascalCase, run as links with
// Copilot's rules; its other events' hooks are not links.
func TestAHooksFilesToolCallHooksRunAsCopilotRunsThem(t *testing.T) {
	hooks, _ := readGuards(t)
	dir, err := filepath.Abs("testdata")
	require.NoError(t, err)
	links, err := copilot.Links(hooks, harness.SessionInfo{Cwd: dir})
	require.NoError(t, err)
	require.Len(t, links, 5)
	chain := hookchain.New(links...)
	tests := []struct {
		name    string
		event   hookchain.Event
		verdict hookchain.Verdict
		by      string
		reason  string
	}{
		{"a camelCase guard denies a create outside the project", create("/etc/hosts"), hookchain.Denied, "python3 hooks/deny.py", "writes outside the project are not allowed"},
		{"a PascalCase guard, given Claude's input, denies a recursive delete", shell("rm -rf build"), hookchain.Denied, "bash hooks/pascal-guard.sh", "recursive delete is not allowed here"},
		{"a camelCase rewrite, then the PascalCase guard, lets a plan run", shell("terraform apply"), hookchain.Modified, "", "hook"},
		{"an exec hook after the call replaces the output", shellResult("the secret"), hookchain.Replaced, "", "python3 hooks/redact.py"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := chain.Run(context.Background(), tt.event)
			require.Equal(t, tt.verdict, got.Verdict, got.Reason)
			if tt.verdict == hookchain.Denied {
				assert.Equal(t, tt.by, got.DecidedBy)
				assert.Equal(t, "denied by "+tt.by+": "+tt.reason, got.Reason)
			}
		})
	}
}

func TestAHooksFileCopilotWouldMisreadIsAnError(t *testing.T) {
	tests := []struct{ name, file, err string }{
		{"not version 1", `{"version":2,"hooks":{}}`, "version is not 1: Copilot rejects the file"},
		{"no version", `{"hooks":{}}`, "version is not 1: Copilot rejects the file"},
		{"a version that is a string", `{"version":"1","hooks":{}}`, "version is not 1: Copilot rejects the file"},
		{"a key twice", `{"version":1,"version":1}`, `the file is ambiguous: an object in it has the key "version" twice`},
		{"an event that is not a list", `{"version":1,"hooks":{"preToolUse":{}}}`, "hooks.preToolUse: not a list of hooks"},
		{"a command of the wrong type", `{"version":1,"hooks":{"preToolUse":[{"bash":["ls"]}]}}`, "hooks.preToolUse[0]: bash is not a string"},
		{"no command", `{"version":1,"hooks":{"preToolUse":[{"type":"command"}]}}`, `hooks.preToolUse[0]: the hook has no "bash", "command" or "exec"`},
		{"exec with bash", `{"version":1,"hooks":{"preToolUse":[{"exec":"a","bash":"b"}]}}`, `hooks.preToolUse[0]: "exec" with a shell command: Copilot does not take both`},
		{"args without exec", `{"version":1,"hooks":{"preToolUse":[{"bash":"b","args":["x"]}]}}`, `hooks.preToolUse[0]: "args" without "exec"`},
		{"a zero timeout", `{"version":1,"hooks":{"preToolUse":[{"bash":"b","timeoutSec":0}]}}`, "hooks.preToolUse[0]: timeoutSec 0 is not a positive number of seconds"},
		{"an env Copilot expands", `{"version":1,"hooks":{"preToolUse":[{"bash":"b","env":{"P":"$HOME/x"}}]}}`, `hooks.preToolUse[0]: env.P: Copilot expands the variables in "$HOME/x", and hookchain does not yet`},
		{"an unknown type", `{"version":1,"hooks":{"preToolUse":[{"type":"agent","bash":"b"}]}}`, `hooks.preToolUse[0]: a hook type Copilot does not have: "agent"`},
		{"a matcher Go cannot read", `{"version":1,"hooks":{"preToolUse":[{"matcher":"(?=bash)","bash":"b"}]}}`, "hooks.preToolUse[0]: copilot: matcher \"(?=bash)\": Copilot would skip the entry, and Go cannot read it: error parsing regexp: invalid or unsupported Perl syntax: `(?=`"},
		{"not JSON", `{"version":1,`, "the file is not valid JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hooks, warnings, err := copilot.ParseHooksFile("f.json", []byte(tt.file))
			require.EqualError(t, err, "copilot: f.json: "+tt.err)
			assert.Nil(t, hooks)
			assert.Nil(t, warnings)
		})
	}
}

// Copilot runs a camelCase entry written with a Claude Code name for no
// call: its rule, kept, and said.
func TestACamelCaseMatcherWithAClaudeNameIsWarnedOf(t *testing.T) {
	hooks, warnings, err := copilot.ParseHooksFile("f.json", []byte(`{"version":1,"hooks":{
		"preToolUse":[{"matcher":"Edit|Write","bash":"a"},{"matcher":"bash|Write","bash":"b"},{"matcher":"nothing","bash":"c"}],
		"PreToolUse":[{"matcher":"Edit|Write","bash":"d"}]}}`))
	require.NoError(t, err)
	assert.Len(t, hooks, 4, "the hook is kept: Copilot runs it, for no call")
	assert.Equal(t, []string{`f.json:hooks.preToolUse[0]: matcher "Edit|Write" selects none of Copilot's tools, only Claude Code's names (Edit, Write): ` +
		"a preToolUse entry takes Copilot's names, a PreToolUse one Claude's"}, warnings)
}

// A blank command runs nothing in Copilot, and decides nothing: it is no
// guard, and said so.
func TestABlankCommandIsWarnedOfAndSkipped(t *testing.T) {
	hooks, warnings, err := copilot.ParseHooksFile("f.json", []byte(`{"version":1,"hooks":{"preToolUse":[{"bash":"  ","command":"guard"},{"exec":"guard"}]}}`))
	require.NoError(t, err)
	assert.Equal(t, []copilot.Hook{{Event: "preToolUse", Args: []string{"guard"}, Place: "f.json:hooks.preToolUse[1]"}}, hooks)
	assert.Equal(t, []string{"f.json:hooks.preToolUse[0]: skipped: the command is blank: it runs nothing and decides nothing"}, warnings)
}

func TestAVersionSpelledOtherwiseIsStillOne(t *testing.T) {
	hooks, _, err := copilot.ParseHooksFile("f.json", []byte(`{"version":1.0,"hooks":{"preToolUse":[{"bash":"guard"}]}}`))
	require.NoError(t, err, "1.0 is 1 to JavaScript")
	assert.Len(t, hooks, 1)
}

func TestAHooksFileThatDisablesItsHooksRunsNone(t *testing.T) {
	hooks, warnings, err := copilot.ParseHooksFile("f.json", []byte(`{"version":1,"disableAllHooks":true,"hooks":{"preToolUse":[{"bash":"guard"}]}}`))
	require.NoError(t, err)
	assert.Empty(t, hooks)
	assert.Equal(t, []string{"f.json: skipped: disableAllHooks is true, and Copilot runs none of its hooks"}, warnings)
}

func TestConfigFilesAreCopilotsFoldersInItsOrder(t *testing.T) {
	project, home := t.TempDir(), t.TempDir()
	for _, f := range []string{".github/hooks/b.json", ".github/hooks/a.json", ".github/hooks/notes.txt"} {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(project, f)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(project, f), []byte("{}"), 0o644))
	}
	policy := filepath.Join(copilot.PolicyDir, "*.json")
	if found, _ := filepath.Glob(policy); len(found) > 0 {
		t.Skip("this machine has Copilot policy files")
	}
	assert.Equal(t, []string{policy, filepath.Join(home, ".copilot", "hooks", "*.json"),
		filepath.Join(project, ".github", "hooks", "a.json"), filepath.Join(project, ".github", "hooks", "b.json")},
		copilot.ConfigFiles(project, home))
	assert.Equal(t, []string{filepath.Join(project, ".github", "hooks", "a.json"), filepath.Join(project, ".github", "hooks", "b.json")},
		copilot.ConfigFiles(project, ""), "a repository's alone")
	assert.Equal(t, []string{copilot.PolicyDir, filepath.Join(home, ".copilot", "hooks")}, copilot.HookDirs("", home))
}

// A PascalCase entry's hook is told Claude's names in snake_case.
func TestAPascalCaseHookIsGivenTheSnakeCaseInput(t *testing.T) {
	in := copilot.PascalInputFor(shellResult("ok"), harness.SessionInfo{ID: "s", Cwd: "/p"}, time.UnixMilli(0))
	b, err := json.Marshal(in)
	require.NoError(t, err)
	assert.JSONEq(t, `{"hook_event_name":"PostToolUse","session_id":"s","timestamp":"1970-01-01T00:00:00.000Z","cwd":"/p",
		"tool_name":"Bash","tool_input":{"command":"env"},"tool_result":{"result_type":"success","text_result_for_llm":"ok"}}`, string(b))
	in = copilot.PascalInputFor(hookchain.Event{Hook: hookchain.BeforeTool, Tool: "report_intent"}, harness.SessionInfo{}, time.UnixMilli(0))
	assert.Equal(t, "report_intent", in.ToolName, "a tool with no Claude name keeps its own")
	assert.Equal(t, "PreToolUse", in.HookEventName)
}
