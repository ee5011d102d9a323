package replay_test

import (
	"testing"

	"github.com/hookchain/hookchain/replay"
)

func TestMessageArraysAreReadAsTheirAPIsShapeThem(t *testing.T) {
	tests := []readCase{{
		name:   "Anthropic: parallel tool_use blocks, their results first in one user message, matched by id",
		format: replay.Anthropic,
		text: `[{"role":"user","content":"clean and list"},` +
			`{"role":"assistant","content":[{"type":"text","text":"ok"},{"type":"tool_use","id":"toolu_1","name":"bash","input":{"command":"rm -rf build"}},{"type":"tool_use","id":"toolu_2","name":"bash","input":{"command":"ls"}}]},` +
			`{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_2","content":[{"type":"text","text":"a"}]},{"type":"tool_result","tool_use_id":"toolu_1","content":"denied","is_error":true},{"type":"text","text":"go on"}]},` +
			`{"role":"assistant","content":[{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{"query":"q"}},{"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":[]}]}]` + "\n",
		want: []seen{
			{ID: "toolu_1", Tool: "bash", Input: `{"command":"rm -rf build"}`, Line: 1, ResultAt: 1, Original: errored, IsError: true},
			{ID: "toolu_2", Tool: "bash", Input: `{"command":"ls"}`, Line: 1, ResultAt: 1, Original: ran},
		},
	}, {
		name:   "Anthropic, pretty-printed: each call on the line its message starts",
		format: "",
		text:   "[\n  {\"role\": \"user\", \"content\": \"hi\"},\n  {\n    \"role\": \"assistant\",\n    \"content\": [{\"type\": \"tool_use\", \"id\": \"toolu_1\", \"name\": \"read\", \"input\": {\"path\": \"/w\"}}]\n  },\n  {\"role\": \"user\", \"content\": [{\"type\": \"tool_result\", \"tool_use_id\": \"toolu_1\", \"content\": \"x\"}]}\n]\n",
		want:   []seen{{ID: "toolu_1", Tool: "read", Input: `{"path": "/w"}`, Line: 3, ResultAt: 7, Original: ran}},
	}, {
		name:     "Anthropic, cut short: the calls before the cut, the cut reported",
		format:   replay.Anthropic,
		text:     "[\n  {\"role\": \"assistant\", \"content\": [{\"type\": \"tool_use\", \"id\": \"toolu_1\", \"name\": \"read\", \"input\": {}}]},\n  {\"role\": \"user\", \"content\": [{\"type\": \"tool_res",
		want:     []seen{{ID: "toolu_1", Tool: "read", Input: `{}`, Line: 2, Original: noResult}},
		problems: []replay.ProblemKind{replay.BadLine},
	}, {
		name:   "OpenAI chat: arguments decoded from their string, or taken as an object; results by tool_call_id",
		format: replay.OpenAIChat,
		text: `[{"role":"system","content":"s"},{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"shell","arguments":"{\"cmd\":\"ls\"}"}},{"id":"call_2","type":"function","function":{"name":"read","arguments":{"path":"/w"}}}]},` +
			`{"role":"tool","tool_call_id":"call_2","content":"file"},{"role":"tool","tool_call_id":"call_1","content":[{"type":"text","text":"a b"}]}]` + "\n",
		want: []seen{
			{ID: "call_1", Tool: "shell", Input: `{"cmd":"ls"}`, Line: 1, ResultAt: 1, Original: ran},
			{ID: "call_2", Tool: "read", Input: `{"path":"/w"}`, Line: 1, ResultAt: 1, Original: ran},
		},
	}, {
		name:   "OpenAI chat, JSONL of conversations: calls without ids get their place as id, and results in order",
		format: replay.OpenAIChat,
		text: lines(
			`[{"role":"assistant","tool_calls":[{"type":"function","function":{"name":"a","arguments":"{}"}},{"type":"function","function":{"name":"b","arguments":"{}"}}]},{"role":"tool","content":"ra"},{"role":"tool","content":"rb"}]`,
			`[{"role":"assistant","tool_calls":[{"id":"call_9","type":"function","function":{"name":"c","arguments":"not json"}}]},{"role":"tool","tool_call_id":"call_8","content":"x"}]`,
		),
		want: []seen{
			{ID: "#1.1", Tool: "a", Input: `{}`, Line: 1, ResultAt: 1, Original: ran},
			{ID: "#1.2", Tool: "b", Input: `{}`, Line: 1, ResultAt: 1, Original: ran},
		},
		problems: []replay.ProblemKind{replay.BadCall, replay.ResultWithoutCall},
	}, {
		name:   "OpenAI responses: function_call items and their outputs; an Exit code in the text is the tool's own",
		format: "",
		text: `[{"type":"message","role":"user","content":"run"},{"type":"function_call","id":"fc_1","call_id":"call_1","name":"run","arguments":"{\"cmd\":\"make\"}"},` +
			`{"type":"function_call_output","call_id":"call_1","output":"Exit code: 2"},{"type":"custom_tool_call","call_id":"call_2","name":"apply_patch","input":"*** Begin Patch"}]` + "\n",
		want: []seen{
			{ID: "call_1", Tool: "run", Input: `{"cmd":"make"}`, Line: 1, ResultAt: 1, Original: ran},
			{ID: "call_2", Tool: "apply_patch", Input: `{"input":"*** Begin Patch"}`, Line: 1, Original: noResult},
		},
	}}
	checkReads(t, "", tests)
}
