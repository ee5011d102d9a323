package windsurf_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/windsurf"
	"github.com/hookchain/hookchain/process"
)

// Windsurf reads a hook's exit status and nothing else: what it prints on
// stdout never decides, and exit 2 blocks however much stderr was kept.
func TestWindsurfReadsAHooksExitStatusAlone(t *testing.T) {
	tests := []struct {
		name  string
		event hookchain.Event
		run   process.Result
		want  hookchain.Outcome
		fails int // the StatusError's code; 0 for none
	}{
		{"exit 0 with a denial on stdout allows", command("ls"), process.Result{Stdout: []byte(`{"decision":"deny"}`)}, hookchain.Allow(), 0},
		{"exit 0 with text on stderr allows", command("ls"), process.Result{Stderr: []byte("blocked")}, hookchain.Allow(), 0},
		{"exit 2 blocks with stderr, trimmed", command("ls"), process.Result{ExitCode: 2, Stderr: []byte("  no\n\n")}, hookchain.Deny("no"), 0},
		{"exit 2 blocks whatever stdout says", command("ls"), process.Result{ExitCode: 2, Stdout: []byte(`{"decision":"allow"}`), Stderr: []byte("no")}, hookchain.Deny("no"), 0},
		{"exit 2 with blank stderr blocks, saying so", command("ls"), process.Result{ExitCode: 2, Stderr: []byte(" \n")},
			hookchain.Deny("blocked by a hook that exited with status 2 and gave no reason"), 0},
		{"exit 2 with stderr cut at the cap still blocks", command("ls"), process.Result{ExitCode: 2, Stderr: []byte(strings.Repeat("x", 64)), StderrTruncated: true},
			hookchain.Deny(strings.Repeat("x", 64)), 0},
		{"exit 1 fails", command("ls"), process.Result{ExitCode: 1, Stderr: []byte("no")}, hookchain.Outcome{}, 1},
		{"exit 3 fails", command("ls"), process.Result{ExitCode: 3}, hookchain.Outcome{}, 3},
		{"exit 127 fails", command("ls"), process.Result{ExitCode: 127}, hookchain.Outcome{}, 127},
		{"a signal fails", command("ls"), process.Result{ExitCode: -1}, hookchain.Outcome{}, -1},
		{"exit 2 after the action fails", commandDone("ls"), process.Result{ExitCode: 2, Stderr: []byte("no")}, hookchain.Outcome{}, 2},
		{"exit 0 after the action lets the output go on", mcpResult("ok"), process.Result{Stdout: []byte(`{"decision":"block"}`)}, hookchain.Allow(), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := windsurf.Decide(tt.event, tt.run)
			if tt.fails != 0 {
				var status *harness.StatusError
				require.ErrorAs(t, err, &status)
				assert.Equal(t, tt.fails, status.Code)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
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
