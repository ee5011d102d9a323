package factory_test

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
	"github.com/hookchain/hookchain/harness/factory"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/process"
)

func session(t *testing.T) harness.SessionInfo {
	return harness.SessionInfo{ID: "droid-1", Cwd: t.TempDir(), TranscriptPath: "/tmp/droid/session.jsonl", PermissionMode: "auto-low"}
}

func shell(command string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Execute",
		Input: json.RawMessage(`{"command":"` + command + `","riskLevel":"low"}`)}
}

func create(path string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Create",
		Input: json.RawMessage(`{"file_path":"` + path + `","content":"x"}`)}
}

func shellResult(output string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.AfterTool, Tool: "Execute",
		Input: json.RawMessage(`{"command":"env"}`), Output: hookchain.Text(output)}
}

// Every row of Droid's reading of a hook, from a real hook program written
// as Droid documents hooks, in a chain that runs it as Droid would: a hook
// that fails lets the call go on, and the trail says why.
func TestADroidHookInAChainAnswersAsDroidReadsIt(t *testing.T) {
	cmd := func(spec process.Spec) string { return factory.CommandSpec(spec, harness.SessionInfo{}).String() }
	none := func(string) hookchain.Outcome { return hookchain.Outcome{} }
	denied := func(reason string) func(string) hookchain.Outcome {
		return func(string) hookchain.Outcome { return profiletest.Denied(reason) }
	}
	tests := []struct {
		name  string
		spec  process.Spec
		event hookchain.Event
		want  func(command string) hookchain.Outcome
	}{
		{"a hook that says nothing lets the call run", profiletest.Hook(t, "bash", "allow.sh"), shell("ls"), none},
		{"exit status 2 denies with stderr", profiletest.Hook(t, "bash", "block-rm.sh"), shell("rm -rf /"), denied("recursive delete is not allowed here")},
		{"exit status 2 denies over an allow on stdout", profiletest.Hook(t, "bash", "json-exit2.sh"), shell("ls"), denied("exit 2 blocks")},
		{"exit status 2 with nothing said still denies", profiletest.Hook(t, "bash", "silent-exit2.sh"), shell("ls"), denied("blocked by a Factory Droid hook that gave no reason")},
		{"permissionDecision deny denies with its reason", profiletest.Hook(t, "python3", "deny.py"), create("/etc/hosts"), denied("writes outside the project are not allowed")},
		{"the deprecated decision block denies with its reason", profiletest.Hook(t, "python3", "legacy-block.py"), shell("ls"), denied("the legacy form blocks too")},
		{"updatedInput is a patch over the call's input", profiletest.Hook(t, "node", "dry-run.js"), shell("terraform apply"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Verdict: hookchain.Modified, Reason: "hook", Input: json.RawMessage(`{"command":"terraform plan","riskLevel":"low"}`),
				Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Modified}}}
		}},
		{"permissionDecision ask asks, and a chain without an approver denies", profiletest.Hook(t, "python3", "ask.py"), shell("git push"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "approval needed but not obtained: no approver is configured (asked by hook: pushes need a human)", Cause: hookchain.CauseNoApproval,
				Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Asked, Reason: "pushes need a human"}, {Name: "approver", Verdict: hookchain.Denied, Fault: "no approver is configured", Approver: true}}}
		}},
		{"a decision word Droid does not have denies rather than guesses", profiletest.Hook(t, "bash", "unknown.sh"), shell("ls"),
			denied(`the hook's answer gives the permissionDecision "maybe", which Droid does not have; denied rather than guessed`)},
		{"additionalContext after the call is a note", profiletest.Hook(t, "bash", "context.sh"), shellResult("ok"), func(string) hookchain.Outcome {
			return hookchain.Outcome{Notes: []hookchain.Note{{Link: "hook", Text: "run the linter next"}}}
		}},
		{"additionalContext before the call is not read", profiletest.Hook(t, "bash", "context.sh"), shell("npm test"), none},
		{"decision block after the call denies with its reason", profiletest.Hook(t, "bash", "post-block.sh"), shellResult("AKIA"), denied("the output holds a secret")},
		{"continue false stops, with the stopReason", profiletest.Hook(t, "bash", "stop.sh"), shell("make"), denied("stop requested: the build is red")},
		{"plain text at exit 0 decides nothing", profiletest.Hook(t, "bash", "text.sh"), shell("ls"), none},
		{"JSON that does not parse is a failure", profiletest.Hook(t, "bash", "bad-json.sh"), shell("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": gave no valid answer: stdout looks like JSON but is not one JSON object`)
		}},
		{"exit status 1 is a failure", profiletest.Hook(t, "python3", "crash.py"), shell("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 1; stderr: "boom"`)
		}},
		{"a hook that outruns its timeout is a failure Droid runs the call past", process.Spec{Shell: "sleep 30", Timeout: 300 * time.Millisecond}, shell("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": timed out after 300ms`)
		}},
		{"a program that is not there is a failure", process.Spec{Shell: "no-such-droid-hook", Timeout: 10 * time.Second}, shell("ls"), func(c string) hookchain.Outcome {
			return profiletest.Fault(`hook "` + c + `": exited with status 127; stderr: "bash: line 1: no-such-droid-hook: command not found"`)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			link, err := factory.Link("hook", tt.event.Hook, hookchain.Any(), tt.spec, session(t))
			require.NoError(t, err)
			got := hookchain.New(link).Run(context.Background(), tt.event)
			assert.Equal(t, tt.want(cmd(tt.spec)), got)
		})
	}
}

// A hook is told what Droid tells it: Droid's input on stdin, the
// session's directory as its working directory, the project in
// FACTORY_PROJECT_DIR.
func TestADroidHookIsGivenDroidsInputEnvironmentAndDirectory(t *testing.T) {
	s := session(t)
	s.Project = t.TempDir()
	record := filepath.Join(t.TempDir(), "input.json")
	link, err := factory.Link("hook", hookchain.AfterTool, hookchain.Any(), profiletest.Hook(t, "bash", "record.sh", record), s)
	require.NoError(t, err)
	got := hookchain.New(link).Run(context.Background(), shellResult("ok"))
	assert.Equal(t, hookchain.Outcome{}, got)
	b, err := os.ReadFile(record)
	require.NoError(t, err)
	assert.JSONEq(t, `{"session_id":"droid-1","transcript_path":"/tmp/droid/session.jsonl","cwd":"`+s.Cwd+`","permission_mode":"auto-low",`+
		`"hook_event_name":"PostToolUse","tool_name":"Execute","tool_input":{"command":"env"},"tool_response":"ok"}`, string(b))

	link, err = factory.Link("hook", hookchain.BeforeTool, hookchain.Any(), profiletest.Hook(t, "bash", "where.sh"), s)
	require.NoError(t, err)
	got = hookchain.New(link).Run(context.Background(), shell("ls"))
	assert.Equal(t, profiletest.Denied("project="+s.Project+" cwd="+s.Cwd), got)
}

// Droid runs a call whose hook failed; a chain that must not builds the
// link itself, and the same failure denies.
func TestADroidHookBuiltIntoAPlainLinkFailsClosed(t *testing.T) {
	spec := profiletest.Hook(t, "python3", "crash.py")
	fn, err := factory.CompileCommand(spec, session(t))
	require.NoError(t, err)
	got := hookchain.New(hookchain.Before("hook", hookchain.Any(), fn)).Run(context.Background(), shell("ls"))
	fault := `hook "` + factory.CommandSpec(spec, harness.SessionInfo{}).String() + `": exited with status 1; stderr: "boom"`
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "hook failed and denies on failure: " + fault, DecidedBy: "hook", Cause: hookchain.CauseFailure,
		Trail: []hookchain.Step{{Name: "hook", Verdict: hookchain.Denied, Fault: fault}}}, got)
}

func TestCommandSpecRunsBashWithADefaultTimeout(t *testing.T) {
	got := factory.CommandSpec(process.Spec{Shell: "guard", Env: []string{"FACTORY_PROJECT_DIR=/mine"}}, harness.SessionInfo{Cwd: "/w"})
	assert.Equal(t, []string{"bash", "-c", "guard"}, got.Args)
	assert.Equal(t, "/w", got.Dir)
	assert.Equal(t, factory.DefaultTimeout, got.Timeout)
	assert.Equal(t, process.InheritAll, got.Inherit)
	assert.Equal(t, []string{"FACTORY_PROJECT_DIR=/w", "FACTORY_PROJECT_DIR=/mine"}, got.Env, "the hook's own env comes last, and wins")
}
