package codex_test

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
	"github.com/hookchain/hookchain/harness/codex"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/process"
)

// codexInput is the hook input Codex writes for e.
func codexInput(t testing.TB, e hookchain.Event) string {
	b, err := json.Marshal(codex.InputFor(e, harness.SessionInfo{ID: "s", Turn: "t", Cwd: t.TempDir()}))
	require.NoError(t, err)
	return string(b)
}

func codexLink(t *testing.T, h hookchain.Hook, program, script string) hookchain.Link {
	l, err := codex.Link("hook", h, hookchain.Any(), hook(t, program, script), harness.SessionInfo{})
	require.NoError(t, err)
	return l
}

// Every row of the answer table, as the one hook of Codex: the exact
// stdout, stderr and exit status, and what Codex makes of them (Decide,
// which reads by Codex's strict schema: a field Codex does not accept
// would be a failure here).
func TestAChainAnswersCodexInTheFormCodexReads(t *testing.T) {
	pre, post := hookchain.BeforeTool, hookchain.AfterTool
	sleepy := hookchain.Before("slow", hookchain.Any(), func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		<-ctx.Done()
		return hookchain.Outcome{}, ctx.Err()
	}).Timeout(50 * time.Millisecond)
	tests := []struct {
		name  string
		chain func(t *testing.T) *hookchain.Chain
		event hookchain.Event
		reply harness.Reply
		codex hookchain.Outcome // Codex's reading of the reply
	}{
		{"an allow is said with nothing", func(t *testing.T) *hookchain.Chain { return hookchain.New(codexLink(t, pre, "bash", "allow.sh")) },
			shell("ls"), harness.Reply{}, hookchain.Allow()},
		{"a denial is permissionDecision deny with the chain's reason",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(codexLink(t, pre, "python3", "deny.py")) }, shell("cp a /etc/"),
			harness.Reply{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by hook: writes outside the project are not allowed"}}` + "\n")},
			hookchain.Deny("denied by hook: writes outside the project are not allowed")},
		{"a rewrite is permissionDecision allow with updatedInput",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(codexLink(t, pre, "node", "dry-run.js")) }, shell("terraform apply"),
			harness.Reply{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"terraform plan"}}}` + "\n")},
			hookchain.Modify(json.RawMessage(`{"command":"terraform plan"}`), "")},
		{"a note before the call is additionalContext, named after its link",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(codexLink(t, pre, "bash", "context.sh")) }, shell("npm test"),
			harness.Reply{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"hook: this repository uses pnpm (PreToolUse)"}}` + "\n")},
			hookchain.Allow().WithNote("hook: this repository uses pnpm (PreToolUse)")},
		{"a note after the call is additionalContext",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(codexLink(t, post, "bash", "context.sh")) }, shellResult("ok"),
			harness.Reply{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"hook: this repository uses pnpm (PostToolUse)"}}` + "\n")},
			hookchain.Allow().WithNote("hook: this repository uses pnpm (PostToolUse)")},
		{"a denial with notes keeps them beside the reason",
			func(*testing.T) *hookchain.Chain {
				return hookchain.New(profiletest.GoLink("hint", pre, hookchain.Allow().WithNote("use pnpm")), profiletest.GoLink("guard", pre, hookchain.Deny("no installs")))
			}, shell("npm i"),
			harness.Reply{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by guard: no installs","additionalContext":"hint: use pnpm"}}` + "\n")},
			hookchain.Deny("denied by guard: no installs").WithNote("hint: use pnpm")},
		{"a denial after the call is a block, whose reason the model sees in place of the output",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(codexLink(t, post, "node", "redact.js")) }, shellResult("AKIAIOSFODNN7EXAMPLE"),
			harness.Reply{Stdout: []byte(`{"decision":"block","reason":"denied by hook: [output withheld: it holds an AWS key]"}` + "\n")},
			hookchain.Deny("denied by hook: [output withheld: it holds an AWS key]")},
		{"a replacement is a block whose reason is the replacement's text: Codex shows it as a failed call",
			func(*testing.T) *hookchain.Chain {
				return hookchain.New(profiletest.GoLink("redact", post, hookchain.Replace(hookchain.Text("token=[redacted]"), false, "redacted a token")))
			}, shellResult("token=abc"),
			harness.Reply{Stdout: []byte(`{"decision":"block","reason":"token=[redacted]"}` + "\n")},
			hookchain.Deny("token=[redacted]")},
		{"a replacement that is not text is shown as its JSON",
			func(*testing.T) *hookchain.Chain {
				return hookchain.New(profiletest.GoLink("shape", post, hookchain.Replace(json.RawMessage(`{"stdout":"x","exit_code":0}`), false, "")))
			}, shellResult("x"),
			harness.Reply{Stdout: []byte(`{"decision":"block","reason":"{\"stdout\":\"x\",\"exit_code\":0}"}` + "\n")},
			hookchain.Deny(`{"stdout":"x","exit_code":0}`)},
		{"an empty replacement still withholds the output",
			func(*testing.T) *hookchain.Chain {
				return hookchain.New(profiletest.GoLink("erase", post, hookchain.Replace(hookchain.Text(""), false, "")))
			}, shellResult("x"),
			harness.Reply{Stdout: []byte(`{"decision":"block","reason":"the tool's output was replaced with nothing"}` + "\n")},
			hookchain.Deny("the tool's output was replaced with nothing")},
		{"an ask the user would answer is a denial with the reason: Codex cannot ask",
			func(*testing.T) *hookchain.Chain {
				return hookchain.New(profiletest.GoLink("push-guard", pre, hookchain.Ask("pushes to a shared branch"))).WithApprover(profiletest.DeferToUser())
			}, shell("git push"),
			harness.Reply{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"codex cannot ask its user, so the call is denied: approval pending (asked by push-guard: pushes to a shared branch)"}}` + "\n")},
			hookchain.Deny("codex cannot ask its user, so the call is denied: approval pending (asked by push-guard: pushes to a shared branch)")},
		{"an ask without an approver is the chain's denial",
			func(*testing.T) *hookchain.Chain {
				return hookchain.New(profiletest.GoLink("push-guard", pre, hookchain.Ask("pushes to a shared branch")))
			}, shell("git push"),
			harness.Reply{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"approval needed but not obtained: no approver is configured (asked by push-guard: pushes to a shared branch)"}}` + "\n")},
			hookchain.Deny("approval needed but not obtained: no approver is configured (asked by push-guard: pushes to a shared branch)")},
		{"a Codex hook that fails lets the call go on, as in Codex",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(codexLink(t, pre, "python3", "crash.py")) }, shell("ls"),
			harness.Reply{}, hookchain.Allow()},
		{"a link that fails closed denies, and Codex is told why",
			func(*testing.T) *hookchain.Chain {
				return hookchain.New(hookchain.Before("policy", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
					return hookchain.Outcome{}, errors.New("the policy server is unreachable")
				}))
			}, shell("ls"),
			harness.Reply{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"policy failed and denies on failure: the policy server is unreachable"}}` + "\n")},
			hookchain.Deny("policy failed and denies on failure: the policy server is unreachable")},
		{"a link that outruns its time denies",
			func(*testing.T) *hookchain.Chain { return hookchain.New(sleepy) }, shell("ls"),
			harness.Reply{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"slow failed and denies on failure: timed out after 50ms"}}` + "\n")},
			hookchain.Deny("slow failed and denies on failure: timed out after 50ms")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := codex.Serve(context.Background(), tt.chain(t), strings.NewReader(codexInput(t, tt.event)), &stdout, &stderr)
			got := harness.Reply{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), Exit: code}
			if len(got.Stdout) == 0 {
				got.Stdout = nil
			}
			if len(got.Stderr) == 0 {
				got.Stderr = nil
			}
			assert.Equal(t, string(tt.reply.Stdout), string(got.Stdout))
			assert.Equal(t, tt.reply, got)
			read, err := codex.Decide(tt.event, process.Result{ExitCode: got.Exit, Stdout: got.Stdout, Stderr: got.Stderr})
			require.NoError(t, err, "Codex would count the answer as a failed hook, and run the call")
			assert.Equal(t, tt.codex, read)
		})
	}
}

