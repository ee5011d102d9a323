package harness_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// The degrade table, row by row: what a CLI cannot say becomes something
// at least as constrained that it can.
func TestWhatACLICannotSayDegradesToWhatItCan(t *testing.T) {
	trail := []hookchain.Step{{Name: "guard", Verdict: hookchain.Asked, Reason: "pushes"}}
	asked := hookchain.Outcome{Verdict: hookchain.Asked, Reason: "approval pending (asked by guard: pushes)", Input: json.RawMessage(`{"command":"git push -n"}`), Trail: trail, Cause: hookchain.CauseApprover, DecidedBy: "user"}
	modified := hookchain.Outcome{Verdict: hookchain.Modified, Reason: "rewriter", Input: json.RawMessage(`{"command":"ls -a"}`)}
	replaced := hookchain.Outcome{Verdict: hookchain.Replaced, Reason: "redact", Output: hookchain.Text("[redacted]")}
	noted := hookchain.Outcome{Notes: []hookchain.Note{{Link: "hint", Text: "use pnpm"}}}
	all := harness.Capabilities{Ask: true, Rewrite: true, Replace: harness.ReplaceAny, Context: true}
	none := harness.Capabilities{}
	tests := []struct {
		name string
		can  harness.Capabilities
		in   hookchain.Outcome
		want hookchain.Outcome
	}{
		{"an ask where the CLI cannot ask is a denial with the reason", none, asked,
			hookchain.Outcome{Verdict: hookchain.Denied, Reason: "x cannot ask its user, so the call is denied: approval pending (asked by guard: pushes)", Trail: trail, Cause: hookchain.CauseApprover, DecidedBy: "user"}},
		{"a rewrite where the CLI cannot rewrite is a denial with the suggestion", none, modified,
			hookchain.Outcome{Verdict: hookchain.Denied, Reason: `x cannot run a rewritten input, so the call is denied; the chain would run it with {"command":"ls -a"}`}},
		{"a replacement where the CLI cannot replace withholds the output", none, replaced,
			hookchain.Outcome{Verdict: hookchain.Denied, Reason: "x cannot replace a tool's output, so it is withheld: redact"}},
		{"a replacement where the CLI carries only text is that text, as an error result", harness.Capabilities{Replace: harness.ReplaceText},
			hookchain.Outcome{Verdict: hookchain.Replaced, Output: json.RawMessage(`{"stdout":"x"}`)},
			hookchain.Outcome{Verdict: hookchain.Replaced, Output: hookchain.Text(`{"stdout":"x"}`), IsError: true}},
		{"notes where the CLI has no context are left out", none, noted, hookchain.Outcome{}},
		{"what the CLI can say is unchanged: an ask", all, asked, asked},
		{"what the CLI can say is unchanged: a rewrite", all, modified, modified},
		{"what the CLI can say is unchanged: a replacement", all, replaced, replaced},
		{"what the CLI can say is unchanged: notes", all, noted, noted},
		{"a denial is said by every CLI", none, hookchain.Deny("no"), hookchain.Deny("no")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, harness.Degrade("x", tt.can, tt.in))
		})
	}
}

func TestFieldsKeepKeysAsWrittenAndRefuseAKeyGivenTwice(t *testing.T) {
	f, err := harness.Fields([]byte(` {"Tool_Name":"Read","tool_name":"Bash","n":[1,{"a":2}]} `))
	assert.NoError(t, err)
	assert.Equal(t, map[string]json.RawMessage{"Tool_Name": json.RawMessage(`"Read"`), "tool_name": json.RawMessage(`"Bash"`), "n": json.RawMessage(`[1,{"a":2}]`)}, f)

	for input, want := range map[string]string{
		`{"a":1,"a":2}`: `the key "a" is given twice`,
		`{"a":1} {}`:    "more than one JSON value",
		`{"a":1}x`:      "more than one JSON value",
		`[1]`:           "not a JSON object",
		`{"a":`:         "EOF",
	} {
		_, err := harness.Fields([]byte(input))
		assert.EqualError(t, err, want, input)
	}
}
