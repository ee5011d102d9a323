package opa_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/opa"
)

// value reads JSON as OPA's packages hand a result over: numbers as
// json.Number.
func value(t testing.TB, s string) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	dec.UseNumber()
	var v any
	require.NoError(t, dec.Decode(&v), s)
	return v
}

var (
	before = hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "toolu_01", Input: json.RawMessage(`{"command":"ls"}`)}
	after  = hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", CallID: "toolu_01", Input: json.RawMessage(`{"command":"ls"}`), Output: hookchain.Text("boom"), IsError: true}
)

func TestEachVerdictIsReadAsTheAnswerItNames(t *testing.T) {
	for _, tc := range []struct {
		name   string
		event  hookchain.Event
		result string
		want   hookchain.Outcome
	}{
		{"AllowCarriesOn", before, `{"verdict":"allow"}`, hookchain.Allow()},
		{"AnAllowKeepsItsReason", before, `{"verdict":"allow","reason":"a read"}`, hookchain.Outcome{Reason: "a read"}},
		{"DenyRefusesInThePolicysWords", before, `{"verdict":"deny","reason":"rm -rf"}`, hookchain.Deny("rm -rf")},
		{"DenyWithoutAReasonRefusesAllTheSame", before, `{"verdict":"deny"}`, hookchain.Deny("")},
		{"ModifyRewritesTheInputWithItsNumbersAsWritten", before,
			`{"verdict":"modify","reason":"pinned","input":{"command":"ls","timeout":1e2,"big":12345678901234567890}}`,
			hookchain.Modify(json.RawMessage(`{"big":12345678901234567890,"command":"ls","timeout":1e2}`), "pinned")},
		{"ModifyKeepsHTMLCharactersAsTheyAre", before, `{"verdict":"modify","input":{"command":"a && b <c>"}}`,
			hookchain.Modify(json.RawMessage(`{"command":"a && b <c>"}`), "")},
		{"ReplaceShowsTheNewOutputAndKeepsTheErrorFlag", after, `{"verdict":"replace","reason":"redacted","output":"[redacted]"}`,
			hookchain.Replace(hookchain.Text("[redacted]"), true, "redacted")},
		{"ReplaceCanSayTheResultIsNoLongerAnError", after, `{"verdict":"replace","output":{"ok":true},"is_error":false}`,
			hookchain.Replace(json.RawMessage(`{"ok":true}`), false, "")},
		{"ReplaceWithANullOutputShowsNull", after, `{"verdict":"replace","output":null}`,
			hookchain.Replace(json.RawMessage(`null`), true, "")},
		{"AskPutsTheCallToAPerson", before, `{"verdict":"ask","reason":"git push?"}`, hookchain.Ask("git push?")},
		{"AskWithAnInputRewritesAndAsks", before, `{"verdict":"ask","reason":"with a lease?","input":{"command":"git push --force-with-lease"}}`,
			hookchain.AskAbout(json.RawMessage(`{"command":"git push --force-with-lease"}`), "with a lease?")},
		{"AskWithANullInputOnlyAsks", before, `{"verdict":"ask","input":null}`, hookchain.Ask("")},
		{"ANoteMayBeAString", before, `{"verdict":"allow","note":"use pnpm"}`, hookchain.Allow().WithNote("use pnpm")},
		{"EachNoteOfAnArrayIsANoteInOrder", before, `{"verdict":"deny","reason":"no","note":["b first","","  ","a second"]}`,
			hookchain.Deny("no").WithNote("b first").WithNote("a second")},
		{"NullsStandForAbsentKeys", before, `{"verdict":"allow","reason":null,"note":null,"output":null,"is_error":null}`, hookchain.Allow()},
		{"UnknownKeysAreIgnored", before, `{"verdict":"deny","reason":"no","rule":"R12","severity":3}`, hookchain.Deny("no")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := opa.Decode(tc.event, value(t, tc.result))
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// A policy written before v0.1.0 says "decision" for the verdict and
// "context" for the notes: it still decides as it did, key by key.
func TestAPolicyThatSaysDecisionAndContextIsStillRead(t *testing.T) {
	for _, tc := range []struct {
		name, result string
		want         hookchain.Outcome
	}{
		{"ADenial", `{"decision":"deny","reason":"rm -rf"}`, hookchain.Deny("rm -rf")},
		{"ARewrite", `{"decision":"modify","reason":"pinned","input":{"command":"ls","timeout":60}}`,
			hookchain.Modify(json.RawMessage(`{"command":"ls","timeout":60}`), "pinned")},
		{"AnAllowWithNotes", `{"decision":"allow","context":["use pnpm","","a second"]}`,
			hookchain.Allow().WithNote("use pnpm").WithNote("a second")},
		{"ANewVerdictWithAnOldNote", `{"verdict":"ask","reason":"push?","context":"a shared remote"}`,
			hookchain.Ask("push?").WithNote("a shared remote")},
		{"AnOldVerdictWithANewNote", `{"decision":"allow","note":"use pnpm"}`, hookchain.Allow().WithNote("use pnpm")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := opa.Decode(before, value(t, tc.result))
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestTheDenyIdiomDeniesWhenTheSetIsNotEmptyWithItsMessagesJoined(t *testing.T) {
	for _, tc := range []struct {
		name   string
		result string
		want   hookchain.Outcome
	}{
		{"AnEmptySetAllows", `[]`, hookchain.Allow()},
		{"OneMessageIsTheReason", `["rm -rf"]`, hookchain.Deny("rm -rf")},
		{"MessagesAreJoinedInOrder", `["outside the workspace","rm -rf"]`, hookchain.Deny("outside the workspace; rm -rf")},
		{"BlankMessagesStillDenyWithNoReason", `["", " "]`, hookchain.Deny("")},
		{"BlankMessagesAreLeftOutOfTheReason", `["", "rm -rf"]`, hookchain.Deny("rm -rf")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := opa.Decode(before, value(t, tc.result))
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestAResultOfTheWrongShapeIsAnErrorNeverAnAnswer(t *testing.T) {
	const (
		bothVerdicts = `the decision document gives both "verdict" and its old name "decision"`
		bothNotes    = `the decision document gives both "note" and its old name "context"`
	)
	for _, tc := range []struct {
		name, result, err string
	}{
		{"Null", `null`, "the result is null, not a decision document"},
		{"ABoolean", `true`, "the result is the boolean true, not a decision document (an object) or a set of deny messages"},
		{"AString", `"allow"`, `the result is the string "allow", not a decision document (an object) or a set of deny messages`},
		{"ANumber", `1`, "the result is the number 1, not a decision document (an object) or a set of deny messages"},
		{"NoVerdict", `{"reason":"fine"}`, `the decision document has no "verdict"`},
		{"ANullVerdict", `{"verdict":null}`, `the decision document has no "verdict"`},
		{"AVerdictThatIsNotAString", `{"verdict":true}`, `"verdict" is the boolean true, not a string`},
		{"AnUnknownVerdict", `{"verdict":"permit"}`, `unknown "verdict" "permit" (want allow, deny, modify, replace or ask)`},
		{"AVerdictInAnotherCase", `{"verdict":"Allow"}`, `unknown "verdict" "Allow" (want allow, deny, modify, replace or ask)`},
		{"AReasonThatIsNotAString", `{"verdict":"deny","reason":["a","b"]}`, `"reason" is an array of 2 values, not a string`},
		{"ModifyWithoutInput", `{"verdict":"modify"}`, `"verdict":"modify" without "input"`},
		{"ReplaceWithoutOutput", `{"verdict":"replace"}`, `"verdict":"replace" without "output"`},
		{"AnIsErrorThatIsNotABoolean", `{"verdict":"replace","output":"x","is_error":"no"}`, `"is_error" is the string "no", not a boolean`},
		{"AnInputBesideAllow", `{"verdict":"allow","input":{}}`, `"input" does not go with "verdict":"allow"`},
		{"AnOutputBesideModify", `{"verdict":"modify","input":{},"output":"x"}`, `"output" does not go with "verdict":"modify"`},
		{"AnIsErrorBesideDeny", `{"verdict":"deny","is_error":true}`, `"is_error" does not go with "verdict":"deny"`},
		{"AnOutputBesideAsk", `{"verdict":"ask","output":"x"}`, `"output" does not go with "verdict":"ask"`},
		{"ANoteThatIsNeitherAStringNorAnArray", `{"verdict":"allow","note":{"a":1}}`, `"note" is an object, not a string or an array of strings`},
		{"ANoteOfNumbers", `{"verdict":"allow","note":["a",2]}`, `"note" #1 is the number 2, not a string`},
		{"AnUnknownVerdictUnderItsOldName", `{"decision":"permit"}`, `unknown "decision" "permit" (want allow, deny, modify, replace or ask)`},
		{"ModifyWithoutInputUnderItsOldName", `{"decision":"modify"}`, `"decision":"modify" without "input"`},
		{"AnInputBesideAllowUnderItsOldName", `{"decision":"allow","input":{}}`, `"input" does not go with "decision":"allow"`},
		{"ANoteUnderItsOldNameOfNumbers", `{"verdict":"allow","context":["a",2]}`, `"context" #1 is the number 2, not a string`},
		{"AVerdictInAnotherCaseIsNoOldName", `{"Decision":"allow"}`, `the decision document has no "decision"`},
		{"TheVerdictUnderBothNames", `{"verdict":"deny","decision":"allow"}`, bothVerdicts},
		{"TheVerdictUnderBothNamesTheOldOneNull", `{"verdict":"deny","decision":null}`, bothVerdicts},
		{"TheVerdictUnderBothNamesTheNewOneNull", `{"verdict":null,"decision":"allow"}`, bothVerdicts},
		{"TheVerdictUnderBothNamesInAnotherCase", `{"Verdict":"deny","decision":"allow"}`, bothVerdicts},
		{"TheNoteUnderBothNames", `{"verdict":"allow","note":"a","context":"b"}`, bothNotes},
		{"TheNoteUnderBothNamesTheNewOneNull", `{"verdict":"allow","note":null,"context":["b"]}`, bothNotes},
		{"TheNoteUnderBothNamesInAnotherCase", `{"verdict":"allow","note":"a","Context":"b"}`, bothNotes},
		{"ADenySetWithANumber", `["rm -rf",7]`, "deny message #1 is the number 7, not a string"},
		{"ADenySetOfObjects", `[{"msg":"no"}]`, "deny message #0 is an object, not a string"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := opa.Decode(before, value(t, tc.result))
			require.EqualError(t, err, tc.err)
			assert.Equal(t, hookchain.Outcome{}, got)
		})
	}
}

// A long value is quoted in part: a megabyte of policy output does not
// belong in a log line.
func TestAnErrorQuotesTheStartOfALongValue(t *testing.T) {
	long := bytes.Repeat([]byte("x"), 500)
	_, err := opa.Decode(before, map[string]any{"verdict": string(long)})
	require.Error(t, err)
	assert.Less(t, len(err.Error()), 200)
}

// Decode takes a result as encoding/json decodes one without UseNumber,
// too: a host may evaluate Rego its own way.
func TestDecodeTakesFloatNumbersToo(t *testing.T) {
	var v any
	require.NoError(t, json.Unmarshal([]byte(`{"verdict":"modify","input":{"timeout":60}}`), &v))
	got, err := opa.Decode(before, v)
	require.NoError(t, err)
	assert.Equal(t, hookchain.Modify(json.RawMessage(`{"timeout":60}`), ""), got)
}
