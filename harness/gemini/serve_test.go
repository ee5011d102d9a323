package gemini_test

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
	"github.com/hookchain/hookchain/harness/gemini"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/process"
)

// geminiInput is the hook input Gemini writes for e.
func geminiInput(t testing.TB, e hookchain.Event) string {
	b, err := json.Marshal(gemini.InputFor(e, harness.SessionInfo{ID: "s", Cwd: t.TempDir()}, time.Now()))
	require.NoError(t, err)
	return string(b)
}

func geminiLink(t *testing.T, h hookchain.Hook, program, script string) hookchain.Link {
	l, err := gemini.Link("hook", h, hookchain.Any(), profiletest.Hook(t, program, script), harness.SessionInfo{})
	require.NoError(t, err)
	return l
}

// Every row of the answer table, as the one hook of Gemini: the exact
// stdout, stderr and exit status, and what Gemini makes of them (Decide).
func TestAChainAnswersGeminiInTheFormGeminiReads(t *testing.T) {
	pre, post := hookchain.BeforeTool, hookchain.AfterTool
	sleepy := hookchain.Before("slow", hookchain.Any(), func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		<-ctx.Done()
		return hookchain.Outcome{}, ctx.Err()
	}).Timeout(50 * time.Millisecond)
	chain := func(links ...hookchain.Link) func(*testing.T) *hookchain.Chain {
		return func(*testing.T) *hookchain.Chain { return hookchain.New(links...) }
	}
	tests := []struct {
		name   string
		chain  func(t *testing.T) *hookchain.Chain
		event  hookchain.Event
		reply  harness.Reply
		gemini hookchain.Outcome // Gemini's reading of the reply
	}{
		{"an allow is said with nothing", func(t *testing.T) *hookchain.Chain { return hookchain.New(geminiLink(t, pre, "bash", "allow.sh")) },
			shell("ls"), harness.Reply{}, hookchain.Allow()},
		{"a denial is decision deny with the chain's reason",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(geminiLink(t, pre, "python3", "deny.py")) }, write("/etc/hosts"),
			profiletest.Line(`{"decision":"deny","reason":"denied by hook: writes outside the project are not allowed"}`),
			hookchain.Deny("denied by hook: writes outside the project are not allowed")},
		{"a rewrite is the whole rewritten input as tool_input",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(geminiLink(t, pre, "node", "dry-run.js")) }, shell("terraform apply"),
			profiletest.Line(`{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"terraform plan","description":"run it"}}}`),
			hookchain.Modify(json.RawMessage(`{"command":"terraform plan","description":"run it"}`), "")},
		{"a rewrite that drops a key is a denial: Gemini would merge it back",
			chain(profiletest.GoLink("strip", pre, hookchain.Modify(json.RawMessage(`{"command":"ls"}`), ""))), shell("ls"),
			profiletest.Line(`{"decision":"deny","reason":"hookchain: the chain rewrote the call, but Gemini merges a rewritten input into the model's, and would keep description; the chain would run it with {\"command\":\"ls\"}"}`),
			hookchain.Deny(`hookchain: the chain rewrote the call, but Gemini merges a rewritten input into the model's, and would keep description; the chain would run it with {"command":"ls"}`)},
		{"an ask the user would answer is decision ask, its reason also the user's message",
			func(*testing.T) *hookchain.Chain {
				return hookchain.New(profiletest.GoLink("push-guard", pre, hookchain.Ask("pushes to a shared branch"))).WithApprover(profiletest.DeferToUser())
			}, shell("git push"),
			profiletest.Line(`{"decision":"ask","reason":"approval pending (asked by push-guard: pushes to a shared branch)","systemMessage":"approval pending (asked by push-guard: pushes to a shared branch)"}`),
			hookchain.Ask("approval pending (asked by push-guard: pushes to a shared branch)")},
		{"an ask without an approver is the chain's denial",
			chain(profiletest.GoLink("push-guard", pre, hookchain.Ask("pushes to a shared branch"))), shell("git push"),
			profiletest.Line(`{"decision":"deny","reason":"approval needed but not obtained: no approver is configured (asked by push-guard: pushes to a shared branch)"}`),
			hookchain.Deny("approval needed but not obtained: no approver is configured (asked by push-guard: pushes to a shared branch)")},
		{"a note after the call is additionalContext, named after its link",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(geminiLink(t, post, "bash", "context.sh")) }, shellResult("ok"),
			profiletest.Line(`{"hookSpecificOutput":{"hookEventName":"AfterTool","additionalContext":"hook: this repository uses pnpm (AfterTool)"}}`),
			hookchain.Allow().WithNote("hook: this repository uses pnpm (AfterTool)")},
		{"a note before the call is not said: Gemini reads no context there",
			chain(profiletest.GoLink("hint", pre, hookchain.Allow().WithNote("use pnpm"))), shell("npm i"), harness.Reply{}, hookchain.Allow()},
		{"a denial after the call is decision deny, whose reason the model sees in place of the output",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(geminiLink(t, post, "node", "redact.js")) }, shellResult("AKIAIOSFODNN7EXAMPLE"),
			profiletest.Line(`{"decision":"deny","reason":"denied by hook: [output withheld: it holds an AWS key]"}`),
			hookchain.Deny("denied by hook: [output withheld: it holds an AWS key]")},
		{"a replacement is a denial whose reason is the replacement's text",
			chain(profiletest.GoLink("redact", post, hookchain.Replace(hookchain.Text("token=[redacted]"), false, "redacted a token"))), shellResult("token=abc"),
			profiletest.Line(`{"decision":"deny","reason":"token=[redacted]"}`), hookchain.Deny("token=[redacted]")},
		{"a replacement from a Gemini hook's tool_output is said the same way",
			func(t *testing.T) *hookchain.Chain {
				return hookchain.New(geminiLink(t, post, "python3", "replace-output.py"))
			}, shellResult("a secret"),
			profiletest.Line(`{"decision":"deny","reason":"a [redacted]"}`), hookchain.Deny("a [redacted]")},
		{"an empty replacement still withholds the output",
			chain(profiletest.GoLink("erase", post, hookchain.Replace(hookchain.Text(""), false, ""))), shellResult("x"),
			profiletest.Line(`{"decision":"deny","reason":"the tool's output was replaced with nothing"}`), hookchain.Deny("the tool's output was replaced with nothing")},
		{"a Gemini hook that fails lets the call go on, as in Gemini",
			func(t *testing.T) *hookchain.Chain { return hookchain.New(geminiLink(t, pre, "python3", "crash.py")) }, shell("ls"),
			harness.Reply{}, hookchain.Allow()},
		{"a link that fails closed denies, and Gemini is told why",
			chain(hookchain.Before("policy", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Outcome{}, errors.New("the policy server is unreachable")
			})), shell("ls"),
			profiletest.Line(`{"decision":"deny","reason":"policy failed and denies on failure: the policy server is unreachable"}`),
			hookchain.Deny("policy failed and denies on failure: the policy server is unreachable")},
		{"a link that outruns its time denies",
			chain(sleepy), shell("ls"),
			profiletest.Line(`{"decision":"deny","reason":"slow failed and denies on failure: timed out after 50ms"}`),
			hookchain.Deny("slow failed and denies on failure: timed out after 50ms")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := gemini.Serve(context.Background(), tt.chain(t), strings.NewReader(geminiInput(t, tt.event)), &stdout, &stderr)
			got := harness.Reply{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), Exit: code}
			if len(got.Stdout) == 0 {
				got.Stdout = nil
			}
			if len(got.Stderr) == 0 {
				got.Stderr = nil
			}
			assert.Equal(t, string(tt.reply.Stdout), string(got.Stdout))
			assert.Equal(t, tt.reply, got)
			read, err := gemini.Decide(tt.event, process.Result{ExitCode: got.Exit, Stdout: got.Stdout, Stderr: got.Stderr})
			require.NoError(t, err, "Gemini would count the answer as a failed hook, and run the call")
			assert.Equal(t, tt.gemini, read)
		})
	}
}

