package cursor_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/cursor"
	"github.com/hookchain/hookchain/harness/internal/profiletest"
	"github.com/hookchain/hookchain/process"
)

// cursorInput is the hook input Cursor writes for e at event.
func cursorInput(t testing.TB, event string, e hookchain.Event) string {
	in, err := cursor.InputFor(event, e, harness.SessionInfo{ID: "conv-1", Cwd: t.TempDir()})
	require.NoError(t, err)
	b, err := json.Marshal(in)
	require.NoError(t, err)
	return string(b)
}

func cursorLink(t *testing.T, event, program, script string) hookchain.Link {
	l, err := cursor.Link("hook", event, false, hookchain.Any(), profiletest.Hook(t, program, script), harness.SessionInfo{})
	require.NoError(t, err)
	return l
}

func mcp(tool string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: tool, Input: json.RawMessage(`{"sql":"drop table users"}`)}
}

// Every row of the answer table, as the one hook of Cursor, at each event:
// the exact stdout, stderr and exit status, and what Cursor makes of them
// (Decide).
func TestAChainAnswersCursorInTheFormEachEventReads(t *testing.T) {
	pre, post := hookchain.BeforeTool, hookchain.AfterTool
	chain := func(links ...hookchain.Link) func(*testing.T) *hookchain.Chain {
		return func(*testing.T) *hookchain.Chain { return hookchain.New(links...) }
	}
	asks := func(*testing.T) *hookchain.Chain {
		return hookchain.New(profiletest.GoLink("push-guard", pre, hookchain.Ask("pushes to a shared branch"))).WithApprover(profiletest.DeferToUser())
	}
	sleepy := hookchain.Before("slow", hookchain.Any(), func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		<-ctx.Done()
		return hookchain.Outcome{}, ctx.Err()
	}).Timeout(50 * time.Millisecond)
	const pending = "approval pending (asked by push-guard: pushes to a shared branch)"
	deny := func(reason string) string {
		b, _ := json.Marshal(reason)
		return `{"permission":"deny","user_message":` + string(b) + `,"agent_message":` + string(b) + `}`
	}
	shellDone := hookchain.Event{Hook: post, Tool: "Shell", Input: json.RawMessage(`{"command":"env"}`), Output: hookchain.Text("AKIA")}
	tests := []struct {
		name   string
		event  string
		chain  func(t *testing.T) *hookchain.Chain
		call   hookchain.Event
		stdout string
		cursor hookchain.Outcome // Cursor's reading of the reply
	}{
		{"an allow is an empty object", cursor.PreToolUse, func(t *testing.T) *hookchain.Chain {
			return hookchain.New(cursorLink(t, cursor.PreToolUse, "bash", "allow.sh"))
		}, shell("ls"), `{}`, hookchain.Allow()},
		{"a denial is permission deny, the reason for the user and the agent", cursor.PreToolUse, func(t *testing.T) *hookchain.Chain {
			return hookchain.New(cursorLink(t, cursor.PreToolUse, "python3", "deny.py"))
		}, write("/etc/hosts"), deny("denied by hook: writes outside the project are not allowed"), hookchain.Deny("denied by hook: writes outside the project are not allowed")},
		{"a rewrite is updated_input, with the permission that runs it", cursor.PreToolUse, func(t *testing.T) *hookchain.Chain {
			return hookchain.New(cursorLink(t, cursor.PreToolUse, "node", "dry-run.js"))
		}, shell("terraform apply"), `{"permission":"allow","updated_input":{"command":"terraform plan"}}`, hookchain.Modify(json.RawMessage(`{"command":"terraform plan"}`), "")},
		{"an ask at preToolUse, which Cursor does not enforce, is a denial", cursor.PreToolUse, asks, shell("git push"),
			deny("cursor cannot ask its user, so the call is denied: " + pending), hookchain.Deny("cursor cannot ask its user, so the call is denied: " + pending)},
		{"an ask at the shell gate is permission ask", cursor.BeforeShellExecution, asks, shell("git push"),
			`{"permission":"ask","user_message":"` + pending + `","agent_message":"` + pending + `"}`, hookchain.Ask(pending)},
		{"an ask at the MCP gate is permission ask", cursor.BeforeMCPExecution, asks, mcp("MCP:query"),
			`{"permission":"ask","user_message":"` + pending + `","agent_message":"` + pending + `"}`, hookchain.Ask(pending)},
		{"a denial at the shell gate, from a Cursor hook's exit status 2", cursor.BeforeShellExecution, func(t *testing.T) *hookchain.Chain {
			return hookchain.New(cursorLink(t, cursor.BeforeShellExecution, "bash", "block-curl.sh"))
		}, shell("curl x"), deny("denied by hook: network downloads are not allowed here"), hookchain.Deny("denied by hook: network downloads are not allowed here")},
		{"a rewrite at the shell gate, which cannot rewrite, is a denial", cursor.BeforeShellExecution,
			chain(profiletest.GoLink("dry", pre, hookchain.Modify(json.RawMessage(`{"command":"ls"}`), ""))), shell("rm -rf x"),
			deny(`cursor cannot run a rewritten input, so the call is denied; the chain would run it with {"command":"ls"}`),
			hookchain.Deny(`cursor cannot run a rewritten input, so the call is denied; the chain would run it with {"command":"ls"}`)},
		{"a rewrite to the call's own input, at a gate that cannot rewrite, lets it run", cursor.BeforeShellExecution,
			chain(profiletest.GoLink("same", pre, hookchain.Modify(json.RawMessage(`{ "command" : "ls" }`), ""))), shell("ls"), `{}`, hookchain.Allow()},
		{"a denial at the read gate is a permission alone", cursor.BeforeReadFile,
			chain(profiletest.GoLink("secrets", pre, hookchain.Deny("it holds keys"))), read(".env"), `{"permission":"deny"}`, hookchain.Deny("blocked by a Cursor hook")},
		{"a note after the call is additional_context, named after its link", cursor.PostToolUse,
			chain(profiletest.GoLink("hint", post, hookchain.Allow().WithNote("use pnpm"))), result("Shell", "ok"),
			`{"additional_context":"hint: use pnpm"}`, hookchain.Allow().WithNote("hint: use pnpm")},
		{"a note before the call is not said: Cursor reads no context there", cursor.PreToolUse,
			chain(profiletest.GoLink("hint", pre, hookchain.Allow().WithNote("use pnpm"))), shell("npm i"), `{}`, hookchain.Allow()},
		{"a replacement of an MCP tool's output is updated_mcp_tool_output", cursor.PostToolUse,
			chain(profiletest.GoLink("redact", post, hookchain.Replace(json.RawMessage(`{"rows":[]}`), false, "redacted"))), result("MCP:query", "rows"),
			`{"updated_mcp_tool_output":{"rows":[]}}`, hookchain.Replace(json.RawMessage(`{"rows":[]}`), false, "")},
		{"a denial after an MCP call replaces its output with the reason", cursor.PostToolUse,
			chain(profiletest.GoLink("leak", post, hookchain.Deny("it holds a key"))), result("MCP:query", "AKIA"),
			`{"updated_mcp_tool_output":"denied by leak: it holds a key"}`, hookchain.Replace(hookchain.Text("denied by leak: it holds a key"), false, "")},
		{"a denial after another call, whose output Cursor cannot withhold, is told to the model", cursor.PostToolUse,
			chain(profiletest.GoLink("leak", post, hookchain.Deny("it holds a key"))), result("Shell", "AKIA"),
			`{"additional_context":"hookchain: disregard the output of this call; it is withheld: denied by leak: it holds a key"}`,
			hookchain.Allow().WithNote("hookchain: disregard the output of this call; it is withheld: denied by leak: it holds a key")},
		{"so is a replacement of it", cursor.PostToolUse,
			chain(profiletest.GoLink("redact", post, hookchain.Replace(hookchain.Text("x"), false, "redacted"))), result("Shell", "AKIA"),
			`{"additional_context":"hookchain: disregard the output of this call; it is withheld: the chain replaced the output of Shell, which Cursor cannot do for a tool that is not an MCP tool: redact: redacted"}`,
			hookchain.Allow().WithNote("hookchain: disregard the output of this call; it is withheld: the chain replaced the output of Shell, which Cursor cannot do for a tool that is not an MCP tool: redact: redacted")},
		{"an event Cursor reads no answer of is told nothing", cursor.AfterShellExecution,
			chain(profiletest.GoLink("leak", post, hookchain.Deny("it holds a key"))), shellDone, `{}`, hookchain.Allow()},
		{"a Cursor hook that fails lets the call go on, as in Cursor", cursor.PreToolUse, func(t *testing.T) *hookchain.Chain {
			return hookchain.New(cursorLink(t, cursor.PreToolUse, "python3", "crash.py"))
		}, shell("ls"), `{}`, hookchain.Allow()},
		{"a link that fails closed denies, and Cursor is told why", cursor.BeforeShellExecution,
			chain(hookchain.Before("policy", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Outcome{}, errors.New("the policy server is unreachable")
			})), shell("ls"),
			deny("policy failed and denies on failure: the policy server is unreachable"), hookchain.Deny("policy failed and denies on failure: the policy server is unreachable")},
		{"a link that outruns its time denies", cursor.PreToolUse, chain(sleepy), shell("ls"),
			deny("slow failed and denies on failure: timed out after 50ms"), hookchain.Deny("slow failed and denies on failure: timed out after 50ms")},
		{"a link that panics denies", cursor.PreToolUse,
			chain(hookchain.Before("buggy", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) { panic("nil map") })), shell("ls"),
			deny("buggy failed and denies on failure: panic: nil map"), hookchain.Deny("buggy failed and denies on failure: panic: nil map")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := cursor.Serve(context.Background(), tt.chain(t), strings.NewReader(cursorInput(t, tt.event, tt.call)), &stdout, &stderr)
			assert.Equal(t, tt.stdout+"\n", stdout.String())
			assert.Empty(t, stderr.String())
			assert.Equal(t, 0, code)
			read, err := cursor.Decide(tt.event, tt.call, process.Result{ExitCode: code, Stdout: stdout.Bytes(), Stderr: stderr.Bytes()})
			require.NoError(t, err, "Cursor would count the answer as a failed hook, and run the call")
			assert.Equal(t, tt.cursor, read)
		})
	}
}