// What hookchain will not judge blocks, in the one form Codex reads as a
// block at every tool-call event: exit status 2 with the reason on stderr.
func TestAnInputHookchainWillNotJudgeIsBlocked(t *testing.T) {
	allowAll := hookchain.New(profiletest.GoLink("allow", hookchain.BeforeTool, hookchain.Allow()))
	refused := func(reason string) harness.Reply {
		return harness.Reply{Stderr: []byte("hookchain: " + reason + "\n"), Exit: 2}
	}
	tests := []struct {
		name  string
		input string
		want  harness.Reply
	}{
		{"not JSON", `PreToolUse`, refused("the hook input is not valid JSON")},
		{"not valid UTF-8", "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Ba\xffsh\"}", refused("the hook input is not valid UTF-8: byte 0xff at offset 47")},
		{"a key given twice", `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_name":"Bash","tool_input":{}}`, refused(`the hook input is ambiguous: an object in it has the key "tool_name" twice`)},
		{"a key given twice inside the tool's input", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls","command":"rm -rf /"}}`,
			refused(`the hook input is ambiguous: an object in it has the key "command" twice`)},
		{"a key alike but for case to Codex's", `{"hook_event_name":"PreToolUse","tool_name":"Read","Tool_Name":"Bash","tool_input":{}}`,
			refused(`the hook input has the key "Tool_Name", which Go's encoding/json reads as "tool_name"`)},
		{"an object that is not a hook input", `[]`, refused("the hook input is not a Codex hook input: not a JSON object")},
		{"no event", `{"tool_name":"Bash","tool_input":{}}`, refused("the hook input is not valid: it has no hook_event_name")},
		{"an event Codex does not have", `{"hook_event_name":"pretooluse","tool_name":"Bash","tool_input":{}}`, refused(`the hook input names the event "pretooluse", which Codex does not have`)},
		{"a tool call without its tool", `{"hook_event_name":"PreToolUse","tool_input":{}}`, refused("the PreToolUse hook input is not valid: it has no tool_name")},
		{"a tool name that is not a string", `{"hook_event_name":"PreToolUse","tool_name":7,"tool_input":{}}`, refused("the PreToolUse hook input is not valid: its tool_name is not a string")},
		{"after the call without the response", `{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{}}`, refused("the PostToolUse hook input is not valid: it has no tool_response")},
		{"an event that is not a tool call ends the turn", `{"hook_event_name":"UserPromptSubmit","prompt":"hi"}`,
			harness.Reply{Stdout: []byte(`{"continue":false,"stopReason":"hookchain: UserPromptSubmit is not a tool call; this hook program judges tool calls only"}` + "\n")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := codex.Serve(context.Background(), allowAll, strings.NewReader(tt.input), &stdout, &stderr)
			assert.Equal(t, string(tt.want.Stdout), stdout.String())
			assert.Equal(t, string(tt.want.Stderr), stderr.String())
			assert.Equal(t, tt.want.Exit, code)
		})
	}
}

