package process_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

var (
	before = hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "toolu_1", Input: json.RawMessage(`{"command":"ls"}`)}
	after  = hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", CallID: "toolu_1", Input: json.RawMessage(`{"command":"ls"}`),
		Output: hookchain.Text("total 0"), IsError: true}
)

func TestDecodeAnswerReadsEveryDecision(t *testing.T) {
	rows := []struct {
		name   string
		event  hookchain.Event
		stdout string
		want   hookchain.Outcome
	}{
		{"Allow", before, `{"decision":"allow"}`, hookchain.Allow()},
		{"AllowWithAReason", before, `{"decision":"allow","reason":"read-only"}`, hookchain.Outcome{Reason: "read-only"}},
		{"Deny", before, `{"decision":"deny","reason":"no"}`, hookchain.Deny("no")},
		{"DenyWithoutAReason", before, `{"decision":"deny"}`, hookchain.Deny("")},
		{"DenyWithANullReason", before, `{"decision":"deny","reason":null}`, hookchain.Deny("")},
		{"Modify", before, `{"decision":"modify","reason":"pinned","input":{"command":"ls","timeout":10}}`,
			hookchain.Modify(json.RawMessage(`{"command":"ls","timeout":10}`), "pinned")},
		{"ModifyKeepsTheInputVerbatim", before, `{"decision":"modify","input":{ "a" : [1, 2] }}`,
			hookchain.Modify(json.RawMessage(`{ "a" : [1, 2] }`), "")},
		{"Replace", after, `{"decision":"replace","output":"ok","is_error":false}`,
			hookchain.Replace(json.RawMessage(`"ok"`), false, "")},
		{"ReplaceWithoutIsErrorKeepsTheEventsIsError", after, `{"decision":"replace","output":"[redacted]"}`,
			hookchain.Replace(json.RawMessage(`"[redacted]"`), true, "")},
		{"ReplaceWithNullIsAResultOfNull", after, `{"decision":"replace","output":null,"is_error":false}`,
			hookchain.Replace(json.RawMessage(`null`), false, "")},
		{"UnknownFieldsAreIgnored", before, `{"decision":"deny","reason":"no","confidence":0.9,"hookSpecificOutput":{"x":1},"confidence":1}`,
			hookchain.Deny("no")},
		{"KeysAreExactSoAnotherCaseIsAnUnknownField", before, `{"decision":"allow","Decision":"deny"}`, hookchain.Allow()},
		{"EscapedKeysAreTheKeysTheySpell", before, `{"decisio\u006e":"deny"}`, hookchain.Deny("")},
		{"WhiteSpaceAroundIsFine", before, " \n\t{\"decision\":\"allow\"}\r\n\n", hookchain.Allow()},
		{"NullsBesideADecisionChangeNothing", before, `{"decision":"allow","input":null,"output":null,"is_error":null}`, hookchain.Allow()},
		{"TheChainJudgesWhetherTheDecisionFitsTheHook", before, `{"decision":"replace","output":1}`,
			hookchain.Replace(json.RawMessage(`1`), false, "")},
		{"Ask", before, `{"decision":"ask","reason":"pushes to main"}`, hookchain.Ask("pushes to main")},
		{"AskWithoutAReason", before, `{"decision":"ask"}`, hookchain.Ask("")},
		{"AnAskAfterTheCallIsTheChainsToJudgeToo", after, `{"decision":"ask","reason":"x"}`, hookchain.Ask("x")},
		{"ContextOnAnAllow", before, `{"decision":"allow","context":"this repository uses pnpm"}`,
			hookchain.Allow().WithContext("this repository uses pnpm")},
		{"ContextOnADeny", before, `{"decision":"deny","reason":"no","context":"use git clean"}`,
			hookchain.Deny("no").WithContext("use git clean")},
		{"ContextOnAModify", before, `{"decision":"modify","input":{},"context":"c"}`,
			hookchain.Modify(json.RawMessage(`{}`), "").WithContext("c")},
		{"ContextOnAReplace", after, `{"decision":"replace","output":"x","context":"c\n\nd"}`,
			hookchain.Replace(json.RawMessage(`"x"`), true, "").WithContext("c\n\nd")},
		{"ContextOnAnAsk", before, `{"decision":"ask","reason":"sure?","context":"CI runs on push"}`,
			hookchain.Ask("sure?").WithContext("CI runs on push")},
		{"EmptyContextIsNone", before, `{"decision":"allow","context":""}`, hookchain.Allow()},
		{"BlankContextIsNone", before, `{"decision":"allow","context":" \n\t"}`, hookchain.Allow()},
		{"NullContextIsNone", before, `{"decision":"allow","context":null}`, hookchain.Allow()},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			got, err := process.DecodeAnswer(row.event, []byte(row.stdout))

			require.NoError(t, err)
			assert.Equal(t, row.want, got)
		})
	}
}

