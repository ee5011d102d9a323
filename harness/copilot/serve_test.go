package copilot_test

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
	"github.com/hookchain/hookchain/harness/copilot"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/process"
)

// copilotInput is the hook input Copilot writes for e.
func copilotInput(t testing.TB, e hookchain.Event) string {
	b, err := json.Marshal(copilot.InputFor(e, harness.SessionInfo{ID: "s", Cwd: t.TempDir()}, time.Now()))
	require.NoError(t, err)
	return string(b)
}

func copilotChain(h hookchain.Hook, program, script string) func(*testing.T) *hookchain.Chain {
	return func(t *testing.T) *hookchain.Chain {
		l, err := copilot.Link("hook", h, hookchain.Any(), profiletest.Hook(t, program, script), harness.SessionInfo{})
		require.NoError(t, err)
		return hookchain.New(l)
	}
}

// Every row of the answer table, as the one hook of Copilot: the exact
// stdout, stderr and exit status, and what Copilot makes of them (Decide).
func TestAChainAnswersCopilotInTheFormCopilotReads(t *testing.T) {
	pre, post := hookchain.BeforeTool, hookchain.AfterTool
	sleepy := hookchain.Before("slow", hookchain.Any(), func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		<-ctx.Done()
		return hookchain.Outcome{}, ctx.Err()
	}).Timeout(50 * time.Millisecond)
	crash := `"` + copilot.CommandSpec(profiletest.Hook(t, "python3", "crash.py"), harness.SessionInfo{}).String() + `"`
	chain := func(links ...hookchain.Link) func(*testing.T) *hookchain.Chain {
		return func(*testing.T) *hookchain.Chain { return hookchain.New(links...) }
	}
	tests := []struct {
		name    string
		chain   func(t *testing.T) *hookchain.Chain
		event   hookchain.Event
		reply   harness.Reply
		copilot hookchain.Outcome // Copilot's reading of the reply
	}{
		{"an allow is said with nothing", copilotChain(pre, "bash", "allow.sh"), shell("ls"), harness.Reply{}, hookchain.Allow()},
		{"a denial is permissionDecision deny with the chain's reason", copilotChain(pre, "python3", "deny.py"), create("/etc/hosts"),
			profiletest.Line(`{"permissionDecision":"deny","permissionDecisionReason":"denied by hook: writes outside the project are not allowed"}`),
			hookchain.Deny("denied by hook: writes outside the project are not allowed")},
		{"a rewrite is the whole rewritten input as modifiedArgs", copilotChain(pre, "node", "dry-run.js"), shell("terraform apply"),
			profiletest.Line(`{"modifiedArgs":{"command":"terraform plan","description":"run it"}}`),
			hookchain.Modify(json.RawMessage(`{"command":"terraform plan","description":"run it"}`), "")},
		{"an ask the user would answer is permissionDecision ask",
			func(*testing.T) *hookchain.Chain {
				return hookchain.New(profiletest.GoLink("push-guard", pre, hookchain.Ask("pushes to a shared branch"))).WithApprover(profiletest.DeferToUser())
			}, shell("git push"),
			profiletest.Line(`{"permissionDecision":"ask","permissionDecisionReason":"approval pending (asked by push-guard: pushes to a shared branch)"}`),
			hookchain.Ask("approval pending (asked by push-guard: pushes to a shared branch)")},
		{"an ask without an approver is the chain's denial", copilotChain(pre, "python3", "ask.py"), shell("git push"),
			profiletest.Line(`{"permissionDecision":"deny","permissionDecisionReason":"approval needed but not obtained: no approver is configured (asked by hook: push to the remote?)"}`),
			hookchain.Deny("approval needed but not obtained: no approver is configured (asked by hook: push to the remote?)")},
		{"a note after the call is additionalContext, named after its link", copilotChain(post, "bash", "context.sh"), shellResult("ok"),
			profiletest.Line(`{"additionalContext":"hook: this repository uses pnpm (bash)"}`),
			hookchain.Allow().WithNote("hook: this repository uses pnpm (bash)")},
		{"a note before the call is not said: Copilot reads no context there",
			chain(profiletest.GoLink("hint", pre, hookchain.Allow().WithNote("use pnpm"))), shell("npm i"), harness.Reply{}, hookchain.Allow()},
		{"a replacement is modifiedResult with the text", copilotChain(post, "python3", "redact.py"), shellResult("a secret"),
			profiletest.Line(`{"modifiedResult":{"resultType":"success","textResultForLlm":"a [redacted]"}}`),
			hookchain.Replace(hookchain.Text("a [redacted]"), false, "")},
		{"a JSON replacement is its text, and a success",
			chain(profiletest.GoLink("redact", post, hookchain.Replace(json.RawMessage(`{"n":1}`), true, ""))), shellResult("x"),
			profiletest.Line(`{"modifiedResult":{"resultType":"success","textResultForLlm":"{\"n\":1}"}}`),
			hookchain.Replace(hookchain.Text(`{"n":1}`), false, "")},
		{"a denial after the call is the reason in place of the output",
			chain(profiletest.GoLink("leak", post, hookchain.Deny("[output withheld: it holds an AWS key]"))), shellResult("AKIAIOSFODNN7EXAMPLE"),
			profiletest.Line(`{"modifiedResult":{"resultType":"success","textResultForLlm":"denied by leak: [output withheld: it holds an AWS key]"}}`),
			hookchain.Replace(hookchain.Text("denied by leak: [output withheld: it holds an AWS key]"), false, "")},
		{"a Copilot hook that errors denies, as in Copilot", copilotChain(pre, "python3", "crash.py"), shell("ls"),
			profiletest.Line(`{"permissionDecision":"deny","permissionDecisionReason":"hook failed and denies on failure: hook ` + quoted(crash) + `: exited with status 1; stderr: \"policy.yaml: no such file\""}`),
			hookchain.Deny(`hook failed and denies on failure: hook ` + crash + `: exited with status 1; stderr: "policy.yaml: no such file"`)},
		{"a Copilot hook that times out lets the call go on, as in Copilot", func(t *testing.T) *hookchain.Chain {
			spec := profiletest.Hook(t, "bash", "slow.sh")
			spec.Timeout = 200 * time.Millisecond
			l, err := copilot.Link("hook", pre, hookchain.Any(), spec, harness.SessionInfo{})
			require.NoError(t, err)
			return hookchain.New(l)
		}, shell("ls"), harness.Reply{}, hookchain.Allow()},
		{"a link that fails closed denies, and Copilot is told why",
			chain(hookchain.Before("policy", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Outcome{}, errors.New("the policy server is unreachable")
			})), shell("ls"),
			profiletest.Line(`{"permissionDecision":"deny","permissionDecisionReason":"policy failed and denies on failure: the policy server is unreachable"}`),
			hookchain.Deny("policy failed and denies on failure: the policy server is unreachable")},
		{"a link that outruns its time denies", chain(sleepy), shell("ls"),
			profiletest.Line(`{"permissionDecision":"deny","permissionDecisionReason":"slow failed and denies on failure: timed out after 50ms"}`),
			hookchain.Deny("slow failed and denies on failure: timed out after 50ms")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := copilot.Serve(context.Background(), tt.chain(t), strings.NewReader(copilotInput(t, tt.event)), &stdout, &stderr)
			got := harness.Reply{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), Exit: code}
			if len(got.Stdout) == 0 {
				got.Stdout = nil
			}
			if len(got.Stderr) == 0 {
				got.Stderr = nil
			}
			assert.Equal(t, string(tt.reply.Stdout), string(got.Stdout))
			assert.Equal(t, tt.reply, got)
			read, err := copilot.Decide(tt.event, process.Result{ExitCode: got.Exit, Stdout: got.Stdout, Stderr: got.Stderr})
			require.NoError(t, err, "Copilot would count the answer as a hook that errored")
			assert.Equal(t, tt.copilot, read)
		})
	}
}

