package cline_test

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
	"github.com/hookchain/hookchain/harness/cline"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/process"
)

// clineInput is the hook input Cline writes for e.
func clineInput(t testing.TB, e hookchain.Event) string {
	in, err := cline.InputFor(e, harness.SessionInfo{ID: "task-1", Cwd: t.TempDir()}, time.Now())
	require.NoError(t, err)
	b, err := json.Marshal(in)
	require.NoError(t, err)
	return string(b)
}

func clineChain(h hookchain.Hook, program, script string) func(*testing.T) *hookchain.Chain {
	return func(t *testing.T) *hookchain.Chain {
		l, err := cline.Link("hook", h, cline.Matcher(), profiletest.Hook(t, program, script), harness.SessionInfo{})
		require.NoError(t, err)
		return hookchain.New(l)
	}
}

// Every row of the answer table, as the one hook of Cline: the exact
// stdout, stderr and exit status, and what Cline makes of them (Decide).
func TestAChainAnswersClineInTheFormClineReads(t *testing.T) {
	pre, post := hookchain.BeforeTool, hookchain.AfterTool
	chain := func(links ...hookchain.Link) func(*testing.T) *hookchain.Chain {
		return func(*testing.T) *hookchain.Chain { return hookchain.New(links...) }
	}
	tests := []struct {
		name  string
		chain func(t *testing.T) *hookchain.Chain
		event hookchain.Event
		reply harness.Reply
		cline hookchain.Outcome // Cline's reading of the reply
	}{
		{"an allow is cancel false", clineChain(pre, "bash", "allow.sh"), command("ls"), profiletest.Line(`{"cancel":false}`), hookchain.Allow()},
		{"a denial is cancel true with the chain's reason, which stops the task", clineChain(pre, "python3", "cancel.py"), write("/etc/hosts"),
			profiletest.Line(`{"cancel":true,"errorMessage":"denied by hook: stop requested: writes outside the project are not allowed"}`),
			hookchain.Deny("stop requested: denied by hook: stop requested: writes outside the project are not allowed")},
		{"a note before the call is contextModification, named after its link", clineChain(pre, "bash", "context.sh"), command("npm i"),
			profiletest.Line(`{"cancel":false,"contextModification":"hook: this repository uses pnpm (bash)"}`),
			hookchain.Allow().WithNote("hook: this repository uses pnpm (bash)")},
		{"a note after the call too", clineChain(post, "bash", "context.sh"), commandResult("ok"),
			profiletest.Line(`{"cancel":false,"contextModification":"hook: this repository uses pnpm (bash)"}`),
			hookchain.Allow().WithNote("hook: this repository uses pnpm (bash)")},
		{"a denial after the call stops the task: Cline cannot withhold the output",
			chain(profiletest.GoLink("leak", post, hookchain.Deny("[output withheld: it holds an AWS key]"))), commandResult("AKIAIOSFODNN7EXAMPLE"),
			profiletest.Line(`{"cancel":true,"errorMessage":"denied by leak: [output withheld: it holds an AWS key]"}`),
			hookchain.Deny("stop requested: denied by leak: [output withheld: it holds an AWS key]")},
		{"a replacement is a denial that says the output is withheld",
			chain(profiletest.GoLink("redact", post, hookchain.Replace(hookchain.Text("[redacted]"), false, "a secret"))), commandResult("x"),
			profiletest.Line(`{"cancel":true,"errorMessage":"cline cannot replace a tool's output, so it is withheld: redact: a secret"}`),
			hookchain.Deny("stop requested: cline cannot replace a tool's output, so it is withheld: redact: a secret")},
		{"a rewrite is a denial with the suggestion",
			chain(profiletest.GoLink("dry-run", pre, hookchain.Modify(json.RawMessage(`{"command":"terraform plan"}`), ""))), command("terraform apply"),
			profiletest.Line(`{"cancel":true,"errorMessage":"cline cannot run a rewritten input, so the call is denied; the chain would run it with {\"command\":\"terraform plan\"}"}`),
			hookchain.Deny(`stop requested: cline cannot run a rewritten input, so the call is denied; the chain would run it with {"command":"terraform plan"}`)},
		{"an ask the user would answer is a denial: Cline cannot ask",
			func(*testing.T) *hookchain.Chain {
				return hookchain.New(profiletest.GoLink("push-guard", pre, hookchain.Ask("pushes to a shared branch"))).WithApprover(profiletest.DeferToUser())
			}, command("git push"),
			profiletest.Line(`{"cancel":true,"errorMessage":"cline cannot ask its user, so the call is denied: approval pending (asked by push-guard: pushes to a shared branch)"}`),
			hookchain.Deny("stop requested: cline cannot ask its user, so the call is denied: approval pending (asked by push-guard: pushes to a shared branch)")},
		{"a denial's notes are not said: Cline gives a cancelling answer's context to no one",
			chain(profiletest.GoLink("hint", pre, hookchain.Allow().WithNote("use pnpm")), profiletest.GoLink("guard", pre, hookchain.Deny("no"))), command("npm i"),
			profiletest.Line(`{"cancel":true,"errorMessage":"denied by guard: no"}`), hookchain.Deny("stop requested: denied by guard: no")},
		{"a Cline hook that crashes lets the call go on, as in Cline", clineChain(pre, "python3", "crash.py"), command("ls"),
			profiletest.Line(`{"cancel":false}`), hookchain.Allow()},
		{"a link that fails closed denies, and Cline is told why",
			chain(hookchain.Before("policy", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Outcome{}, errors.New("the policy server is unreachable")
			})), command("ls"),
			profiletest.Line(`{"cancel":true,"errorMessage":"policy failed and denies on failure: the policy server is unreachable"}`),
			hookchain.Deny("stop requested: policy failed and denies on failure: the policy server is unreachable")},
		{"a link that panics denies",
			chain(hookchain.Before("boom", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) { panic("kaboom") })), command("ls"),
			profiletest.Line(`{"cancel":true,"errorMessage":"boom failed and denies on failure: panic: kaboom"}`),
			hookchain.Deny("stop requested: boom failed and denies on failure: panic: kaboom")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := profiletest.Served(cline.Profile(), tt.chain(t), clineInput(t, tt.event))
			assert.Equal(t, string(tt.reply.Stdout), string(got.Stdout))
			assert.Equal(t, tt.reply, got)
			read, err := cline.Decide(tt.event, process.Result{ExitCode: got.Exit, Stdout: got.Stdout, Stderr: got.Stderr})
			require.NoError(t, err, "Cline would count the answer as a hook that failed")
			assert.Equal(t, tt.cline, read)
		})
	}
}

