package factory_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
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

// droidInput is the hook input Droid writes for e.
func droidInput(t testing.TB, e hookchain.Event) string {
	b, err := json.Marshal(factory.InputFor(e, harness.SessionInfo{ID: "s", Cwd: t.TempDir()}))
	require.NoError(t, err)
	return string(b)
}

func droidLink(t *testing.T, h hookchain.Hook, program, script string) hookchain.Link {
	l, err := factory.Link("hook", h, hookchain.Any(), profiletest.Hook(t, program, script), harness.SessionInfo{})
	require.NoError(t, err)
	return l
}

func blocked(reason string) harness.Reply {
	return harness.Reply{Stderr: []byte(reason + "\n"), Exit: 2}
}

// Every row of the answer table, as the one hook of Droid: the exact
// stdout, stderr and exit status, and what Droid makes of them (Decide).
func TestAChainAnswersDroidInTheFormDroidReads(t *testing.T) {
	pre, post := hookchain.BeforeTool, hookchain.AfterTool
	sleepy := hookchain.Before("slow", hookchain.Any(), func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		<-ctx.Done()
		return hookchain.Outcome{}, ctx.Err()
	}).Timeout(50 * time.Millisecond)
	panics := hookchain.Before("buggy", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		panic("nil map")
	})
	chain := func(links ...hookchain.Link) func(*testing.T) *hookchain.Chain {
		return func(*testing.T) *hookchain.Chain { return hookchain.New(links...) }
	}
	tests := []struct {
		name  string
		chain func(t *testing.T) *hookchain.Chain
		event hookchain.Event
		reply harness.Reply
		droid hookchain.Outcome // Droid's reading of the reply
	}{
		{"an allow is said with nothing, which leaves Droid's permission prompt as it is",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(droidLink(t, pre, "bash", "allow.sh")) },
			shell("ls"), harness.Reply{}, hookchain.Allow()},
		{"a denial is exit status 2 with the chain's reason on stderr",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(droidLink(t, pre, "python3", "deny.py")) }, create("/etc/hosts"),
			blocked("denied by hook: writes outside the project are not allowed"),
			hookchain.Deny("denied by hook: writes outside the project are not allowed")},
		{"a rewrite is permissionDecision allow with the whole input as updatedInput",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(droidLink(t, pre, "node", "dry-run.js")) }, shell("terraform apply"),
			profiletest.Line(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"terraform plan","riskLevel":"low"}}}`),
			hookchain.Modify(json.RawMessage(`{"command":"terraform plan","riskLevel":"low"}`), "")},
		{"a rewrite that drops a key is a denial: Droid would patch it back",
			chain(profiletest.GoLink("strip", pre, hookchain.Modify(json.RawMessage(`{"command":"ls"}`), ""))), shell("ls"),
			blocked(`hookchain: the chain rewrote the call, but Factory Droid patches the call's input with a rewrite, and would keep riskLevel; the chain would run it with {"command":"ls"}`),
			hookchain.Deny(`hookchain: the chain rewrote the call, but Factory Droid patches the call's input with a rewrite, and would keep riskLevel; the chain would run it with {"command":"ls"}`)},
		{"an ask the user would answer is permissionDecision ask with its reason",
			func(*testing.T) *hookchain.Chain {
				return hookchain.New(profiletest.GoLink("push-guard", pre, hookchain.Ask("pushes to a shared branch"))).WithApprover(profiletest.DeferToUser())
			}, shell("git push"),
			profiletest.Line(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"approval pending (asked by push-guard: pushes to a shared branch)"}}`),
			hookchain.Ask("approval pending (asked by push-guard: pushes to a shared branch)")},
		{"an ask without an approver is the chain's denial",
			chain(profiletest.GoLink("push-guard", pre, hookchain.Ask("pushes to a shared branch"))), shell("git push"),
			blocked("approval needed but not obtained: no approver is configured (asked by push-guard: pushes to a shared branch)"),
			hookchain.Deny("approval needed but not obtained: no approver is configured (asked by push-guard: pushes to a shared branch)")},
		{"a note after the call is additionalContext, named after its link",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(droidLink(t, post, "bash", "context.sh")) }, shellResult("ok"),
			profiletest.Line(`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"hook: run the linter next"}}`),
			hookchain.Allow().WithNote("hook: run the linter next")},
		{"a note before the call is not said: Droid reads no context there",
			chain(profiletest.GoLink("hint", pre, hookchain.Allow().WithNote("use pnpm"))), shell("npm i"), harness.Reply{}, hookchain.Allow()},
		{"a denial after the call is exit status 2, whose stderr Droid feeds back to the model",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(droidLink(t, post, "bash", "post-block.sh")) }, shellResult("AKIA"),
			blocked("denied by hook: the output holds a secret"), hookchain.Deny("denied by hook: the output holds a secret")},
		{"a replacement is a denial: Droid cannot replace a tool's output",
			chain(profiletest.GoLink("redact", post, hookchain.Replace(hookchain.Text("token=[redacted]"), false, "redacted a token"))), shellResult("token=abc"),
			blocked("factory cannot replace a tool's output, so it is withheld: redact: redacted a token"),
			hookchain.Deny("factory cannot replace a tool's output, so it is withheld: redact: redacted a token")},
		{"a stop is continue false's denial, said as a block",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(droidLink(t, pre, "bash", "stop.sh")) }, shell("make"),
			blocked("denied by hook: stop requested: the build is red"), hookchain.Deny("denied by hook: stop requested: the build is red")},
		{"a Droid hook that fails lets the call go on, as in Droid",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(droidLink(t, pre, "python3", "crash.py")) }, shell("ls"),
			harness.Reply{}, hookchain.Allow()},
		{"a link that fails closed denies, and Droid is told why",
			chain(hookchain.Before("policy", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Outcome{}, errors.New("the policy server is unreachable")
			})), shell("ls"),
			blocked("policy failed and denies on failure: the policy server is unreachable"),
			hookchain.Deny("policy failed and denies on failure: the policy server is unreachable")},
		{"a link that panics denies", chain(panics), shell("ls"),
			blocked("buggy failed and denies on failure: panic: nil map"), hookchain.Deny("buggy failed and denies on failure: panic: nil map")},
		{"a link that outruns its time denies", chain(sleepy), shell("ls"),
			blocked("slow failed and denies on failure: timed out after 50ms"), hookchain.Deny("slow failed and denies on failure: timed out after 50ms")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := profiletest.Served(factory.Profile(), tt.chain(t), droidInput(t, tt.event))
			assert.Equal(t, string(tt.reply.Stderr), string(got.Stderr))
			assert.Equal(t, tt.reply, got)
			read, err := factory.Decide(tt.event, process.Result{ExitCode: got.Exit, Stdout: got.Stdout, Stderr: got.Stderr})
			require.NoError(t, err, "Droid would count the answer as a failed hook, and run the call")
			assert.Equal(t, tt.droid, read)
		})
	}
}

func TestACancelledRunIsABlock(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	allow := hookchain.New(profiletest.GoLink("allow", hookchain.BeforeTool, hookchain.Allow()))
	code := factory.Serve(ctx, allow, strings.NewReader(droidInput(t, shell("ls"))), &stdout, &stderr)
	assert.Equal(t, 2, code)
	assert.Empty(t, stdout.String())
	assert.NotEmpty(t, stderr.String())
}

// What hookchain will not judge blocks, in the one form Droid reads as a
// block at every tool-call event: exit status 2, nothing on stdout, and
// the reason on stderr.
func TestAnInputHookchainWillNotJudgeIsBlocked(t *testing.T) {
	allowAll := hookchain.New(profiletest.GoLink("allow", hookchain.BeforeTool, hookchain.Allow()))
	refused := func(reason string) harness.Reply { return blocked("hookchain: " + reason) }
	tests := []struct {
		name  string
		input string
		want  harness.Reply
	}{
		{"not JSON", `PreToolUse`, refused("the hook input is not valid JSON")},
		{"not UTF-8", "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Execute\",\"tool_input\":{\"command\":\"rm \xff\"}}", refused("the hook input is not valid UTF-8: byte 0xff at offset 82")},
		{"a key given twice inside the tool's input", `{"hook_event_name":"PreToolUse","tool_name":"Execute","tool_input":{"command":"ls","command":"rm -rf /"}}`,
			refused(`the hook input is ambiguous: an object in it has the key "command" twice`)},
		{"a key alike but for case to Droid's", `{"hook_event_name":"PreToolUse","tool_name":"Read","Tool_Name":"Execute","tool_input":{}}`,
			refused(`the hook input has the key "Tool_Name", which Go's encoding/json reads as "tool_name"`)},
		{"the camelCase input of Droid's older versions", `{"sessionId":"s","transcriptPath":"/t.jsonl","cwd":"/w","permissionMode":"off","hookEventName":"PreToolUse","tool_name":"Execute","tool_input":{"command":"rm -rf /"}}`,
			refused("the hook input is in the camelCase form of Factory Droid's older versions (hookEventName, permissionMode, sessionId, transcriptPath), which hookchain does not read; update Droid")},
		{"an object that is not a hook input", `[]`, refused("the hook input is not a Factory Droid hook input: not a JSON object")},
		{"no event", `{"tool_name":"Read","tool_input":{}}`, refused("the hook input is not valid: it has no hook_event_name")},
		{"an event Droid does not have", `{"hook_event_name":"BeforeTool","tool_name":"Read","tool_input":{}}`, refused(`the hook input names the event "BeforeTool", which Factory Droid does not have`)},
		{"a tool call without its tool", `{"hook_event_name":"PreToolUse","tool_input":{}}`, refused("the PreToolUse hook input is not valid: it has no tool_name")},
		{"a tool input that is not an object", `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":"a"}`, refused("the PreToolUse hook input is not valid: its tool_input is not an object")},
		{"after the call without the response", `{"hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{}}`, refused("the PostToolUse hook input is not valid: it has no tool_response")},
		{"an event that is not a tool call stops Droid", `{"hook_event_name":"UserPromptSubmit","prompt":"hi"}`,
			profiletest.Line(`{"continue":false,"stopReason":"hookchain: UserPromptSubmit is not a tool call; this hook program judges tool calls only"}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, profiletest.Served(factory.Profile(), allowAll, tt.input))
		})
	}
}

func TestARefusalIsABlockToDroidAtBothEvents(t *testing.T) {
	r := factory.Refusal("the hook input is larger than 268435456 bytes")
	for _, e := range []hookchain.Event{shell("ls"), shellResult("x")} {
		got, err := factory.Decide(e, process.Result{ExitCode: r.Exit, Stdout: r.Stdout, Stderr: r.Stderr})
		require.NoError(t, err)
		assert.Equal(t, hookchain.Deny("hookchain: the hook input is larger than 268435456 bytes"), got)
	}
}

// Outcomes a chain never gives Droid, answered as blocks all the same:
// Droid must not read any of them as a hook that failed.
func TestAnOutcomeDroidCannotBeToldIsABlock(t *testing.T) {
	tests := []struct {
		name  string
		event hookchain.Event
		o     hookchain.Outcome
		want  string
	}{
		{"a rewrite that is not an object", shell("ls"), hookchain.Modify(json.RawMessage(`["ls"]`), ""),
			`hookchain: the chain rewrote the call, but Factory Droid takes only an object as a rewritten input; the chain would run it with ["ls"]`},
		{"a replacement before the call", shell("ls"), hookchain.Replace(hookchain.Text("x"), false, "r"),
			`hookchain: the chain answered Replaced, which Factory Droid cannot be told: r`},
		{"a denial without a reason", shell("ls"), hookchain.Deny(" "), `denied by hookchain, whose chain gave no reason`},
		{"a rewrite after the call", shellResult("x"), hookchain.Modify(json.RawMessage(`{}`), "m"),
			`hookchain: the chain answered Modified after the call, which Factory Droid cannot be told: m`},
		{"a denial after the call with notes keeps them", shellResult("x"), hookchain.Deny("no").WithNote("see the runbook"),
			"no\n\nsee the runbook"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := factory.OutputFor(tt.event, tt.o)
			assert.Equal(t, blocked(tt.want), r)
			o, err := factory.Decide(tt.event, process.Result{ExitCode: r.Exit, Stdout: r.Stdout, Stderr: r.Stderr})
			require.NoError(t, err)
			assert.Equal(t, hookchain.Denied, o.Verdict)
		})
	}
}
