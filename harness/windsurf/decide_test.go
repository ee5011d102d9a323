package windsurf_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/windsurf"
	"github.com/hookchain/hookchain/process"
)

// Windsurf reads a hook's exit status and nothing else
// (harness.DecideByStatus, whose test has every corner): exit 2 blocks
// before the action only, and stdout never decides.
func TestWindsurfReadsAHooksExitStatusAlone(t *testing.T) {
	got, err := windsurf.Decide(command("ls"), process.Result{ExitCode: 2, Stdout: []byte(`{"decision":"allow"}`), Stderr: []byte(" no\n")})
	require.NoError(t, err)
	assert.Equal(t, hookchain.Deny("no"), got)
	got, err = windsurf.Decide(command("ls"), process.Result{Stdout: []byte(`{"decision":"deny"}`)})
	require.NoError(t, err)
	assert.Equal(t, hookchain.Allow(), got)
	for _, tt := range []struct {
		event hookchain.Event
		code  int
	}{{command("ls"), 1}, {command("ls"), 127}, {commandDone("ls"), 2}} {
		_, err := windsurf.Decide(tt.event, process.Result{ExitCode: tt.code})
		var status *harness.StatusError
		require.ErrorAs(t, err, &status)
		assert.Equal(t, tt.code, status.Code)
	}
}

// What Windsurf writes, decoded, is the call it was written for.
func TestAnInputWindsurfWritesDecodesToItsCall(t *testing.T) {
	s := harness.SessionInfo{ID: "traj-1", Cwd: "/work/app"}
	for _, e := range []hookchain.Event{command("ls"), commandDone("ls"), write("/work/app/a.go"), mcpResult("issue #7"),
		{Hook: hookchain.BeforeTool, Tool: windsurf.ReadCode, Input: json.RawMessage(`{"file_path":"a.go"}`)},
		{Hook: hookchain.BeforeTool, Tool: "mcp__git__status", Input: json.RawMessage(`{}`)}} {
		b, err := windsurf.Profile().Input(e, s)
		require.NoError(t, err)
		got, session, err := windsurf.Profile().Decode(b)
		require.NoError(t, err, string(b))
		assert.Equal(t, s.ID, session.ID)
		if e.Tool == windsurf.RunCommand {
			assert.Equal(t, "/", session.Cwd)
		}
		assert.Equal(t, e.Hook, got.Hook)
		assert.Equal(t, e.Tool, got.Tool)
		assert.Equal(t, e.CallID, got.CallID)
		assert.JSONEq(t, string(e.Input), string(got.Input))
		if e.Tool == "mcp__github__create_issue" {
			assert.JSONEq(t, `"issue #7"`, string(got.Output))
		}
	}
}

// Each of Windsurf's actions stands for Claude Code's tool, both ways, and
// names its events.
func TestWindsurfsActionsMapToClaudeCodesToolsBothWays(t *testing.T) {
	tools := windsurf.Tools()
	for own, claude := range map[string][]string{"run_command": {"Bash"}, "read_code": {"Read"}, "write_code": {"Write", "Edit"},
		"mcp__github__push": {"mcp__github__push"}, "Glob": nil} {
		assert.Equal(t, claude, tools.Claude(own), own)
	}
	for claude, own := range map[string]string{"Bash": "run_command", "Read": "read_code", "Write": "write_code", "Edit": "write_code", "mcp__a__b": "mcp__a__b"} {
		got, ok := tools.Own(claude)
		assert.True(t, ok, claude)
		assert.Equal(t, own, got, claude)
	}
	_, ok := tools.Own("WebFetch")
	assert.False(t, ok, "Windsurf has no hook for a fetch")
	for _, tt := range []struct {
		h     hookchain.Hook
		tool  string
		event string
	}{
		{hookchain.BeforeTool, "run_command", "pre_run_command"}, {hookchain.AfterTool, "run_command", "post_run_command"},
		{hookchain.BeforeTool, "read_code", "pre_read_code"}, {hookchain.AfterTool, "read_code", "post_read_code"},
		{hookchain.BeforeTool, "write_code", "pre_write_code"}, {hookchain.AfterTool, "write_code", "post_write_code"},
		{hookchain.BeforeTool, "mcp__a__b", "pre_mcp_tool_use"}, {hookchain.AfterTool, "mcp__a__b", "post_mcp_tool_use"},
	} {
		got, ok := windsurf.Event(tt.h, tt.tool)
		assert.True(t, ok, tt.tool)
		assert.Equal(t, tt.event, got)
	}
	for _, tool := range []string{"Bash", "Glob", "", "mcp__", "mcp__github", "mcp____push"} {
		_, ok := windsurf.Event(hookchain.BeforeTool, tool)
		assert.False(t, ok, tool)
	}
}

// A hook is given the command as the model wrote it: no HTML escapes,
// which a hook that reads the bytes would not read back.
func TestAHookIsGivenTheCommandUnescaped(t *testing.T) {
	b, err := windsurf.Profile().Input(hookchain.Event{Hook: hookchain.BeforeTool, Tool: windsurf.RunCommand,
		Input: json.RawMessage(`{"command_line":"make && ./run <in >out"}`)}, harness.SessionInfo{Cwd: "/w"})
	require.NoError(t, err)
	assert.Contains(t, string(b), `"tool_info":{"command_line":"make && ./run <in >out","cwd":"/w"}`)
}
