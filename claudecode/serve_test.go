package claudecode

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

func TestOutputForAnswersEachVerdictAsClaudeCodeReadsIt(t *testing.T) {
	tests := []struct {
		name  string
		event hookchain.Event
		out   hookchain.Outcome
		want  string // "" for no output
	}{
		{"allowed before the call: nothing to say", before, hookchain.Allow(), ""},
		{"allowed after the call: nothing to say", after, hookchain.Outcome{Reason: "fine"}, ""},
		{"messages are the user's systemMessage, each named after its link", before,
			hookchain.Outcome{Messages: []hookchain.Note{{Link: "audit", Text: "logged"}, {Link: "pnpm", Text: "npm is aliased"}}},
			`{"systemMessage":"audit: logged\n\npnpm: npm is aliased"}`},
		{"a denial with a message: both", before, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by g: no", Messages: []hookchain.Note{{Link: "g", Text: "see the policy"}}},
			`{"systemMessage":"g: see the policy","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by g: no"}}`},
		{"denied before the call", before, hookchain.Deny("denied by no-rm: recursive delete"),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by no-rm: recursive delete"}}`},
		{"modified: updatedInput without allow", before, hookchain.Modify(json.RawMessage(`{"command":"ls","timeout":60}`), "pin"),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls","timeout":60}}}`},
		{"denied after the call: a block, and the output withheld in its shape", after, hookchain.Deny("denied by x: no"),
			`{"decision":"block","reason":"denied by x: no","hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"interrupted":false,"isImage":false,"stderr":"","stdout":""}}}`},
		{"denied after a failed call: a block, and the error's text withheld", failed, hookchain.Deny("denied by x: no"),
			`{"decision":"block","reason":"denied by x: no","hookSpecificOutput":{"hookEventName":"PostToolUseFailure","updatedToolOutput":""}}`},
		{"replaced in the tool's shape", after, hookchain.Replace(json.RawMessage(`{"stdout":"[redacted]","stderr":"","interrupted":false}`), false, "redact"),
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"stdout":"[redacted]","stderr":"","interrupted":false}}}`},
		{"replaced with text for Bash: the text as Bash's stdout", after, hookchain.Replace(hookchain.Text("[redacted]"), false, "redact"),
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"stdout":"[redacted]","stderr":"","interrupted":false}}}`},
		{"replaced in another shape, which Claude Code would ignore: the output withheld, and a block saying why", after,
			hookchain.Replace(json.RawMessage(`{"stdout":"[redacted]"}`), false, "redact"),
			`{"decision":"block","reason":"hookchain: the chain replaced Bash's output with one that does not have its output shape, which Claude Code would ignore; the output is withheld instead",` +
				`"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"interrupted":false,"isImage":false,"stderr":"","stdout":""}}}`},
		{"a Claude Code hook's block after the call, in a chain: context, the output kept", after, allowedWith(note("validate", BlockedAfterPrefix+"Validations pass")),
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"validate: blocked after the call: Validations pass"}}`},
		{"replaced for an MCP tool", mcpAfter, hookchain.Replace(json.RawMessage(`{"content":[]}`), false, "redact"),
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedMCPToolOutput":{"content":[]}}}`},
		{"replaced after a failed call names PostToolUseFailure", failed, hookchain.Replace(json.RawMessage(`"failed"`), true, "x"),
			`{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","updatedToolOutput":"failed"}}`},
		{"asked: ask, so that Claude Code asks its user", before, asked(false),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"approval pending (asked by push-guard: pushes to main)"}}`},
		{"asked about a rewritten input: ask about the input the chain would run", before,
			asked(true),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"approval pending (asked by push-guard: pushes to main)","updatedInput":{"command":"git push","timeout":60}}}`},
		{"asked by hand, with no ticket", before, hookchain.Ask("sure?"),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?"}}`},
		{"allowed with context: additionalContext alone", before, allowedWith(note("pnpm-hint", "this repository uses pnpm, not npm")),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"pnpm-hint: this repository uses pnpm, not npm"}}`},
		{"allowed after a failed call with context", failed, allowedWith(note("retry-hint", "read the error before retrying")),
			`{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"retry-hint: read the error before retrying"}}`},
		{"several notes: each named, a blank line between", after,
			allowedWith(note("lint", "2 warnings in a.go"), note("size", "the output was 3 MB\nconsider head"), note("quiet", " \n"), note("", "unnamed")),
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"lint: 2 warnings in a.go\n\nsize: the output was 3 MB\nconsider head\n\nunnamed"}}`},
		{"only blank notes: nothing to say", before, allowedWith(note("quiet", "")), ""},
		{"denied before the call keeps its context", before, withNotes(hookchain.Deny("denied by no-rm: recursive delete"), note("hint", "use git clean")),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by no-rm: recursive delete","additionalContext":"hint: use git clean"}}`},
		{"modified with context", before, withNotes(hookchain.Modify(json.RawMessage(`{"command":"ls"}`), "x"), note("hint", "h")),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls"},"additionalContext":"hint: h"}}`},
		{"asked with context", before, withNotes(hookchain.Ask("sure?"), note("hint", "h")),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?","additionalContext":"hint: h"}}`},
		{"denied after the call keeps its context", after, withNotes(hookchain.Deny("denied by x: no"), note("hint", "h")),
			`{"decision":"block","reason":"denied by x: no","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"hint: h","updatedToolOutput":{"interrupted":false,"isImage":false,"stderr":"","stdout":""}}}`},
		{"replaced with context", mcpAfter, withNotes(hookchain.Replace(json.RawMessage(`"x"`), false, "r"), note("hint", "h")),
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"hint: h","updatedMCPToolOutput":"x"}}`},
		{"modified after the call cannot be said: a denial", after, hookchain.Modify(json.RawMessage(`{}`), "x"),
			`{"decision":"block","reason":"hookchain: the outcome is Modified, which cannot be answered at PostToolUse","hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"interrupted":false,"isImage":false,"stderr":"","stdout":""}}}`},
		{"asked after the call cannot be said: a denial", after, hookchain.Ask("sure?"),
			`{"decision":"block","reason":"hookchain: the outcome is Asked, which cannot be answered at PostToolUse","hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"interrupted":false,"isImage":false,"stderr":"","stdout":""}}}`},
		{"replaced before the call cannot be said: a denial", before, hookchain.Replace(json.RawMessage(`"x"`), false, "x"),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"hookchain: the outcome is Replaced, which cannot be answered at PreToolUse"}}`},
		{"an unknown verdict: a denial", before, hookchain.Outcome{Verdict: 9},
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"hookchain: the outcome is Verdict(9), which cannot be answered at PreToolUse"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := OutputFor(tt.event, tt.out)
			if tt.want == "" {
				assert.Nil(t, o)
				return
			}
			require.NotNil(t, o)
			b, err := marshal(o)
			require.NoError(t, err)
			assert.Equal(t, tt.want+"\n", string(b))
		})
	}
}

func note(link, text string) hookchain.Note { return hookchain.Note{Link: link, Text: text} }

func withNotes(o hookchain.Outcome, notes ...hookchain.Note) hookchain.Outcome {
	o.Notes = notes
	return o
}

func allowedWith(notes ...hookchain.Note) hookchain.Outcome {
	return withNotes(hookchain.Allow(), notes...)
}

// asked is the outcome of a chain whose approver deferred the question: a
// push-guard link asked about "git push", and pin-timeout pinned a timeout
// on it if rewrite is set.
func asked(rewrite bool) hookchain.Outcome {
	chain := hookchain.New(
		hookchain.Before("push-guard", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Ask("pushes to main"), nil
		}),
		hookchain.Before("pin-timeout", hookchain.Any(), func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			if !rewrite {
				return hookchain.Allow(), nil
			}
			return hookchain.Modify(json.RawMessage(`{"command":"git push","timeout":60}`), ""), nil
		}),
	).WithApprover(UserApprover())
	out := chain.Run(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"git push"}`)})
	if out.Verdict != hookchain.Asked || out.Pending == nil {
		panic(fmt.Sprintf("the chain did not defer: %+v", out))
	}
	return out
}

