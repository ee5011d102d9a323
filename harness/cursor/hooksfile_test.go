package cursor_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/cursor"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
)

// hooksFile is testdata/settings/hooks.json with HOOKS standing for the
// directory of the test hooks.
func hooksFile(t *testing.T) []byte {
	b, err := os.ReadFile(filepath.Join("testdata", "settings", "hooks.json"))
	require.NoError(t, err)
	return []byte(strings.ReplaceAll(string(b), "HOOKS", profiletest.HooksDir(t)))
}

func TestAHooksFileIsReadAsCursorReadsIt(t *testing.T) {
	dir := profiletest.HooksDir(t)
	hooks, warnings, err := cursor.ParseHooksFile("hooks.json", hooksFile(t))
	require.NoError(t, err)
	assert.Equal(t, []cursor.Hook{
		{Event: "preToolUse", Matcher: "Write", Command: "python3 " + dir + "/deny.py", Place: "hooks.json:hooks.preToolUse[0]"},
		{Event: "preToolUse", Matcher: "Shell", Command: "node " + dir + "/dry-run.js", Timeout: 1500 * time.Millisecond, Place: "hooks.json:hooks.preToolUse[1]"},
		{Event: "postToolUse", Command: "bash " + dir + "/context.sh", Place: "hooks.json:hooks.postToolUse[0]"},
		{Event: "beforeShellExecution", Matcher: "curl|wget", Command: "bash " + dir + "/block-curl.sh", Timeout: 5 * time.Second, Place: "hooks.json:hooks.beforeShellExecution[0]"},
		{Event: "beforeShellExecution", Command: "python3 " + dir + "/crash.py", FailClosed: true, Place: "hooks.json:hooks.beforeShellExecution[1]"},
		{Event: "stop", Command: "bash " + dir + "/allow.sh", Place: "hooks.json:hooks.stop[0]"},
	}, hooks)
	assert.Equal(t, []string{
		"hooks.json:hooks.preToolUse[2]: skipped: a prompt hook asks the model and runs no command",
		"hooks.json:hooks.preToolUse[3]: skipped: the command is empty",
		"hooks.json: hooks.beforeShellExec: skipped: Cursor has no such event",
	}, warnings)
}

// The file's hooks as a chain decide as Cursor would: each event's hooks
// for its own calls, a failClosed hook that fails denying.
func TestAHooksFilesHooksRunAsAChainAsCursorRunsThem(t *testing.T) {
	hooks, _, err := cursor.ParseHooksFile("hooks.json", hooksFile(t))
	require.NoError(t, err)
	links, err := cursor.Links(hooks, session(t))
	require.NoError(t, err)
	require.Len(t, links, 5, "the stop hook is not a link")
	chain := hookchain.New(links...)
	dir := profiletest.HooksDir(t)

	got := chain.Run(context.Background(), write("/etc/hosts"))
	assert.Equal(t, hookchain.Denied, got.Verdict)
	assert.Equal(t, "denied by python3 "+dir+"/deny.py: writes outside the project are not allowed", got.Reason)

	got = chain.Run(context.Background(), shell("curl -s x"))
	assert.Equal(t, "denied by bash "+dir+"/block-curl.sh: network downloads are not allowed here", got.Reason)

	got = chain.Run(context.Background(), shell("terraform apply"))
	assert.Equal(t, hookchain.Denied, got.Verdict, "the failClosed hook failed")
	assert.Equal(t, hookchain.CauseFailure, got.Cause)
	assert.Equal(t, "python3 "+dir+"/crash.py", got.DecidedBy)

	got = chain.Run(context.Background(), read("a"))
	assert.Equal(t, hookchain.Allowed, got.Verdict, "no hook is for reads")
	assert.Empty(t, got.Trail)
}