func TestARefusalIsABlockToCodexBeforeTheCall(t *testing.T) {
	r := codex.Refusal("the hook input is larger than 268435456 bytes")
	got, err := codex.Decide(shell("ls"), process.Result{ExitCode: r.Exit, Stdout: r.Stdout, Stderr: r.Stderr})
	require.NoError(t, err)
	assert.Equal(t, hookchain.Deny("hookchain: the hook input is larger than 268435456 bytes"), got)
}

// Outcomes a chain never gives Codex, answered as denials all the same:
// Codex must not read any of them as a hook that failed.
func TestAnOutcomeCodexCannotBeToldIsADenial(t *testing.T) {
	tests := []struct {
		name  string
		event hookchain.Event
		o     hookchain.Outcome
		want  string
	}{
		{"a rewrite without an input", shell("ls"), hookchain.Outcome{Verdict: hookchain.Modified},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"hookchain: the chain rewrote the call without giving an input"}}` + "\n"},
		{"an ask, not degraded", shell("ls"), hookchain.Ask("sure?"),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"hookchain: the chain answered Asked, which Codex cannot be told: sure?"}}` + "\n"},
		{"a denial without a reason", shell("ls"), hookchain.Deny(" "),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by hookchain, whose chain gave no reason"}}` + "\n"},
		{"a rewrite after the call", shellResult("x"), hookchain.Modify(json.RawMessage(`{}`), ""),
			`{"decision":"block","reason":"hookchain: the chain answered Modified after the call, which Codex cannot be told"}` + "\n"},
		{"a denial after the call without a reason", shellResult("x"), hookchain.Deny(""),
			`{"decision":"block","reason":"denied by hookchain, whose chain gave no reason"}` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := codex.OutputFor(tt.event, tt.o)
			assert.Equal(t, tt.want, string(r.Stdout))
			assert.Equal(t, 0, r.Exit)
			o, err := codex.Decide(tt.event, process.Result{Stdout: r.Stdout})
			require.NoError(t, err)
			assert.Equal(t, hookchain.Denied, o.Verdict)
		})
	}
}
