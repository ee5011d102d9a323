package windsurf_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/harness/windsurf"
	"github.com/hookchain/hookchain/process"
)

func session(t *testing.T) harness.SessionInfo {
	return harness.SessionInfo{ID: "traj-1", Cwd: t.TempDir()}
}

func command(line string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: windsurf.RunCommand, CallID: "exec-1",
		Input: json.RawMessage(`{"command_line":"` + line + `","cwd":"/"}`)}
}

func write(path string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: windsurf.WriteCode,
		Input: json.RawMessage(`{"file_path":"` + path + `","edits":[{"old_string":"a","new_string":"b"}]}`)}
}

func commandDone(line string) hookchain.Event {
	e := command(line)
	e.Hook = hookchain.AfterTool
	return e
}

func mcpResult(output string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.AfterTool, Tool: "mcp__github__create_issue",
		Input: json.RawMessage(`{"title":"x"}`), Output: hookchain.Text(output)}
}

// Every row of Windsurf's reading of a hook, from a real hook program
// written as Windsurf documents hooks, in a chain that runs it as Windsurf
// would: exit 2 blocks before the action, and any other failure lets the
// call go on, the trail saying why.
func TestAWindsurfHookInAChainAnswersAsWindsurfReadsIt(t *testing.T) {
	cmd := func(spec process.Spec) string { return windsurf.CommandSpec(spec, harness.SessionInfo{}).String() }
	none := func(string) hookchain.Outcome { return hookchain.Outcome{} }
	tests := []struct {
		name  string
		spec  process.Spec
		event hookchain.Event
		want  func(command string) hookchain.Outcome
	}{
		{"exit 0 lets the action run, whatever stdout says", profiletest.Hook(t, "bash", "allow.sh"), command("ls"), none},
		{"exit 2 blocks with stderr", profiletest.Hook(t, "python3", "block-rm.py"), command("rm -rf /"), func(string) hookchain.Outcome {
			return profiletest.Denied("recursive delete is not allowed here")
		}},
		{"a node hook's exit 2 blocks a write", profiletest.Hook(t, "node", "protect.js"), write("/work/app/.env"), func(string) hookchain.Outcome {
			return profiletest.Denied("writes to .env files are not allowed")
		}},
		{"exit 2 with nothing on stderr blocks all the same", profiletest.Hook(t, "bash", "silent2.sh"), command("ls"), func(string) hookchain.Outcome {
			return profiletest.Denied("blocked by a hook that exited with status 2 and gave no reason")
		}},
		{"exit 1 lets the action go on, though stdout says deny", profiletest.Hook(t, "python3", "crash.py"), command("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 1; stderr: "policy.yaml: no such file"`)
		}},
		{"a program that is not there lets the action go on", process.Spec{Shell: "no-such-windsurf-hook", Timeout: 10 * time.Second}, command("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 127; stderr: "bash: line 1: no-such-windsurf-hook: command not found"`)
		}},
		{"a timeout lets the action go on", profiletest.Hook(t, "bash", "slow.sh"), command("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": timed out after 300ms`)
		}},
		{"exit 2 after the action is an error: the output goes on", profiletest.Hook(t, "bash", "silent2.sh"), commandDone("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 2`)
		}},
		{"exit 0 after the action lets the output go on", profiletest.Hook(t, "bash", "allow.sh"), mcpResult("ok"), none},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := tt.spec
			if filepath.Base(spec.Shell) == "slow.sh" {
				spec.Timeout = 300 * time.Millisecond
			}
			link, err := windsurf.Link("hook", tt.event.Hook, hookchain.Any(), spec, session(t))
			require.NoError(t, err)
			got := hookchain.New(link).Run(context.Background(), tt.event)
			assert.Equal(t, tt.want(cmd(spec)), got)
		})
	}
}

// A hook is told what Windsurf tells it, and runs where Windsurf runs it:
// the workspace's root.
func TestAWindsurfHookIsGivenWindsurfsInputAndDirectory(t *testing.T) {
	s := session(t)
	tests := []struct {
		event hookchain.Event
		input map[string]any
	}{
		{command("ls"), map[string]any{"agent_action_name": "pre_run_command", "trajectory_id": "traj-1", "execution_id": "exec-1",
			"tool_info": map[string]any{"command_line": "ls", "cwd": "/"}}},
		{hookchain.Event{Hook: hookchain.BeforeTool, Tool: windsurf.RunCommand, Input: json.RawMessage(`{"command_line":"ls"}`)},
			map[string]any{"agent_action_name": "pre_run_command", "trajectory_id": "traj-1", "execution_id": "",
				"tool_info": map[string]any{"command_line": "ls", "cwd": s.Cwd}}},
		{hookchain.Event{Hook: hookchain.BeforeTool, Tool: windsurf.ReadCode, Input: json.RawMessage(`{"file_path":"/work/app/a.go"}`)},
			map[string]any{"agent_action_name": "pre_read_code", "trajectory_id": "traj-1", "execution_id": "",
				"tool_info": map[string]any{"file_path": "/work/app/a.go"}}},
		{write("/work/app/a.go"), map[string]any{"agent_action_name": "pre_write_code", "trajectory_id": "traj-1", "execution_id": "",
			"tool_info": map[string]any{"file_path": "/work/app/a.go", "edits": []any{map[string]any{"old_string": "a", "new_string": "b"}}}}},
		{hookchain.Event{Hook: hookchain.BeforeTool, Tool: "mcp__github__create_issue", Input: json.RawMessage(`{"title":"x"}`)},
			map[string]any{"agent_action_name": "pre_mcp_tool_use", "trajectory_id": "traj-1", "execution_id": "",
				"tool_info": map[string]any{"mcp_server_name": "github", "mcp_tool_name": "create_issue", "mcp_tool_arguments": map[string]any{"title": "x"}}}},
	}
	for _, tt := range tests {
		// Blocking with it is the one way a hook's words leave it.
		fn, err := windsurf.CompileCommand(profiletest.Hook(t, "bash", "record.sh"), s)
		require.NoError(t, err)
		o, err := fn(context.Background(), tt.event)
		require.NoError(t, err)
		var seen struct {
			Pwd     string
			Input   map[string]any
			Stamped bool
		}
		require.NoError(t, json.Unmarshal([]byte(o.Reason), &seen), o.Reason)
		assert.Equal(t, s.Cwd, seen.Pwd)
		assert.Equal(t, tt.input, seen.Input)
		assert.True(t, seen.Stamped, "an ISO 8601 timestamp")
	}
}

