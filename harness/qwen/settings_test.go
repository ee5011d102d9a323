package qwen_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/qwen"
)

// settingsFile is testdata/settings/settings.json with HOOKS standing for
// the directory of the test hooks.
func settingsFile(t *testing.T) ([]byte, string) {
	dir, err := filepath.Abs(filepath.Join("testdata", "hooks"))
	require.NoError(t, err)
	b, err := os.ReadFile(filepath.Join("testdata", "settings", "settings.json"))
	require.NoError(t, err)
	return []byte(strings.ReplaceAll(string(b), "HOOKS", dir)), dir
}

func TestASettingsFilesHooksAreReadAsQwenReadsThem(t *testing.T) {
	data, dir := settingsFile(t)
	hooks, warnings, err := qwen.ParseSettings("settings.json", data)
	require.NoError(t, err)
	assert.Equal(t, []qwen.Hook{
		{Event: "PreToolUse", Matcher: "run_shell_command", Sequential: true, Name: "no-rm", Command: "bash " + dir + "/block-rm.sh", Timeout: 5 * time.Second, Place: "settings.json:hooks.PreToolUse[0].hooks[0]"},
		{Event: "PreToolUse", Matcher: "run_shell_command", Sequential: true, Command: "python3 " + dir + "/crash.py", FailClosed: true, Place: "settings.json:hooks.PreToolUse[0].hooks[1]"},
		{Event: "PreToolUse", Matcher: "WriteFile|edit", Command: "python3 " + dir + "/deny.py", Env: []string{"A=1", "B=2"}, Place: "settings.json:hooks.PreToolUse[1].hooks[0]"},
		{Event: "PostToolUse", Command: "bash " + dir + "/stop.sh", Timeout: 1500 * time.Millisecond, Place: "settings.json:hooks.PostToolUse[0].hooks[0]"},
		{Event: "SessionStart", Matcher: "startup", Command: "bash " + dir + "/allow.sh", Place: "settings.json:hooks.SessionStart[0].hooks[0]"},
	}, hooks)
	assert.Equal(t, []string{
		"settings.json:hooks.PreToolUse[1].hooks[1]: skipped: a command hook without a command: Qwen discards it",
		"settings.json:hooks.PreToolUse[1].hooks[2]: skipped: an async hook: Qwen runs it in the background, and it decides nothing",
		"settings.json:hooks.PreToolUse[1].hooks[3]: skipped: hooks.disabled names it, and Qwen does not run it",
		`settings.json:hooks.PreToolUse[1].hooks[4]: skipped: Qwen has no hook type "function", and discards it`,
		`settings.json:hooks.SessionStart[0].hooks[1]: skipped: hookchain runs command and http hooks, not "prompt"`,
		"settings.json: hooks.BeforeTool: skipped: Qwen has no such event",
		"settings.json:hooks.PreToolUse[0].hooks[2]: skipped: the hook of settings.json:hooks.PreToolUse[0].hooks[0] again, and Qwen keeps the first",
	}, warnings)
}

// A settings file's tool-call hooks run as one chain, in the file's order,
// each with its own failure policy.
func TestASettingsFilesHooksRunAsAChainWithTheirFailMode(t *testing.T) {
	data, _ := settingsFile(t)
	hooks, _, err := qwen.ParseSettings("settings.json", data)
	require.NoError(t, err)
	links, err := qwen.Links(hooks, session(t))
	require.NoError(t, err)
	require.Len(t, links, 4)
	chain := hookchain.New(links...)

	got := chain.Run(context.Background(), shell("rm -rf /"))
	assert.Equal(t, hookchain.Denied, got.Verdict)
	assert.Equal(t, "denied by no-rm: recursive delete is not allowed here", got.Reason)

	// crash.py fails, and its failMode "closed" denies what Qwen would run.
	got = chain.Run(context.Background(), shell("ls"))
	assert.Equal(t, hookchain.Denied, got.Verdict, got.Reason)
	assert.Equal(t, hookchain.CauseFailure, got.Cause)

	got = chain.Run(context.Background(), write("/etc/passwd"))
	assert.Equal(t, "denied by python3 "+filepath.Join(must(filepath.Abs("testdata/hooks")), "deny.py")+": writes outside the project are not allowed", got.Reason)
	got = chain.Run(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "edit", Input: []byte(`{"file_path":"/etc/x"}`)})
	assert.Equal(t, hookchain.Denied, got.Verdict, "edit is in the matcher")
	got = chain.Run(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "read_file", Input: []byte(`{"file_path":"/etc/x"}`)})
	assert.Equal(t, hookchain.Allowed, got.Verdict, "no hook selects read_file")

	got = chain.Run(context.Background(), shellResult("FAIL"))
	assert.Equal(t, hookchain.Denied, got.Verdict)
	assert.Contains(t, got.Reason, ": the test suite is red")
}