// A chain whose run is cancelled denies: Cline is told cancel, not
// nothing.
func TestACancelledRunIsACancelToCline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	wait := hookchain.New(hookchain.Before("wait", hookchain.Any(), func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		<-ctx.Done()
		return hookchain.Outcome{}, ctx.Err()
	}))
	r := cline.Answer(ctx, wait, []byte(clineInput(t, command("ls"))))
	assert.Equal(t, 0, r.Exit)
	o, err := cline.Decide(command("ls"), process.Result{Stdout: r.Stdout})
	require.NoError(t, err)
	assert.Equal(t, hookchain.Denied, o.Verdict, string(r.Stdout))
	assert.True(t, strings.HasPrefix(o.Reason, harness.StopRequested), o.Reason)
}

// What hookchain will not judge is a cancel on stdout at exit 0, the one
// block Cline reads, with the reason on stderr too.
func TestAnInputHookchainWillNotJudgeIsACancel(t *testing.T) {
	allowAll := hookchain.New(profiletest.GoLink("allow", hookchain.BeforeTool, hookchain.Allow()))
	refused := func(reason string) harness.Reply {
		b, _ := json.Marshal("hookchain: " + reason)
		return harness.Reply{Stdout: []byte(`{"cancel":true,"errorMessage":` + string(b) + "}\n"), Stderr: []byte("hookchain: " + reason + "\n")}
	}
	base := `"hookName":"PreToolUse","taskId":"t","workspaceRoots":["/w"]`
	tests := []struct {
		name  string
		input string
		want  harness.Reply
	}{
		{"not JSON", `PreToolUse`, refused("the hook input is not valid JSON")},
		{"not valid UTF-8", "{\"hookName\":\"\xff\"}", refused("the hook input is not valid UTF-8: byte 0xff at offset 13")},
		{"a key given twice inside the parameters", `{` + base + `,"preToolUse":{"toolName":"execute_command","parameters":{"command":"ls","command":"rm -rf /"}}}`,
			refused(`the hook input is ambiguous: an object in it has the key "command" twice`)},
		{"a key alike but for case to Cline's", `{` + base + `,"HookName":"x","preToolUse":{"toolName":"read_file"}}`,
			refused(`the hook input has the key "HookName", which Go's encoding/json reads as "hookName"`)},
		{"a tool key alike but for case", `{` + base + `,"preToolUse":{"toolName":"read_file","ToolName":"execute_command"}}`,
			refused(`the PreToolUse hook input is not valid: its preToolUse: the hook input has the key "ToolName", which Go's encoding/json reads as "toolName"`)},
		{"no preToolUse", `{` + base + `}`, refused("the PreToolUse hook input is not valid: its preToolUse is not an object")},
		{"a postToolUse beside the preToolUse", `{` + base + `,"preToolUse":{"toolName":"read_file"},"postToolUse":{"toolName":"read_file"}}`,
			refused("the PreToolUse hook input is not valid: it has a postToolUse beside its preToolUse")},
		{"parameters that are not strings", `{` + base + `,"preToolUse":{"toolName":"read_file","parameters":{"path":1}}}`,
			refused("the PreToolUse hook input is not valid: its preToolUse.parameters is not an object of strings")},
		{"an empty toolName", `{` + base + `,"preToolUse":{"toolName":""}}`, refused("the PreToolUse hook input is not valid: its preToolUse.toolName is empty")},
		{"a success that is not a boolean", `{"hookName":"PostToolUse","postToolUse":{"toolName":"read_file","success":"true"}}`,
			refused("the PostToolUse hook input is not valid: its postToolUse.success is not a boolean")},
		{"an event Cline does not have", `{"hookName":"BeforeTool"}`, refused(`the hook input names the event "BeforeTool", which Cline does not have`)},
		{"no hookName", `{"taskId":"t","preToolUse":{"toolName":"read_file"}}`, refused("the hook input is not valid: it has no hookName")},
		{"a hookName that is not a string", `{"hookName":["PreToolUse"],"preToolUse":{"toolName":"read_file"}}`,
			refused("the hook input is not valid: its hookName is not a string")},
		{"workspaceRoots that are not a list of strings", `{"hookName":"PreToolUse","workspaceRoots":"/w","preToolUse":{"toolName":"read_file"}}`,
			refused("the PreToolUse hook input is not valid: its workspaceRoots is not a list of strings")},
		{"a model that is not an object", `{"hookName":"PreToolUse","model":"claude","preToolUse":{"toolName":"read_file"}}`,
			refused("the PreToolUse hook input is not valid: its model is not an object")},
		{"not an object", `[]`, refused("the hook input is not a Cline hook input: not a JSON object")},
		{"an event that is not a tool call is cancelled too", `{"hookName":"TaskStart","taskId":"t","taskStart":{"taskMetadata":{}}}`,
			refused("TaskStart is not a tool call; this hook program judges tool calls only")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := cline.Serve(context.Background(), allowAll, strings.NewReader(tt.input), &stdout, &stderr)
			assert.Equal(t, string(tt.want.Stdout), stdout.String())
			assert.Equal(t, string(tt.want.Stderr), stderr.String())
			assert.Equal(t, 0, code)
			o, err := cline.Decide(command("ls"), process.Result{Stdout: stdout.Bytes()})
			require.NoError(t, err)
			assert.Equal(t, hookchain.Denied, o.Verdict)
		})
	}
}