// After an MCP call the hook is told its result; the failure of exit 2
// there carries what the hook saw.
func TestAWindsurfHookAfterAnMCPCallIsGivenItsResult(t *testing.T) {
	s := session(t)
	fn, err := windsurf.CompileCommand(profiletest.Hook(t, "bash", "record.sh"), s)
	require.NoError(t, err)
	_, err = fn(context.Background(), mcpResult("issue #7"))
	var pe *process.Error
	require.ErrorAs(t, err, &pe)
	var seen struct{ Input map[string]any }
	require.NoError(t, json.Unmarshal([]byte(pe.Stderr), &seen), pe.Stderr)
	assert.Equal(t, map[string]any{"agent_action_name": "post_mcp_tool_use", "trajectory_id": "traj-1", "execution_id": "",
		"tool_info": map[string]any{"mcp_server_name": "github", "mcp_tool_name": "create_issue",
			"mcp_tool_arguments": map[string]any{"title": "x"}, "mcp_result": "issue #7"}}, seen.Input)
}

// A call Windsurf has no hook for is not given to its hooks as another:
// the link fails, and a plain link denies.
func TestACallWindsurfHasNoHookForIsAFailure(t *testing.T) {
	fn, err := windsurf.CompileCommand(profiletest.Hook(t, "bash", "allow.sh"), session(t))
	require.NoError(t, err)
	for _, e := range []hookchain.Event{
		{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`)},
		{Hook: hookchain.BeforeTool, Tool: windsurf.RunCommand, Input: json.RawMessage(`["ls"]`)},
	} {
		got := hookchain.New(hookchain.Before("hook", hookchain.Any(), fn)).Run(context.Background(), e)
		assert.Equal(t, hookchain.Denied, got.Verdict, e.Tool)
		assert.Equal(t, hookchain.CauseFailure, got.Cause, e.Tool)
	}
}

// Windsurf fails open; a chain that must not builds the link itself, and
// the same crash denies.
func TestAWindsurfHookBuiltIntoAPlainLinkFailsClosed(t *testing.T) {
	spec := profiletest.Hook(t, "python3", "crash.py")
	fn, err := windsurf.CompileCommand(spec, session(t))
	require.NoError(t, err)
	got := hookchain.New(hookchain.Before("hook", hookchain.Any(), fn)).Run(context.Background(), command("ls"))
	text := `hook "` + windsurf.CommandSpec(spec, harness.SessionInfo{}).String() + `": exited with status 1; stderr: "policy.yaml: no such file"`
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "hook failed and denies on failure: " + text, DecidedBy: "hook", Cause: hookchain.CauseFailure,
		Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Fault: text}}}, got)
}

func TestWindsurfsCommandSpecIsBashInTheWorkspacesRoot(t *testing.T) {
	s := harness.SessionInfo{Cwd: "/work/app/sub", Project: "/work/app"}
	got := windsurf.CommandSpec(process.Spec{Shell: "guard --strict"}, s)
	assert.Equal(t, process.Spec{Args: []string{"bash", "-c", "guard --strict"}, Dir: "/work/app", Timeout: windsurf.DefaultTimeout, Inherit: process.InheritAll}, got)
	got = windsurf.CommandSpec(process.Spec{Shell: "guard", Dir: "tools"}, s)
	assert.Equal(t, "/work/app/tools", got.Dir)
	got = windsurf.CommandSpec(process.Spec{Args: []string{"guard"}, Dir: "/elsewhere", Timeout: time.Second, Inherit: process.InheritBase}, s)
	assert.Equal(t, process.Spec{Args: []string{"guard"}, Dir: "/elsewhere", Timeout: time.Second, Inherit: process.InheritBase}, got)
}

// A hook that floods stderr past the cap before it exits 2 still blocks:
// the cap bounds what is kept, never what is decided.
func TestAHookThatFloodsStderrBeforeItExits2StillBlocks(t *testing.T) {
	link, err := windsurf.Link("hook", hookchain.BeforeTool, hookchain.Any(),
		process.Spec{Shell: "cat >/dev/null; head -c 4000000 /dev/zero | tr '\\0' x >&2; exit 2", Timeout: 10 * time.Second}, session(t))
	require.NoError(t, err)
	got := hookchain.New(link).Run(context.Background(), command("ls"))
	require.Equal(t, hookchain.Denied, got.Verdict)
	assert.Equal(t, "hook", got.DecidedBy)
	assert.Equal(t, hookchain.CauseLink, got.Cause)
}