func TestDecodeAnswerRefusesAnythingButOneClearAnswer(t *testing.T) {
	rows := []struct {
		name   string
		stdout string
		err    string
	}{
		{"Empty", ``, `stdout is empty: a native hook must print its decision, and silence is not consent`},
		{"OnlyWhiteSpace", " \n\t\n", `stdout is empty: a native hook must print its decision, and silence is not consent`},
		{"Garbage", `ok`, `stdout is not JSON (invalid character 'o' looking for beginning of value): "ok"`},
		{"PlainTextStartingLikeJSON", `{allow}`, `stdout is not JSON (invalid character 'a' looking for beginning of object key string): "{allow}"`},
		{"TwoObjects", `{"decision":"allow"} {"decision":"deny"}`, `stdout holds more than one JSON value: "{\"decision\":\"allow\"}" is followed by "{\"decision\":\"deny\"}"`},
		{"TrailingJunk", `{"decision":"allow"}.`, `stdout holds more than one JSON value: "{\"decision\":\"allow\"}" is followed by "."`},
		{"Truncated", `{"decision":"allow"`, `stdout is not JSON (unexpected EOF): "{\"decision\":\"allow\""`},
		{"OtherUnicodeSpaceAround", "\u00a0{\"decision\":\"allow\"}", `stdout is not JSON (invalid character 'Â' looking for beginning of value): "\u00a0{\"decision\":\"allow\"}"`},
		{"AnArray", `[{"decision":"allow"}]`, `stdout is a JSON array, not an object`},
		{"AString", `"allow"`, `stdout is a JSON string, not an object`},
		{"ABoolean", `true`, `stdout is a JSON boolean, not an object`},
		{"Null", `null`, `stdout is a JSON null, not an object`},
		{"ANumber", `1`, `stdout is a JSON number, not an object`},
		{"NoDecision", `{"reason":"fine"}`, `the answer has no "decision"`},
		{"ANullDecision", `{"decision":null}`, `the answer has no "decision"`},
		{"ADecisionThatIsNotAString", `{"decision":1}`, `"decision" is 1, not a string`},
		{"AnUnknownDecision", `{"decision":"approve"}`, `unknown "decision" "approve" (want allow, deny, modify, replace or ask)`},
		{"ADecisionInAnotherCase", `{"decision":"DENY"}`, `unknown "decision" "DENY" (want allow, deny, modify, replace or ask)`},
		{"AVerdictNameIsNotADecision", `{"decision":"Denied"}`, `unknown "decision" "Denied" (want allow, deny, modify, replace or ask)`},
		{"ModifyWithoutInput", `{"decision":"modify","reason":"x"}`, `"decision":"modify" without "input"`},
		{"ReplaceWithoutOutput", `{"decision":"replace","is_error":true}`, `"decision":"replace" without "output"`},
		{"ARepeatedDecision", `{"decision":"allow","decision":"deny"}`, `the answer has "decision" more than once`},
		{"ARepeatedInput", `{"decision":"modify","input":{},"input":{"x":1}}`, `the answer has "input" more than once`},
		{"AReasonThatIsNotAString", `{"decision":"deny","reason":["a"]}`, `"reason" is ["a"], not a string`},
		{"AnIsErrorThatIsNotABoolean", `{"decision":"replace","output":"x","is_error":"yes"}`, `"is_error" is "yes", not a boolean`},
		{"AnInputBesideAllow", `{"decision":"allow","input":{"command":"ls"}}`, `"input" does not go with "decision":"allow"`},
		{"AnOutputBesideDeny", `{"decision":"deny","output":"x"}`, `"output" does not go with "decision":"deny"`},
		{"AnOutputBesideModify", `{"decision":"modify","input":{},"output":"x"}`, `"output" does not go with "decision":"modify"`},
		{"AnIsErrorBesideModify", `{"decision":"modify","input":{},"is_error":true}`, `"is_error" does not go with "decision":"modify"`},
		{"AnInputBesideReplace", `{"decision":"replace","output":"x","input":{}}`, `"input" does not go with "decision":"replace"`},
		{"AnInputBesideAsk", `{"decision":"ask","input":{"command":"ls"}}`, `"input" does not go with "decision":"ask"`},
		{"AContextThatIsNotAString", `{"decision":"allow","context":["a","b"]}`, `"context" is ["a","b"], not a string`},
		{"ARepeatedContext", `{"decision":"allow","context":"a","context":"b"}`, `the answer has "context" more than once`},
		{"AnAskInAnotherCase", `{"decision":"Ask"}`, `unknown "decision" "Ask" (want allow, deny, modify, replace or ask)`},
		{"ALongGarbageIsCut", strings.Repeat("z", 200), `stdout is not JSON (invalid character 'z' looking for beginning of value): "` + strings.Repeat("z", 80) + `"…`},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			got, err := process.DecodeAnswer(before, []byte(row.stdout))

			assert.EqualError(t, err, row.err)
			assert.Equal(t, hookchain.Outcome{}, got)
		})
	}
}