// A cancelled run is the chain's denial, never a hook that exits with
// nothing said.
func TestACancelledRunIsADenial(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	waits := hookchain.New(hookchain.Before("wait", hookchain.Any(), func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		<-ctx.Done()
		return hookchain.Outcome{}, ctx.Err()
	}))
	r := cursor.Answer(ctx, waits, []byte(cursorInput(t, cursor.BeforeShellExecution, shell("ls"))))
	read, err := cursor.Decide(cursor.BeforeShellExecution, shell("ls"), process.Result{ExitCode: r.Exit, Stdout: r.Stdout, Stderr: r.Stderr})
	require.NoError(t, err)
	assert.Equal(t, hookchain.Denied, read.Verdict, string(r.Stdout))
}

// What hookchain will not judge blocks, in the one form every gate of
// Cursor's reads as a denial whatever its entry's failClosed: exit status
// 2, a denial on stdout, and the reason on stderr.
func TestAnInputHookchainWillNotJudgeIsBlocked(t *testing.T) {
	allowAll := hookchain.New(profiletest.GoLink("allow", hookchain.BeforeTool, hookchain.Allow()))
	refused := func(reason string) harness.Reply { return cursor.Refusal(reason) }
	tests := []struct {
		name  string
		input string
		want  harness.Reply
	}{
		{"not JSON", `preToolUse`, refused("the hook input is not valid JSON")},
		{"a key given twice inside the tool's input", `{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"ls","command":"rm -rf /"}}`,
			refused(`the hook input is ambiguous: an object in it has the key "command" twice`)},
		{"a key alike but for case to Cursor's, the event's own", `{"hook_event_name":"afterShellExecution","command":"ls","output":"","Hook_Event_Name":"beforeShellExecution"}`,
			refused(`the hook input has the key "Hook_Event_Name", which Go's encoding/json reads as "hook_event_name"`)},
		{"a key alike but for case to Cursor's", `{"hook_event_name":"beforeShellExecution","command":"ls","Command":"rm -rf /"}`,
			refused(`the hook input has the key "Command", which Go's encoding/json reads as "command"`)},
		{"an object that is not a hook input", `[]`, refused("the hook input is not a Cursor hook input: not a JSON object")},
		{"no event", `{"tool_name":"Shell","tool_input":{}}`, refused("the hook input is not valid: it has no hook_event_name")},
		{"an event Cursor does not have", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{}}`, refused(`the hook input names the event "PreToolUse", which Cursor does not have`)},
		{"a tool call without its tool", `{"hook_event_name":"preToolUse","tool_input":{}}`, refused("the preToolUse hook input is not valid: it has no tool_name")},
		{"a tool call with neither", `{"hook_event_name":"postToolUse","tool_output":"x"}`, refused("the postToolUse hook input is not valid: it has no tool_name; it has no tool_input")},
		{"a shell call without its command", `{"hook_event_name":"beforeShellExecution","cwd":"/"}`, refused("the beforeShellExecution hook input is not valid: it has no command")},
		{"a command that is not a string", `{"hook_event_name":"beforeShellExecution","command":["rm","-rf","/"]}`, refused("the beforeShellExecution hook input is not valid: its command is not a string")},
		{"a read without its file", `{"hook_event_name":"beforeReadFile","content":"x"}`, refused("the beforeReadFile hook input is not valid: it has no file_path")},
		{"a tool call without its input", `{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":null}`, refused("the preToolUse hook input is not valid: it has no tool_input")},
		{"a tool input that is not an object", `{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":"ls"}`, refused("the preToolUse hook input is not valid: its tool_input is not an object")},
		{"an MCP tool input of a string that holds no object", `{"hook_event_name":"beforeMCPExecution","tool_name":"q","tool_input":"[1]"}`,
			refused("the beforeMCPExecution hook input is not valid: its tool_input is not an object")},
		{"workspace roots that are not strings", `{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{},"workspace_roots":"/"}`,
			refused("the preToolUse hook input is not valid: its workspace_roots is not a list of strings")},
		{"an event that is not a tool call stops", `{"hook_event_name":"beforeSubmitPrompt","prompt":"hi"}`,
			cursor.Halt("beforeSubmitPrompt is not a tool call; this hook program judges tool calls only")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := cursor.Serve(context.Background(), allowAll, strings.NewReader(tt.input), &stdout, &stderr)
			assert.Equal(t, string(tt.want.Stdout), stdout.String())
			assert.Equal(t, string(tt.want.Stderr), stderr.String())
			assert.Equal(t, 2, code)
		})
	}
}

