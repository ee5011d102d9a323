package claudecode

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
)

// Hook inputs that are not UTF-8. Decoded as they are, the tool name
// "Ba\xffsh" would become "Ba\uFFFDsh", which no Bash hook matches, and the
// call would be allowed.
var notUTF8 = []struct {
	name, input, err string
}{
	{"a tool name with a byte that is not UTF-8",
		`{"hook_event_name":"PreToolUse","tool_name":"Ba` + "\xff" + `sh","tool_input":{"command":"rm -rf /"}}`,
		"the hook input is not valid UTF-8: byte 0xff at offset 47"},
	{"an input string with a lone 0xff",
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /` + "\xff" + `"}}`,
		"the hook input is not valid UTF-8: byte 0xff at offset 84"},
	{"a tool name with an escaped surrogate half, which decodes to U+FFFD just the same",
		`{"hook_event_name":"PreToolUse","tool_name":"Ba\udcffsh","tool_input":{"command":"rm -rf /"}}`,
		`the hook input is not valid UTF-8: an unpaired surrogate \udcff at offset 47`},
}

func TestAHookInputThatIsNotUTF8IsRefusedNotMangled(t *testing.T) {
	for _, tt := range notUTF8 {
		t.Run(tt.name, func(t *testing.T) {
			var in Input
			err := json.Unmarshal([]byte(tt.input), &in)
			require.EqualError(t, err, "claudecode: "+tt.err)
			assert.Equal(t, Input{}, in)
		})
	}
}

func TestServeRefusesAHookInputThatIsNotUTF8(t *testing.T) {
	for _, tt := range notUTF8 {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Serve(context.Background(), guards(), strings.NewReader(tt.input), &stdout, &stderr)
			// Refused, and so blocked: Claude Code would run a call whose
			// hook merely failed.
			assert.Equal(t, 0, code)
			assert.Equal(t, string(Refusal(tt.err)), stdout.String())
			assert.Empty(t, stderr.String())
		})
	}
}

func TestAHookAnswerThatIsNotUTF8IsAFailure(t *testing.T) {
	answer := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls` + "\xff" + `"}}}`
	got, err := Decide(before, exited(answer))
	require.Error(t, err)
	assert.Equal(t, "stdout is not valid UTF-8: byte 0xff at offset 81", err.Error())
	assert.Equal(t, hookchain.Outcome{}, got)

	srv := serveHook(t, 200, answer)
	_, err = HTTP(HTTPHook{URL: srv.URL}, session)(context.Background(), before)
	require.EqualError(t, err, "http hook "+srv.URL+": the response body is not valid UTF-8: byte 0xff at offset 81")

	var o Output
	require.EqualError(t, json.Unmarshal([]byte(answer), &o), "claudecode: the hook output is not valid UTF-8: byte 0xff at offset 81")
}

// A hook that rewrites a call into an input giving a key twice would have a
// guard read one value and the tool another: the call is denied, named, as
// for any answer that gives a key twice, and is not rewritten.
func TestARewriteThatGivesAKeyTwiceIsDenied(t *testing.T) {
	answer := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls","command":"rm -rf /"}}}`
	got, err := Decide(before, exited(answer))
	require.NoError(t, err)
	assert.Equal(t, hookchain.Deny(`the hook's answer (stdout) is ambiguous: an object in it has the key "command" twice; denied rather than guessed`), got)
}

func TestARewrittenInputWithTwoKeysAlikeButForCaseIsTheHooksFailure(t *testing.T) {
	answer := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls","Command":"rm -rf /"}}}`
	got, err := Decide(before, exited(answer))
	require.EqualError(t, err, `stdout is not a valid hook output: hookSpecificOutput.updatedInput is ambiguous: an object in it has the keys "command" and "Command", which Go's encoding/json reads as one`)
	assert.Equal(t, hookchain.Outcome{}, got)
}
