package hookchain_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

func TestAnOutcomeHasAStableJSONForm(t *testing.T) {
	tests := []struct {
		name    string
		outcome hc.Outcome
		json    string
	}{
		{"an allow is only its decision", hc.Outcome{}, `{"verdict":"allow"}`},
		{
			"a denial names the denier",
			hc.Outcome{Verdict: hc.Denied, Reason: "denied by guard: <no>", DecidedBy: "guard", Cause: hc.CauseLink, Trail: []hc.Step{{Name: "guard", Verdict: hc.Denied, Reason: "<no>"}}},
			`{"verdict":"deny","reason":"denied by guard: <no>","decided_by":"guard","cause":"link","trail":[{"name":"guard","verdict":"deny","reason":"<no>"}]}`,
		},
		{
			"a modification carries the input",
			hc.Outcome{Verdict: hc.Modified, Reason: "pin", Input: json.RawMessage(`{"command":"ls","timeout":10}`), Trail: []hc.Step{{Name: "pin", Verdict: hc.Modified}}},
			`{"verdict":"modify","reason":"pin","input":{"command":"ls","timeout":10},"trail":[{"name":"pin","verdict":"modify"}]}`,
		},
		{
			"a replacement carries the output and its error flag",
			hc.Outcome{Verdict: hc.Replaced, Reason: "redact", Output: json.RawMessage(`"[REDACTED]"`), IsError: true, Trail: []hc.Step{{Name: "redact", Verdict: hc.Replaced}}},
			`{"verdict":"replace","reason":"redact","output":"[REDACTED]","is_error":true,"trail":[{"name":"redact","verdict":"replace"}]}`,
		},
		{
			"a replacement by null keeps the null",
			hc.Outcome{Verdict: hc.Replaced, Output: json.RawMessage(`null`)},
			`{"verdict":"replace","output":null}`,
		},
		{
			"the chain's own refusal names no link and says why",
			hc.Outcome{Verdict: hc.Denied, Reason: "hookchain: the context is already done: context canceled", Cause: hc.CauseCaller},
			`{"verdict":"deny","reason":"hookchain: the context is already done: context canceled","cause":"caller"}`,
		},
		{
			"an approver's refusal marks its step",
			hc.Outcome{Verdict: hc.Denied, Reason: "refused by alice (asked by gate)", DecidedBy: "gate", Cause: hc.CauseApprover,
				Trail: []hc.Step{{Name: "gate", Verdict: hc.Asked}, {Name: "gate", Verdict: hc.Denied, By: "alice", Approver: true}}},
			`{"verdict":"deny","reason":"refused by alice (asked by gate)","decided_by":"gate","cause":"approver","trail":[{"name":"gate","verdict":"ask"},{"name":"gate","verdict":"deny","by":"alice","approver":true}]}`,
		},
		{
			"a failure carries its fault",
			hc.Outcome{Verdict: hc.Denied, Reason: "vault failed and denies on failure: timed out after 1s", DecidedBy: "vault", Cause: hc.CauseFailure, Trail: []hc.Step{{Name: "audit", Verdict: hc.Allowed, Fault: "disk full"}, {Name: "vault", Verdict: hc.Denied, Fault: "timed out after 1s"}}},
			`{"verdict":"deny","reason":"vault failed and denies on failure: timed out after 1s","decided_by":"vault","cause":"failure","trail":[{"name":"audit","verdict":"allow","fault":"disk full"},{"name":"vault","verdict":"deny","fault":"timed out after 1s"}]}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			require.NoError(t, enc.Encode(tt.outcome))
			b := bytes.TrimSpace(buf.Bytes())
			assert.Equal(t, tt.json, string(b))

			var back hc.Outcome
			require.NoError(t, json.Unmarshal(b, &back))
			assert.Equal(t, tt.outcome, back)
		})
	}
}

func TestDecodingAnOutcomeIsStrictAboutWhatItKnows(t *testing.T) {
	tests := []struct {
		json string
		err  string
	}{
		{`{}`, `hookchain: decoding an outcome: "verdict" is missing`},
		{`{"verdict":"maybe"}`, `hookchain: decoding an outcome: hookchain: unknown verdict "maybe" (want allow, deny, modify, replace or ask)`},
		{`{"verdict":"modify"}`, `hookchain: decoding an outcome: "modify" without "input"`},
		{`{"verdict":"replace","reason":"x"}`, `hookchain: decoding an outcome: "replace" without "output"`},
		{`{"verdict":"deny","trail":[{"verdict":"deny"}]}`, `hookchain: decoding an outcome: hookchain: decoding a step: "name" is missing`},
		{`{"verdict":"deny","trail":[{"name":"a"}]}`, `hookchain: decoding an outcome: hookchain: decoding step "a": "verdict" is missing`},
		{`{"verdict":"allow","is_error":"yes"}`, `hookchain: decoding an outcome: json: cannot unmarshal string into Go struct field outcomeJSON.is_error of type bool`},
		{`[]`, `hookchain: decoding an outcome: json: cannot unmarshal array into Go value of type hookchain.outcomeJSON`},
	}
	for _, tt := range tests {
		t.Run(tt.json, func(t *testing.T) {
			var o hc.Outcome
			assert.EqualError(t, json.Unmarshal([]byte(tt.json), &o), tt.err)
			assert.Equal(t, hc.Outcome{}, o, "a failed decode leaves the outcome alone")
		})
	}
	var o hc.Outcome
	require.NoError(t, json.Unmarshal([]byte(`{"verdict":"deny","reason":"x","added_later":{"a":1}}`), &o))
	assert.Equal(t, hc.Outcome{Verdict: hc.Denied, Reason: "x"}, o, "unknown fields are ignored, so the schema can grow")
}

func TestAnOutcomeThatCannotBeWrittenIsAnError(t *testing.T) {
	_, err := json.Marshal(hc.Outcome{Verdict: 9})
	assert.ErrorContains(t, err, "hookchain: cannot encode an outcome with unknown verdict 9")
	_, err = json.Marshal(hc.Outcome{Verdict: hc.Modified, Input: json.RawMessage(`{`)})
	assert.ErrorContains(t, err, "hookchain: cannot encode an outcome whose input is not valid JSON")
	_, err = json.Marshal(hc.Outcome{Verdict: hc.Denied, Trail: []hc.Step{{Name: "a", Verdict: 7}}})
	assert.ErrorContains(t, err, `hookchain: cannot encode step "a" with unknown verdict 7`)
}

// A chain's outcome, whatever it is, survives the trip through JSON.
func FuzzOutcomeJSON(f *testing.F) {
	for _, s := range []string{
		`{"verdict":"allow"}`,
		`{"verdict":"deny","reason":"x","trail":[{"name":"a","verdict":"deny","fault":"f"}]}`,
		`{"verdict":"modify","input":{"a":[1,2,{"b":null}]},"reason":"r"}`,
		`{"verdict":"replace","output":"\u003c","is_error":true}`,
		`{"verdict":"replace","output":null}`,
		`{"verdict":"Denied","trail":[]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var o hc.Outcome
		if err := json.Unmarshal(b, &o); err != nil {
			return
		}
		require.LessOrEqual(t, o.Verdict, hc.Asked)
		if o.Verdict == hc.Modified {
			require.True(t, json.Valid(o.Input))
		}
		if o.Verdict == hc.Replaced {
			require.True(t, json.Valid(o.Output))
		}
		enc, err := json.Marshal(o)
		require.NoError(t, err, "whatever decodes encodes")
		var back hc.Outcome
		require.NoError(t, json.Unmarshal(enc, &back), "and decodes again")
		again, err := json.Marshal(back)
		require.NoError(t, err)
		require.Equal(t, string(enc), string(again), "the encoding is stable")
	})
}

func TestAnUnknownCauseIsAnErrorNotAGuess(t *testing.T) {
	var o hc.Outcome
	require.EqualError(t, json.Unmarshal([]byte(`{"verdict":"deny","cause":"Link"}`), &o),
		`hookchain: decoding an outcome: hookchain: unknown cause "Link" (want none, link, failure, approver, no_approval, chain or caller)`)
	_, err := json.Marshal(hc.Outcome{Verdict: hc.Denied, Cause: 42})
	require.ErrorContains(t, err, "hookchain: cannot encode unknown cause 42")
}
