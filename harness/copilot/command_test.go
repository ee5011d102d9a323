package copilot_test

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
	"github.com/hookchain/hookchain/harness/copilot"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/process"
)

func session(t *testing.T) harness.SessionInfo {
	return harness.SessionInfo{ID: "cop-sess-1", Cwd: t.TempDir()}
}

func shell(command string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "bash",
		Input: json.RawMessage(`{"command":"` + command + `","description":"run it"}`)}
}

func create(path string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "create",
		Input: json.RawMessage(`{"path":"` + path + `","file_text":"x"}`)}
}

func shellResult(output string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.AfterTool, Tool: "bash",
		Input: json.RawMessage(`{"command":"env"}`), Output: hookchain.Text(output)}
}

// errored is the denial of a link named "hook" whose failure denied.
func errored(text string) hookchain.Outcome {
	return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "hook failed and denies on failure: " + text, DecidedBy: "hook", Cause: hookchain.CauseFailure,
		Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Fault: text}}}
}

// Every row of Copilot's reading of a hook, from a real hook program
// written as Copilot documents hooks, in a chain that runs it as Copilot
// would: before the call a hook that errors denies and one that times out
// does not; after the call nothing a failed hook does holds the output.
func TestACopilotHookInAChainAnswersAsCopilotReadsIt(t *testing.T) {
	cmd := func(spec process.Spec) string { return copilot.CommandSpec(spec, harness.SessionInfo{}).String() }
	none := func(string) hookchain.Outcome { return hookchain.Outcome{} }
	tests := []struct {
		name  string
		spec  process.Spec
		event hookchain.Event
		want  func(command string) hookchain.Outcome
	}{
		{"permissionDecision allow lets the call run, past a progress line", profiletest.Hook(t, "bash", "allow.sh"), shell("ls"), none},
		{"permissionDecision deny denies with its reason", profiletest.Hook(t, "python3", "deny.py"), create("/etc/hosts"), func(string) hookchain.Outcome {
			return profiletest.Denied("writes outside the project are not allowed")
		}},
		{"modifiedArgs rewrites the call", profiletest.Hook(t, "node", "dry-run.js"), shell("terraform apply"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Verdict: hookchain.Modified, Reason: "hook", Input: json.RawMessage(`{"command":"terraform plan","description":"run it"}`),
				Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Modified}}}
		}},
		{"permissionDecision ask asks, and a chain without an approver denies", profiletest.Hook(t, "python3", "ask.py"), shell("git push"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "approval needed but not obtained: no approver is configured (asked by hook: push to the remote?)", Cause: hookchain.CauseNoApproval,
				Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Asked, Reason: "push to the remote?"}, {Name: "approver", Verdict: hookchain.Denied, Fault: "no approver is configured", Approver: true}}}
		}},
		{"modifiedResult replaces the output", profiletest.Hook(t, "python3", "redact.py"), shellResult("the secret is out"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Verdict: hookchain.Replaced, Reason: "hook", Output: hookchain.Text("the [redacted] is out"),
				Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Replaced}}}
		}},
		{"additionalContext after the call is a note", profiletest.Hook(t, "bash", "context.sh"), shellResult("ok"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Notes: []hookchain.Note{{Link: "hook", Text: "this repository uses pnpm (bash)"}}}
		}},
		{"additionalContext before the call is not read", profiletest.Hook(t, "bash", "context.sh"), shell("npm test"), none},
		{"a crash before the call denies though stdout says allow", profiletest.Hook(t, "python3", "crash.py"), shell("ls"), func(c string) hookchain.Outcome {
			return errored(`hook "` + c + `": exited with status 1; stderr: "policy.yaml: no such file"`)
		}},
		{"exit status 2 before the call denies though stdout says allow", profiletest.Hook(t, "bash", "exit2.sh"), shell("rm -rf /"), func(c string) hookchain.Outcome {
			return errored(`hook "` + c + `": exited with status 2; stderr: "recursive delete is not allowed here"`)
		}},
		{"a program that is not there denies before the call", process.Spec{Shell: "no-such-copilot-hook", Timeout: 10 * time.Second}, shell("ls"), func(c string) hookchain.Outcome {
			return errored(`hook "` + c + `": exited with status 127; stderr: "bash: line 1: no-such-copilot-hook: command not found"`)
		}},
		{"a timeout before the call lets it go on", profiletest.Hook(t, "bash", "slow.sh"), shell("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": timed out after 300ms`)
		}},
		{"a crash after the call lets the output go on", profiletest.Hook(t, "python3", "crash.py"), shellResult("ok"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 1; stderr: "policy.yaml: no such file"`)
		}},
		{"a timeout after the call lets the output go on", profiletest.Hook(t, "bash", "slow.sh"), shellResult("ok"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": timed out after 300ms`)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := tt.spec
			if filepath.Base(spec.Shell) == "slow.sh" {
				spec.Timeout = 300 * time.Millisecond
			}
			link, err := copilot.Link("hook", tt.event.Hook, hookchain.Any(), spec, session(t))
			require.NoError(t, err)
			got := hookchain.New(link).Run(context.Background(), tt.event)
			assert.Equal(t, tt.want(cmd(spec)), got)
		})
	}
}

