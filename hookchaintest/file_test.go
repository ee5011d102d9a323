package hookchaintest_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest"
)

func TestDecodeFileReadsEveryField(t *testing.T) {
	data := `[
  {
    "name": "after",
    "event": {"hook": "after_tool", "tool": "Read", "call_id": "c9",
              "input": {"path": "a.txt"}, "output": {"text": "hi",  "lines": [1, 2]}, "is_error": true},
    "want": {"verdict": "replace", "reason": "r", "output": "x", "is_error": true,
             "trail": ["a", "b"],
             "steps": [{"name": "a", "verdict": "allow", "fault": "boom"},
                       {"name": "b", "verdict": "Replaced", "reason": "why"}]}
  },
  {
    "event": {"hook": "before_tool", "tool": "Bash", "input": {"command": "ls"}},
    "want": {"verdict": "modify", "input": {"command": "ls", "timeout": 60}, "trail": [], "steps": []}
  },
  {
    "name": "asked",
    "event": {"hook": "before_tool", "tool": "Bash", "input": {"command": "git push"}},
    "want": {"verdict": "ask", "reason": "approval pending (asked by ask-push)",
             "trail": ["ask-push", "human"],
             "steps": [{"name": "ask-push", "verdict": "ask"},
                       {"name": "human", "verdict": "Asked", "reason": "later", "by": "alice"}],
             "notes": [{"link": "ask-push", "text": "pushes need a person"}, {"text": "", "link": "notes"}]}
  }
]`
	f, err := hookchaintest.DecodeFile("testdata/all.json", []byte(data))
	require.NoError(t, err)
	assert.Equal(t, hookchaintest.File{
		Path:  "testdata/all.json",
		Array: true,
		Cases: []hookchaintest.Case{
			{
				Name:   "after",
				Source: "testdata/all.json #0",
				Event: hookchain.Event{Hook: hookchain.AfterTool, Tool: "Read", CallID: "c9",
					Input: json.RawMessage(`{"path":"a.txt"}`), Output: json.RawMessage(`{"text":"hi","lines":[1,2]}`), IsError: true},
				Want: hookchaintest.Want{Verdict: hookchain.Replaced, Reason: "r", Output: json.RawMessage(`"x"`), IsError: true,
					Trail: []string{"a", "b"},
					Steps: []hookchain.Step{
						{Name: "a", Verdict: hookchain.Allowed, Fault: "boom"},
						{Name: "b", Verdict: hookchain.Replaced, Reason: "why"},
					}},
			},
			{
				Source: "testdata/all.json #1",
				Event:  hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`)},
				Want: hookchaintest.Want{Verdict: hookchain.Modified, Input: json.RawMessage(`{"command":"ls","timeout":60}`),
					Trail: []string{}, Steps: []hookchain.Step{}},
			},
			{
				Name:   "asked",
				Source: "testdata/all.json #2",
				Event:  hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"git push"}`)},
				Want: hookchaintest.Want{Verdict: hookchain.Asked, Reason: "approval pending (asked by ask-push)",
					Trail: []string{"ask-push", "human"},
					Steps: []hookchain.Step{
						{Name: "ask-push", Verdict: hookchain.Asked},
						{Name: "human", Verdict: hookchain.Asked, Reason: "later", By: "alice"},
					},
					Notes: []hookchain.Note{{Link: "ask-push", Text: "pushes need a person"}, {Link: "notes", Text: ""}}},
			},
		},
	}, f)
}

func TestAnEmptyContextInAFileMeansNone(t *testing.T) {
	for _, context := range []string{`[]`, `null`} {
		f, err := hookchaintest.DecodeFile("x.json",
			[]byte(`{"event": {"hook": "before_tool"}, "want": {"verdict": "allow", "notes": `+context+`}}`))
		require.NoError(t, err)
		assert.Nil(t, f.Cases[0].Want.Notes, context)
	}
}

func TestAFileOfOneCaseIsAnObjectAndItsSourceIsTheFile(t *testing.T) {
	f, err := hookchaintest.DecodeFile("testdata/one.json",
		[]byte(`{"event": {"hook": "before_tool", "tool": "Glob"}, "want": {"verdict": "deny", "trail": null, "steps": null}}`))
	require.NoError(t, err)
	assert.Equal(t, hookchaintest.File{
		Path: "testdata/one.json",
		Cases: []hookchaintest.Case{{
			Source: "testdata/one.json",
			Event:  hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Glob"},
			Want:   hookchaintest.Want{Verdict: hookchain.Denied},
		}},
	}, f)
}

