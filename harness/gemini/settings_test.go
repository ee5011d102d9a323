package gemini_test

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
	"github.com/hookchain/hookchain/harness/gemini"
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

func TestASettingsFilesHooksAreReadAsGeminiReadsThem(t *testing.T) {
	data, dir := settingsFile(t)
	hooks, warnings, err := gemini.ParseSettings("settings.json", data)
	require.NoError(t, err)
	assert.Equal(t, []gemini.Hook{
		{Event: "BeforeTool", Matcher: "run_shell_command", Sequential: true, Name: "no-rm", Command: "bash " + dir + "/block-rm.sh", Timeout: 5 * time.Second, Place: "settings.json:hooks.BeforeTool[0].hooks[0]"},
		{Event: "BeforeTool", Matcher: "run_shell_command", Sequential: true, Command: "node " + dir + "/dry-run.js", Place: "settings.json:hooks.BeforeTool[0].hooks[1]"},
		{Event: "BeforeTool", Matcher: "write_file|replace", Command: "python3 " + dir + "/deny.py", Env: []string{"A=1", "B=2"}, Place: "settings.json:hooks.BeforeTool[1].hooks[0]"},
		{Event: "AfterTool", Command: "node " + dir + "/redact.js", Timeout: 1500 * time.Millisecond, Place: "settings.json:hooks.AfterTool[0].hooks[0]"},
		{Event: "SessionStart", Matcher: "startup", Command: "bash " + dir + "/allow.sh", Place: "settings.json:hooks.SessionStart[0].hooks[0]"},
	}, hooks)
	assert.Equal(t, []string{
		"settings.json:hooks.BeforeTool[1].hooks[1]: skipped: a command hook without a command: Gemini discards it",
		`settings.json:hooks.BeforeTool[1].hooks[2]: skipped: hookchain runs command hooks only, not "plugin"`,
		"settings.json: hooks.PreToolUse: skipped: Gemini has no such event",
	}, warnings)
}

// A settings file's tool-call hooks run as one chain, in the file's order:
// a later hook still judges what an earlier one rewrote.
func TestASettingsFilesHooksRunAsAChainInTheFilesOrder(t *testing.T) {
	data, dir := settingsFile(t)
	hooks, _, err := gemini.ParseSettings("settings.json", data)
	require.NoError(t, err)
	links, err := gemini.Links(hooks, session(t))
	require.NoError(t, err)
	require.Len(t, links, 4)
	chain := hookchain.New(links...)

	got := chain.Run(context.Background(), shell("terraform apply"))
	assert.Equal(t, hookchain.Modified, got.Verdict)
	assert.JSONEq(t, `{"command":"terraform plan","description":"run it"}`, string(got.Input))

	got = chain.Run(context.Background(), shell("rm -rf /"))
	assert.Equal(t, hookchain.Denied, got.Verdict)
	assert.Equal(t, "no-rm", got.DecidedBy)
	assert.Equal(t, "denied by no-rm: recursive delete is not allowed here", got.Reason)

	got = chain.Run(context.Background(), write("/etc/hosts"))
	assert.Equal(t, hookchain.Denied, got.Verdict)
	assert.Equal(t, "python3 "+dir+"/deny.py", got.DecidedBy)

	got = chain.Run(context.Background(), shellResult("key AKIAABCDEFGHIJKLMNOP"))
	assert.Equal(t, hookchain.Denied, got.Verdict)
	assert.Equal(t, "node "+dir+"/redact.js", got.DecidedBy)
}

// Each refusal is of a file this reader would otherwise misread.
func TestASettingsFileThatCannotBeReadExactlyIsAnError(t *testing.T) {
	for _, c := range []struct{ doc, err string }{
		{`{"hooks":{"BeforeTool":[]},"hooks":{}}`, "gemini: f: the file is ambiguous: "},
		{"{// mine\n\"hooks\":{}}", "gemini: f: the file is not valid JSON; if it has comments, remove them: Gemini strips comments from settings.json, hookchain does not read them yet"},
		{`{"hooks":[]}`, "gemini: f: hooks: not a JSON object"},
		{`{"hooks":{"BeforeTool":{}}}`, "gemini: f: hooks.BeforeTool: not a list of matcher groups"},
		{`{"hooks":{"BeforeTool":[{"matcher":1,"hooks":[]}]}}`, "gemini: f: hooks.BeforeTool[0]: the matcher is not a string"},
		{`{"hooks":{"BeforeTool":[{"sequential":"yes","hooks":[]}]}}`, "gemini: f: hooks.BeforeTool[0]: sequential is not a boolean"},
		{`{"hooks":{"BeforeTool":[{"matcher":"x"}]}}`, `gemini: f: hooks.BeforeTool[0]: the group has no "hooks" list`},
		{`{"hooks":{"BeforeTool":[{"matcher":"(?=x)","hooks":[]}]}}`, `gemini: f: hooks.BeforeTool[0]: gemini: matcher "(?=x)": Gemini may read it as a JavaScript expression that Go cannot: `},
		{`{"hooks":{"BeforeTool":[{"hooks":[{"command":"x"}]}]}}`, `gemini: f: hooks.BeforeTool[0].hooks[0]: the handler has no "type"`},
		{`{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":["x"]}]}]}}`, "gemini: f: hooks.BeforeTool[0].hooks[0]: command is not a string"},
		{`{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"x","timeout":1.5}]}]}}`, "gemini: f: hooks.BeforeTool[0].hooks[0]: timeout 1.5 is not a positive whole number of milliseconds"},
		{`{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"x","timeout":0}]}]}}`, "gemini: f: hooks.BeforeTool[0].hooks[0]: timeout 0 is not a positive whole number of milliseconds"},
		{`{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"x","env":{"A":1}}]}]}}`, "gemini: f: hooks.BeforeTool[0].hooks[0]: env is not an object of strings"},
		{`{"hooks":{"enabled":false}}`, "gemini: f: hooks.enabled: false turns Gemini's hooks off; hookchain does not read that yet"},
		{`{"hooksConfig":{"enabled":false}}`, "gemini: f: hooksConfig.enabled: false turns Gemini's hooks off; hookchain does not read that yet"},
		{`{"hooksConfig":[]}`, "gemini: f: hooksConfig: not a JSON object"},
		{`{"hooks":{"disabled":"no-rm"}}`, "gemini: f: hooks.disabled: not a list of hook names"},
		{`{"hooksConfig":{"disabled":[1]}}`, "gemini: f: hooksConfig.disabled: not a list of hook names"},
	} {
		hooks, warnings, err := gemini.ParseSettings("f", []byte(c.doc))
		require.Error(t, err, c.doc)
		assert.True(t, strings.HasPrefix(err.Error(), c.err), "%s: %v", c.doc, err)
		assert.Nil(t, hooks, c.doc)
		assert.Nil(t, warnings, c.doc)
	}
}