func TestARefusalAndAHaltAreDenialsToEveryGate(t *testing.T) {
	r := cursor.Refusal("the hook input is larger than 268435456 bytes")
	assert.Equal(t, harness.Reply{
		Stdout: []byte(`{"permission":"deny","user_message":"hookchain: the hook input is larger than 268435456 bytes","agent_message":"hookchain: the hook input is larger than 268435456 bytes"}` + "\n"),
		Stderr: []byte("hookchain: the hook input is larger than 268435456 bytes\n"), Exit: 2}, r)
	h := cursor.Halt("sessionStart is not a tool call")
	assert.Equal(t, `{"permission":"deny","user_message":"hookchain: sessionStart is not a tool call","agent_message":"hookchain: sessionStart is not a tool call","continue":false}`+"\n", string(h.Stdout))
	assert.Equal(t, 2, h.Exit)
	for _, event := range []string{cursor.PreToolUse, cursor.BeforeShellExecution, cursor.BeforeMCPExecution, cursor.BeforeReadFile} {
		for _, reply := range []harness.Reply{r, h} {
			got, err := cursor.Decide(event, shell("ls"), process.Result{ExitCode: reply.Exit, Stdout: reply.Stdout, Stderr: reply.Stderr})
			require.NoError(t, err)
			assert.Equal(t, hookchain.Denied, got.Verdict, event)
		}
	}
}

