package opa_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/opa"
)

// A decision document with two keys alike but for case is two documents
// to two readers: Decode reads the exact key, encoding/json any case, the
// last given. It is refused, whichever key says what.
func TestADecisionDocumentWithTwoKeysAlikeButForCaseIsRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		doc  map[string]any
		err  string
	}{
		{"TheDecision", map[string]any{"Verdict": "deny", "verdict": "allow"},
			`the decision document is ambiguous: it has the keys "Verdict" and "verdict", which Go's encoding/json reads as one`},
		{"TheReason", map[string]any{"verdict": "deny", "reason": "rm -rf", "REASON": ""},
			`the decision document is ambiguous: it has the keys "REASON" and "reason", which Go's encoding/json reads as one`},
		{"TheInputWithAKelvinSign", map[string]any{"verdict": "modify", "input": map[string]any{}, "\u212Aey": 1, "key": 2},
			"the decision document is ambiguous: it has the keys \"key\" and \"\u212Aey\", which Go's encoding/json reads as one"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := opa.Decode(before, tc.doc)
			require.EqualError(t, err, tc.err)
			assert.Equal(t, hookchain.Outcome{}, got)
		})
	}
}

// A host that holds the policy's answer as JSON gives it as it is, and
// Decode reads it the one way the chain reads JSON: a key given twice, or
// bytes that are not UTF-8, are refused rather than decided by whichever
// reader came first.
func TestDecodeReadsRawJSONRefusingAKeyGivenTwice(t *testing.T) {
	for _, tc := range []struct {
		name, raw string
		want      hookchain.Outcome
		err       string
	}{
		{name: "ADocument", raw: `{"verdict":"deny","reason":"rm -rf"}`, want: hookchain.Deny("rm -rf")},
		{name: "ADenySet", raw: `["rm -rf"]`, want: hookchain.Deny("rm -rf")},
		{name: "NumbersAsWritten", raw: `{"verdict":"modify","input":{"n":12345678901234567890,"z":-0}}`,
			want: hookchain.Modify(json.RawMessage(`{"n":12345678901234567890,"z":-0}`), "")},
		{name: "TheDecisionTwice", raw: `{"verdict":"deny","verdict":"allow"}`,
			err: `the result is ambiguous: an object in it has the key "verdict" twice`},
		{name: "AKeyTwiceInTheNewInput", raw: `{"verdict":"modify","input":{"command":"ls","command":"rm -rf /"}}`,
			err: `the result is ambiguous: an object in it has the key "command" twice`},
		{name: "TwoKeysAlikeButForCase", raw: `{"verdict":"deny","Verdict":"allow"}`,
			err: `the decision document is ambiguous: it has the keys "Verdict" and "verdict", which Go's encoding/json reads as one`},
		{name: "NotUTF8", raw: "{\"verdict\":\"deny\",\"reason\":\"\xff\"}", err: "the result is not valid UTF-8"},
		{name: "NotJSON", raw: `{"verdict":`, err: "the result is not valid JSON"},
		{name: "Nothing", raw: ``, err: "the result is not valid JSON"},
	} {
		for _, form := range []struct {
			name string
			v    func(string) any
		}{
			{"RawMessage", func(s string) any { return json.RawMessage(s) }},
			{"Bytes", func(s string) any { return []byte(s) }},
		} {
			t.Run(tc.name+"/"+form.name, func(t *testing.T) {
				got, err := opa.Decode(before, form.v(tc.raw))
				if tc.err != "" {
					require.EqualError(t, err, tc.err)
					assert.Equal(t, hookchain.Outcome{}, got)
					return
				}
				require.NoError(t, err)
				assert.Equal(t, tc.want, got)
			})
		}
	}
}

// encoding/json writes each byte of a string that is not UTF-8 as U+FFFD:
// the tool would run, or the model be shown, what the policy did not write
// (a Rego builtin such as base64.decode makes such strings). It is refused.
func TestANewInputOrOutputThatIsNotUTF8IsAnErrorNeverRewritten(t *testing.T) {
	for _, tc := range []struct {
		name  string
		event hookchain.Event
		doc   map[string]any
		err   string
	}{
		{"AStringInTheInput", before, map[string]any{"verdict": "modify", "input": map[string]any{"command": "ls \xff"}},
			`"input" has a string that is not valid UTF-8`},
		{"AKeyInTheInput", before, map[string]any{"verdict": "ask", "input": map[string]any{"comm\xffand": "ls"}},
			`"input" has a key that is not valid UTF-8`},
		{"AStringDeepInTheOutput", after, map[string]any{"verdict": "replace", "output": []any{map[string]any{"a": []any{"ok", "\xc0\xaf"}}}},
			`"output" has a string that is not valid UTF-8`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := opa.Decode(tc.event, tc.doc)
			require.EqualError(t, err, tc.err)
			assert.Equal(t, hookchain.Outcome{}, got)
		})
	}

	policy := "package p\n" + `decision := {"verdict": "modify", "input": {"command": concat("", ["ls ", base64.decode("/w==")])}}`
	fn, err := opa.Embedded("data.p.decision", map[string]string{"p.rego": policy}, opa.WithLogger(quiet))
	require.NoError(t, err)
	_, err = fn(context.Background(), bash(hookchain.BeforeTool, "toolu_1", `{"command":"ls"}`))
	require.EqualError(t, err, `opa: data.p.decision is not a decision: "input" has a string that is not valid UTF-8`)
}