func TestOutputForIsReadBackByDecideAsTheSameVerdict(t *testing.T) {
	tests := []struct {
		event hookchain.Event
		out   hookchain.Outcome
		want  hookchain.Outcome
	}{
		{before, hookchain.Deny("no"), hookchain.Deny("no")},
		{before, hookchain.Modify(json.RawMessage(`{"command":"ls"}`), "x"), hookchain.Modify(json.RawMessage(`{"command":"ls"}`), "updatedInput")},
		{after, hookchain.Deny("no"), hookchain.Outcome{Verdict: hookchain.Replaced, Output: json.RawMessage(`{"interrupted":false,"isImage":false,"stderr":"","stdout":""}`),
			Reason: BlockedAfterPrefix + "no; updatedToolOutput"}.WithNote(BlockedAfterPrefix + "no")},
		{after, hookchain.Replace(json.RawMessage(`"x"`), false, "r"),
			hookchain.Replace(json.RawMessage(`{"stdout":"x","stderr":"","interrupted":false}`), false, "updatedToolOutput")},
		{mcpAfter, hookchain.Replace(json.RawMessage(`{"a":1}`), false, "r"), hookchain.Replace(json.RawMessage(`{"a":1}`), false, "updatedMCPToolOutput")},
		{failed, hookchain.Replace(json.RawMessage(`"y"`), true, "r"), hookchain.Replace(json.RawMessage(`"y"`), true, "updatedToolOutput")},
		{before, hookchain.Ask("sure?"), hookchain.Ask("sure?")},
		{before, allowedWith(note("a", "one"), note("b", "two")), hookchain.Allow().WithNote("a: one\n\nb: two")},
		{failed, withNotes(hookchain.Deny("no"), note("a", "one")), hookchain.Outcome{Verdict: hookchain.Replaced, Output: json.RawMessage(`""`), IsError: true,
			Reason: BlockedAfterPrefix + "no; updatedToolOutput"}.WithNote(BlockedAfterPrefix + "no").WithNote("a: one")},
	}
	for _, tt := range tests {
		b, err := marshal(OutputFor(tt.event, tt.out))
		require.NoError(t, err)
		got, err := Decide(tt.event, exited(string(b)))
		require.NoError(t, err)
		assert.Equal(t, tt.want, got)
	}
}