// What hookchain will not judge blocks: exit status 2, which Copilot's
// preToolUse denies on whatever stdout says, a denial on stdout and the
// reason on stderr.
func TestAnInputHookchainWillNotJudgeIsBlocked(t *testing.T) {
	allowAll := hookchain.New(profiletest.GoLink("allow", hookchain.BeforeTool, hookchain.Allow()))
	refused := func(reason string) harness.Reply {
		return harness.Reply{Stdout: []byte(`{"permissionDecision":"deny","permissionDecisionReason":` + quote(reason) + "}\n"),
			Stderr: []byte("hookchain: " + reason + "\n"), Exit: 2}
	}
	tests := []struct {
		name  string
		input string
		want  harness.Reply
	}{
		{"not JSON", `preToolUse`, refused("the hook input is not valid: invalid character 'p' looking for beginning of value")},
		{"a key given twice inside the call's input is the chain's denial", `{"toolName":"bash","toolArgs":"{\"command\":\"ls\",\"command\":\"rm -rf /\"}"}`,
			profiletest.Line(`{"permissionDecision":"deny","permissionDecisionReason":"hookchain: the input is ambiguous: an object in it has the key \"command\" twice"}`)},
		{"a key alike but for case to Copilot's", `{"toolName":"view","ToolName":"bash","toolArgs":"{}"}`,
			refused(`the hook input has the key "ToolName", which Go's encoding/json reads as "toolName"`)},
		{"not an object", `[]`, refused("the hook input is not valid: not a JSON object")},
		{"a PascalCase entry's input whose tool_input is not an object", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":"ls"}`,
			refused("the PreToolUse hook input is not valid: its tool_input is not an object")},
		{"a PascalCase PostToolUse input without its result", `{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{}}`,
			refused("the PostToolUse hook input is not valid: a PostToolUse input has no tool_result")},
		{"a PascalCase key alike but for case", `{"hook_event_name":"PreToolUse","tool_name":"Read","Tool_Name":"Bash","tool_input":{}}`,
			refused(`the hook input has the key "Tool_Name", which Go's encoding/json reads as "tool_name"`)},
		{"a PascalCase event that is not a tool call stops the agent", `{"hook_event_name":"SessionStart","session_id":"s"}`,
			harness.Reply{Stdout: []byte(`{"permissionDecision":"deny","permissionDecisionReason":"hookchain: SessionStart is not a tool call; this hook program judges tool calls only","behavior":"deny","message":"hookchain: SessionStart is not a tool call; this hook program judges tool calls only","interrupt":true}` + "\n"),
				Stderr: []byte("hookchain: SessionStart is not a tool call; this hook program judges tool calls only\n"), Exit: 2}},
		{"a permissionRequest input, which has a toolName, is not a tool call", `{"sessionId":"s","timestamp":1,"cwd":"/","toolName":"bash","toolInput":{"command":"rm -rf /"}}`,
			harness.Reply{Stdout: []byte(`{"permissionDecision":"deny","permissionDecisionReason":"hookchain: the hook input is of an event that is not a tool call; this hook program judges tool calls only","behavior":"deny","message":"hookchain: the hook input is of an event that is not a tool call; this hook program judges tool calls only","interrupt":true}` + "\n"),
				Stderr: []byte("hookchain: the hook input is of an event that is not a tool call; this hook program judges tool calls only\n"), Exit: 2}},
		{"a toolArgs string that holds no JSON", `{"toolName":"bash","toolArgs":"ls -l"}`, refused("the hook input is not valid: its toolArgs is a string that does not hold JSON")},
		{"an empty toolName", `{"toolName":"","toolArgs":"{}"}`, refused("the hook input is not valid: its toolName is empty")},
		{"a toolResult without its text", `{"toolName":"bash","toolArgs":"{}","toolResult":{"resultType":"success"}}`,
			refused("the hook input is not valid: its toolResult is not an object with a string resultType and textResultForLlm")},
		{"an event that is not a tool call stops the agent", `{"sessionId":"s","timestamp":1,"cwd":"/","prompt":"hi"}`,
			harness.Reply{Stdout: []byte(`{"permissionDecision":"deny","permissionDecisionReason":"hookchain: the hook input is of an event that is not a tool call; this hook program judges tool calls only","behavior":"deny","message":"hookchain: the hook input is of an event that is not a tool call; this hook program judges tool calls only","interrupt":true}` + "\n"),
				Stderr: []byte("hookchain: the hook input is of an event that is not a tool call; this hook program judges tool calls only\n"), Exit: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := copilot.Serve(context.Background(), allowAll, strings.NewReader(tt.input), &stdout, &stderr)
			assert.Equal(t, string(tt.want.Stdout), stdout.String())
			assert.Equal(t, string(tt.want.Stderr), stderr.String())
			assert.Equal(t, tt.want.Exit, code)
		})
	}
}