func must(s string, err error) string {
	if err != nil {
		panic(err)
	}
	return s
}

// What the reader cannot read exactly, or hookchain cannot run as Qwen
// would, is an error naming the place.
func TestASettingsFileHookchainCannotReadExactlyIsAnError(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"not JSON", `{`, "qwen: f.json: the file is not valid JSON"},
		{"comments", "{\n// mine\n}", "qwen: f.json: the file is not valid JSON; if it has comments, remove them: Qwen strips comments from settings.json, hookchain does not read them yet"},
		{"a key twice", `{"hooks":{},"hooks":{}}`, `qwen: f.json: the file is ambiguous: an object in it has the key "hooks" twice`},
		{"every hook off", `{"disableAllHooks":true,"hooks":{}}`, "qwen: f.json: disableAllHooks: true turns Qwen's hooks off, in this file and the others it merges; hookchain does not reproduce that"},
		{"disableAllHooks not a boolean", `{"disableAllHooks":"yes"}`, "qwen: f.json: disableAllHooks is not a boolean"},
		{"hooks not an object", `{"hooks":[]}`, "qwen: f.json: hooks: not a JSON object"},
		{"an event not a list", `{"hooks":{"PreToolUse":{}}}`, "qwen: f.json: hooks.PreToolUse: not a list of matcher groups"},
		{"a group without hooks", `{"hooks":{"PreToolUse":[{"matcher":"x"}]}}`, `qwen: f.json: hooks.PreToolUse[0]: the group has no "hooks" list`},
		{"a matcher not a string", `{"hooks":{"PreToolUse":[{"matcher":1,"hooks":[]}]}}`, "qwen: f.json: hooks.PreToolUse[0]: the matcher is not a string"},
		{"a matcher Go cannot read", `{"hooks":{"PreToolUse":[{"matcher":"(?!x)","hooks":[]}]}}`, `qwen: f.json: hooks.PreToolUse[0]: qwen: matcher "(?!x)": Qwen may read it as a JavaScript expression that Go cannot: error parsing regexp: invalid or unsupported Perl syntax: ` + "`(?!`"},
		{"an http hook without a url", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"http"}]}]}}`,
			`qwen: f.json: hooks.PreToolUse[0].hooks[0]: an http hook without a "url"`},
		{"an http hook whose url is not http or https", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"http","url":"file:///etc/passwd"}]}]}}`,
			`qwen: f.json: hooks.PreToolUse[0].hooks[0]: url "file:///etc/passwd" is not an absolute http or https URL`},
		{"an http hook whose timeout is not a positive number of seconds", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"http","url":"http://127.0.0.1:1","timeout":-5}]}]}}`,
			`qwen: f.json: hooks.PreToolUse[0].hooks[0]: timeout -5 is not a positive number of seconds`},
		{"a prompt hook after a tool call", `{"hooks":{"PostToolUse":[{"hooks":[{"type":"prompt","prompt":"ok?"}]}]}}`,
			`qwen: f.json: hooks.PostToolUse[0].hooks[0]: a hook of type "prompt": Qwen runs it, and hookchain runs command and http hooks only; left out, it would let calls by that it judges`},
		{"powershell", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","shell":"powershell"}]}]}}`,
			`qwen: f.json: hooks.PreToolUse[0].hooks[0]: shell "powershell": hookchain runs hooks with bash`},
		{"a failMode Qwen does not have", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","failMode":"shut"}]}]}}`,
			`qwen: f.json: hooks.PreToolUse[0].hooks[0]: failMode "shut" is not "open" or "closed"`},
		{"a timeout of zero", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","timeout":0}]}]}}`,
			"qwen: f.json: hooks.PreToolUse[0].hooks[0]: timeout 0 is not a positive whole number of milliseconds"},
		{"a timeout in seconds as a string", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","timeout":"5s"}]}]}}`,
			`qwen: f.json: hooks.PreToolUse[0].hooks[0]: timeout "5s" is not a positive whole number of milliseconds`},
		{"env not strings", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","env":{"A":1}}]}]}}`,
			"qwen: f.json: hooks.PreToolUse[0].hooks[0]: env is not an object of strings"},
		{"async not a boolean", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","async":"yes"}]}]}}`,
			"qwen: f.json: hooks.PreToolUse[0].hooks[0]: async is not a boolean"},
		{"disabled not a list", `{"hooks":{"disabled":"x"}}`, "qwen: f.json: hooks.disabled: not a list of hook names"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := qwen.ParseSettings("f.json", []byte(tt.data))
			assert.EqualError(t, err, tt.want)
		})
	}
}