func TestAMisspelledFieldIsAnErrorNotAnAllow(t *testing.T) {
	_, err := hookchaintest.LoadFiles("testdata/bad/misspelled.json")
	require.EqualError(t, err, `testdata/bad/misspelled.json:7:3: case #1 "rm -rf is denied": want: unknown field "verdcit"`)
}

func TestAMalformedFileIsAnErrorAtItsPosition(t *testing.T) {
	_, err := hookchaintest.LoadFiles("testdata/bad/malformed.json")
	require.EqualError(t, err, `testdata/bad/malformed.json:4:31: invalid character '}' looking for beginning of object key string`)
}

func TestDecodeFileRejectsWhatWouldQuietlyTestLess(t *testing.T) {
	const event = `"event": {"hook": "before_tool"}`
	tests := []struct {
		name, data, err string
	}{
		{"an empty file", " \n", "x.json: the file is empty"},
		// Decoded, the byte would be U+FFFD: a case about a tool that no
		// chain is asked about.
		{"a tool name with a byte that is not UTF-8", "{\"event\": {\"hook\": \"before_tool\", \"tool\": \"Ba\xffsh\"}, \"want\": {\"verdict\": \"deny\"}}",
			"x.json:1:46: not valid UTF-8: byte 0xff"},
		{"an empty array", " []", "x.json:1:2: the file holds no case"},
		{"a value that is no case", `"a case"`, "x.json:1:1: the file must hold a case object or an array of cases, not a string"},
		{"data after the case", `{` + event + `, "want": {"verdict": "allow"}} {}`, "x.json:1:66: invalid character '{' after top-level value"},
		{"an unfinished array", "[\n  {" + event + `, "want": {"verdict": "allow"}},`, "x.json:2:68: unexpected end of JSON input"},

		{"an unknown field in the case", `{"name": "x", "evnet": {}, ` + event + `, "want": {"verdict": "allow"}}`, `x.json:1:1: case "x": unknown field "evnet"`},
		{"an unknown field in the event", `{"event": {"hook": "before_tool", "tol": "Bash"}, "want": {"verdict": "allow"}}`, `x.json:1:1: event: unknown field "tol"`},
		{"an unknown field in the want", `{` + event + `, "want": {"verdcit": "deny"}}`, `x.json:1:1: want: unknown field "verdcit"`},
		{"an unknown field in a step", `{` + event + `, "want": {"verdict": "deny", "steps": [{"name": "a", "verdict": "deny", "reson": ""}]}}`, `x.json:1:1: want.steps[0]: unknown field "reson"`},
		{"an unknown field in a note", `{` + event + `, "want": {"verdict": "allow", "notes": [{"link": "a", "text": "t", "txt": ""}]}}`, `x.json:1:1: want.notes[0]: unknown field "txt"`},
		{"notes misspelled", `{` + event + `, "want": {"verdict": "allow", "note": []}}`, `x.json:1:1: want: unknown field "note"`},
		// A key given twice would be read as its last value: a case written
		// to want a denial could be testing an allow.
		{"a want given twice", `{"name": "x", ` + event + `, "want": {"verdict": "deny"}, "want": {"verdict": "allow"}}`, `x.json:1:1: case "x": the key "want" appears twice`},
		{"a verdict given twice", `{` + event + `, "want": {"verdict": "deny", "verdict": "allow"}}`, `x.json:1:1: want: the key "verdict" appears twice`},
		{"a tool given twice", `{"event": {"hook": "before_tool", "tool": "Bash", "tool": "Read"}, "want": {"verdict": "allow"}}`, `x.json:1:1: event: the key "tool" appears twice`},
		{"a verdict given twice in two cases", `{` + event + `, "want": {"verdict": "deny", "Verdict": "allow"}}`, `x.json:1:1: want: the keys "verdict" and "Verdict" name one field`},
		{"a tool given twice in two cases", `{"event": {"hook": "before_tool", "TOOL": "Bash", "tool": "Read"}, "want": {"verdict": "allow"}}`, `x.json:1:1: event: the keys "TOOL" and "tool" name one field`},
		{"a step's verdict given twice", `{` + event + `, "want": {"verdict": "deny", "steps": [{"name": "a", "verdict": "deny", "verdict": "allow"}]}}`, `x.json:1:1: want.steps[0]: the key "verdict" appears twice`},
		{"a hook input's tool name given twice", `{"event": {"hook_event_name": "PreToolUse", "tool_name": "Read", "tool_input": {}, "tool_name": "Bash"}, "want": {"verdict": "allow"}}`,
			`x.json:1:1: event: the key "tool_name" appears twice`},
		{"a hook input's tool name given twice in two cases", `{"event": {"hook_event_name": "PreToolUse", "tool_name": "Read", "Tool_Name": "Bash", "tool_input": {}}, "want": {"verdict": "allow"}}`,
			`x.json:1:1: event: the keys "tool_name" and "Tool_Name" name one field`},
		{"a hook input's tool input given twice in two cases", `{"event": {"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "ls"}, "TOOL_INPUT": {"command": "rm -rf /"}}, "want": {"verdict": "allow"}}`,
			`x.json:1:1: event: the keys "tool_input" and "TOOL_INPUT" name one field`},
		{"a hook input's event name given twice in two cases", `{"event": {"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {}, "Hook_Event_Name": "PreToolUse"}, "want": {"verdict": "allow"}}`,
			`x.json:1:1: event: the keys "hook_event_name" and "Hook_Event_Name" name one field`},
		{"an event given twice in two cases", `{` + event + `, "EVENT": {"hook": "after_tool"}, "want": {"verdict": "allow"}}`, `x.json:1:1: the keys "event" and "EVENT" name one field`},

		{"a missing event", `{"want": {"verdict": "allow"}}`, "x.json:1:1: event is missing"},
		{"a missing hook", `{"event": {"tool": "Bash"}, "want": {"verdict": "allow"}}`, "x.json:1:1: event.hook is missing"},
		{"an unknown hook", `{"event": {"hook": "during_tool"}, "want": {"verdict": "allow"}}`, `x.json:1:1: event.hook: unknown hook "during_tool" (want before_tool or after_tool)`},
		{"a missing want", `{` + event + `}`, "x.json:1:1: want is missing"},
		{"a missing verdict", `{` + event + `, "want": {"reason": "denied by no-rm"}}`, "x.json:1:1: want.verdict is missing"},
		{"an unknown verdict word", `{` + event + `, "want": {"verdict": "alow"}}`, `x.json:1:1: want.verdict: unknown verdict "alow" (want allow, deny, modify, replace or ask)`},
		{"a verdict that is a number", `{` + event + `, "want": {"verdict": 0}}`, "x.json:1:1: want.verdict must be a string, not a number"},
		{"a step without a name", `{` + event + `, "want": {"verdict": "deny", "steps": [{"verdict": "deny"}]}}`, "x.json:1:1: want.steps[0].name is missing"},
		{"a step without a verdict", `{` + event + `, "want": {"verdict": "deny", "steps": [{"name": "a"}]}}`, "x.json:1:1: want.steps[0].verdict is missing"},
		{"a step with an unknown verdict", `{` + event + `, "want": {"verdict": "deny", "steps": [{"name": "a", "verdict": "nope"}]}}`, `x.json:1:1: want.steps[0].verdict: unknown verdict "nope" (want allow, deny, modify, replace or ask)`},
		{"a note without a link", `{` + event + `, "want": {"verdict": "allow", "notes": [{"text": "t"}]}}`, "x.json:1:1: want.notes[0].link is missing"},
		{"a note with an empty link", `{` + event + `, "want": {"verdict": "allow", "notes": [{"link": "", "text": "t"}]}}`, "x.json:1:1: want.notes[0].link is missing"},
		{"a note without a text", `{` + event + `, "want": {"verdict": "allow", "notes": [{"link": "a", "text": "t"}, {"link": "a"}]}}`, "x.json:1:1: want.notes[1].text is missing"},

		{"a name that is not a string", `{"name": 3, ` + event + `, "want": {"verdict": "allow"}}`, "x.json:1:1: name must be a string, not a number"},
		{"an event that is null", `{"event": null, "want": {"verdict": "allow"}}`, "x.json:1:1: event must be an object, not null"},
		{"a want that is an array", `{` + event + `, "want": []}`, "x.json:1:1: want must be an object, not an array"},
		{"a trail that is a string", `{` + event + `, "want": {"verdict": "allow", "trail": "a"}}`, "x.json:1:1: want.trail must be an array of strings, not a string"},
		{"a trail of numbers", `{` + event + `, "want": {"verdict": "allow", "trail": [1]}}`, "x.json:1:1: want.trail must be an array of strings, not an array holding a number"},
		{"an error flag that is a string", `{"event": {"hook": "after_tool"}, "want": {"verdict": "replace", "output": 1, "is_error": "yes"}}`, "x.json:1:1: want.is_error must be true or false, not a string"},
		{"steps that are an object", `{` + event + `, "want": {"verdict": "allow", "steps": {}}}`, "x.json:1:1: want.steps must be an array, not an object"},
		{"a step that is null", `{` + event + `, "want": {"verdict": "allow", "steps": [null]}}`, "x.json:1:1: want.steps[0] must be an object, not null"},
		{"notes that are a string", `{` + event + `, "want": {"verdict": "allow", "notes": "use pnpm"}}`, "x.json:1:1: want.notes must be an array, not a string"},
		{"a note that is a string", `{` + event + `, "want": {"verdict": "allow", "notes": ["use pnpm"]}}`, "x.json:1:1: want.notes[0] must be an object, not a string"},
		{"a note whose text is a number", `{` + event + `, "want": {"verdict": "allow", "notes": [{"link": "a", "text": 1}]}}`, "x.json:1:1: want.notes[0].text must be a string, not a number"},
		{"a step's by that is a number", `{` + event + `, "want": {"verdict": "deny", "steps": [{"name": "a", "verdict": "deny", "by": 1}]}}`, "x.json:1:1: want.steps[0].by must be a string, not a number"},
		{"an input that an ask never carries", `{` + event + `, "want": {"verdict": "ask", "input": {}}}`, `x.json:1:1: want.input is set, but it is compared only when want.verdict is "modify"`},

		{"an output before the tool ran", `{"event": {"hook": "before_tool", "output": "x"}, "want": {"verdict": "allow"}}`, "x.json:1:1: event.output is set, but a before_tool event has no output yet"},
		{"an error flag before the tool ran", `{"event": {"hook": "before_tool", "is_error": true}, "want": {"verdict": "allow"}}`, "x.json:1:1: event.is_error is set, but a before_tool event has no output yet"},
		{"an input that a deny never carries", `{` + event + `, "want": {"verdict": "deny", "input": {}}}`, `x.json:1:1: want.input is set, but it is compared only when want.verdict is "modify"`},
		{"a modify without its input", `{` + event + `, "want": {"verdict": "modify"}}`, `x.json:1:1: want.input is missing: a "modify" verdict comes with the input the tool must run with`},
		{"a replace without its output", `{"event": {"hook": "after_tool"}, "want": {"verdict": "replace"}}`, `x.json:1:1: want.output is missing: a "replace" verdict comes with the output the model must be shown`},
		{"an output that an allow never carries, even null", `{"event": {"hook": "after_tool"}, "want": {"verdict": "allow", "output": null}}`, `x.json:1:1: want.output is set, but it is compared only when want.verdict is "replace"`},
		{"an error flag that an allow never carries", `{"event": {"hook": "after_tool"}, "want": {"verdict": "allow", "is_error": true}}`, `x.json:1:1: want.is_error is set, but it is compared only when want.verdict is "replace"`},

		{"every broken case of an array, by index and position",
			"[\n  1,\n  {" + event + `, "want": {"verdict": "allow"}},` + "\n  {\"name\": \"b\", " + event + `, "want": {}}` + "\n]",
			"x.json:2:3: case #0 must be an object, not a number\n" +
				`x.json:4:3: case #2 "b": want.verdict is missing`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := hookchaintest.DecodeFile("x.json", []byte(tt.data))
			require.EqualError(t, err, tt.err)
			assert.Equal(t, hookchaintest.File{}, f)
		})
	}
}