// What hookchain will not judge blocks, in the one form Gemini reads as a
// denial at every tool-call event: exit status 2, nothing on stdout, and
// the reason on stderr.
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
		{"not JSON", `BeforeTool`, refused("the hook input is not valid JSON")},
		{"a key given twice inside the tool's input", `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"ls","command":"rm -rf /"}}`,
			refused(`the hook input is ambiguous: an object in it has the key "command" twice`)},
		{"a key alike but for case to Gemini's", `{"hook_event_name":"BeforeTool","tool_name":"read_file","Tool_Name":"run_shell_command","tool_input":{}}`,
			refused(`the hook input has the key "Tool_Name", which Go's encoding/json reads as "tool_name"`)},
		{"an object that is not a hook input", `[]`, refused("the hook input is not a Gemini hook input: not a JSON object")},
		{"no event", `{"tool_name":"read_file","tool_input":{}}`, refused("the hook input is not valid: it has no hook_event_name")},
		{"an event Gemini does not have", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{}}`, refused(`the hook input names the event "PreToolUse", which Gemini does not have`)},
		{"a tool call without its tool", `{"hook_event_name":"BeforeTool","tool_input":{}}`, refused("the BeforeTool hook input is not valid: it has no tool_name")},
		{"a tool input that is not an object", `{"hook_event_name":"BeforeTool","tool_name":"read_file","tool_input":"a"}`, refused("the BeforeTool hook input is not valid: its tool_input is not an object")},
		{"after the call without the response", `{"hook_event_name":"AfterTool","tool_name":"read_file","tool_input":{}}`, refused("the AfterTool hook input is not valid: its tool_response is not an object")},
		{"an event that is not a tool call stops the agent", `{"hook_event_name":"BeforeAgent","prompt":"hi"}`,
			profiletest.Line(`{"continue":false,"stopReason":"hookchain: BeforeAgent is not a tool call; this hook program judges tool calls only"}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := gemini.Serve(context.Background(), allowAll, strings.NewReader(tt.input), &stdout, &stderr)
			assert.Equal(t, string(tt.want.Stdout), stdout.String())
			assert.Equal(t, string(tt.want.Stderr), stderr.String())
			assert.Equal(t, tt.want.Exit, code)
		})
	}
}