func TestEncodeRequestWritesTheWireFormat(t *testing.T) {
	rows := []struct {
		name  string
		event hookchain.Event
		want  string
	}{
		{"BeforeTheCall", before,
			`{"hook_schema":1,"hook":"before_tool","tool":"Bash","call_id":"toolu_1","input":{"command":"ls"}}`},
		{"AfterTheCall", after,
			`{"hook_schema":1,"hook":"after_tool","tool":"Bash","call_id":"toolu_1","input":{"command":"ls"},"output":"total 0","is_error":true}`},
		{"AnEmptyInputIsAnEmptyObjectAndAnEmptyOutputNull", hookchain.Event{Hook: hookchain.AfterTool, Tool: "Write"},
			`{"hook_schema":1,"hook":"after_tool","tool":"Write","call_id":"","input":{},"output":null,"is_error":false}`},
		{"PrettyInputIsCompactedToOneLine", hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Edit", Input: json.RawMessage("{\n  \"a\": [1,\n 2],\n  \"b\": \"x\\ny\"\n}")},
			`{"hook_schema":1,"hook":"before_tool","tool":"Edit","call_id":"","input":{"a":[1,2],"b":"x\ny"}}`},
		{"HTMLIsNotEscaped", hookchain.Event{Hook: hookchain.BeforeTool, Tool: "a<b>&c", Input: json.RawMessage(`{"command":"a && b > c"}`)},
			`{"hook_schema":1,"hook":"before_tool","tool":"a<b>&c","call_id":"","input":{"command":"a && b > c"}}`},
		{"ANonObjectInputIsSentAsItIs", hookchain.Event{Hook: hookchain.BeforeTool, Tool: "echo", Input: json.RawMessage(`"hi"`)},
			`{"hook_schema":1,"hook":"before_tool","tool":"echo","call_id":"","input":"hi"}`},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			got, err := process.EncodeRequest(row.event)

			require.NoError(t, err)
			assert.Equal(t, row.want+"\n", string(got))
		})
	}
}