// Keys are read exactly: a "Type" is not Qwen's "type", and Qwen
// discards the handler, as does the reader, saying so.
func TestAKeyAlikeButForCaseIsNotQwensKey(t *testing.T) {
	hooks, warnings, err := qwen.ParseSettings("f.json", []byte(`{"hooks":{"PreToolUse":[{"hooks":[{"Type":"command","command":"x"}]}]}}`))
	require.NoError(t, err)
	assert.Empty(t, hooks)
	assert.Equal(t, []string{`f.json:hooks.PreToolUse[0].hooks[0]: skipped: a handler without a "type": Qwen discards it`}, warnings)
}

func TestAFileWithoutHooksHasNone(t *testing.T) {
	for _, data := range []string{`{}`, `{"hooks":null}`, `{"hooks":{"PreToolUse":null}}`} {
		hooks, warnings, err := qwen.ParseSettings("f.json", []byte(data))
		require.NoError(t, err, data)
		assert.Empty(t, hooks, data)
		assert.Empty(t, warnings, data)
	}
}

// Qwen merges its files' hooks in order and keeps the first of a hook
// given again for the same event and matcher group; where a Hook cannot
// tell the group as Qwen does (a matcher or sequential left out, or ""
// and false), both are kept: run twice, a hook decides as it does once.
func TestFilesMergeAsQwenMergesThem(t *testing.T) {
	user := []qwen.Hook{{Event: "PreToolUse", Matcher: "edit", Sequential: true, Command: "guard", Place: "user:1"},
		{Event: "PreToolUse", Matcher: "edit", Command: "audit", Place: "user:2"}}
	project := []qwen.Hook{{Event: "PreToolUse", Matcher: "edit", Sequential: true, Command: "guard", Place: "project:1"},
		{Event: "PreToolUse", Matcher: "edit", Command: "audit", Place: "project:2"},
		{Event: "PreToolUse", Matcher: "glob", Sequential: true, Command: "guard", Place: "project:3"},
		{Event: "PostToolUse", Matcher: "edit", Sequential: true, Command: "guard", Place: "project:4"}}
	hooks, warnings := qwen.Merge(user, project)
	var places []string
	for _, h := range hooks {
		places = append(places, h.Place)
	}
	assert.Equal(t, []string{"user:1", "user:2", "project:2", "project:3", "project:4"}, places)
	assert.Equal(t, []string{"project:1: skipped: the hook of user:1 again, and Qwen keeps the first"}, warnings)
}

func TestTheSettingsFilesAreWhereQwenReadsThem(t *testing.T) {
	assert.Equal(t, []string{"/etc/qwen-code/system-defaults.json", "/home/u/.qwen/settings.json", "/work/p/.qwen/settings.json", "/etc/qwen-code/settings.json"},
		qwen.ConfigFiles("/work/p", "/home/u"))
	assert.Equal(t, []string{"/work/p/.qwen/settings.json"}, qwen.ConfigFiles("/work/p", ""))
	assert.Equal(t, []string{"/etc/qwen-code/system-defaults.json", "/home/u/.qwen/settings.json", "/etc/qwen-code/settings.json"},
		qwen.ConfigFiles("/home/u/", "/home/u"), "a project that is the home has the user's .qwen")
	assert.Empty(t, qwen.ConfigFiles("", ""))
}