// An input larger than the bound is refused as a cancel, not dropped.
func TestAnInputTooLargeIsACancel(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := cline.Serve(context.Background(), hookchain.New(), strings.NewReader(strings.Repeat(" ", harness.MaxInput+1)), &stdout, &stderr)
	assert.Equal(t, 0, code)
	assert.Equal(t, `{"cancel":true,"errorMessage":"hookchain: the hook input is larger than 268435456 bytes"}`+"\n", stdout.String())
}

// Outcomes a chain never gives Cline after Degrade, answered as cancels
// all the same.
func TestAnOutcomeClineCannotBeToldIsACancel(t *testing.T) {
	tests := []struct {
		name string
		o    hookchain.Outcome
		want string
	}{
		{"a rewrite", hookchain.Modify(json.RawMessage(`{}`), "r"), `{"cancel":true,"errorMessage":"hookchain: the chain answered Modified, which Cline cannot be told: r"}`},
		{"an ask", hookchain.Ask("q"), `{"cancel":true,"errorMessage":"hookchain: the chain answered Asked, which Cline cannot be told: q"}`},
		{"a denial without a reason", hookchain.Deny(" "), `{"cancel":true,"errorMessage":"denied by hookchain, whose chain gave no reason"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := cline.OutputFor(command("ls"), tt.o)
			assert.Equal(t, tt.want+"\n", string(r.Stdout))
			assert.Equal(t, 0, r.Exit)
		})
	}
}

// Decode gives the chain Cline's call and session: the parameters as the
// input, the result as the output, an error result without success.
func TestClinesInputIsReadAsTheCallAndItsSession(t *testing.T) {
	e, s, err := cline.Profile().Decode([]byte(`{"clineVersion":"3.40.0","hookName":"PostToolUse","timestamp":"1764669600000","taskId":"t-9",` +
		`"workspaceRoots":["/w","/x"],"userId":"u","model":{"provider":"anthropic","slug":"claude-sonnet"},` +
		`"postToolUse":{"toolName":"execute_command","parameters":{"command":"make"},"result":"boom","executionTimeMs":12}}`))
	require.NoError(t, err)
	assert.Equal(t, hookchain.Event{Hook: hookchain.AfterTool, Tool: "execute_command", Input: json.RawMessage(`{"command":"make"}`),
		Output: hookchain.Text("boom"), IsError: true}, e)
	assert.Equal(t, harness.SessionInfo{ID: "t-9", Cwd: "/w", Model: "claude-sonnet"}, s)

	e, _, err = cline.Profile().Decode([]byte(`{"hookName":"PreToolUse","preToolUse":{"toolName":"list_files"}}`))
	require.NoError(t, err)
	assert.Equal(t, hookchain.Event{Hook: hookchain.BeforeTool, Tool: "list_files", Input: json.RawMessage(`{}`)}, e)
}
