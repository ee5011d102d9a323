package claudecode

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
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
		{"denied before the call", before, hookchain.Deny("denied by no-rm: recursive delete"),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by no-rm: recursive delete"}}`},
		{"modified: updatedInput without allow", before, hookchain.Modify(json.RawMessage(`{"command":"ls","timeout":60}`), "pin"),
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls","timeout":60}}}`},
		{"denied after the call", after, hookchain.Deny("denied by x: no"),
			`{"decision":"block","reason":"denied by x: no"}`},
		{"denied after a failed call", failed, hookchain.Deny("denied by x: no"),
			`{"decision":"block","reason":"denied by x: no"}`},
		{"replaced", after, hookchain.Replace(json.RawMessage(`{"stdout":"[redacted]"}`), false, "redact"),
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"stdout":"[redacted]"}}}`},
		{"replaced for an MCP tool", mcpAfter, hookchain.Replace(json.RawMessage(`{"content":[]}`), false, "redact"),
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedMCPToolOutput":{"content":[]}}}`},
		{"replaced after a failed call names PostToolUseFailure", failed, hookchain.Replace(json.RawMessage(`"failed"`), true, "x"),
			`{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","updatedToolOutput":"failed"}}`},
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

func TestOutputForIsReadBackByDecideAsTheSameVerdict(t *testing.T) {
	tests := []struct {
		event hookchain.Event
		out   hookchain.Outcome
		want  hookchain.Outcome
	}{
		{before, hookchain.Deny("no"), hookchain.Deny("no")},
		{before, hookchain.Modify(json.RawMessage(`{"command":"ls"}`), "x"), hookchain.Modify(json.RawMessage(`{"command":"ls"}`), "updatedInput")},
		{after, hookchain.Deny("no"), hookchain.Deny("no")},
		{after, hookchain.Replace(json.RawMessage(`"x"`), false, "r"), hookchain.Replace(json.RawMessage(`"x"`), false, "updatedToolOutput")},
		{mcpAfter, hookchain.Replace(json.RawMessage(`{"a":1}`), false, "r"), hookchain.Replace(json.RawMessage(`{"a":1}`), false, "updatedMCPToolOutput")},
		{failed, hookchain.Replace(json.RawMessage(`"y"`), true, "r"), hookchain.Replace(json.RawMessage(`"y"`), true, "updatedToolOutput")},
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
		hookchain.Before("no-rm", hookchain.And(hookchain.Tool("Bash"), hookchain.InputMatches("command", `\brm\s+-rf\b`)),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Deny("recursive delete"), nil
			}),
		hookchain.Before("pin-timeout", hookchain.And(hookchain.Tool("Bash"), hookchain.Not(hookchain.InputExists("timeout"))),
			func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Modify(json.RawMessage(strings.TrimSuffix(string(e.Input), "}")+`,"timeout":60}`), "60s timeout"), nil
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
	)
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
		0, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":"[withheld: a credential]"}}` + "\n", ""},
	{"an MCP tool's output is replaced through updatedMCPToolOutput",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PostToolUse","tool_name":"mcp__vault__read","tool_input":{"path":"k"},"tool_response":[{"type":"text","text":"sk-live-9"}],"tool_use_id":"toolu_5"}`,
		0, `{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedMCPToolOutput":"[withheld: a credential]"}}` + "\n", ""},
	{"a failed call's stack trace is blocked",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PostToolUseFailure","tool_name":"Bash","tool_input":{"command":"python x.py"},"tool_use_id":"toolu_6","error":"Traceback (most recent call last): ...","is_interrupt":false}`,
		0, `{"decision":"block","reason":"denied by no-traces: stack traces are not shown"}` + "\n", ""},
	{"an ordinary result gets no output",
		`{"session_id":"abc","transcript_path":"/t.jsonl","cwd":"/w","permission_mode":"default","hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{"file_path":"/w/a.go"},"tool_response":{"type":"text","file":{"content":"package a"}},"tool_use_id":"toolu_7"}`,
		0, "", ""},
	{"input that is not JSON is a non-blocking error",
		`session_id=abc`,
		1, "", "hookchain: the hook input is not a Claude Code hook input: invalid character 's' looking for beginning of value\n"},
	{"a non-tool event is a non-blocking error",
		`{"session_id":"abc","hook_event_name":"Stop","stop_hook_active":false}`,
		1, "", "hookchain: claudecode: hook_event_name \"Stop\" is not a tool-call event (want PreToolUse, PostToolUse or PostToolUseFailure)\n"},
	{"empty stdin is a non-blocking error",
		``,
		1, "", "hookchain: the hook input is not a Claude Code hook input: unexpected end of JSON input\n"},
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
	assert.Equal(t, 1, code)
	assert.Equal(t, "hookchain: writing the answer: broken pipe\n", stderr.String())
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