// quoted is s inside a JSON string, without its quotes.
func quoted(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

func quote(s string) string {
	b, _ := json.Marshal("hookchain: " + s)
	return string(b)
}

// Copilot denies on a refusal before the call by its status alone: through
// a link that reproduces Copilot, the refusal is a denial.
func TestARefusalIsADenialToCopilotBeforeTheCall(t *testing.T) {
	r := copilot.Refusal("the hook input is larger than 268435456 bytes")
	_, err := copilot.Decide(shell("ls"), process.Result{ExitCode: r.Exit, Stdout: r.Stdout, Stderr: r.Stderr})
	var status *harness.StatusError
	require.ErrorAs(t, err, &status)
	assert.Equal(t, 2, status.Code)
}

// Outcomes a chain never gives Copilot, answered as denials all the same:
// Copilot must not read any of them as a call to run.
func TestAnOutcomeCopilotCannotBeToldIsADenial(t *testing.T) {
	tests := []struct {
		name  string
		event hookchain.Event
		o     hookchain.Outcome
		want  string
	}{
		{"a rewrite that is not an object", shell("ls"), hookchain.Modify(json.RawMessage(`["ls"]`), ""),
			`{"permissionDecision":"deny","permissionDecisionReason":"hookchain: the chain rewrote the call, but Copilot takes only an object as modifiedArgs; the chain would run it with [\"ls\"]"}`},
		{"a replacement before the call", shell("ls"), hookchain.Replace(hookchain.Text("x"), false, "r"),
			`{"permissionDecision":"deny","permissionDecisionReason":"hookchain: the chain answered Replaced, which Copilot cannot be told: r"}`},
		{"a denial without a reason", shell("ls"), hookchain.Deny(" "),
			`{"permissionDecision":"deny","permissionDecisionReason":"denied by hookchain, whose chain gave no reason"}`},
		{"a rewrite after the call", shellResult("x"), hookchain.Modify(json.RawMessage(`{}`), ""),
			`{"modifiedResult":{"resultType":"success","textResultForLlm":"hookchain: the chain answered Modified after the call, which Copilot cannot be told; the output is withheld"}}`},
		{"a denial after the call without a reason", shellResult("x"), hookchain.Deny(""),
			`{"modifiedResult":{"resultType":"success","textResultForLlm":"denied by hookchain, whose chain gave no reason"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := copilot.OutputFor(tt.event, tt.o)
			assert.Equal(t, tt.want+"\n", string(r.Stdout))
			assert.Equal(t, 0, r.Exit)
			o, err := copilot.Decide(tt.event, process.Result{Stdout: r.Stdout})
			require.NoError(t, err)
			if tt.event.Hook == hookchain.BeforeTool {
				assert.Equal(t, hookchain.Denied, o.Verdict)
				return
			}
			assert.Equal(t, hookchain.Replaced, o.Verdict, "the output is withheld")
			assert.NotEqual(t, harness.OutputText(tt.event.Output), harness.OutputText(o.Output))
		})
	}
}