// A hook is told what Copilot tells it: the camelCase input, toolArgs as a
// JSON text and the timestamp in milliseconds, the entry's env, and the
// session's directory, under which a relative cwd is read.
func TestACopilotHookIsGivenCopilotsInputEnvironmentAndDirectory(t *testing.T) {
	s := session(t)
	require.NoError(t, os.Mkdir(filepath.Join(s.Cwd, "sub"), 0o755))
	spec := profiletest.Hook(t, "bash", "record.sh")
	spec.Env, spec.Dir = []string{"POLICY=strict"}, "sub"
	link, err := copilot.Link("hook", hookchain.AfterTool, hookchain.Any(), spec, s)
	require.NoError(t, err)
	got := hookchain.New(link).Run(context.Background(), shellResult("ok"))
	require.Equal(t, hookchain.Replaced, got.Verdict, got.Reason)
	var seen struct {
		Pwd, Policy string
		Input       map[string]any
		Stamp       bool
	}
	require.NoError(t, json.Unmarshal([]byte(harness.OutputText(got.Output)), &seen))
	assert.Equal(t, []string{filepath.Join(s.Cwd, "sub"), "strict"}, []string{seen.Pwd, seen.Policy})
	assert.True(t, seen.Stamp, "timestamp is Unix milliseconds")
	assert.Equal(t, map[string]any{
		"sessionId": "cop-sess-1", "cwd": s.Cwd, "toolName": "bash", "toolArgs": `{"command":"env"}`,
		"toolResult": map[string]any{"resultType": "success", "textResultForLlm": "ok"},
	}, seen.Input)
}

// Copilot fails open on a timeout; a chain that must not builds the link
// itself, and the same timeout denies.
func TestACopilotHookBuiltIntoAPlainLinkFailsClosed(t *testing.T) {
	spec := profiletest.Hook(t, "bash", "slow.sh")
	spec.Timeout = 300 * time.Millisecond
	fn, err := copilot.CompileCommand(spec, session(t))
	require.NoError(t, err)
	got := hookchain.New(hookchain.Before("hook", hookchain.Any(), fn)).Run(context.Background(), shell("ls"))
	assert.Equal(t, errored(`hook "`+copilot.CommandSpec(spec, harness.SessionInfo{}).String()+`": timed out after 300ms`), got)
}

// Copilot reads an entry's relative cwd from the repository root, and
// runs a hook without one where the session is.
func TestACopilotHooksRelativeCwdIsUnderTheRepositoryRoot(t *testing.T) {
	s := harness.SessionInfo{Cwd: "/repo/sub", Project: "/repo"}
	tests := []struct{ dir, want string }{
		{"", "/repo/sub"},
		{"scripts", "/repo/scripts"},
		{".", "/repo"},
		{"/abs", "/abs"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, copilot.CommandSpec(process.Spec{Shell: "x", Dir: tt.dir}, s).Dir, tt.dir)
	}
	assert.Equal(t, "/work/scripts", copilot.CommandSpec(process.Spec{Shell: "x", Dir: "scripts"}, harness.SessionInfo{Cwd: "/work"}).Dir,
		"the session's directory is the root when the project is not known apart from it")
}
