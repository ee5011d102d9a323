package windsurf_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/harness/windsurf"
)

const hooksFile = `{"hooks": {
  "post_write_code": [{"command": "npx prettier --write", "show_output": true}],
  "pre_run_command": [
    {"command": "python3 guard.py", "show_output": false, "working_directory": "tools"},
    {"command": "bash audit.sh"}],
  "pre_user_prompt": [{"command": "bash prompt.sh"}],
  "pre_mcp_tool_use": [{"command": "bash mcp.sh", "powershell": "mcp.ps1"}]
}}`

// A hooks.json's hooks are read as Windsurf reads them: the tool events'
// first, each event's list in its order, with its output and directory.
func TestAHooksFilesHooksAreReadAsWindsurfReadsThem(t *testing.T) {
	hooks, warnings, err := windsurf.ParseHooksFile("hooks.json", []byte(hooksFile))
	require.NoError(t, err)
	assert.Empty(t, warnings)
	assert.Equal(t, []windsurf.Hook{
		{Event: "pre_run_command", Command: "python3 guard.py", WorkingDirectory: "tools", Place: "hooks.json:hooks.pre_run_command[0]"},
		{Event: "pre_run_command", Command: "bash audit.sh", Place: "hooks.json:hooks.pre_run_command[1]"},
		{Event: "pre_mcp_tool_use", Command: "bash mcp.sh", Place: "hooks.json:hooks.pre_mcp_tool_use[0]"},
		{Event: "post_write_code", Command: "npx prettier --write", ShowOutput: true, Place: "hooks.json:hooks.post_write_code[0]"},
		{Event: "pre_user_prompt", Command: "bash prompt.sh", Place: "hooks.json:hooks.pre_user_prompt[0]"},
	}, hooks)
}

// What Windsurf would not run is skipped, with a warning that says why.
func TestWhatWindsurfWouldNotRunIsSkippedWithAWarning(t *testing.T) {
	hooks, warnings, err := windsurf.ParseHooksFile("h.json", []byte(`{"hooks": {
	  "pre_run_commands": [{"command": "bash guard.sh"}],
	  "pre_read_code": [{"show_output": true}, {"command": "  "}, {"command": "bash read.sh"}]}}`))
	require.NoError(t, err)
	assert.Equal(t, []windsurf.Hook{{Event: "pre_read_code", Command: "bash read.sh", Place: "h.json:hooks.pre_read_code[2]"}}, hooks)
	assert.Equal(t, []string{
		"h.json:hooks.pre_run_commands: skipped: Windsurf has no such event",
		`h.json:hooks.pre_read_code[0]: skipped: it has no "command"`,
		"h.json:hooks.pre_read_code[1]: skipped: an empty command, which decides nothing",
	}, warnings)
}

// A file Windsurf could not read, or hookchain would have to guess at, is
// an error.
func TestAHooksFileThatCannotBeReadExactlyIsAnError(t *testing.T) {
	tests := []struct{ name, data, err string }{
		{"not JSON", `{`, "windsurf: h.json: the file is not valid JSON"},
		{"not an object", `[]`, "windsurf: h.json: not a hooks file: not a JSON object"},
		{"a key given twice", `{"hooks":{"pre_run_command":[{"command":"a","command":"b"}]}}`,
			`windsurf: h.json: the file is ambiguous: an object in it has the key "command" twice`},
		{"an event given twice", `{"hooks":{"pre_run_command":[],"pre_run_command":[{"command":"b"}]}}`,
			`windsurf: h.json: the file is ambiguous: an object in it has the key "pre_run_command" twice`},
		{"hooks not an object", `{"hooks":[]}`, "windsurf: h.json: hooks: not a JSON object"},
		{"an event not a list", `{"hooks":{"pre_run_command":{"command":"a"}}}`, "windsurf: h.json: hooks.pre_run_command: not a list of hooks"},
		{"a hook not an object", `{"hooks":{"pre_run_command":["a"]}}`, "windsurf: h.json: hooks.pre_run_command[0]: not a JSON object"},
		{"a command not a string", `{"hooks":{"pre_run_command":[{"command":["a"]}]}}`, "windsurf: h.json: hooks.pre_run_command[0]: command is not a string"},
		{"show_output not a boolean", `{"hooks":{"pre_run_command":[{"command":"a","show_output":"yes"}]}}`,
			"windsurf: h.json: hooks.pre_run_command[0]: show_output is not a boolean"},
		{"working_directory not a string", `{"hooks":{"pre_run_command":[{"command":"a","working_directory":1}]}}`,
			"windsurf: h.json: hooks.pre_run_command[0]: working_directory is not a string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := windsurf.ParseHooksFile("h.json", []byte(tt.data))
			require.Error(t, err)
			assert.Equal(t, tt.err, err.Error())
		})
	}
}

func TestAHooksFileWithoutHooksHasNone(t *testing.T) {
	for _, data := range []string{`{}`, `{"hooks":null}`, `{"hooks":{}}`} {
		hooks, warnings, err := windsurf.ParseHooksFile("h.json", []byte(data))
		require.NoError(t, err, data)
		assert.Empty(t, hooks, data)
		assert.Empty(t, warnings, data)
	}
}

