package qwen_test

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
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/harness/qwen"
	"github.com/hookchain/hookchain/process"
)

func session(t *testing.T) harness.SessionInfo {
	return harness.SessionInfo{ID: "qwen-sess-1", Cwd: t.TempDir(), TranscriptPath: "/tmp/chats/session-1.jsonl"}
}

func shell(command string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "run_shell_command",
		Input: json.RawMessage(`{"command":"` + command + `","description":"run it"}`)}
}

func write(path string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "write_file",
		Input: json.RawMessage(`{"file_path":"` + path + `","content":"x"}`)}
}

func shellResult(output string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.AfterTool, Tool: "run_shell_command",
		Input: json.RawMessage(`{"command":"env"}`), Output: hookchain.Text(output)}
}

// Every row of Qwen's reading of a hook, from a real hook program written
// as Qwen documents hooks, in a chain that runs it as Qwen would: a hook
// that fails lets the call go on, and the trail says why.
func TestAQwenHookInAChainAnswersAsQwenReadsIt(t *testing.T) {
	cmd := func(spec process.Spec) string { return qwen.CommandSpec(spec, harness.SessionInfo{}).String() }
	none := func(string) hookchain.Outcome { return hookchain.Outcome{} }
	tests := []struct {
		name  string
		spec  process.Spec
		event hookchain.Event
		want  func(command string) hookchain.Outcome
	}{
		{"permissionDecision allow lets the call run", profiletest.Hook(t, "bash", "allow.sh"), shell("ls"), none},
		{"exit status 2 denies with stderr, stdout ignored", profiletest.Hook(t, "bash", "block-rm.sh"), shell("rm -rf /"), func(string) hookchain.Outcome {
			return profiletest.Denied("recursive delete is not allowed here")
		}},
		{"exit status 2 with nothing said still denies", profiletest.Hook(t, "bash", "silent-exit2.sh"), shell("ls"), func(string) hookchain.Outcome {
			return profiletest.Denied("Hook exited with a blocking error")
		}},
		{"permissionDecision deny denies with its reason", profiletest.Hook(t, "python3", "deny.py"), write("/etc/hosts"), func(string) hookchain.Outcome {
			return profiletest.Denied("writes outside the project are not allowed")
		}},
		{"permissionDecision ask asks, and a chain without an approver denies", profiletest.Hook(t, "python3", "ask.py"), shell("git push"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "approval needed but not obtained: no approver is configured (asked by hook: push to the remote?)", Cause: hookchain.CauseNoApproval,
				Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Asked, Reason: "push to the remote?"}, {Name: "approver", Verdict: hookchain.Denied, Fault: "no approver is configured", Approver: true}}}
		}},
		{"updatedInput, which Qwen's scheduler does not read, is denied rather than guessed", profiletest.Hook(t, "node", "rewrite.js"), shell("terraform apply"), func(string) hookchain.Outcome {
			return profiletest.Denied("the hook's answer has updatedInput, which Qwen's documentation says rewrites the call and its scheduler does not read; denied rather than guessed")
		}},
		{"additionalContext before the call is a note, escaped as Qwen escapes it", profiletest.Hook(t, "bash", "context.sh"), shell("npm test"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Notes: []hookchain.Note{{Link: "hook", Text: "this repository uses &lt;pnpm&gt; (PreToolUse)"}}}
		}},
		{"additionalContext after the call is a note", profiletest.Hook(t, "bash", "context.sh"), shellResult("ok"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Notes: []hookchain.Note{{Link: "hook", Text: "this repository uses &lt;pnpm&gt; (PostToolUse)"}}}
		}},
		{"continue false before the call stops, with the stopReason", profiletest.Hook(t, "bash", "stop.sh"), shell("ls"), func(string) hookchain.Outcome {
			return profiletest.Denied("stop requested: the test suite is red")
		}},
		{"continue false after the call withholds the output behind its reason", profiletest.Hook(t, "bash", "stop.sh"), shellResult("FAIL"), func(string) hookchain.Outcome {
			return profiletest.Denied("the test suite is red")
		}},
		{"a decision after the call has no effect", profiletest.Hook(t, "bash", "json-exit1.sh"), shellResult("ok"), none},
		{"an answer at exit status 1 still decides", profiletest.Hook(t, "bash", "json-exit1.sh"), shell("git push"), func(string) hookchain.Outcome {
			return profiletest.Denied("the branch is protected")
		}},
		{"plain text at exit 0 is for the user, and the call runs", profiletest.Hook(t, "bash", "text.sh", "ls"), shell("ls"), none},
		{"plain text at another exit status is a failure", profiletest.Hook(t, "bash", "text.sh", "ls", "3"), shell("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 3`)
		}},
		{"exit status 2 after the call blocks nothing: a failure", profiletest.Hook(t, "bash", "silent-exit2.sh"), shellResult("ok"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 2`)
		}},
		{"a program that is not there is a failure", process.Spec{Shell: "no-such-qwen-hook", Timeout: 10 * time.Second}, shell("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 127; stderr: "bash: line 1: no-such-qwen-hook: command not found"`)
		}},
		{"exit status 1 is a failure", profiletest.Hook(t, "python3", "crash.py"), shell("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 1; stderr: "policy.yaml: no such file"`)
		}},
		{"a hook that outruns its time is a failure", profiletest.Hook(t, "bash", "slow.sh"), shell("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": timed out after 300ms`)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := tt.spec
			if filepath.Base(spec.Shell) == "slow.sh" {
				spec.Timeout = 300 * time.Millisecond
			}
			link, err := qwen.Link("hook", tt.event.Hook, hookchain.Any(), spec, session(t))
			require.NoError(t, err)
			got := hookchain.New(link).Run(context.Background(), tt.event)
			assert.Equal(t, tt.want(cmd(spec)), got)
		})
	}
}

// A hook is told what Qwen tells it: Qwen's input on stdin, the session's
// directory as its working directory, in QWEN_PROJECT_DIR,
// GEMINI_PROJECT_DIR and CLAUDE_PROJECT_DIR, and in place of
// "$CLAUDE_PROJECT_DIR" in its command line.
func TestAQwenHookIsGivenQwensInputEnvironmentAndDirectory(t *testing.T) {
	s := session(t)
	s.Cwd = filepath.Join(s.Cwd, "it's here")
	require.NoError(t, mkdir(s.Cwd))
	s.PermissionMode, s.AgentID, s.AgentType = "yolo", "agent-7", "Explorer"
	spec := profiletest.Hook(t, "bash", "record.sh", "$CLAUDE_PROJECT_DIR")
	link, err := qwen.Link("hook", hookchain.AfterTool, hookchain.Any(), spec, s)
	require.NoError(t, err)
	got := hookchain.New(link).Run(context.Background(), shellResult("ok"))
	require.Equal(t, hookchain.Denied, got.Verdict, got.Reason)
	var seen struct {
		Pwd, Qwen, Gemini, Claude, Arg string
		Input                          map[string]any
		Stamp, ID                      bool
	}
	require.NoError(t, json.Unmarshal([]byte(got.Trail[0].Reason), &seen))
	assert.Equal(t, []string{s.Cwd, s.Cwd, s.Cwd, s.Cwd, s.Cwd}, []string{seen.Pwd, seen.Qwen, seen.Gemini, seen.Claude, seen.Arg})
	assert.True(t, seen.Stamp, "timestamp is ISO 8601 in UTC, with milliseconds")
	assert.True(t, seen.ID, "tool_use_id is Qwen's toolu_MILLISECONDS_RANDOM")
	assert.Equal(t, map[string]any{
		"session_id": "qwen-sess-1", "transcript_path": "/tmp/chats/session-1.jsonl", "cwd": s.Cwd, "hook_event_name": "PostToolUse",
		"permission_mode": "yolo", "agent_id": "agent-7", "agent_type": "Explorer",
		"tool_name": "run_shell_command", "tool_input": map[string]any{"command": "env"},
		"tool_response": map[string]any{"llmContent": "ok", "returnDisplay": "ok"},
	}, seen.Input)
}

// Qwen runs a call whose hook failed; a chain that must not builds the
// link itself, and the same failure denies.
func TestAQwenHookBuiltIntoAPlainLinkFailsClosed(t *testing.T) {
	spec := profiletest.Hook(t, "python3", "crash.py")
	fn, err := qwen.CompileCommand(spec, session(t))
	require.NoError(t, err)
	got := hookchain.New(hookchain.Before("hook", hookchain.Any(), fn)).Run(context.Background(), shell("ls"))
	fault := `hook "` + qwen.CommandSpec(spec, harness.SessionInfo{}).String() + `": exited with status 1; stderr: "policy.yaml: no such file"`
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "hook failed and denies on failure: " + fault, DecidedBy: "hook", Cause: hookchain.CauseFailure,
		Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Fault: fault}}}, got)
	assert.Panics(t, func() { qwen.Command(process.Spec{}, harness.SessionInfo{}) })
}

func TestADefaultSessionIsInQwensDefaultPermissionMode(t *testing.T) {
	in := qwen.InputFor(write("a"), harness.SessionInfo{}, time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC), "toolu_1_a")
	assert.Equal(t, qwen.Input{HookEventName: "PreToolUse", Timestamp: "2026-12-02T10:00:00.000Z", PermissionMode: "default",
		ToolName: "write_file", ToolInput: json.RawMessage(`{"file_path":"a","content":"x"}`), ToolUseID: "toolu_1_a"}, in)
	b, err := json.Marshal(qwen.InputFor(hookchain.Event{Hook: hookchain.BeforeTool, Tool: "glob"}, harness.SessionInfo{}, time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC), "toolu_1_a"))
	require.NoError(t, err)
	assert.JSONEq(t, `{"session_id":"","transcript_path":"","cwd":"","hook_event_name":"PreToolUse","timestamp":"2026-12-02T10:00:00.000Z",
		"permission_mode":"default","tool_name":"glob","tool_input":{},"tool_use_id":"toolu_1_a"}`, string(b))
}

func mkdir(dir string) error { return os.MkdirAll(dir, 0o755) }