func TestLoadFilesNamesUnnamedCasesAfterTheirFile(t *testing.T) {
	cases, err := hookchaintest.LoadFiles("testdata/cases/*.json")
	require.NoError(t, err)
	var names, sources []string
	for _, tc := range cases {
		names = append(names, tc.Name)
		sources = append(sources, tc.Source)
	}
	assert.Equal(t, []string{
		"a push of a branch is approved by a person",
		"a push to main is refused by a person",
		"a push of tags waits for a person",
		"npm gets a word about pnpm",
		"rm -rf is denied",
		"every Bash call gets a timeout",
		"guards.json#2",
		"a failing quota check fails closed",
		"other tools are let through untouched",
		"an AWS key is redacted from what the model reads",
	}, names)
	assert.Equal(t, []string{
		"testdata/cases/ask.json #0",
		"testdata/cases/ask.json #1",
		"testdata/cases/ask.json #2",
		"testdata/cases/ask.json #3",
		"testdata/cases/guards.json #0",
		"testdata/cases/guards.json #1",
		"testdata/cases/guards.json #2",
		"testdata/cases/guards.json #3",
		"testdata/cases/guards.json #4",
		"testdata/cases/redact.json",
	}, sources)
}

func TestTwoCasesWithOneNameAreAnError(t *testing.T) {
	_, err := hookchaintest.LoadFiles("testdata/dup/*.json")
	require.EqualError(t, err,
		`hookchaintest: two cases are named "same": testdata/dup/a.json #0 and testdata/dup/a.json #1`+"\n"+
			`hookchaintest: two cases are named "same": testdata/dup/a.json #0 and testdata/dup/b.json`)
}