// The files' hooks run as a chain in Windsurf's order, each for its own
// action, in its working directory, failing open; the first that exits 2
// blocks, with its reason.
func TestAHooksFilesHooksRunAsAChainForTheirActions(t *testing.T) {
	root := t.TempDir()
	dir := profiletest.HooksDir(t)
	file := `{"hooks": {
	  "pre_run_command": [
	    {"command": "python3 ` + filepath.Join(dir, "crash.py") + `"},
	    {"command": "python3 ` + filepath.Join(dir, "block-rm.py") + `"},
	    {"command": "bash ` + filepath.Join(dir, "silent2.sh") + `"}],
	  "pre_write_code": [{"command": "node ` + filepath.Join(dir, "protect.js") + `"}],
	  "pre_read_code": [{"command": "bash ` + filepath.Join(dir, "record.sh") + `", "working_directory": "."}],
	  "pre_user_prompt": [{"command": "bash ` + filepath.Join(dir, "silent2.sh") + `"}]}}`
	hooks, _, err := windsurf.ParseHooksFile("hooks.json", []byte(file))
	require.NoError(t, err)
	links, err := windsurf.Links(hooks, harness.SessionInfo{Cwd: root, Project: root})
	require.NoError(t, err)
	require.Len(t, links, 5, "the prompt's hook is not a link")
	c := hookchain.New(links...)
	ctx := context.Background()

	got := c.Run(ctx, command("rm -rf /"))
	assert.Equal(t, hookchain.Denied, got.Verdict)
	assert.Equal(t, "denied by python3 "+filepath.Join(dir, "block-rm.py")+": recursive delete is not allowed here", got.Reason)
	require.Len(t, got.Trail, 2, "the crash goes on, the block stops the chain")
	assert.Contains(t, got.Trail[0].Fault, "exited with status 1")

	got = c.Run(ctx, command("ls"))
	assert.Equal(t, "blocked by a hook that exited with status 2 and gave no reason", got.Trail[len(got.Trail)-1].Reason)

	assert.Equal(t, hookchain.Allowed, c.Run(ctx, write("a.go")).Verdict)
	assert.Equal(t, hookchain.Denied, c.Run(ctx, write("/w/.env")).Verdict)
	assert.Equal(t, hookchain.Allowed, c.Run(ctx, hookchain.Event{Hook: hookchain.BeforeTool, Tool: "mcp__a__b", Input: json.RawMessage(`{}`)}).Verdict,
		"no hook of pre_mcp_tool_use")

	got = c.Run(ctx, hookchain.Event{Hook: hookchain.BeforeTool, Tool: windsurf.ReadCode, Input: json.RawMessage(`{"file_path":"a"}`)})
	var seen struct{ Pwd string }
	require.NoError(t, json.Unmarshal([]byte(got.Trail[0].Reason), &seen), got.Reason)
	assert.Equal(t, root, seen.Pwd, "working_directory is taken from the workspace's root")
}

// A hook whose working directory is gone never ran: that denies, though
// Windsurf's hooks fail open, so that an agent cannot disarm the guard by
// removing it.
func TestAHookWhoseDirectoryIsGoneDenies(t *testing.T) {
	gone := filepath.Join(t.TempDir(), "gone")
	hooks, _, err := windsurf.ParseHooksFile("h.json", []byte(`{"hooks":{"pre_run_command":[{"command":"true","working_directory":"`+gone+`"}]}}`))
	require.NoError(t, err)
	links, err := windsurf.Links(hooks, harness.SessionInfo{})
	require.NoError(t, err)
	got := hookchain.New(links...).Run(context.Background(), command("ls"))
	assert.Equal(t, hookchain.Denied, got.Verdict)
}

// Two hooks of one command are two links, named by their place.
func TestTwoHooksOfOneCommandAreNamedByTheirPlace(t *testing.T) {
	hooks, _, err := windsurf.ParseHooksFile("h.json", []byte(`{"hooks":{"pre_run_command":[{"command":"exit 2"}],"pre_read_code":[{"command":"exit 2"}]}}`))
	require.NoError(t, err)
	links, err := windsurf.Links(hooks, harness.SessionInfo{})
	require.NoError(t, err)
	c := hookchain.New(links...)
	got := c.Run(context.Background(), command("ls"))
	require.Len(t, got.Trail, 1)
	assert.Equal(t, "exit 2@h.json:hooks.pre_run_command[0]", got.Trail[0].Name)
}

// Windsurf reads the system's, the user's and the workspace's hooks.json,
// in that order, and runs them all.
func TestWindsurfsConfigFilesAreTheSystemsTheUsersAndTheWorkspaces(t *testing.T) {
	assert.Equal(t, []string{windsurf.SystemFile(runtime.GOOS), "/home/u/.codeium/windsurf/hooks.json", "/work/app/.windsurf/hooks.json"},
		windsurf.ConfigFiles("/work/app", "/home/u"))
	assert.Equal(t, []string{"/work/app/.windsurf/hooks.json"}, windsurf.ConfigFiles("/work/app", ""), "a workspace's alone")
	assert.Empty(t, windsurf.ConfigFiles("", ""))
	assert.Equal(t, "/etc/windsurf/hooks.json", windsurf.SystemFile("linux"))
	assert.Equal(t, "/Library/Application Support/Windsurf/hooks.json", windsurf.SystemFile("darwin"))
	assert.Equal(t, `C:\ProgramData\Windsurf\hooks.json`, windsurf.SystemFile("windows"))
}
