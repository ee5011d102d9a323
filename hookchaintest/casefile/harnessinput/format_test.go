package harnessinput_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/gemini"
	"github.com/hookchain/hookchain/hookchaintest/casefile"
	"github.com/hookchain/hookchain/hookchaintest/casefile/harnessinput"
)

func TestACaseFileForACLIReadsEveryEventAsThatCLIsHookInput(t *testing.T) {
	f, err := casefile.DecodeFile("cases.json", []byte(`[
  {"name": "a Gemini call", "event": {"hook_event_name": "BeforeTool", "session_id": "g1", "cwd": "/work",
    "tool_name": "run_shell_command", "tool_input": {"command": "ls"}}, "want": {"verdict": "allow"}}
]`), harnessinput.Format{Profile: gemini.Profile()})
	require.NoError(t, err)
	require.Len(t, f.Cases, 1)
	tc := f.Cases[0]
	assert.Equal(t, hookchain.Event{Hook: hookchain.BeforeTool, Tool: "run_shell_command", Input: json.RawMessage(`{"command":"ls"}`)}, tc.Event)
	s, ok := tc.SessionInfo.(harness.SessionInfo)
	require.True(t, ok)
	assert.Equal(t, harness.SessionInfo{ID: "g1", Cwd: "/work"}, s)
	assert.Equal(t, s, harness.SessionInfoFor(tc.SessionInfo.NewContext(context.Background()), harness.SessionInfo{}))
}

func TestAnEventThatIsNotTheCLIsToolCallIsAnError(t *testing.T) {
	tests := map[string]string{
		`{"hook": "before_tool", "tool": "Bash", "input": {}}`: `cases.json:1:2: case #0 "x": event: the hook input is not valid: it has no hook_event_name; it has no tool_name; its tool_input is not an object`,
		`{"hook_event_name": "SessionEnd", "session_id": "g"}`: `cases.json:1:2: case #0 "x": event: SessionEnd is not a tool call`,
	}
	for event, want := range tests {
		_, err := casefile.DecodeFile("cases.json", []byte(`[{"name": "x", "event": `+event+`, "want": {"verdict": "allow"}}]`),
			harnessinput.Format{Profile: gemini.Profile()})
		assert.EqualError(t, err, want, event)
	}
}
