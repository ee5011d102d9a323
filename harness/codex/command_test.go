package codex_test

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
	"github.com/hookchain/hookchain/harness/codex"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/process"
)

// hook is the spec of a hook as Codex's configuration gives it: a command
// line, run by Codex's shell (here /bin/sh, for every machine's sake).
func hook(t testing.TB, program, name string) process.Spec {
	spec := profiletest.Hook(t, program, name)
	spec.Env = []string{"SHELL=/bin/sh"}
	return spec
}

func session(t *testing.T) harness.SessionInfo {
	return harness.SessionInfo{ID: "019a-sess", Turn: "turn-3", Cwd: t.TempDir(), Model: "gpt-5-codex", PermissionMode: "default"}
}

func shell(command string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "call_1",
		Input: json.RawMessage(`{"command":"` + command + `"}`)}
}

func shellResult(output string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", CallID: "call_1",
		Input: json.RawMessage(`{"command":"env"}`), Output: json.RawMessage(`"` + output + `"`)}
}

// Every row of Codex's answer table, read from a real hook program written
// as Codex documents hooks, in a chain that runs it as Codex would: a hook
// that fails lets the call go on, and the trail says why.
func TestACodexHookInAChainAnswersAsCodexReadsIt(t *testing.T) {
	cmd := func(spec process.Spec) string { return codex.CommandSpec(spec, harness.SessionInfo{}).String() }
	tests := []struct {
		name    string
		program string
		script  string
		event   hookchain.Event
		want    func(command string) hookchain.Outcome
	}{
		{"an allow is silence", "bash", "allow.sh", shell("ls"), func(string) hookchain.Outcome { return hookchain.Outcome{} }},
		{"exit status 2 denies with stderr", "bash", "block-rm.sh", shell("rm -rf /"), func(string) hookchain.Outcome {
			return profiletest.Denied("recursive delete is not allowed here")
		}},
		{"permissionDecision deny denies with its reason", "python3", "deny.py", shell("cp a /etc/"), func(string) hookchain.Outcome {
			return profiletest.Denied("writes outside the project are not allowed")
		}},
		{"allow with updatedInput rewrites the call", "node", "dry-run.js", shell("terraform apply"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Verdict: hookchain.Modified, Reason: "hook", Input: json.RawMessage(`{"command":"terraform plan"}`),
				Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Modified}}}
		}},
		{"additionalContext before the call is a note", "bash", "context.sh", shell("npm test"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Notes: []hookchain.Note{{Link: "hook", Text: "this repository uses pnpm (PreToolUse)"}}}
		}},
		{"additionalContext after the call is a note", "bash", "context.sh", shellResult("ok"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Notes: []hookchain.Note{{Link: "hook", Text: "this repository uses pnpm (PostToolUse)"}}}
		}},
		{"a block after the call withholds the output behind its reason", "node", "redact.js", shellResult("AKIAIOSFODNN7EXAMPLE"), func(string) hookchain.Outcome {
			return profiletest.Denied("[output withheld: it holds an AWS key]")
		}},
		{"continue false after the call stops, with the stopReason", "bash", "stop.sh", shellResult("FAIL"), func(string) hookchain.Outcome {
			return profiletest.Denied("stop requested: the test suite is red")
		}},
		{"ask is a failure, and the call goes on", "python3", "ask.py", shell("git push"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": gave no valid answer: permissionDecision "ask" is not supported`)
		}},
		{"updatedToolOutput is outside Codex's schema: a failure, and the output stays", "python3", "replace-output.py", shellResult("secret"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": gave no valid answer: the answer is not in Codex's schema: unknown field "updatedToolOutput" in hookSpecificOutput`)
		}},
		{"an exit status other than 0 and 2 is a failure", "python3", "crash.py", shell("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 1; stderr: "policy.yaml: no such file"`)
		}},
		{"a hook that outruns its time is a failure", "bash", "slow.sh", shell("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": timed out after 300ms`)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := hook(t, tt.program, tt.script)
			if tt.script == "slow.sh" {
				spec.Timeout = 300 * time.Millisecond
			}
			link, err := codex.Link("hook", tt.event.Hook, hookchain.Any(), spec, session(t))
			require.NoError(t, err)
			got := hookchain.New(link).Run(context.Background(), tt.event)
			assert.Equal(t, tt.want(cmd(spec)), got)
		})
	}
}

// Codex runs a call whose hook failed; a chain that must not builds the
// link itself, and the same failure denies.
func TestACodexHookBuiltIntoAPlainLinkFailsClosed(t *testing.T) {
	spec := hook(t, "python3", "ask.py")
	fn, err := codex.CompileCommand(spec, session(t))
	require.NoError(t, err)
	got := hookchain.New(hookchain.Before("hook", hookchain.Any(), fn)).Run(context.Background(), shell("git push"))
	fault := `hook "` + codex.CommandSpec(spec, harness.SessionInfo{}).String() + `": gave no valid answer: permissionDecision "ask" is not supported`
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "hook failed and denies on failure: " + fault, DecidedBy: "hook", Cause: hookchain.CauseFailure,
		Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Fault: fault}}}, got)
}

// Codex runs a call whose hook could not start; but a hook that could not
// start because the agent removed its working directory is a guard the
// call disarmed, and the call is denied.
func TestAHookWhoseDirectoryIsGoneDeniesEvenWhenItFailsOpen(t *testing.T) {
	s := session(t)
	s.Cwd = filepath.Join(s.Cwd, "removed")
	spec := hook(t, "bash", "allow.sh")
	link, err := codex.Link("hook", hookchain.BeforeTool, hookchain.Any(), spec, s)
	require.NoError(t, err)
	got := hookchain.New(link).Run(context.Background(), shell("rm -rf ."))
	fault := `hook "` + codex.CommandSpec(spec, harness.SessionInfo{}).String() + `": could not start: its working directory ` + s.Cwd + ": no such file or directory"
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "hook failed and denies on failure: " + fault, DecidedBy: "hook", Cause: hookchain.CauseFailure,
		Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Fault: fault}}}, got)
}