// An input too large to read is refused before any of it is judged.
func TestAnInputTooLargeIsBlocked(t *testing.T) {
	var stdout, stderr bytes.Buffer
	big := io.MultiReader(strings.NewReader(`{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"`),
		strings.NewReader(strings.Repeat("a", harness.MaxInput)))
	code := cursor.Serve(context.Background(), hookchain.New(), big, &stdout, &stderr)
	assert.Equal(t, 2, code)
	assert.Equal(t, "hookchain: the hook input is larger than 268435456 bytes\n", stderr.String())
}

// Outcomes a chain never gives Cursor, answered as denials all the same.
func TestAnOutcomeCursorCannotBeToldIsADenial(t *testing.T) {
	tests := []struct {
		name  string
		event string
		o     hookchain.Outcome
		want  string
	}{
		{"a rewrite that is not an object", cursor.PreToolUse, hookchain.Modify(json.RawMessage(`["ls"]`), ""),
			`{"permission":"deny","user_message":"hookchain: the chain rewrote the call, but Cursor takes only an object as updated_input; the chain would run it with [\"ls\"]","agent_message":"hookchain: the chain rewrote the call, but Cursor takes only an object as updated_input; the chain would run it with [\"ls\"]"}`},
		{"a replacement before the call", cursor.PreToolUse, hookchain.Replace(hookchain.Text("x"), false, "r"),
			`{"permission":"deny","user_message":"cursor cannot replace a tool's output, so it is withheld: r","agent_message":"cursor cannot replace a tool's output, so it is withheld: r"}`},
		{"a denial without a reason", cursor.BeforeShellExecution, hookchain.Deny(" "),
			`{"permission":"deny","user_message":"denied by hookchain, whose chain gave no reason","agent_message":"denied by hookchain, whose chain gave no reason"}`},
		{"an ask at an event whose pairing Decode could not tell", "", hookchain.Ask("push?"),
			`{"permission":"deny","user_message":"push?","agent_message":"push?"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := cursor.OutputFor(tt.event, shell("ls"), tt.o)
			assert.Equal(t, tt.want+"\n", string(r.Stdout))
			assert.Equal(t, 0, r.Exit)
			event := tt.event
			if event == "" {
				event = cursor.BeforeShellExecution
			}
			o, err := cursor.Decide(event, shell("ls"), process.Result{Stdout: r.Stdout})
			require.NoError(t, err)
			assert.Equal(t, hookchain.Denied, o.Verdict)
		})
	}
}

// Decode and Write pair each call with its own event, even when calls of
// the same input are decoded at once for two events: then the answer is
// the one every gate reads as a denial.
func TestAProfileAnswersEachCallForTheEventItWasDecodedFor(t *testing.T) {
	p := cursor.Profile()
	ask := hookchain.Ask("push?")
	pre := []byte(cursorInput(t, cursor.PreToolUse, shell("git push")))
	_, _, err := p.Decode(pre)
	require.NoError(t, err)
	in := []byte(`{"hook_event_name":"beforeShellExecution","command":"git push"}`)
	e, _, err := p.Decode(in)
	require.NoError(t, err)
	assert.Equal(t, `{"permission":"ask","user_message":"push?","agent_message":"push?"}`+"\n", string(p.Write(e, ask).Stdout))

	// preToolUse's Shell call without a tool_use_id is the same call.
	_, _, err = p.Decode(in)
	require.NoError(t, err)
	e2, _, err := p.Decode([]byte(`{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"git push"}}`))
	require.NoError(t, err)
	assert.Equal(t, `{"permission":"deny","user_message":"push?","agent_message":"push?"}`+"\n", string(p.Write(e2, ask).Stdout))
}

// One profile answering many inputs at once answers each for its own
// event: no answer reaches another call.
func TestOneProfileAnswersCallsAtOnceEachForItsOwnEvent(t *testing.T) {
	p := cursor.Profile()
	asks := hookchain.New(profiletest.GoLink("guard", hookchain.BeforeTool, hookchain.Ask("sure?"))).WithApprover(profiletest.DeferToUser())
	const n = 200
	got := make([]string, n)
	done := make(chan struct{})
	for i := range n {
		go func() {
			defer func() { done <- struct{}{} }()
			command := fmt.Sprintf("make target-%d", i/2)
			input := `{"hook_event_name":"beforeShellExecution","command":"` + command + `"}`
			if i%2 == 0 {
				input = `{"hook_event_name":"preToolUse","tool_name":"Shell","tool_use_id":"t","tool_input":{"command":"` + command + `"}}`
			}
			got[i] = string(harness.Answer(context.Background(), p, asks, []byte(input)).Stdout)
		}()
	}
	for range n {
		<-done
	}
	const pending = "approval pending (asked by guard: sure?)"
	for i, answer := range got {
		want := `{"permission":"ask","user_message":"` + pending + `","agent_message":"` + pending + `"}` + "\n"
		if i%2 == 0 {
			reason := "cursor cannot ask its user, so the call is denied: " + pending
			want = `{"permission":"deny","user_message":"` + reason + `","agent_message":"` + reason + `"}` + "\n"
		}
		assert.Equal(t, want, answer, i)
	}
}

// The hooks run in the project's root, whichever directory the call runs
// in: the call's own directory is in its input.
func TestTheProjectsRootIsTheSessionsDirectoryWhereverTheCallRuns(t *testing.T) {
	_, e, s, err := cursor.Decode([]byte(`{"hook_event_name":"beforeShellExecution","command":"make","cwd":"/src/app/sub","workspace_roots":["/src/app"]}`))
	require.NoError(t, err)
	assert.Equal(t, "/src/app", s.Cwd)
	assert.Equal(t, "/src/app", s.Project, "the input's project, over the one a chain was built with")
	assert.JSONEq(t, `{"command":"make","cwd":"/src/app/sub"}`, string(e.Input))
	in, err := cursor.InputFor(cursor.BeforeShellExecution, e, s)
	require.NoError(t, err)
	assert.Equal(t, "/src/app/sub", *in.Cwd)

	_, e, s, err = cursor.Decode([]byte(`{"hook_event_name":"beforeShellExecution","command":"make","cwd":"/src/app","workspace_roots":["/src/app"]}`))
	require.NoError(t, err)
	assert.Equal(t, "/src/app", s.Cwd)
	assert.JSONEq(t, `{"command":"make"}`, string(e.Input))

	_, _, s, err = cursor.Decode([]byte(`{"hook_event_name":"beforeShellExecution","command":"make","cwd":"/src/app"}`))
	require.NoError(t, err)
	assert.Equal(t, "/src/app", s.Cwd, "without workspace roots, the call's directory")
}