// guards is the chain the Serve tests run: the same policy as
// testdata/gohook, written here so that Serve can be tested in-process too.
func guards() *hookchain.Chain {
	return hookchain.New(
		hookchain.Before("pnpm-hint", hookchain.And(hookchain.Tool("Bash"), hookchain.InputMatches("command", `\bnpm\b`)),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Allow().WithNote("this repository uses pnpm, not npm"), nil
			}),
		hookchain.Before("no-rm", hookchain.And(hookchain.Tool("Bash"), hookchain.InputMatches("command", `\brm\s+-rf\b`)),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Deny("recursive delete"), nil
			}),
		hookchain.Before("push-guard", hookchain.And(hookchain.Tool("Bash"), hookchain.InputMatches("command", `\bgit\s+push\b`)),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Ask("pushes to a shared remote"), nil
			}),
		hookchain.Before("pin-timeout", hookchain.And(hookchain.Tool("Bash"), hookchain.Not(hookchain.InputExists("timeout"))),
			func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Modify(json.RawMessage(strings.TrimSuffix(string(e.Input), "}")+`,"timeout":60}`), "60s timeout"), nil
			}),
		hookchain.After("retry-hint", hookchain.Any(),
			func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				if !e.IsError {
					return hookchain.Allow(), nil
				}
				return hookchain.Allow().WithNote("read the error before retrying"), nil
			}),
		hookchain.After("redact", hookchain.Any(),
			func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				if !bytes.Contains(e.Output, []byte("sk-")) {
					return hookchain.Allow(), nil
				}
				return hookchain.Replace(hookchain.Text("[withheld: a credential]"), e.IsError, "a credential"), nil
			}),
		hookchain.After("no-traces", hookchain.Any(),
			func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				if bytes.Contains(e.Output, []byte("Traceback")) {
					return hookchain.Deny("stack traces are not shown"), nil
				}
				return hookchain.Allow(), nil
			}),
	).WithApprover(UserApprover())
}

