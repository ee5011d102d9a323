package kiro_test

import (
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
	"github.com/hookchain/hookchain/harness/kiro"
	"github.com/hookchain/hookchain/process"
)

// kiroInput is the hook input Kiro writes for e.
func kiroInput(t testing.TB, e hookchain.Event) string {
	b, err := json.Marshal(kiro.InputFor(e, harness.SessionInfo{Cwd: t.TempDir()}))
	require.NoError(t, err)
	return string(b)
}

func kiroChain(h hookchain.Hook, program, script string) func(*testing.T) *hookchain.Chain {
	return func(t *testing.T) *hookchain.Chain {
		l, err := kiro.Link("hook", h, hookchain.Any(), profiletest.Hook(t, program, script), harness.SessionInfo{})
		require.NoError(t, err)
		return hookchain.New(l)
	}
}

func blocked(reason string) harness.Reply {
	return harness.Reply{Stderr: []byte(reason + "\n"), Exit: 2}
}

// Every row of the answer table, as the one hook of Kiro: the exact
// stdout, stderr and exit status, and what Kiro makes of them (Decide).
func TestAChainAnswersKiroInTheFormKiroReads(t *testing.T) {
	pre, post := hookchain.BeforeTool, hookchain.AfterTool
	sleepy := hookchain.Before("slow", hookchain.Any(), func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		<-ctx.Done()
		return hookchain.Outcome{}, ctx.Err()
	}).Timeout(50 * time.Millisecond)
	chain := func(links ...hookchain.Link) func(*testing.T) *hookchain.Chain {
		return func(*testing.T) *hookchain.Chain { return hookchain.New(links...) }
	}
	deny := func(reason string) hookchain.Outcome { return hookchain.Deny(reason) }
	tests := []struct {
		name  string
		chain func(t *testing.T) *hookchain.Chain
		event hookchain.Event
		reply harness.Reply
		kiro  hookchain.Outcome // Kiro's reading of the reply
	}{
		{"an allow is exit 0 with nothing", kiroChain(pre, "bash", "allow.sh"), shell("ls"), harness.Reply{}, hookchain.Allow()},
		{"a denial is exit 2 with the chain's reason on stderr", kiroChain(pre, "python3", "block-rm.py"), shell("rm -rf /"),
			blocked("denied by hook: recursive delete is not allowed here"), deny("denied by hook: recursive delete is not allowed here")},
		{"an ask, which Kiro cannot put to its user, is a denial",
			func(*testing.T) *hookchain.Chain {
				return hookchain.New(profiletest.GoLink("push-guard", pre, hookchain.Ask("pushes to a shared branch"))).WithApprover(profiletest.DeferToUser())
			}, shell("git push"),
			blocked("kiro cannot ask its user, so the call is denied: approval pending (asked by push-guard: pushes to a shared branch)"),
			deny("kiro cannot ask its user, so the call is denied: approval pending (asked by push-guard: pushes to a shared branch)")},
		{"a rewrite, which Kiro cannot run, is a denial with the rewritten input",
			chain(profiletest.GoLink("dry-run", pre, hookchain.Modify(json.RawMessage(`{"command":"terraform plan"}`), ""))), shell("terraform apply"),
			blocked(`kiro cannot run a rewritten input, so the call is denied; the chain would run it with {"command":"terraform plan"}`),
			deny(`kiro cannot run a rewritten input, so the call is denied; the chain would run it with {"command":"terraform plan"}`)},
		{"a note before the call is not said: Kiro reads no context there",
			chain(profiletest.GoLink("hint", pre, hookchain.Allow().WithNote("use pnpm"))), shell("npm i"), harness.Reply{}, hookchain.Allow()},
		{"a note after the call is not said either", chain(profiletest.GoLink("hint", post, hookchain.Allow().WithNote("use pnpm"))), shellResult("ok"),
			harness.Reply{}, hookchain.Allow()},
		{"a replacement after the call, which Kiro cannot make, is exit 2: a warning to the user",
			chain(profiletest.GoLink("redact", post, hookchain.Replace(hookchain.Text("[redacted]"), false, "a key"))), shellResult("AKIA"),
			blocked("kiro cannot replace a tool's output, so it is withheld: redact: a key"), hookchain.Outcome{}},
		{"a denial after the call is exit 2 with the reason", chain(profiletest.GoLink("leak", post, hookchain.Deny("it holds an AWS key"))), shellResult("AKIA"),
			blocked("denied by leak: it holds an AWS key"), hookchain.Outcome{}},
		{"a Kiro hook that crashes lets the call go on, as in Kiro", kiroChain(pre, "python3", "crash.py"), shell("ls"), harness.Reply{}, hookchain.Allow()},
		{"a link that fails closed denies, and Kiro is told why",
			chain(hookchain.Before("policy", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Outcome{}, errors.New("the policy server is unreachable")
			})), shell("ls"),
			blocked("policy failed and denies on failure: the policy server is unreachable"), deny("policy failed and denies on failure: the policy server is unreachable")},
		{"a link that panics denies", chain(hookchain.Before("boom", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
			panic("nil map")
		})), shell("ls"), blocked("boom failed and denies on failure: panic: nil map"), deny("boom failed and denies on failure: panic: nil map")},
		{"a link that outruns its time denies", chain(sleepy), shell("ls"),
			blocked("slow failed and denies on failure: timed out after 50ms"), deny("slow failed and denies on failure: timed out after 50ms")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := profiletest.Served(kiro.Profile(), tt.chain(t), kiroInput(t, tt.event))
			assert.Equal(t, string(tt.reply.Stderr), string(got.Stderr))
			assert.Equal(t, tt.reply, got)
			read, err := kiro.Decide(tt.event, process.Result{ExitCode: got.Exit, Stdout: got.Stdout, Stderr: got.Stderr})
			if tt.event.Hook == hookchain.AfterTool && got.Exit == 2 {
				// Kiro has no answer after the call that reaches the model:
				// exit 2 is shown to its user.
				var status *harness.StatusError
				require.ErrorAs(t, err, &status)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.kiro, read)
		})
	}
}

