package qwen_test

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
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/harness/qwen"
	"github.com/hookchain/hookchain/process"
)

// qwenInput is the hook input Qwen writes for e.
func qwenInput(t testing.TB, e hookchain.Event) string {
	b, err := json.Marshal(qwen.InputFor(e, harness.SessionInfo{ID: "s", Cwd: t.TempDir()}, time.Now(), "toolu_1_abc"))
	require.NoError(t, err)
	return string(b)
}

func qwenLink(t *testing.T, h hookchain.Hook, program, script string) hookchain.Link {
	l, err := qwen.Link("hook", h, hookchain.Any(), profiletest.Hook(t, program, script), harness.SessionInfo{})
	require.NoError(t, err)
	return l
}

// Every row of the answer table, as the one hook of Qwen: the exact
// stdout, stderr and exit status, and what Qwen makes of them (Decide).
func TestAChainAnswersQwenInTheFormQwenReads(t *testing.T) {
	pre, post := hookchain.BeforeTool, hookchain.AfterTool
	sleepy := hookchain.Before("slow", hookchain.Any(), func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		<-ctx.Done()
		return hookchain.Outcome{}, ctx.Err()
	}).Timeout(50 * time.Millisecond)
	chain := func(links ...hookchain.Link) func(*testing.T) *hookchain.Chain {
		return func(*testing.T) *hookchain.Chain { return hookchain.New(links...) }
	}
	denial := func(reason string) harness.Reply {
		b, _ := json.Marshal(reason)
		return profiletest.Line(`{"decision":"deny","reason":` + string(b) + `,"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":` + string(b) + `}}`)
	}
	withheld := func(reason string) harness.Reply {
		b, _ := json.Marshal(reason)
		return profiletest.Line(`{"continue":false,"stopReason":` + string(b) + `}`)
	}
	tests := []struct {
		name  string
		chain func(t *testing.T) *hookchain.Chain
		event hookchain.Event
		reply harness.Reply
		qwen  hookchain.Outcome // Qwen's reading of the reply
	}{
		{"an allow is said with nothing", func(t *testing.T) *hookchain.Chain { return hookchain.New(qwenLink(t, pre, "bash", "allow.sh")) },
			shell("ls"), harness.Reply{}, hookchain.Allow()},
		{"a denial is permissionDecision deny, and decision deny, with the chain's reason",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(qwenLink(t, pre, "python3", "deny.py")) }, write("/etc/hosts"),
			denial("denied by hook: writes outside the project are not allowed"),
			hookchain.Deny("denied by hook: writes outside the project are not allowed")},
		{"a rewrite is a denial that says so: Qwen cannot run one",
			chain(profiletest.GoLink("dry-run", pre, hookchain.Modify(json.RawMessage(`{"command":"terraform plan"}`), ""))), shell("terraform apply"),
			denial(`qwen cannot run a rewritten input, so the call is denied; the chain would run it with {"command":"terraform plan"}`),
			hookchain.Deny(`qwen cannot run a rewritten input, so the call is denied; the chain would run it with {"command":"terraform plan"}`)},
		{"an ask the user would answer is permissionDecision ask",
			func(*testing.T) *hookchain.Chain {
				return hookchain.New(profiletest.GoLink("push-guard", pre, hookchain.Ask("pushes to a shared branch"))).WithApprover(profiletest.DeferToUser())
			}, shell("git push"),
			profiletest.Line(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"approval pending (asked by push-guard: pushes to a shared branch)"}}`),
			hookchain.Ask("approval pending (asked by push-guard: pushes to a shared branch)")},
		{"an ask about a rewritten call is a denial that says so",
			func(*testing.T) *hookchain.Chain {
				return hookchain.New(profiletest.GoLink("push-guard", pre, hookchain.AskAbout(json.RawMessage(`{"command":"git push -n"}`), "dry run?"))).WithApprover(profiletest.DeferToUser())
			}, shell("git push"),
			denial(`qwen cannot run a rewritten input, so the call is denied; the chain would ask about {"command":"git push -n"}`),
			hookchain.Deny(`qwen cannot run a rewritten input, so the call is denied; the chain would ask about {"command":"git push -n"}`)},
		{"an ask without an approver is the chain's denial",
			chain(profiletest.GoLink("push-guard", pre, hookchain.Ask("pushes to a shared branch"))), shell("git push"),
			denial("approval needed but not obtained: no approver is configured (asked by push-guard: pushes to a shared branch)"),
			hookchain.Deny("approval needed but not obtained: no approver is configured (asked by push-guard: pushes to a shared branch)")},
		{"a note before the call is additionalContext, named after its link",
			chain(profiletest.GoLink("hint", pre, hookchain.Allow().WithNote("use pnpm"))), shell("npm i"),
			profiletest.Line(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"hint: use pnpm"}}`),
			hookchain.Allow().WithNote("hint: use pnpm")},
		{"a note after the call is additionalContext",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(qwenLink(t, post, "bash", "context.sh")) }, shellResult("ok"),
			profiletest.Line(`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"hook: this repository uses &lt;pnpm&gt; (PostToolUse)"}}`),
			hookchain.Allow().WithNote("hook: this repository uses &lt;pnpm&gt; (PostToolUse)")},
		{"a denial after the call is continue false, whose reason the model sees in place of the output",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(qwenLink(t, post, "bash", "stop.sh")) }, shellResult("FAIL"),
			withheld("denied by hook: the test suite is red"), hookchain.Deny("denied by hook: the test suite is red")},
		{"a replacement is continue false with the replacement's text",
			chain(profiletest.GoLink("redact", post, hookchain.Replace(hookchain.Text("token=[redacted]"), false, "redacted a token"))), shellResult("token=abc"),
			withheld("token=[redacted]"), hookchain.Deny("token=[redacted]")},
		{"an empty replacement still withholds the output",
			chain(profiletest.GoLink("erase", post, hookchain.Replace(hookchain.Text(""), false, ""))), shellResult("x"),
			withheld("the tool's output was replaced with nothing"), hookchain.Deny("the tool's output was replaced with nothing")},
		{"a Qwen hook that fails lets the call go on, as in Qwen",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(qwenLink(t, pre, "python3", "crash.py")) }, shell("ls"),
			harness.Reply{}, hookchain.Allow()},
		{"a link that fails closed denies, and Qwen is told why",
			chain(hookchain.Before("policy", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Outcome{}, errors.New("the policy server is unreachable")
			})), shell("ls"),
			denial("policy failed and denies on failure: the policy server is unreachable"),
			hookchain.Deny("policy failed and denies on failure: the policy server is unreachable")},
		{"a link that outruns its time denies",
			chain(sleepy), shell("ls"),
			denial("slow failed and denies on failure: timed out after 50ms"),
			hookchain.Deny("slow failed and denies on failure: timed out after 50ms")},
		{"a link that panics denies",
			chain(hookchain.Before("buggy", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				panic("nil map")
			})), shell("ls"),
			denial("buggy failed and denies on failure: panic: nil map"),
			hookchain.Deny("buggy failed and denies on failure: panic: nil map")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := profiletest.Served(qwen.Profile(), tt.chain(t), qwenInput(t, tt.event))
			assert.Equal(t, string(tt.reply.Stdout), string(got.Stdout))
			assert.Equal(t, tt.reply, got)
			read, err := qwen.Decide(tt.event, process.Result{ExitCode: got.Exit, Stdout: got.Stdout, Stderr: got.Stderr})
			require.NoError(t, err, "Qwen would count the answer as a failed hook, and run the call")
			assert.Equal(t, tt.qwen, read)
		})
	}
}

