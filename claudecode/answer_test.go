package claudecode

import (
	"context"
	"encoding/json"
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
