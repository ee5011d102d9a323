package gemini_test

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
	"github.com/hookchain/hookchain/harness/gemini"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/process"
)

func session(t *testing.T) harness.SessionInfo {
	return harness.SessionInfo{ID: "gem-sess-1", Cwd: t.TempDir(), TranscriptPath: "/tmp/chats/session-1.json"}
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

// Every row of Gemini's reading of a hook, from a real hook program written
// as Gemini documents hooks, in a chain that runs it as Gemini would: a
// hook that fails lets the call go on, and the trail says why.
func TestAGeminiHookInAChainAnswersAsGeminiReadsIt(t *testing.T) {
	cmd := func(spec process.Spec) string { return gemini.CommandSpec(spec, harness.SessionInfo{}).String() }
	none := func(string) hookchain.Outcome { return hookchain.Outcome{} }
	tests := []struct {
		name  string
		spec  process.Spec
		event hookchain.Event
		want  func(command string) hookchain.Outcome
	}{
		{"decision allow lets the call run", profiletest.Hook(t, "bash", "allow.sh"), shell("ls"), none},
		{"exit status 2 denies with stderr", profiletest.Hook(t, "bash", "block-rm.sh"), shell("rm -rf /"), func(string) hookchain.Outcome {
			return profiletest.Denied("recursive delete is not allowed here")
		}},
		{"decision deny denies with its reason", profiletest.Hook(t, "python3", "deny.py"), write("/etc/hosts"), func(string) hookchain.Outcome {
			return profiletest.Denied("writes outside the project are not allowed")
		}},
		{"tool_input is merged over the call's input", profiletest.Hook(t, "node", "dry-run.js"), shell("terraform apply"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Verdict: hookchain.Modified, Reason: "hook", Input: json.RawMessage(`{"command":"terraform plan","description":"run it"}`),
				Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Modified}}}
		}},
		{"decision ask asks, with the systemMessage, and a chain without an approver denies", profiletest.Hook(t, "python3", "ask.py"), shell("git push"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "approval needed but not obtained: no approver is configured (asked by hook: push to the remote?)", Cause: hookchain.CauseNoApproval,
				Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Asked, Reason: "push to the remote?"}, {Name: "approver", Verdict: hookchain.Denied, Fault: "no approver is configured", Approver: true}}}
		}},
		{"additionalContext after the call is a note", profiletest.Hook(t, "bash", "context.sh"), shellResult("ok"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Notes: []hookchain.Note{{Link: "hook", Text: "this repository uses pnpm (AfterTool)"}}}
		}},
		{"additionalContext before the call is not read", profiletest.Hook(t, "bash", "context.sh"), shell("npm test"), none},
		{"a denial after the call withholds the output behind its reason", profiletest.Hook(t, "node", "redact.js"), shellResult("AKIAIOSFODNN7EXAMPLE"), func(string) hookchain.Outcome {
			return profiletest.Denied("[output withheld: it holds an AWS key]")
		}},
		{"tool_output replaces the output", profiletest.Hook(t, "python3", "replace-output.py"), shellResult("the secret is out"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Verdict: hookchain.Replaced, Reason: "hook", Output: hookchain.Text("the [redacted] is out"),
				Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Replaced}}}
		}},
		{"continue false stops, with the stopReason", profiletest.Hook(t, "bash", "stop.sh"), shellResult("FAIL"), func(string) hookchain.Outcome {
			return profiletest.Denied("stop requested: the test suite is red")
		}},
		{"plain text at exit 0 is for the user, and the call runs", profiletest.Hook(t, "bash", "text.sh", "ls"), shell("ls"), none},
		{"plain text at an exit status above 2 denies with it", profiletest.Hook(t, "bash", "text.sh", "ls", "3"), shell("ls"), func(string) hookchain.Outcome {
			return profiletest.Denied("checked ls")
		}},
		{"a program that is not there denies with bash's complaint", process.Spec{Shell: "no-such-gemini-hook", Timeout: 10 * time.Second}, shell("ls"), func(string) hookchain.Outcome {
			return profiletest.Denied("bash: line 1: no-such-gemini-hook: command not found")
		}},
		{"JSON decides at exit status 2", profiletest.Hook(t, "bash", "json-exit2.sh"), shell("ls"), none},
		{"exit status 2 with nothing said is a failure", profiletest.Hook(t, "bash", "silent-exit2.sh"), shell("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 2`)
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
			link, err := gemini.Link("hook", tt.event.Hook, hookchain.Any(), spec, session(t))
			require.NoError(t, err)
			got := hookchain.New(link).Run(context.Background(), tt.event)
			assert.Equal(t, tt.want(cmd(spec)), got)
		})
	}
}

// A hook is told what Gemini tells it: Gemini's input on stdin, the
// session's directory as its working directory and in GEMINI_PROJECT_DIR,
// GEMINI_CWD and CLAUDE_PROJECT_DIR, the session's id in GEMINI_SESSION_ID.
func TestAGeminiHookIsGivenGeminisInputEnvironmentAndDirectory(t *testing.T) {
	s := session(t)
	link, err := gemini.Link("hook", hookchain.AfterTool, hookchain.Any(), profiletest.Hook(t, "bash", "record.sh"), s)
	require.NoError(t, err)
	e := shellResult("ok")
	e.IsError = true
	got := hookchain.New(link).Run(context.Background(), e)
	require.Equal(t, hookchain.Denied, got.Verdict, got.Reason)
	var seen struct {
		Pwd, Project, Cwd, Claude, Session string
		Input                              map[string]any
		Stamp                              bool
	}
	require.NoError(t, json.Unmarshal([]byte(got.Trail[0].Reason), &seen))
	assert.Equal(t, []string{s.Cwd, s.Cwd, s.Cwd, s.Cwd, "gem-sess-1"}, []string{seen.Pwd, seen.Project, seen.Cwd, seen.Claude, seen.Session})
	assert.True(t, seen.Stamp, "timestamp is ISO 8601 in UTC, with milliseconds")
	assert.Equal(t, map[string]any{
		"session_id": "gem-sess-1", "transcript_path": "/tmp/chats/session-1.json", "cwd": s.Cwd, "hook_event_name": "AfterTool",
		"tool_name": "run_shell_command", "tool_input": map[string]any{"command": "env"},
		"tool_response": map[string]any{"llmContent": "ok", "returnDisplay": "ok", "error": map[string]any{"message": "ok"}},
	}, seen.Input)
}

// Gemini runs a call whose hook failed; a chain that must not builds the
// link itself, and the same failure denies.
func TestAGeminiHookBuiltIntoAPlainLinkFailsClosed(t *testing.T) {
	spec := profiletest.Hook(t, "python3", "crash.py")
	fn, err := gemini.CompileCommand(spec, session(t))
	require.NoError(t, err)
	got := hookchain.New(hookchain.Before("hook", hookchain.Any(), fn)).Run(context.Background(), shell("ls"))
	fault := `hook "` + gemini.CommandSpec(spec, harness.SessionInfo{}).String() + `": exited with status 1; stderr: "policy.yaml: no such file"`
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "hook failed and denies on failure: " + fault, DecidedBy: "hook", Cause: hookchain.CauseFailure,
		Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Fault: fault}}}, got)
}
