package replay_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tidwall/gjson"

	"github.com/hookchain/hookchain/replay"
)

// fuzzRead reads text as f and checks what holds of every read: no panic,
// every call has an id, a tool and an object input, calls come in file
// order with their results not before them, and the stats add up.
func fuzzRead(t *testing.T, f replay.Format, text string) {
	var got []replay.Call
	st, err := replay.Read(context.Background(), strings.NewReader(text), "f.jsonl", f, func(c replay.Call) error {
		got = append(got, c)
		return nil
	})
	if err != nil {
		t.Fatalf("a read of a string failed: %v", err)
	}
	requireStatsAddUp(t, st, got)
	last := 0
	for _, c := range got {
		if c.ID == "" || c.Tool == "" || !gjson.ValidBytes(c.Input) || !gjson.ParseBytes(c.Input).IsObject() {
			t.Fatalf("call %+v", c)
		}
		if c.Line < last {
			t.Fatalf("call at line %d after one at %d", c.Line, last)
		}
		last = c.Line
		if c.Result != nil && c.Result.Line < c.Line { // Gemini keeps a call and its result in one record
			t.Fatalf("result at line %d of a call at %d", c.Result.Line, c.Line)
		}
		if c.Format != f {
			t.Fatalf("format %q", c.Format)
		}
	}
	if st.Lines < strings.Count(text, "\n") {
		t.Fatalf("%d lines counted of %d", st.Lines, strings.Count(text, "\n"))
	}
}

func FuzzReadClaudeCode(f *testing.F) {
	f.Add(lines(
		use("a1", "", "toolu_1", "Bash", `{"command":"ls"}`, `"cwd":"/w","isSidechain":true,"agentId":"a",`),
		result("r1", "a1", "toolu_1", `[{"type":"text","text":"ok"},{"type":"image","source":{"data":"AAAA"}}]`, true, `"toolUseResult":{"stdout":"x"},`),
		result("r2", "gone", "toolu_9", `"The user doesn't want to proceed with this tool use."`, true, ""),
		use("a1", "", "toolu_1", "Bash", `{"command":"ls"}`, ""),
		`{"type":"user","uuid":"c","isCompactSummary":true,"message":{"content":"x"}}`,
		`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"t","name":"A","input":{},"name":"B"}]}}`,
		`{"type":"assistant","uuid":"x","message":{"content":[{"type":"tool_use","id":"t2","na`,
	))
	f.Add("\xef\xbb\xbf" + use("a", "", "t", "W", "{\"c\":\"\xff\"}", "") + "\r\n")
	f.Fuzz(func(t *testing.T, text string) { fuzzRead(t, replay.ClaudeCode, text) })
}

func FuzzReadCodex(f *testing.F) {
	f.Add(lines(codexMeta,
		`{"timestamp":"t","type":"turn_context","payload":{"cwd":"/w/turn"}}`,
		codexCall("call_1", "shell", `{"command":["bash","-lc","ls"],"workdir":"/w"}`),
		codexOutput("call_1", wrapped("Total output lines: 9\n", 1)),
		codexItem(`{"type":"custom_tool_call","call_id":"call_p","name":"apply_patch","input":"*** Begin Patch"}`),
		codexItem(`{"type":"local_shell_call","call_id":"call_l","action":{"type":"exec","command":["ls"]}}`),
		codexOutput("call_l", `"Exit code: 3"`),
		codexOutput("call_x", `[{"type":"input_text","text":"t"}]`),
		codexItem(`{"type":"function_call","name":"shell","arguments":"{\"a\"","call_id":"c"}`),
	))
	f.Fuzz(func(t *testing.T, text string) { fuzzRead(t, replay.Codex, text) })
}

func FuzzReadGemini(f *testing.F) {
	f.Add(lines(geminiMeta,
		`{"id":"m1","type":"gemini","toolCalls":[{"id":"c1","name":"run_shell_command","args":{"command":"ls"},"status":"executing"}]}`,
		`{"id":"m1","type":"gemini","toolCalls":[{"id":"c1","name":"run_shell_command","args":{"command":"ls"},"status":"success","result":[{"functionResponse":{"response":{"output":"a"}}}]}]}`,
		`{"$rewindTo":"m1"}`,
		`{"$set":{"messages":[{"id":"m2","type":"gemini","toolCalls":[{"id":"c2","name":"x","args":{},"status":"error"}]}]}}`,
	))
	f.Add("{\n \"sessionId\": \"s\", \"projectHash\": \"h\",\n \"messages\": [\n {\"id\": \"m\", \"type\": \"gemini\", \"toolCalls\": [{\"id\": \"c\", \"name\": \"n\", \"args\": {}, \"status\": \"success\"}]}\n ]\n}\n")
	f.Fuzz(func(t *testing.T, text string) { fuzzRead(t, replay.Gemini, text) })
}

func FuzzReadAnthropic(f *testing.F) {
	f.Add(`[{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"bash","input":{"c":"ls"}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"x","is_error":true}]}]` + "\n")
	f.Add("[\n {\"role\": \"assistant\", \"content\": [{\"type\": \"tool_use\", \"id\": \"t\", \"name\": \"n\", \"input\": {}}]}\n]\n")
	f.Fuzz(func(t *testing.T, text string) { fuzzRead(t, replay.Anthropic, text) })
}

func FuzzReadOpenAIChat(f *testing.F) {
	f.Add(`[{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"a","arguments":"{\"x\":1}"}},{"type":"function","function":{"name":"b","arguments":{}}}]},{"role":"tool","tool_call_id":"c1","content":"r"},{"role":"tool","content":"r2"}]` + "\n")
	f.Fuzz(func(t *testing.T, text string) { fuzzRead(t, replay.OpenAIChat, text) })
}

func FuzzReadOpenAIResponses(f *testing.F) {
	f.Add(`[{"type":"function_call","call_id":"c1","name":"run","arguments":"{}"},{"type":"function_call_output","call_id":"c1","output":"ok"},{"type":"local_shell_call","id":"l1","action":{"type":"exec","command":["ls"]}}]` + "\n")
	f.Fuzz(func(t *testing.T, text string) { fuzzRead(t, replay.OpenAIResponses, text) })
}