// serveCases are real Claude Code hook inputs and what a hook program built
// on the guards chain must answer: exit status, stdout and stderr, exactly.
var serveCases = []struct {
	name   string
	stdin  string
	code   int
	stdout string
	stderr string
}{
	{"a recursive delete is denied in JSON",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /w/build"},"tool_use_id":"toolu_1"}`,
		0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by no-rm: recursive delete"}}` + "\n", ""},
	{"a shell command gets a timeout, without bypassing the permission prompt",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"make test"},"tool_use_id":"toolu_2"}`,
		0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"make test","timeout":60}}}` + "\n", ""},
	{"a call nobody changes gets no output",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/w/a.go"},"tool_use_id":"toolu_3"}`,
		0, "", ""},
	{"output with a credential is replaced",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"env"},"tool_response":{"stdout":"KEY=sk-123","stderr":"","interrupted":false},"tool_use_id":"toolu_4"}`,
		0, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"stdout":"[withheld: a credential]","stderr":"","interrupted":false}}}` + "\n", ""},
	{"an MCP tool's output is replaced through updatedMCPToolOutput",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PostToolUse","tool_name":"mcp__vault__read","tool_input":{"path":"k"},"tool_response":[{"type":"text","text":"sk-live-9"}],"tool_use_id":"toolu_5"}`,
		0, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedMCPToolOutput":"[withheld: a credential]"}}` + "\n", ""},
	{"a failed call's stack trace is blocked",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PostToolUseFailure","tool_name":"Bash","tool_input":{"command":"python x.py"},"tool_use_id":"toolu_6","error":"Traceback (most recent call last): ...","is_interrupt":false}`,
		0, `{"decision":"block","reason":"denied by no-traces: stack traces are not shown","hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"retry-hint: read the error before retrying","updatedToolOutput":""}}` + "\n", ""},
	{"a push is put to Claude Code's user, about the input with its timeout",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push origin main"},"tool_use_id":"toolu_8"}`,
		0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"approval pending (asked by push-guard: pushes to a shared remote)","updatedInput":{"command":"git push origin main","timeout":60}}}` + "\n", ""},
	{"a push that needs no rewrite is asked about as it is",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push","timeout":10},"tool_use_id":"toolu_9"}`,
		0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"approval pending (asked by push-guard: pushes to a shared remote)"}}` + "\n", ""},
	{"a call that is only given context answers with additionalContext alone",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"npm test","timeout":30},"tool_use_id":"toolu_10"}`,
		0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"pnpm-hint: this repository uses pnpm, not npm"}}` + "\n", ""},
	{"context goes with a rewrite",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"npm install"},"tool_use_id":"toolu_11"}`,
		0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"npm install","timeout":60},"additionalContext":"pnpm-hint: this repository uses pnpm, not npm"}}` + "\n", ""},
	{"a denial keeps the context given before it",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf node_modules && npm install"},"tool_use_id":"toolu_12"}`,
		0, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by no-rm: recursive delete","additionalContext":"pnpm-hint: this repository uses pnpm, not npm"}}` + "\n", ""},
	{"a failed call is given context",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PostToolUseFailure","tool_name":"Bash","tool_input":{"command":"make"},"tool_use_id":"toolu_13","error":"make: *** No targets.  Stop.","is_interrupt":false}`,
		0, `{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"retry-hint: read the error before retrying"}}` + "\n", ""},
	{"an ordinary result gets no output",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{"file_path":"/w/a.go"},"tool_response":{"type":"text","file":{"content":"package a"}},"tool_use_id":"toolu_7"}`,
		0, "", ""},
	{"input that is not JSON is blocked, not let through",
		`session_id=abc`,
		0, `{"decision":"block","reason":"hookchain: the hook input is not a Claude Code hook input: invalid character 's' looking for beginning of value"}` + "\n", ""},
	{"a non-tool event, which has no call to block, stops Claude Code: exit 1 would let it go on unjudged",
		`{"session_id":"abc","hook_event_name":"UserPromptSubmit","prompt":"rm -rf /"}`,
		0, `{"continue":false,"stopReason":"hookchain: claudecode: hook_event_name \"UserPromptSubmit\" is not a tool-call event (want PreToolUse, PostToolUse or PostToolUseFailure); this hook program judges tool calls only"}` + "\n", ""},
	{"empty stdin is blocked, not let through",
		``,
		0, `{"decision":"block","reason":"hookchain: the hook input is not a Claude Code hook input: unexpected end of JSON input"}` + "\n", ""},
	{"a tool-call input with no tool is blocked",
		`{"session_id":"abc","hook_event_name":"PreToolUse","tool_input":{"command":"ls"}}`,
		0, `{"decision":"block","reason":"hookchain: claudecode: the PreToolUse input has no tool_name"}` + "\n", ""},
}

func TestServeAnswersClaudeCodeInputs(t *testing.T) {
	for _, tt := range serveCases {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Serve(context.Background(), guards(), strings.NewReader(tt.stdin), &stdout, &stderr)
			assert.Equal(t, tt.code, code)
			assert.Equal(t, tt.stdout, stdout.String())
			assert.Equal(t, tt.stderr, stderr.String())
		})
	}
}

func TestServeDeniesWhenTheChainRefusesTheCall(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Serve(context.Background(), nil, strings.NewReader(
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`), &stdout, &stderr)
	assert.Equal(t, 0, code)
	assert.Equal(t, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"hookchain: Run on a nil *Chain"}}`+"\n", stdout.String())
	assert.Empty(t, stderr.String())
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestServeReportsAnAnswerItCannotWrite(t *testing.T) {
	var stderr bytes.Buffer
	code := Serve(context.Background(), guards(), strings.NewReader(serveCases[0].stdin), failingWriter{}, &stderr)
	assert.Equal(t, 2, code, "an answer Claude Code cannot read blocks the call")
	assert.Equal(t, "hookchain: writing the answer: broken pipe\n", stderr.String())
}

func TestServeBlocksTheCallWhenItCannotReadTheHookInput(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Serve(context.Background(), guards(), iotest.ErrReader(errors.New("input/output error")), &stdout, &stderr)
	assert.Equal(t, 2, code, "a call hookchain could not read is not let through")
	assert.Empty(t, stdout.String())
	assert.Equal(t, "hookchain: reading the hook input: input/output error\n", stderr.String())
}

// TestAGoHookProgramAnswersClaudeCode builds testdata/gohook, a hook written
// with Main, and runs it as Claude Code would: one input on stdin, the answer
// read from the exit status, stdout and stderr.
func TestAGoHookProgramAnswersClaudeCode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	bin := filepath.Join(t.TempDir(), "gohook")
	build := exec.Command("go", "build", "-o", bin, "./testdata/gohook")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)

	for _, tt := range serveCases {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(bin)
			cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(tt.stdin), &stdout, &stderr
			err := cmd.Run()
			code := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				code = exit.ExitCode()
			} else {
				require.NoError(t, err)
			}
			assert.Equal(t, tt.code, code)
			assert.Equal(t, tt.stdout, stdout.String())
			assert.Equal(t, tt.stderr, stderr.String())
		})
	}
}

func TestAnAskAboutARewriteGoesBackToClaudeCodeAsAskWithUpdatedInput(t *testing.T) {
	// A hook program's link that rewrites and asks in one answer is read by
	// Claude Code as it wrote it: ask, about the rewritten call.
	chain := hookchain.New(
		hookchain.Before("lease", hookchain.Tool("Bash"), func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.AskAbout(json.RawMessage(`{"command":"git push --force-with-lease"}`), "force-push with a lease instead?"), nil
		}),
	).WithApprover(UserApprover())
	var stdout, stderr bytes.Buffer
	code := Serve(context.Background(), chain, strings.NewReader(
		`{"session_id":"abc","cwd":"/w","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push --force"},"tool_use_id":"toolu_1"}`),
		&stdout, &stderr)
	assert.Equal(t, 0, code)
	assert.Equal(t, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask",`+
		`"permissionDecisionReason":"approval pending (asked by lease: force-push with a lease instead?)",`+
		`"updatedInput":{"command":"git push --force-with-lease"}}}`+"\n", stdout.String())
	assert.Empty(t, stderr.String())
}

func TestServeTellsTheChainsClaudeCodeHooksAboutTheWholeInput(t *testing.T) {
	dir := t.TempDir()
	chain := hookchain.New(hookchain.Before("record", hookchain.Any(),
		Command(process.Spec{Shell: `cat > "` + dir + `/input.json"`}, SessionInfo{})))
	var stdout, stderr bytes.Buffer
	in := `{"session_id":"s-1","transcript_path":"/t.jsonl","cwd":"` + dir + `","permission_mode":"plan","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"toolu_1","agent_id":"a-1","agent_type":"Explore","prompt_id":"p-9","effort":{"level":"high"}}`
	code := Serve(context.Background(), chain, strings.NewReader(in), &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())
	got, err := os.ReadFile(filepath.Join(dir, "input.json"))
	require.NoError(t, err)
	assert.JSONEq(t, in, string(got))
}
