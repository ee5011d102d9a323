package kiro_test

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
	"github.com/hookchain/hookchain/harness/kiro"
	"github.com/hookchain/hookchain/process"
)

func session(t *testing.T) harness.SessionInfo {
	return harness.SessionInfo{ID: "kiro-sess-1", Cwd: t.TempDir()}
}

func shell(command string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "execute_bash",
		Input: json.RawMessage(`{"command":"` + command + `","summary":"run it"}`)}
}

func write(path string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "fs_write",
		Input: json.RawMessage(`{"command":"create","path":"` + path + `","file_text":"x"}`)}
}

func shellResult(output string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.AfterTool, Tool: "execute_bash",
		Input: json.RawMessage(`{"command":"env"}`), Output: hookchain.Text(output)}
}

// Every row of Kiro's reading of a hook, from a real hook program written
// as Kiro documents hooks, in a chain that runs it as Kiro would: exit 2
// blocks before the call, and any other failure lets the call go on, the
// trail saying why.
func TestAKiroHookInAChainAnswersAsKiroReadsIt(t *testing.T) {
	cmd := func(spec process.Spec) string { return kiro.CommandSpec(spec, harness.SessionInfo{}).String() }
	none := func(string) hookchain.Outcome { return hookchain.Outcome{} }
	tests := []struct {
		name  string
		spec  process.Spec
		event hookchain.Event
		want  func(command string) hookchain.Outcome
	}{
		{"exit 0 lets the call run, whatever stdout says", profiletest.Hook(t, "bash", "allow.sh"), shell("ls"), none},
		{"exit 2 blocks with stderr", profiletest.Hook(t, "python3", "block-rm.py"), shell("rm -rf /"), func(string) hookchain.Outcome {
			return profiletest.Denied("recursive delete is not allowed here")
		}},
		{"a node hook's exit 2 blocks a write", profiletest.Hook(t, "node", "protect.js"), write("/etc/hosts"), func(string) hookchain.Outcome {
			return profiletest.Denied("writes outside the project are not allowed")
		}},
		{"exit 2 with nothing on stderr blocks all the same", profiletest.Hook(t, "bash", "silent2.sh"), shell("ls"), func(string) hookchain.Outcome {
			return profiletest.Denied("blocked by a hook that exited with status 2 and gave no reason")
		}},
		{"exit 1 lets the call go on, though stdout says block", profiletest.Hook(t, "python3", "crash.py"), shell("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 1; stderr: "policy.yaml: no such file"`)
		}},
		{"a program that is not there lets the call go on", process.Spec{Shell: "no-such-kiro-hook", Timeout: 10 * time.Second}, shell("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 127; stderr: "bash: line 1: no-such-kiro-hook: command not found"`)
		}},
		{"a timeout lets the call go on", profiletest.Hook(t, "bash", "slow.sh"), shell("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": timed out after 300ms`)
		}},
		{"exit 2 after the call is a warning: the output goes on", profiletest.Hook(t, "bash", "silent2.sh"), shellResult("ok"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 2`)
		}},
		{"exit 0 after the call lets the output go on", profiletest.Hook(t, "bash", "allow.sh"), shellResult("ok"), none},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := tt.spec
			if filepath.Base(spec.Shell) == "slow.sh" {
				spec.Timeout = 300 * time.Millisecond
			}
			link, err := kiro.Link("hook", tt.event.Hook, hookchain.Any(), spec, session(t))
			require.NoError(t, err)
			got := hookchain.New(link).Run(context.Background(), tt.event)
			assert.Equal(t, tt.want(cmd(spec)), got)
		})
	}
}