// A chain run cancelled before it decides blocks the call.
func TestACancelledRunBlocksTheCall(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := hookchain.New(hookchain.Before("guard", hookchain.Any(), func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Outcome{}, ctx.Err()
	}))
	r := kiro.Answer(ctx, c, []byte(kiroInput(t, shell("ls"))))
	assert.Equal(t, 2, r.Exit)
	assert.Empty(t, r.Stdout)
	assert.NotEmpty(t, r.Stderr)
}

// What hookchain will not judge blocks: exit status 2 and the reason on
// stderr, which Kiro reads as a block before the call.
func TestAnInputHookchainWillNotJudgeIsBlocked(t *testing.T) {
	allowAll := hookchain.New(profiletest.GoLink("allow", hookchain.BeforeTool, hookchain.Allow()))
	refused := func(reason string) harness.Reply { return blocked("hookchain: " + reason) }
	tests := []struct {
		name  string
		input string
		want  harness.Reply
	}{
		{"not JSON", `preToolUse`, refused("the hook input is not valid JSON")},
		{"a key given twice inside the call's input", `{"hook_event_name":"preToolUse","tool_name":"execute_bash","tool_input":{"command":"ls","command":"rm -rf /"}}`,
			refused(`the hook input is ambiguous: an object in it has the key "command" twice`)},
		{"a key alike but for case to Kiro's", `{"hook_event_name":"preToolUse","tool_name":"fs_read","Tool_Name":"execute_bash","tool_input":{}}`,
			refused(`the hook input has the key "Tool_Name", which Go's encoding/json reads as "tool_name"`)},
		{"not an object", `[]`, refused("the hook input is not a Kiro hook input: not a JSON object")},
		{"no event", `{"tool_name":"execute_bash","tool_input":{}}`, refused("the hook input is not valid: it has no hook_event_name")},
		{"an event Kiro does not have", `{"hook_event_name":"BeforeTool","tool_name":"execute_bash","tool_input":{}}`,
			refused(`the hook input names the event "BeforeTool", which Kiro does not have`)},
		{"a tool_input that is not an object", `{"hook_event_name":"preToolUse","tool_name":"execute_bash","tool_input":"ls"}`,
			refused("the preToolUse hook input is not valid: its tool_input is not an object")},
		{"an empty tool_name", `{"hook_event_name":"preToolUse","tool_name":"","tool_input":{}}`, refused("the preToolUse hook input is not valid: its tool_name is empty")},
		{"no tool_response after the call", `{"hook_event_name":"postToolUse","tool_name":"fs_read","tool_input":{}}`,
			refused("the postToolUse hook input is not valid: it has no tool_response")},
		{"an event that is not a tool call", `{"hook_event_name":"userPromptSubmit","cwd":"/","prompt":"hi"}`,
			refused("userPromptSubmit is not a tool call; this hook program judges tool calls only")},
		{"a hooks file's event that is not a tool call", `{"hook_event_name":"PostFileSave","cwd":"/"}`,
			refused("PostFileSave is not a tool call; this hook program judges tool calls only")},
		{"a hooks file's tool event is judged", `{"hook_event_name":"PreToolUse","cwd":"/","tool_name":"fs_read","tool_input":{}}`, harness.Reply{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, profiletest.Served(kiro.Profile(), allowAll, tt.input))
		})
	}
}

