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
		{"Allow", before, `{"verdict":"allow"}`, hookchain.Allow()},
		{"AllowWithAReason", before, `{"verdict":"allow","reason":"read-only"}`, hookchain.Outcome{Reason: "read-only"}},
		{"Deny", before, `{"verdict":"deny","reason":"no"}`, hookchain.Deny("no")},
		{"DenyWithoutAReason", before, `{"verdict":"deny"}`, hookchain.Deny("")},
		{"DenyWithANullReason", before, `{"verdict":"deny","reason":null}`, hookchain.Deny("")},
		{"Modify", before, `{"verdict":"modify","reason":"pinned","input":{"command":"ls","timeout":10}}`,
			hookchain.Modify(json.RawMessage(`{"command":"ls","timeout":10}`), "pinned")},
		{"ModifyKeepsTheInputVerbatim", before, `{"verdict":"modify","input":{ "a" : [1, 2] }}`,
			hookchain.Modify(json.RawMessage(`{ "a" : [1, 2] }`), "")},
		{"Replace", after, `{"verdict":"replace","output":"ok","is_error":false}`,
			hookchain.Replace(json.RawMessage(`"ok"`), false, "")},
		{"ReplaceWithoutIsErrorKeepsTheEventsIsError", after, `{"verdict":"replace","output":"[redacted]"}`,
			hookchain.Replace(json.RawMessage(`"[redacted]"`), true, "")},
		{"ReplaceWithNullIsAResultOfNull", after, `{"verdict":"replace","output":null,"is_error":false}`,
			hookchain.Replace(json.RawMessage(`null`), false, "")},
		{"UnknownFieldsAreIgnored", before, `{"verdict":"deny","reason":"no","confidence":0.9,"hookSpecificOutput":{"x":1},"confidence":1}`,
			hookchain.Deny("no")},
		{"KeysAreExactSoAnotherCaseIsAnUnknownField", before, `{"verdict":"allow","Decision":"deny"}`, hookchain.Allow()},
		{"EscapedKeysAreTheKeysTheySpell", before, `{"verdic\u0074":"deny"}`, hookchain.Deny("")},
		{"WhiteSpaceAroundIsFine", before, " \n\t{\"verdict\":\"allow\"}\r\n\n", hookchain.Allow()},
		{"NullsBesideADecisionChangeNothing", before, `{"verdict":"allow","input":null,"output":null,"is_error":null}`, hookchain.Allow()},
		{"TheChainJudgesWhetherTheDecisionFitsTheHook", before, `{"verdict":"replace","output":1}`,
			hookchain.Replace(json.RawMessage(`1`), false, "")},
		{"Ask", before, `{"verdict":"ask","reason":"pushes to main"}`, hookchain.Ask("pushes to main")},
		{"AskWithoutAReason", before, `{"verdict":"ask"}`, hookchain.Ask("")},
		{"AskWithAnInputAsksAboutTheRewrite", before, `{"verdict":"ask","reason":"lease?","input":{"command":"git push --force-with-lease"}}`,
			hookchain.AskAbout(json.RawMessage(`{"command":"git push --force-with-lease"}`), "lease?")},
		{"AskWithANullInputIsAPlainAsk", before, `{"verdict":"ask","input":null}`, hookchain.Ask("")},
		{"AnAskAfterTheCallIsTheChainsToJudgeToo", after, `{"verdict":"ask","reason":"x"}`, hookchain.Ask("x")},
		{"NoteOnAnAllow", before, `{"verdict":"allow","note":"this repository uses pnpm"}`,
			hookchain.Allow().WithNote("this repository uses pnpm")},
		{"NoteOnADeny", before, `{"verdict":"deny","reason":"no","note":"use git clean"}`,
			hookchain.Deny("no").WithNote("use git clean")},
		{"NoteOnAModify", before, `{"verdict":"modify","input":{},"note":"c"}`,
			hookchain.Modify(json.RawMessage(`{}`), "").WithNote("c")},
		{"NoteOnAReplace", after, `{"verdict":"replace","output":"x","note":"c\n\nd"}`,
			hookchain.Replace(json.RawMessage(`"x"`), true, "").WithNote("c\n\nd")},
		{"NoteOnAnAsk", before, `{"verdict":"ask","reason":"sure?","note":"CI runs on push"}`,
			hookchain.Ask("sure?").WithNote("CI runs on push")},
		{"EmptyContextIsNone", before, `{"verdict":"allow","note":""}`, hookchain.Allow()},
		{"BlankContextIsNone", before, `{"verdict":"allow","note":" \n\t"}`, hookchain.Allow()},
		{"NullContextIsNone", before, `{"verdict":"allow","note":null}`, hookchain.Allow()},
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
		{"Empty", ``, `stdout is empty: a native hook must print its verdict, and silence is not consent`},
		{"OnlyWhiteSpace", " \n\t\n", `stdout is empty: a native hook must print its verdict, and silence is not consent`},
		{"Garbage", `ok`, `stdout is not JSON (invalid character 'o' looking for beginning of value): "ok"`},
		{"PlainTextStartingLikeJSON", `{allow}`, `stdout is not JSON (invalid character 'a' looking for beginning of object key string): "{allow}"`},
		{"TwoObjects", `{"verdict":"allow"} {"verdict":"deny"}`, `stdout holds more than one JSON value: "{\"verdict\":\"allow\"}" is followed by "{\"verdict\":\"deny\"}"`},
		{"TrailingJunk", `{"verdict":"allow"}.`, `stdout holds more than one JSON value: "{\"verdict\":\"allow\"}" is followed by "."`},
		{"Truncated", `{"verdict":"allow"`, `stdout is not JSON (unexpected EOF): "{\"verdict\":\"allow\""`},
		{"OtherUnicodeSpaceAround", "\u00a0{\"verdict\":\"allow\"}", `stdout is not JSON (invalid character 'Â' looking for beginning of value): "\u00a0{\"verdict\":\"allow\"}"`},
		{"AnArray", `[{"verdict":"allow"}]`, `stdout is a JSON array, not an object`},
		{"AString", `"allow"`, `stdout is a JSON string, not an object`},
		{"ABoolean", `true`, `stdout is a JSON boolean, not an object`},
		{"Null", `null`, `stdout is a JSON null, not an object`},
		{"ANumber", `1`, `stdout is a JSON number, not an object`},
		{"NoDecision", `{"reason":"fine"}`, `the answer has no "verdict"`},
		{"ANullDecision", `{"verdict":null}`, `the answer has no "verdict"`},
		{"ADecisionThatIsNotAString", `{"verdict":1}`, `"verdict" is 1, not a string`},
		{"AnUnknownDecision", `{"verdict":"approve"}`, `unknown "verdict" "approve" (want allow, deny, modify, replace or ask)`},
		{"ADecisionInAnotherCase", `{"verdict":"DENY"}`, `unknown "verdict" "DENY" (want allow, deny, modify, replace or ask)`},
		{"AVerdictNameIsNotADecision", `{"verdict":"Denied"}`, `unknown "verdict" "Denied" (want allow, deny, modify, replace or ask)`},
		{"ModifyWithoutInput", `{"verdict":"modify","reason":"x"}`, `"verdict":"modify" without "input"`},
		{"ReplaceWithoutOutput", `{"verdict":"replace","is_error":true}`, `"verdict":"replace" without "output"`},
		{"ARepeatedDecision", `{"verdict":"allow","verdict":"deny"}`, `the answer has "verdict" more than once`},
		{"ARepeatedInput", `{"verdict":"modify","input":{},"input":{"x":1}}`, `the answer has "input" more than once`},
		{"AReasonThatIsNotAString", `{"verdict":"deny","reason":["a"]}`, `"reason" is ["a"], not a string`},
		{"AnIsErrorThatIsNotABoolean", `{"verdict":"replace","output":"x","is_error":"yes"}`, `"is_error" is "yes", not a boolean`},
		{"AnInputBesideAllow", `{"verdict":"allow","input":{"command":"ls"}}`, `"input" does not go with "verdict":"allow"`},
		{"AnOutputBesideDeny", `{"verdict":"deny","output":"x"}`, `"output" does not go with "verdict":"deny"`},
		{"AnOutputBesideModify", `{"verdict":"modify","input":{},"output":"x"}`, `"output" does not go with "verdict":"modify"`},
		{"AnIsErrorBesideModify", `{"verdict":"modify","input":{},"is_error":true}`, `"is_error" does not go with "verdict":"modify"`},
		{"AnInputBesideReplace", `{"verdict":"replace","output":"x","input":{}}`, `"input" does not go with "verdict":"replace"`},
		{"AnOutputBesideAsk", `{"verdict":"ask","output":"x"}`, `"output" does not go with "verdict":"ask"`},
		{"AContextThatIsNotAString", `{"verdict":"allow","note":["a","b"]}`, `"note" is ["a","b"], not a string`},
		{"ARepeatedNote", `{"verdict":"allow","note":"a","note":"b"}`, `the answer has "note" more than once`},
		{"AnAskInAnotherCase", `{"verdict":"Ask"}`, `unknown "verdict" "Ask" (want allow, deny, modify, replace or ask)`},
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
		{"Allow", before, hookchain.Allow(), `{"verdict":"allow"}`},
		{"Deny", before, hookchain.Deny("no <rm>"), `{"verdict":"deny","reason":"no <rm>"}`},
		{"Modify", before, hookchain.Modify(json.RawMessage(`{"command":"ls"}`), "pinned"), `{"verdict":"modify","reason":"pinned","input":{"command":"ls"}}`},
		{"Replace", after, hookchain.Replace(json.RawMessage(`"x"`), false, ""), `{"verdict":"replace","output":"x","is_error":false}`},
		{"TheTrailIsNotWritten", before, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "r", Trail: []hookchain.Step{{Name: "x"}}}, `{"verdict":"deny","reason":"r"}`},
		{"Ask", before, hookchain.Ask("pushes to main"), `{"verdict":"ask","reason":"pushes to main"}`},
		{"AskAbout", before, hookchain.AskAbout(json.RawMessage(`{"command":"ls"}`), "ls instead?"), `{"verdict":"ask","reason":"ls instead?","input":{"command":"ls"}}`},
		{"Note", before, hookchain.Allow().WithNote("use pnpm"), `{"verdict":"allow","note":"use pnpm"}`},
		{"ContextBesideAReplace", after, hookchain.Replace(json.RawMessage(`"x"`), true, "r").WithNote("c"),
			`{"verdict":"replace","reason":"r","output":"x","is_error":true,"note":"c"}`},
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