// A hook is told what Kiro tells it, and runs where Kiro runs it: the
// session's directory.
func TestAKiroHookIsGivenKirosInputAndDirectory(t *testing.T) {
	s := session(t)
	tests := []struct {
		event hookchain.Event
		input map[string]any
	}{
		{shell("ls"), map[string]any{"hook_event_name": "preToolUse", "cwd": s.Cwd, "tool_name": "execute_bash",
			"tool_input": map[string]any{"command": "ls", "summary": "run it"}}},
		{shellResult("ok"), map[string]any{"hook_event_name": "postToolUse", "cwd": s.Cwd, "tool_name": "execute_bash",
			"tool_input": map[string]any{"command": "env"}, "tool_response": map[string]any{"success": true, "result": []any{"ok"}}}},
		{hookchain.Event{Hook: hookchain.AfterTool, Tool: "fs_read", Output: json.RawMessage(`{"success":false,"result":["no such file"]}`), IsError: true},
			map[string]any{"hook_event_name": "postToolUse", "cwd": s.Cwd, "tool_name": "fs_read",
				"tool_input": map[string]any{}, "tool_response": map[string]any{"success": false, "result": []any{"no such file"}}}},
	}
	for _, tt := range tests {
		// Blocking with it is the one way a hook's words leave it; after
		// the call exit 2 is a failure, so the fault carries them.
		fn, err := kiro.CompileCommand(profiletest.Hook(t, "bash", "record.sh"), s)
		require.NoError(t, err)
		o, err := fn(context.Background(), tt.event)
		reason := o.Reason
		if tt.event.Hook == hookchain.AfterTool {
			var pe *process.Error
			require.ErrorAs(t, err, &pe)
			reason = pe.Stderr
		} else {
			require.NoError(t, err)
		}
		var seen struct {
			Pwd   string
			Input map[string]any
		}
		require.NoError(t, json.Unmarshal([]byte(reason), &seen), reason)
		assert.Equal(t, s.Cwd, seen.Pwd)
		assert.Equal(t, tt.input, seen.Input)
	}
}

// Kiro fails open; a chain that must not builds the link itself, and the
// same crash denies.
func TestAKiroHookBuiltIntoAPlainLinkFailsClosed(t *testing.T) {
	spec := profiletest.Hook(t, "python3", "crash.py")
	fn, err := kiro.CompileCommand(spec, session(t))
	require.NoError(t, err)
	got := hookchain.New(hookchain.Before("hook", hookchain.Any(), fn)).Run(context.Background(), shell("ls"))
	text := `hook "` + kiro.CommandSpec(spec, harness.SessionInfo{}).String() + `": exited with status 1; stderr: "policy.yaml: no such file"`
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "hook failed and denies on failure: " + text, DecidedBy: "hook", Cause: hookchain.CauseFailure,
		Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Fault: text}}}, got)
}

func TestKirosCommandSpecIsBashInTheSessionsDirectory(t *testing.T) {
	got := kiro.CommandSpec(process.Spec{Shell: "guard --strict"}, harness.SessionInfo{Cwd: "/work/app"})
	assert.Equal(t, process.Spec{Args: []string{"bash", "-c", "guard --strict"}, Dir: "/work/app", Timeout: kiro.DefaultTimeout, Inherit: process.InheritAll}, got)
	got = kiro.CommandSpec(process.Spec{Args: []string{"guard"}, Dir: "/elsewhere", Timeout: time.Second, Inherit: process.InheritBase}, harness.SessionInfo{Cwd: "/work/app"})
	assert.Equal(t, process.Spec{Args: []string{"guard"}, Dir: "/elsewhere", Timeout: time.Second, Inherit: process.InheritBase}, got)
}

// A hook that floods stderr past the cap before it exits 2 still blocks:
// the cap bounds what is kept, never what is decided.
func TestAHookThatFloodsStderrBeforeItExits2StillBlocks(t *testing.T) {
	link, err := kiro.Link("hook", hookchain.BeforeTool, hookchain.Any(),
		process.Spec{Shell: "cat >/dev/null; head -c 4000000 /dev/zero | tr '\\0' x >&2; exit 2", Timeout: 10 * time.Second}, session(t))
	require.NoError(t, err)
	got := hookchain.New(link).Run(context.Background(), shell("ls"))
	require.Equal(t, hookchain.Denied, got.Verdict)
	assert.Equal(t, "hook", got.DecidedBy)
	assert.Equal(t, hookchain.CauseLink, got.Cause)
}