// A cancelled run (the CLI gave up on its hook, or the program was told
// to stop) is the chain's denial, in Qwen's form.
func TestACancelledRunIsADenialQwenReads(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	wait := hookchain.New(hookchain.Before("wait", hookchain.Any(), func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		<-ctx.Done()
		return hookchain.Outcome{}, ctx.Err()
	}))
	r := qwen.Answer(ctx, wait, []byte(qwenInput(t, shell("ls"))))
	assert.Equal(t, 0, r.Exit)
	got, err := qwen.Decide(shell("ls"), process.Result{ExitCode: r.Exit, Stdout: r.Stdout, Stderr: r.Stderr})
	require.NoError(t, err)
	assert.Equal(t, hookchain.Denied, got.Verdict, string(r.Stdout))
}

// What hookchain will not judge blocks, in the one form Qwen reads as a
// denial at both tool-call events: exit status 2, and decision deny with
// continue false on stderr (and on stdout, for a reply with a body only).
func TestAnInputHookchainWillNotJudgeIsBlocked(t *testing.T) {
	allowAll := hookchain.New(profiletest.GoLink("allow", hookchain.BeforeTool, hookchain.Allow()))
	refused := func(reason string) harness.Reply {
		b, _ := json.Marshal("hookchain: " + reason)
		line := []byte(`{"continue":false,"stopReason":` + string(b) + `,"decision":"deny","reason":` + string(b) + "}\n")
		return harness.Reply{Stdout: line, Stderr: line, Exit: 2}
	}
	tests := []struct {
		name  string
		input string
		want  harness.Reply
	}{
		{"not JSON", `PreToolUse`, refused("the hook input is not valid JSON")},
		{"not valid UTF-8", "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"\xff\"}", refused("the hook input is not valid UTF-8: byte 0xff at offset 45")},
		{"a key given twice inside the tool's input", `{"hook_event_name":"PreToolUse","tool_name":"run_shell_command","tool_input":{"command":"ls","command":"rm -rf /"}}`,
			refused(`the hook input is ambiguous: an object in it has the key "command" twice`)},
		{"a key alike but for case to Qwen's", `{"hook_event_name":"PreToolUse","tool_name":"read_file","Tool_Name":"run_shell_command","tool_input":{}}`,
			refused(`the hook input has the key "Tool_Name", which Go's encoding/json reads as "tool_name"`)},
		{"an object that is not a hook input", `[]`, refused("the hook input is not a Qwen hook input: not a JSON object")},
		{"no event", `{"tool_name":"read_file","tool_input":{}}`, refused("the hook input is not valid: it has no hook_event_name")},
		{"an event Qwen does not have", `{"hook_event_name":"BeforeTool","tool_name":"read_file","tool_input":{}}`, refused(`the hook input names the event "BeforeTool", which Qwen does not have`)},
		{"a tool call without its tool", `{"hook_event_name":"PreToolUse","tool_input":{}}`, refused("the PreToolUse hook input is not valid: it has no tool_name")},
		{"a tool input that is not an object", `{"hook_event_name":"PreToolUse","tool_name":"read_file","tool_input":"a"}`, refused("the PreToolUse hook input is not valid: its tool_input is not an object")},
		{"after the call without the response", `{"hook_event_name":"PostToolUse","tool_name":"read_file","tool_input":{}}`, refused("the PostToolUse hook input is not valid: its tool_response is not an object")},
		{"an event that is not a tool call stops the agent", `{"hook_event_name":"UserPromptSubmit","prompt":"hi"}`,
			profiletest.Line(`{"continue":false,"stopReason":"hookchain: UserPromptSubmit is not a tool call; this hook program judges tool calls only"}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, profiletest.Served(qwen.Profile(), allowAll, tt.input))
		})
	}
}

// An input too large, or one that cannot be read, is refused the same way.
func TestAnInputTooLargeIsRefused(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := qwen.Serve(context.Background(), hookchain.New(), strings.NewReader(strings.Repeat(" ", harness.MaxInput+1)), &stdout, &stderr)
	assert.Equal(t, 2, code)
	assert.Equal(t, stderr.String(), stdout.String())
	assert.Equal(t, `{"continue":false,"stopReason":"hookchain: the hook input is larger than 268435456 bytes","decision":"deny","reason":"hookchain: the hook input is larger than 268435456 bytes"}`+"\n", stderr.String())
}

func TestARefusalIsADenialToQwenAtBothEvents(t *testing.T) {
	r := qwen.Refusal("the hook input is larger than 268435456 bytes")
	for _, e := range []hookchain.Event{shell("ls"), shellResult("x")} {
		got, err := qwen.Decide(e, process.Result{ExitCode: r.Exit, Stdout: r.Stdout, Stderr: r.Stderr})
		require.NoError(t, err)
		assert.Equal(t, hookchain.Deny("hookchain: the hook input is larger than 268435456 bytes"), got, e.Hook.String())
	}
}

// Outcomes a chain never gives Qwen, answered as denials all the same:
// Qwen must not read any of them as a hook that failed.
func TestAnOutcomeQwenCannotBeToldIsADenial(t *testing.T) {
	tests := []struct {
		name  string
		event hookchain.Event
		o     hookchain.Outcome
		want  string
	}{
		{"a replacement before the call", shell("ls"), hookchain.Replace(hookchain.Text("x"), false, "r"),
			`{"decision":"deny","reason":"hookchain: the chain answered Replaced, which Qwen cannot be told: r","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"hookchain: the chain answered Replaced, which Qwen cannot be told: r"}}`},
		{"a rewrite that reached OutputFor undegraded", shell("ls"), hookchain.Modify(json.RawMessage(`{}`), "r"),
			`{"decision":"deny","reason":"hookchain: the chain answered Modified, which Qwen cannot be told: r","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"hookchain: the chain answered Modified, which Qwen cannot be told: r"}}`},
		{"a denial without a reason", shell("ls"), hookchain.Deny(" "),
			`{"decision":"deny","reason":"denied by hookchain, whose chain gave no reason","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by hookchain, whose chain gave no reason"}}`},
		{"a rewrite after the call", shellResult("x"), hookchain.Modify(json.RawMessage(`{}`), ""),
			`{"continue":false,"stopReason":"hookchain: the chain answered Modified after the call, which Qwen cannot be told"}`},
		{"an ask after the call", shellResult("x"), hookchain.Ask("sure?"),
			`{"continue":false,"stopReason":"hookchain: the chain answered Asked after the call, which Qwen cannot be told"}`},
		{"a denial after the call without a reason", shellResult("x"), hookchain.Deny(""),
			`{"continue":false,"stopReason":"denied by hookchain, whose chain gave no reason"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := qwen.OutputFor(tt.event, tt.o)
			assert.Equal(t, tt.want+"\n", string(r.Stdout))
			assert.Equal(t, 0, r.Exit)
			o, err := qwen.Decide(tt.event, process.Result{Stdout: r.Stdout})
			require.NoError(t, err)
			assert.Equal(t, hookchain.Denied, o.Verdict)
		})
	}
}
