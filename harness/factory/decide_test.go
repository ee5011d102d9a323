package factory_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/factory"
	"github.com/hookchain/hookchain/process"
)

// The corners of Droid's reading that no hook program in testdata shows.
func TestDecideReadsTheCornersAsDroidWouldOrDenies(t *testing.T) {
	guessed := func(why string) hookchain.Outcome {
		return hookchain.Deny("the hook's answer " + why + "; denied rather than guessed")
	}
	pre, post := shell("ls"), shellResult("x")
	tests := []struct {
		name   string
		event  hookchain.Event
		result process.Result
		want   hookchain.Outcome
	}{
		{"a key twice", pre, process.Result{Stdout: []byte(`{"decision":"approve","decision":"block"}`)},
			hookchain.Deny(`the hook's answer is ambiguous: an object in it has the key "decision" twice; denied rather than guessed`)},
		{"an answer cut at the cap", pre, process.Result{Stdout: []byte(`{"hookSpecificOutput":{"permissionDe`), StdoutTruncated: true},
			hookchain.Deny("the hook's answer is longer than the 36 bytes kept, and cannot be read; denied rather than guessed")},
		{"an unknown legacy decision", pre, process.Result{Stdout: []byte(`{"decision":"maybe"}`)}, guessed(`gives the decision "maybe", which Droid does not have`)},
		{"a decision after the call Droid does not have", post, process.Result{Stdout: []byte(`{"decision":"approve"}`)},
			guessed(`gives the decision "approve", which Droid does not have after a call`)},
		{"a reason of the wrong type", pre, process.Result{Stdout: []byte(`{"decision":"block","reason":1}`)}, guessed("has a reason that is not a string")},
		{"a continue of the wrong type", pre, process.Result{Stdout: []byte(`{"continue":"no"}`)}, guessed("has a continue that is not a boolean")},
		{"a hookSpecificOutput that is not an object", pre, process.Result{Stdout: []byte(`{"hookSpecificOutput":[]}`)}, guessed("has a hookSpecificOutput that is not an object")},
		{"an updatedInput that is not an object", pre, process.Result{Stdout: []byte(`{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":"ls"}}`)},
			guessed("has an updatedInput that is not an object")},
		{"the legacy approve allows", pre, process.Result{Stdout: []byte(`{"decision":"approve"}`)}, hookchain.Allow()},
		{"a permissionDecision and a legacy decision that disagree", pre, process.Result{Stdout: []byte(`{"decision":"block","hookSpecificOutput":{"permissionDecision":"allow"}}`)},
			guessed(`gives the permissionDecision "allow" and the decision "block", which disagree`)},
		{"a permissionDecision and a legacy decision that agree", pre, process.Result{Stdout: []byte(`{"decision":"block","reason":"old","hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"new"}}`)},
			hookchain.Deny("new")},
		{"updatedInput without a decision rewrites", pre, process.Result{Stdout: []byte(`{"hookSpecificOutput":{"updatedInput":{"command":"ls -a"}}}`)},
			hookchain.Modify(json.RawMessage(`{"command":"ls -a","riskLevel":"low"}`), "")},
		{"continue false wins over an allow", pre, process.Result{Stdout: []byte(`{"continue":false,"hookSpecificOutput":{"permissionDecision":"allow"}}`)},
			hookchain.Deny("stop requested: a Factory Droid hook stopped the run")},
		{"stderr cut at the cap says so", pre, process.Result{ExitCode: 2, Stderr: []byte("no"), StderrTruncated: true},
			hookchain.Deny("no [stderr was longer, and was cut]")},
		{"a byte that is not UTF-8 is replaced", pre, process.Result{ExitCode: 2, Stderr: []byte("no\xff")}, hookchain.Deny("no\uFFFD")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := factory.Decide(tt.event, tt.result)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
	_, err := factory.Decide(pre, process.Result{Stdout: []byte(`[1]`)})
	assert.EqualError(t, err, "stdout looks like JSON but is not one JSON object", "a JSON array is no answer: a failure")
	_, err = factory.Decide(pre, process.Result{ExitCode: 3})
	assert.EqualError(t, err, "exited with a status the harness counts as a failure")
}