func TestARefusalIsADenialToGeminiAtBothEvents(t *testing.T) {
	r := gemini.Refusal("the hook input is larger than 268435456 bytes")
	for _, e := range []hookchain.Event{shell("ls"), shellResult("x")} {
		got, err := gemini.Decide(e, process.Result{ExitCode: r.Exit, Stdout: r.Stdout, Stderr: r.Stderr})
		require.NoError(t, err)
		assert.Equal(t, hookchain.Deny("hookchain: the hook input is larger than 268435456 bytes"), got)
	}
}

// Outcomes a chain never gives Gemini, answered as denials all the same:
// Gemini must not read any of them as a hook that failed.
func TestAnOutcomeGeminiCannotBeToldIsADenial(t *testing.T) {
	tests := []struct {
		name  string
		event hookchain.Event
		o     hookchain.Outcome
		want  string
	}{
		{"a rewrite that is not an object", shell("ls"), hookchain.Modify(json.RawMessage(`["ls"]`), ""),
			`{"decision":"deny","reason":"hookchain: the chain rewrote the call, but Gemini takes only an object as a rewritten input; the chain would run it with [\"ls\"]"}`},
		{"a replacement before the call", shell("ls"), hookchain.Replace(hookchain.Text("x"), false, "r"),
			`{"decision":"deny","reason":"hookchain: the chain answered Replaced, which Gemini cannot be told: r"}`},
		{"a denial without a reason", shell("ls"), hookchain.Deny(" "),
			`{"decision":"deny","reason":"denied by hookchain, whose chain gave no reason"}`},
		{"a rewrite after the call", shellResult("x"), hookchain.Modify(json.RawMessage(`{}`), ""),
			`{"decision":"deny","reason":"hookchain: the chain answered Modified after the call, which Gemini cannot be told"}`},
		{"a denial after the call without a reason", shellResult("x"), hookchain.Deny(""),
			`{"decision":"deny","reason":"denied by hookchain, whose chain gave no reason"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := gemini.OutputFor(tt.event, tt.o)
			assert.Equal(t, tt.want+"\n", string(r.Stdout))
			assert.Equal(t, 0, r.Exit)
			o, err := gemini.Decide(tt.event, process.Result{Stdout: r.Stdout})
			require.NoError(t, err)
			assert.Equal(t, hookchain.Denied, o.Verdict)
		})
	}
}