func TestAPatternMatchingNoFileIsAnError(t *testing.T) {
	_, err := hookchaintest.LoadFiles("testdata/case/*.json")
	require.EqualError(t, err, `hookchaintest: no file matches "testdata/case/*.json"`)

	_, err = hookchaintest.LoadFiles("testdata/[cases/*.json")
	require.EqualError(t, err, `hookchaintest: pattern "testdata/[cases/*.json": syntax error in pattern`)
}

func TestLoadFilesReportsEveryBrokenFileAtOnce(t *testing.T) {
	_, err := hookchaintest.LoadFiles("testdata/bad/*.json")
	require.EqualError(t, err,
		`testdata/bad/malformed.json:4:31: invalid character '}' looking for beginning of object key string`+"\n"+
			`testdata/bad/misspelled.json:7:3: case #1 "rm -rf is denied": want: unknown field "verdcit"`)
}

func TestEncodeFileWritesStableIndentedJSON(t *testing.T) {
	f := hookchaintest.File{Path: "x.json", Array: true, Cases: []hookchaintest.Case{
		{
			Name: "<html> & friends are not escaped",
			Event: hookchain.Event{Hook: hookchain.AfterTool, Tool: "Read", CallID: "c1",
				Input: json.RawMessage(`{"path":"a&b"}`), Output: json.RawMessage(`"<p>"`), IsError: true},
			Want: hookchaintest.Want{Verdict: hookchain.Replaced, Reason: "r", Output: json.RawMessage(`{"b":1,"a":[]}`), IsError: true,
				Trail: []string{"x"}, Steps: []hookchain.Step{{Name: "x", Verdict: hookchain.Replaced, Reason: "r", Fault: ""}}},
		},
		{
			Event: hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Glob"},
			Want:  hookchaintest.Want{Trail: []string{}, Steps: []hookchain.Step{}},
		},
		{
			Name:  "an ask, who answered it, and a note",
			Event: hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"git push"}`)},
			Want: hookchaintest.Want{Verdict: hookchain.Asked, Reason: "approval pending (asked by ask-push)",
				Trail: []string{"ask-push", "human"},
				Steps: []hookchain.Step{{Name: "ask-push", Verdict: hookchain.Asked}, {Name: "human", Verdict: hookchain.Asked, By: "alice"}},
				Notes: []hookchain.Note{{Link: "ask-push", Text: "<pushes> need a person"}, {Link: "notes", Text: ""}}},
		},
	}}
	data, err := hookchaintest.EncodeFile(f)
	require.NoError(t, err)
	assert.Equal(t, `[
  {
    "name": "<html> & friends are not escaped",
    "event": {
      "hook": "after_tool",
      "tool": "Read",
      "call_id": "c1",
      "input": {
        "path": "a&b"
      },
      "output": "<p>",
      "is_error": true
    },
    "want": {
      "verdict": "replace",
      "reason": "r",
      "output": {
        "b": 1,
        "a": []
      },
      "is_error": true,
      "trail": [
        "x"
      ],
      "steps": [
        {
          "name": "x",
          "verdict": "replace",
          "reason": "r"
        }
      ]
    }
  },
  {
    "event": {
      "hook": "before_tool",
      "tool": "Glob"
    },
    "want": {
      "verdict": "allow",
      "trail": [],
      "steps": []
    }
  },
  {
    "name": "an ask, who answered it, and a note",
    "event": {
      "hook": "before_tool",
      "tool": "Bash",
      "input": {
        "command": "git push"
      }
    },
    "want": {
      "verdict": "ask",
      "reason": "approval pending (asked by ask-push)",
      "trail": [
        "ask-push",
        "human"
      ],
      "steps": [
        {
          "name": "ask-push",
          "verdict": "ask"
        },
        {
          "name": "human",
          "verdict": "ask",
          "by": "alice"
        }
      ],
      "notes": [
        {
          "link": "ask-push",
          "text": "<pushes> need a person"
        },
        {
          "link": "notes",
          "text": ""
        }
      ]
    }
  }
]
`, string(data))

	// What it writes reads back as what it was given.
	back, err := hookchaintest.DecodeFile("x.json", data)
	require.NoError(t, err)
	f.Cases[0].Source, f.Cases[1].Source, f.Cases[2].Source = "x.json #0", "x.json #1", "x.json #2"
	assert.Equal(t, f, back)
}

func TestEncodeFileKeepsAFileOfOneCaseAnObject(t *testing.T) {
	f := hookchaintest.File{Path: "x.json", Cases: []hookchaintest.Case{{
		Name:  "one",
		Event: hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Glob"},
	}}}
	data, err := hookchaintest.EncodeFile(f)
	require.NoError(t, err)
	assert.Equal(t, "{\n  \"name\": \"one\",\n  \"event\": {\n    \"hook\": \"before_tool\",\n    \"tool\": \"Glob\"\n  },\n  \"want\": {\n    \"verdict\": \"allow\"\n  }\n}\n", string(data))

	f.Cases = append(f.Cases, f.Cases[0])
	_, err = hookchaintest.EncodeFile(f)
	require.EqualError(t, err, "hookchaintest: x.json: a file that is not an array holds exactly one case, not 2")
}

func TestEncodeFileLeavesOutAnEmptyContext(t *testing.T) {
	f := hookchaintest.File{Path: "x.json", Cases: []hookchaintest.Case{{
		Event: hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Glob"},
		Want:  hookchaintest.Want{Notes: []hookchain.Note{}},
	}}}
	data, err := hookchaintest.EncodeFile(f)
	require.NoError(t, err)
	assert.Equal(t, "{\n  \"event\": {\n    \"hook\": \"before_tool\",\n    \"tool\": \"Glob\"\n  },\n  \"want\": {\n    \"verdict\": \"allow\"\n  }\n}\n", string(data))
}

func TestEncodeFileRefusesACaseItCannotWrite(t *testing.T) {
	f := hookchaintest.File{Path: "x.json", Cases: []hookchaintest.Case{{Name: "no hook"}}}
	_, err := hookchaintest.EncodeFile(f)
	require.EqualError(t, err, "hookchaintest: x.json: json: error calling MarshalText for type hookchain.Hook: hookchain: cannot encode unknown hook 0")
}

func TestAPositionInACaseFileCountsItsColumnInCharactersAsEditorsDo(t *testing.T) {
	const event = `"event": {"hook": "before_tool"}`
	tests := []struct {
		name, data, err string
	}{
		{"a syntax error after two three-byte characters", `{"name": "日本", }`,
			"x.json:1:16: invalid character '}' looking for beginning of object key string"},
		{"a byte that is not UTF-8 after an accented letter", "{\"name\": \"café\", \"event\": {\"hook\": \"before_tool\", \"tool\": \"Ba\xffsh\"}}",
			"x.json:1:62: not valid UTF-8: byte 0xff"},
		{"a broken case after a four-byte character on its line", `[{"name": "𝄞", ` + event + `, "want": {"verdict": "allow"}}, 1]`,
			"x.json:1:81: case #1 must be an object, not a number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := hookchaintest.DecodeFile("x.json", []byte(tt.data))
			require.EqualError(t, err, tt.err)
		})
	}
}
