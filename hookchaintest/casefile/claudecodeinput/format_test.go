package claudecodeinput_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/hookchaintest/casefile"
	"github.com/hookchain/hookchain/hookchaintest/casefile/claudecodeinput"
)

func TestTheFormatReadsEachToolCallEventAsClaudeCodeSendsIt(t *testing.T) {
	tests := []struct {
		name, event string
		want        hookchain.Event
	}{
		{"before the call", `{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "ls"}, "tool_use_id": "t1"}`,
			hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "t1", Input: json.RawMessage(`{"command":"ls"}`)}},
		{"after a call that succeeded", `{"hook_event_name": "PostToolUse", "tool_name": "Read", "tool_input": {}, "tool_response": {"content": "x"}}`,
			hookchain.Event{Hook: hookchain.AfterTool, Tool: "Read", Input: json.RawMessage(`{}`), Output: json.RawMessage(`{"content":"x"}`)}},
		{"after a call that failed", `{"hook_event_name": "PostToolUseFailure", "tool_name": "Read", "tool_input": {}, "error": "no such file"}`,
			hookchain.Event{Hook: hookchain.AfterTool, Tool: "Read", Input: json.RawMessage(`{}`), Output: json.RawMessage(`"no such file"`), IsError: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := casefile.DecodeFile("c.json", []byte(`{"event": `+tt.event+`, "want": {"verdict": "allow"}}`), claudecodeinput.Format{})
			require.NoError(t, err)
			require.Len(t, f.Cases, 1)
			assert.Equal(t, tt.want, f.Cases[0].Event)
			assert.Equal(t, &claudecode.SessionInfo{}, f.Cases[0].SessionInfo)
		})
	}
}

func TestTheFormatRecognizesAnEventByItsHookEventName(t *testing.T) {
	assert.True(t, claudecodeinput.Format{}.Recognizes(json.RawMessage(`{"hook_event_name": "Stop"}`)))
	assert.False(t, claudecodeinput.Format{}.Recognizes(json.RawMessage(`{"hook": "before_tool", "tool_name": "Bash"}`)))
}
