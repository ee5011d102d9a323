package claudecode

import (
	"bytes"
	"context"
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

func TestAnswerIsServeWithoutTheStreams(t *testing.T) {
	chain := hookchain.New(hookchain.Before("no-rm", hookchain.InputMatches("command", `rm -rf`),
		func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Deny("recursive delete"), nil
		}))
	tests := []struct {
		name, input, want, err string
	}{
		{"a denial is Claude Code's JSON", `{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by no-rm: recursive delete"}}` + "\n", ""},
		{"an allow is nothing", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`, "", ""},
		{"not JSON is blocked", `{"hook_event_name":`,
			`{"decision":"block","reason":"hookchain: the hook input is not a Claude Code hook input: unexpected end of JSON input"}` + "\n", ""},
		{"not a tool-call event", `{"hook_event_name":"Stop"}`, "",
			`claudecode: hook_event_name "Stop" is not a tool-call event (want PreToolUse, PostToolUse or PostToolUseFailure)`},
		{"not UTF-8 is blocked", "{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Ba\xffsh\"}",
			`{"decision":"block","reason":"hookchain: the hook input is not valid UTF-8: byte 0xff at offset 47"}` + "\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Answer(context.Background(), chain, []byte(tt.input))
			if tt.err != "" {
				require.EqualError(t, err, tt.err)
				assert.Nil(t, got)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(got))
		})
	}
}

func TestAnAnswerThatCannotBeEncodedIsABlock(t *testing.T) {
	// No chain gives a rewrite that is not JSON; an outcome built by hand can.
	o := hookchain.Outcome{Verdict: hookchain.Modified, Input: json.RawMessage(`{"command":`)}

	got := encode(OutputFor(before, o))

	assert.Equal(t, `{"decision":"block","reason":"hookchain: encoding the answer: json: error calling MarshalJSON for type json.RawMessage: unexpected end of JSON input"}`+"\n", string(got))
}

func TestCommandSpecIsTheSpecAsCommandRunsIt(t *testing.T) {
	t.Setenv("OTEL_EXPORTER", "x")
	t.Setenv("HOOKCHAIN_TEST_VISIBLE", "yes")
	s := CommandSpec(process.Spec{Args: []string{"${CLAUDE_PROJECT_DIR}/hooks/guard", "--root=${CLAUDE_PROJECT_DIR}"}},
		SessionInfo{ProjectDir: "/work/repo", Cwd: "/work/repo/sub", Extra: map[string]json.RawMessage{}})

	assert.Equal(t, []string{"/work/repo/hooks/guard", "--root=/work/repo"}, s.Args)
	assert.Equal(t, "/work/repo/sub", s.Dir)
	env := s.Environ()
	assert.Contains(t, env, "CLAUDE_PROJECT_DIR=/work/repo")
	assert.Contains(t, env, "HOOKCHAIN_TEST_VISIBLE=yes", "Claude Code's environment: the whole of it")
	assert.NotContains(t, env, "OTEL_EXPORTER=x", "less OTEL_*")
}

func TestAHookInputThatTwoReadersWouldReadTwoWaysIsBlocked(t *testing.T) {
	// Go's decoder matches keys without regard to case and keeps the last
	// of a key given twice; Claude Code, and every JavaScript reader, reads
	// the exact key. Each input here would be judged as one call and run as
	// another.
	tests := []struct {
		name, input, want string
	}{
		{"Tool_Name beside tool_name",
			`{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"command":"rm -rf /"},"Tool_Name":"Bash"}`,
			`the hook input has the key \"Tool_Name\", which Go's encoding/json reads as \"tool_name\"`},
		{"TOOL_INPUT beside tool_input",
			`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"},"TOOL_INPUT":{"command":"ls"}}`,
			`the hook input has the key \"TOOL_INPUT\", which Go's encoding/json reads as \"tool_input\"`},
		{"Hook_Event_Name alone",
			`{"Hook_Event_Name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`,
			`the hook input has the key \"Hook_Event_Name\", which Go's encoding/json reads as \"hook_event_name\"`},
		{"tool_input given twice",
			`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"},"tool_input":{"command":"ls"}}`,
			`the hook input is ambiguous: an object in it has the key \"tool_input\" twice`},
		{"a key given twice deep inside",
			`{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{},"tool_response":{"stdout":"a","stdout":"b"}}`,
			`the hook input is ambiguous: an object in it has the key \"stdout\" twice`},
		{"two other keys alike but for case",
			`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"agent_id":"a","Agent_ID":"b"}`,
			`the hook input is ambiguous: an object in it has the keys \"Agent_ID\" and \"agent_id\", which Go's encoding/json reads as one`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Answer(context.Background(), guards(), []byte(tt.input))
			require.NoError(t, err)
			assert.Equal(t, `{"decision":"block","reason":"hookchain: claudecode: `+tt.want+`"}`+"\n", string(got))

			var stdout, stderr bytes.Buffer
			code := Serve(context.Background(), guards(), strings.NewReader(tt.input), &stdout, &stderr)
			assert.Equal(t, 0, code, "the block is in the JSON")
			assert.Equal(t, string(got), stdout.String(), "the command hook reads stdin the same way")
			assert.Empty(t, stderr.String())
		})
	}
}

func TestKeysAlikeButForCaseInsideTheToolsOutputAreNoReasonToBlock(t *testing.T) {
	// A tool's output is read as text, and HTTP headers may well give both.
	input := `{"hook_event_name":"PostToolUse","tool_name":"WebFetch","tool_input":{"url":"https://example.com"},` +
		`"tool_response":{"headers":{"ETag":"1","Etag":"1"},"body":"Traceback"}}`

	got, err := Answer(context.Background(), guards(), []byte(input))

	require.NoError(t, err)
	assert.Equal(t, `{"decision":"block","reason":"denied by no-traces: stack traces are not shown",`+
		`"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"body":"","headers":{"ETag":"","Etag":""}}}}`+"\n",
		string(got), "judged by the chain, and the output withheld")
}

// A link that ends the goroutine it runs on (runtime.Goexit, as t.FailNow
// does) must not take the answer with it: an http hook that drops its
// connection, or a command hook that says nothing, lets Claude Code run the
// call.
func TestALinkThatEndsItsGoroutineIsAnsweredWithADenialNotSilence(t *testing.T) {
	chain := hookchain.New(hookchain.Before("quitter", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		runtime.Goexit()
		return hookchain.Allow(), nil
	}).FailOpen())
	input := `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`
	want := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":` +
		`"hookchain: a link ended the goroutine that was judging the call (runtime.Goexit), and no decision was made"}}` + "\n"

	got, err := Answer(context.Background(), chain, []byte(input))
	require.NoError(t, err)
	assert.Equal(t, want, string(got))

	var stdout, stderr bytes.Buffer
	assert.Equal(t, 0, Serve(context.Background(), chain, strings.NewReader(input), &stdout, &stderr))
	assert.Equal(t, want, stdout.String())
}