func TestAHooksFileCursorWouldMisreadIsAnError(t *testing.T) {
	tests := []struct{ name, doc, err string }{
		{"not JSON", `{"version":1,`, "cursor: f: the file is not valid JSON"},
		{"a key given twice", `{"version":1,"hooks":{},"hooks":{}}`, `cursor: f: the file is ambiguous: an object in it has the key "hooks" twice`},
		{"another version", `{"version":2,"hooks":{}}`, "cursor: f: version 2: Cursor reads version 1"},
		{"hooks not an object", `{"version":1,"hooks":[]}`, "cursor: f: hooks: not a JSON object"},
		{"an event not a list", `{"hooks":{"preToolUse":{"command":"x"}}}`, "cursor: f: hooks.preToolUse: not a list of hooks"},
		{"a hook not an object", `{"hooks":{"preToolUse":["x"]}}`, "cursor: f: hooks.preToolUse[0]: not a JSON object"},
		{"a command not a string", `{"hooks":{"preToolUse":[{"command":["x"]}]}}`, "cursor: f: hooks.preToolUse[0]: command is not a string"},
		{"a matcher not a string", `{"hooks":{"preToolUse":[{"command":"x","matcher":1}]}}`, "cursor: f: hooks.preToolUse[0]: matcher is not a string"},
		{"a matcher Go cannot read", `{"hooks":{"preToolUse":[{"command":"x","matcher":"(?!Shell)"}]}}`,
			`cursor: f: hooks.preToolUse[0]: cursor: matcher "(?!Shell)": Cursor reads it as a JavaScript expression that Go cannot`},
		{"a timeout of zero", `{"hooks":{"preToolUse":[{"command":"x","timeout":0}]}}`, "cursor: f: hooks.preToolUse[0]: timeout 0 is not a positive number of seconds"},
		{"a timeout in words", `{"hooks":{"preToolUse":[{"command":"x","timeout":"5s"}]}}`, `cursor: f: hooks.preToolUse[0]: timeout "5s" is not a positive number of seconds`},
		{"a failClosed not a boolean", `{"hooks":{"preToolUse":[{"command":"x","failClosed":"yes"}]}}`, "cursor: f: hooks.preToolUse[0]: failClosed is not a boolean"},
		{"a key given twice in a hook", `{"hooks":{"preToolUse":[{"command":"x","failClosed":true,"failClosed":false}]}}`,
			`cursor: f: the file is ambiguous: an object in it has the key "failClosed" twice`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := cursor.ParseHooksFile("f", []byte(tt.doc))
			assert.EqualError(t, err, tt.err)
		})
	}
	// Keys are read exactly: "FailClosed" is not Cursor's key, and the hook fails open.
	hooks, _, err := cursor.ParseHooksFile("f", []byte(`{"hooks":{"preToolUse":[{"command":"x","FailClosed":true}]}}`))
	require.NoError(t, err)
	assert.False(t, hooks[0].FailClosed)
}

func TestTheConfigFilesAreWhereCursorReadsThemInItsOrder(t *testing.T) {
	enterprise := map[string]string{"darwin": "/Library/Application Support/Cursor/hooks.json", "windows": `C:\ProgramData\Cursor\hooks.json`}[runtime.GOOS]
	if enterprise == "" {
		enterprise = "/etc/cursor/hooks.json"
	}
	assert.Equal(t, []string{enterprise, filepath.Join("/src/app", ".cursor", "hooks.json"), filepath.Join("/home/ann", ".cursor", "hooks.json")},
		cursor.ConfigFiles("/src/app", "/home/ann"))
	assert.Equal(t, []string{enterprise, filepath.Join("/home/ann", ".cursor", "hooks.json")}, cursor.ConfigFiles("", "/home/ann"))
	assert.Equal(t, []string{enterprise, filepath.Join("/home/ann", ".cursor", "hooks.json")}, cursor.ConfigFiles("/home/ann", "/home/ann"), "the home's .cursor is the user's")
	assert.Equal(t, []string{filepath.Join("/src/app", ".cursor", "hooks.json")}, cursor.ConfigFiles("/src/app", ""), "a project's alone")
	assert.Empty(t, cursor.ConfigFiles("", ""))

	assert.Equal(t, filepath.Join("/home/ann", ".cursor"), cursor.UserDir("/home/ann/.cursor/hooks.json", "/home/ann"))
	assert.Equal(t, "", cursor.UserDir("/src/app/.cursor/hooks.json", "/home/ann"))
	assert.Equal(t, "", cursor.UserDir("/home/ann/.cursor/hooks.json", ""))
}