func TestEncodeAnswerJoinsSeveralNotesIntoOne(t *testing.T) {
	o := hookchain.Outcome{Verdict: hookchain.Denied, Reason: "no", Notes: []hookchain.Note{
		{Link: "a", Text: "one"}, {Link: "b", Text: " \n"}, {Link: "c", Text: "two\nlines"}, {Text: ""},
	}}

	b, err := process.EncodeAnswer(o)

	require.NoError(t, err)
	assert.Equal(t, `{"verdict":"deny","reason":"no","note":"one\n\ntwo\nlines"}`+"\n", string(b),
		"the notes' own words, blank ones left out: the chain names the hook that gave them")
	back, err := process.DecodeAnswer(before, b)
	require.NoError(t, err)
	assert.Equal(t, hookchain.Deny("no").WithNote("one\n\ntwo\nlines"), back)
}

func TestEncodeAnswerRefusesWhatItCannotWrite(t *testing.T) {
	_, err := process.EncodeAnswer(hookchain.Outcome{Verdict: 9})
	assert.ErrorContains(t, err, "unknown verdict 9")
	_, err = process.EncodeAnswer(hookchain.Modify(json.RawMessage(`{`), ""))
	assert.EqualError(t, err, "process: Modify with an input that is not valid JSON")
	_, err = process.EncodeAnswer(hookchain.Replace(nil, false, ""))
	assert.EqualError(t, err, "process: Replace with an output that is not valid JSON")
}