// Kiro blocks on a refusal before the call by its status: through a link
// that reproduces Kiro, the refusal is a denial with its reason.
func TestARefusalIsADenialToKiroBeforeTheCall(t *testing.T) {
	r := kiro.Refusal("the hook input is larger than 268435456 bytes")
	o, err := kiro.Decide(shell("ls"), process.Result{ExitCode: r.Exit, Stdout: r.Stdout, Stderr: r.Stderr})
	require.NoError(t, err)
	assert.Equal(t, hookchain.Deny("hookchain: the hook input is larger than 268435456 bytes"), o)
}

// Outcomes a chain never gives Kiro, answered as blocks all the same.
func TestAnOutcomeKiroCannotBeToldIsABlock(t *testing.T) {
	for _, o := range []hookchain.Outcome{hookchain.Modify(json.RawMessage(`{}`), "r"), hookchain.Ask("r"), hookchain.Replace(hookchain.Text("x"), false, "r"), hookchain.Deny(" ")} {
		r := kiro.OutputFor(shell("ls"), o)
		assert.Equal(t, 2, r.Exit, o.Verdict.String())
		assert.Empty(t, r.Stdout)
		got, err := kiro.Decide(shell("ls"), process.Result{ExitCode: r.Exit, Stderr: r.Stderr})
		require.NoError(t, err)
		assert.Equal(t, hookchain.Denied, got.Verdict)
	}
	assert.Equal(t, "hookchain: the chain answered Modified, which Kiro cannot be told: r\n", string(kiro.OutputFor(shell("ls"), hookchain.Modify(json.RawMessage(`{}`), "r")).Stderr))
	assert.Equal(t, "denied by hookchain, whose chain gave no reason\n", string(kiro.OutputFor(shell("ls"), hookchain.Deny(" ")).Stderr))
}

// Serve is the profile's one hook on the given streams.
func TestServeAnswersOnItsStreams(t *testing.T) {
	var stdout, stderr strings.Builder
	c := hookchain.New(profiletest.GoLink("guard", hookchain.BeforeTool, hookchain.Deny("no")))
	code := kiro.Serve(context.Background(), c, strings.NewReader(kiroInput(t, shell("ls"))), &stdout, &stderr)
	assert.Equal(t, 2, code)
	assert.Empty(t, stdout.String())
	assert.Equal(t, "denied by guard: no\n", stderr.String())
}
