package process_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// FuzzDecodeAnswer holds DecodeAnswer to its contract on any stdout: it never
// panics; it either fails with nothing else returned or returns one of the
// five verdicts carrying valid JSON where the verdict needs it, and at most
// one note, never blank; and what it accepts, written back with
// EncodeAnswer, reads the same.
func FuzzDecodeAnswer(f *testing.F) {
	for _, s := range []string{
		``, ` `, `{}`, `null`, `[]`, `"allow"`, `{"verdict":"allow"}`, `{"verdict":"deny","reason":"no"}`,
		`{"verdict":"modify","input":{"a":1}}`, `{"verdict":"modify","input":null}`,
		`{"verdict":"replace","output":"x","is_error":true}`, `{"verdict":"replace","output":[1,{"b":null}]}`,
		`{"verdict":"allow"}{"verdict":"deny"}`, `{"verdict":"allow","verdict":"deny"}`,
		`{"verdict":"allow","input":{}}`, `{"Verdict":"deny"}`, `{"decisio\u006e":"deny"}`,
		"\n{\"verdict\":\"deny\",\"reason\":\"\\u00e9\\ud800\"}\n", `{"verdict":"deny","reason":"` + "\xff" + `"}`,
		`{"verdict":"ask","reason":"sure?"}`, `{"verdict":"ask","input":{}}`, `{"verdict":"ask","note":"c"}`,
		`{"verdict":"allow","note":"a\n\nb"}`, `{"verdict":"deny","note":" "}`, `{"verdict":"allow","note":1}`,
		`{"verdict":"replace","output":"x","note":"c","note":"d"}`, `{"verdict":"modify","input":{},"note":"` + "\xff" + `"}`,
	} {
		f.Add([]byte(s), false, false)
		f.Add([]byte(s), true, true)
	}
	f.Fuzz(func(t *testing.T, stdout []byte, afterCall, isError bool) {
		e := before
		if afterCall {
			e = after
			e.IsError = isError
		}
		out, err := process.DecodeAnswer(e, stdout)
		if err != nil {
			require.Equal(t, hookchain.Outcome{}, out, "a failed decode returns nothing else")
			return
		}
		trimmed := bytes.Trim(stdout, " \t\r\n")
		require.True(t, json.Valid(trimmed) && trimmed[0] == '{', "accepted stdout that is not one JSON object: %q", stdout)
		switch out.Verdict {
		case hookchain.Allowed, hookchain.Denied:
			assert.Nil(t, out.Input)
			assert.Nil(t, out.Output)
			assert.False(t, out.IsError)
		case hookchain.Modified:
			assert.True(t, json.Valid(out.Input), "modify with invalid input %q", out.Input)
			assert.Nil(t, out.Output)
		case hookchain.Replaced:
			assert.True(t, json.Valid(out.Output), "replace with invalid output %q", out.Output)
			assert.Nil(t, out.Input)
		case hookchain.Asked:
			// An ask may rewrite the call it asks about (AskAbout).
			assert.True(t, out.Input == nil || json.Valid(out.Input), "ask with invalid input %q", out.Input)
			assert.Nil(t, out.Output)
			assert.False(t, out.IsError)
		default:
			t.Fatalf("decoded an unknown verdict %v", out.Verdict)
		}
		assert.True(t, utf8.ValidString(out.Reason))
		assert.Empty(t, out.Trail)
		require.LessOrEqual(t, len(out.Notes), 1, "one answer, one context")
		for _, n := range out.Notes {
			assert.Empty(t, n.Link, "the chain names the link, not the hook")
			assert.NotEmpty(t, strings.TrimSpace(n.Text), "a blank context is none")
			assert.True(t, utf8.ValidString(n.Text))
		}

		wire, err := process.EncodeAnswer(out)
		require.NoError(t, err)
		back, err := process.DecodeAnswer(e, wire)
		require.NoError(t, err, "EncodeAnswer wrote %q", wire)
		out.Input, out.Output = compact(t, out.Input), compact(t, out.Output)
		assert.Equal(t, out, back)
	})
}

// FuzzEncodeRequestRoundTrip holds EncodeRequest to its contract: it writes
// one line, DecodeRequest reads back the event it was given (with the
// defaults for an empty input or output), and it refuses only events that
// are not valid.
func FuzzEncodeRequestRoundTrip(f *testing.F) {
	f.Add(uint8(1), "Bash", "toolu_1", []byte(`{"command":"ls"}`), []byte(nil), false)
	f.Add(uint8(2), "Read", "", []byte("{\n \"a\": \"<b>\\n\"\n}"), []byte(`"line\nline"`), true)
	f.Add(uint8(2), "mcp__x__y", "id", []byte(nil), []byte(nil), false)
	f.Add(uint8(0), "Bash", "", []byte(`{}`), []byte(nil), false)
	f.Add(uint8(1), "", "", []byte(`[1,2]`), []byte(nil), false)
	f.Add(uint8(1), "Bash", "", []byte(`{`), []byte(nil), false)
	f.Add(uint8(1), "a\u2028b", "\xff", []byte(`{"s":"\u2028"}`), []byte(nil), false)
	f.Fuzz(func(t *testing.T, hook uint8, tool, callID string, input, output []byte, isError bool) {
		e := hookchain.Event{Hook: hookchain.Hook(hook % 4), Tool: tool, CallID: callID, Input: input, Output: output, IsError: isError}
		b, err := process.EncodeRequest(e)
		validHook := e.Hook == hookchain.BeforeTool || e.Hook == hookchain.AfterTool
		validInput := len(input) == 0 || json.Valid(input)
		validOutput := e.Hook != hookchain.AfterTool || len(output) == 0 || json.Valid(output)
		if !validHook || !validInput || !validOutput {
			require.Error(t, err)
			return
		}
		require.NoError(t, err)
		require.Equal(t, 1, bytes.Count(b, []byte("\n")), "not one line: %q", b)
		require.True(t, bytes.HasSuffix(b, []byte("\n")))

		got, err := process.DecodeRequest(b)
		if tool == "" {
			require.EqualError(t, err, "process: bad request: no tool")
			return
		}
		require.NoError(t, err)
		assert.Equal(t, e.Hook, got.Hook)
		if utf8.ValidString(tool) && utf8.ValidString(callID) {
			assert.Equal(t, tool, got.Tool)
			assert.Equal(t, callID, got.CallID)
		}
		if len(input) == 0 {
			input = []byte(`{}`)
		}
		assert.Equal(t, string(compact(t, input)), string(got.Input))
		if e.Hook == hookchain.BeforeTool {
			assert.Nil(t, got.Output)
			assert.False(t, got.IsError)
			return
		}
		if len(output) == 0 {
			output = []byte(`null`)
		}
		assert.Equal(t, string(compact(t, output)), string(got.Output))
		assert.Equal(t, isError, got.IsError)
	})
}

func compact(t *testing.T, b []byte) json.RawMessage {
	if b == nil {
		return nil
	}
	var buf bytes.Buffer
	require.NoError(t, json.Compact(&buf, b))
	return buf.Bytes()
}