// A file with no hooks section, or hooks turned on and none disabled, has
// nothing to refuse.
func TestASettingsFileWithoutHooksHasNone(t *testing.T) {
	for _, doc := range []string{`{}`, `{"hooks":null}`, `{"hooks":{"enabled":true,"disabled":[]}}`, `{"hooksConfig":{"enabled":true,"disabled":["x"]}}`, `{"url":"http://x//y"}`} {
		hooks, warnings, err := gemini.ParseSettings("f", []byte(doc))
		require.NoError(t, err, doc)
		assert.Empty(t, hooks, doc)
		assert.Empty(t, warnings, doc)
	}
}

// Gemini runs a hook once per call however many of its groups match; two
// links would run it twice.
func TestAHookGivenTwiceForAnEventIsRefused(t *testing.T) {
	doc := `{"hooks":{"BeforeTool":[{"matcher":"a","hooks":[{"type":"command","command":"x"}]},{"matcher":"b","hooks":[{"type":"command","command":"x"}]}]}}`
	hooks, _, err := gemini.ParseSettings("f", []byte(doc))
	require.NoError(t, err)
	_, err = gemini.Links(hooks, session(t))
	require.EqualError(t, err, "gemini: f:hooks.BeforeTool[1].hooks[0]: the hook of f:hooks.BeforeTool[0].hooks[0] again: Gemini runs it once per call, hookchain cannot yet")
}

// The same command before and after the call is two hooks, named apart.
func TestTwoHooksOfOneNameAreNamedByTheirPlace(t *testing.T) {
	doc := `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"echo no; exit 2"}]}],"AfterTool":[{"hooks":[{"type":"command","command":"echo no; exit 2"}]}]}}`
	hooks, _, err := gemini.ParseSettings("f", []byte(doc))
	require.NoError(t, err)
	links, err := gemini.Links(hooks, session(t))
	require.NoError(t, err)
	require.Len(t, links, 2)
	got := hookchain.New(links...).Run(context.Background(), shellResult("out"))
	assert.Equal(t, "echo no; exit 2@f:hooks.AfterTool[0].hooks[0]", got.DecidedBy)
}

func TestGeminisConfigFilesAreTheProjectsTheUsersAndTheSystems(t *testing.T) {
	assert.Equal(t, []string{"/work/app/.gemini/settings.json", "/home/u/.gemini/settings.json", "/etc/gemini-cli/settings.json"},
		gemini.ConfigFiles("/work/app", "/home/u"))
	assert.Equal(t, []string{"/home/u/.gemini/settings.json", "/etc/gemini-cli/settings.json"}, gemini.ConfigFiles("/home/u/", "/home/u"),
		"a project that is the home directory has the user's settings")
	assert.Equal(t, []string{"/work/app/.gemini/settings.json"}, gemini.ConfigFiles("/work/app", ""))
}

// A hook a higher layer has, by event, name and command, shadows a lower
// layer's copy, whatever the copy's matcher; a layer's own hooks are kept.
func TestALowerLayersCopyOfAHookIsShadowed(t *testing.T) {
	project := []gemini.Hook{{Event: "BeforeTool", Name: "guard", Command: "g", Matcher: "run_shell_command", Place: "p:0"}}
	user := []gemini.Hook{
		{Event: "BeforeTool", Name: "guard", Command: "g", Matcher: ".*", Place: "u:0"},
		{Event: "AfterTool", Name: "guard", Command: "g", Place: "u:1"},
		{Event: "BeforeTool", Name: "log", Command: "l", Place: "u:2"},
		{Event: "BeforeTool", Name: "log", Command: "l", Place: "u:3"},
	}
	system := []gemini.Hook{{Event: "BeforeTool", Name: "log", Command: "l", Place: "s:0"}}

	got := gemini.Layers(project, user, system)

	var places []string
	for _, h := range got {
		places = append(places, h.Place)
	}
	assert.Equal(t, []string{"p:0", "u:1", "u:2", "u:3"}, places)
}