func TestEncodeRequestRefusesAnEventItCannotWrite(t *testing.T) {
	_, err := process.EncodeRequest(hookchain.Event{Tool: "Bash"})
	assert.ErrorContains(t, err, "unknown hook 0")

	_, err = process.EncodeRequest(hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{`)})
	assert.EqualError(t, err, "the input is not valid JSON")

	_, err = process.EncodeRequest(hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", Output: json.RawMessage(`nope`)})
	assert.EqualError(t, err, "the output is not valid JSON")
}

func TestDecodeRequestReadsBackTheEvent(t *testing.T) {
	for _, e := range []hookchain.Event{before, after} {
		b, err := process.EncodeRequest(e)
		require.NoError(t, err)

		got, err := process.DecodeRequest(b)

		require.NoError(t, err)
		assert.Equal(t, e, got)
	}
}

func TestDecodeRequestRefusesWhatIsNotARequest(t *testing.T) {
	rows := []struct{ name, in, err string }{
		{"NotJSON", `hi`, "process: bad request: invalid character 'h' looking for beginning of value"},
		{"AnotherSchema", `{"hook_schema":2,"hook":"before_tool","tool":"Bash","input":{}}`, "process: bad request: hook_schema 2, want 1"},
		{"NoHook", `{"hook_schema":1,"tool":"Bash","input":{}}`, "process: bad request: no hook"},
		{"AnUnknownHook", `{"hook_schema":1,"hook":"during_tool","tool":"Bash"}`, `process: bad request: hookchain: unknown hook "during_tool" (want before_tool or after_tool)`},
		{"NoTool", `{"hook_schema":1,"hook":"before_tool","input":{}}`, "process: bad request: no tool"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			_, err := process.DecodeRequest([]byte(row.in))
			assert.EqualError(t, err, row.err)
		})
	}
}

func TestEncodeAnswerWritesWhatDecodeAnswerReads(t *testing.T) {
	rows := []struct {
		name  string
		event hookchain.Event
		out   hookchain.Outcome
		wire  string
	}{
		{"Allow", before, hookchain.Allow(), `{"decision":"allow"}`},
		{"Deny", before, hookchain.Deny("no <rm>"), `{"decision":"deny","reason":"no <rm>"}`},
		{"Modify", before, hookchain.Modify(json.RawMessage(`{"command":"ls"}`), "pinned"), `{"decision":"modify","reason":"pinned","input":{"command":"ls"}}`},
		{"Replace", after, hookchain.Replace(json.RawMessage(`"x"`), false, ""), `{"decision":"replace","output":"x","is_error":false}`},
		{"TheTrailIsNotWritten", before, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "r", Trail: []hookchain.Step{{Name: "x"}}}, `{"decision":"deny","reason":"r"}`},
		{"Ask", before, hookchain.Ask("pushes to main"), `{"decision":"ask","reason":"pushes to main"}`},
		{"Context", before, hookchain.Allow().WithContext("use pnpm"), `{"decision":"allow","context":"use pnpm"}`},
		{"ContextBesideAReplace", after, hookchain.Replace(json.RawMessage(`"x"`), true, "r").WithContext("c"),
			`{"decision":"replace","reason":"r","output":"x","is_error":true,"context":"c"}`},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			b, err := process.EncodeAnswer(row.out)
			require.NoError(t, err)
			assert.Equal(t, row.wire+"\n", string(b))

			back, err := process.DecodeAnswer(row.event, b)
			require.NoError(t, err)
			row.out.Trail = nil
			assert.Equal(t, row.out, back)
		})
	}
}

func TestEncodeAnswerJoinsSeveralNotesIntoOneContext(t *testing.T) {
	o := hookchain.Outcome{Verdict: hookchain.Denied, Reason: "no", Context: []hookchain.Note{
		{Link: "a", Text: "one"}, {Link: "b", Text: " \n"}, {Link: "c", Text: "two\nlines"}, {Text: ""},
	}}

	b, err := process.EncodeAnswer(o)

	require.NoError(t, err)
	assert.Equal(t, `{"decision":"deny","reason":"no","context":"one\n\ntwo\nlines"}`+"\n", string(b),
		"the notes' own words, blank ones left out: the chain names the hook that gave them")
	back, err := process.DecodeAnswer(before, b)
	require.NoError(t, err)
	assert.Equal(t, hookchain.Deny("no").WithContext("one\n\ntwo\nlines"), back)
}

func TestEncodeAnswerRefusesWhatItCannotWrite(t *testing.T) {
	_, err := process.EncodeAnswer(hookchain.Outcome{Verdict: 9})
	assert.ErrorContains(t, err, "unknown verdict 9")
	_, err = process.EncodeAnswer(hookchain.Modify(json.RawMessage(`{`), ""))
	assert.EqualError(t, err, "process: Modify with an input that is not valid JSON")
	_, err = process.EncodeAnswer(hookchain.Replace(nil, false, ""))
	assert.EqualError(t, err, "process: Replace with an output that is not valid JSON")
}
