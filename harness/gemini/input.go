package gemini

import (
	"encoding/json"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Input is what Gemini writes on a tool-call hook's stdin, field for field
// and in Gemini's order. ToolResponse is AfterTool's only: Gemini's tool
// result, an object with llmContent (what the model is shown),
// returnDisplay (what the user is) and, for a failed call, error.
type Input struct {
	SessionID      string          `json:"session_id"`
	TranscriptPath string          `json:"transcript_path"`
	Cwd            string          `json:"cwd"`
	HookEventName  string          `json:"hook_event_name"`
	Timestamp      string          `json:"timestamp"` // ISO 8601, in UTC with milliseconds, as JavaScript writes it
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	ToolResponse   json.RawMessage `json:"tool_response,omitempty"`
}

// InputFor is the input Gemini gives a hook for e in session s, at time
// now. A call with no input is told {}. After the call, an output that is
// already Gemini's tool result (an object with llmContent) is given as it
// is; any other is given as one, its text (harness.OutputText) as both
// llmContent and returnDisplay, and, for an error result, as
// error.message.
func InputFor(e hookchain.Event, s harness.SessionInfo, now time.Time) Input {
	in := Input{
		SessionID:      s.ID,
		TranscriptPath: s.TranscriptPath,
		Cwd:            s.Cwd,
		HookEventName:  BeforeTool,
		Timestamp:      now.UTC().Format("2006-01-02T15:04:05.000Z"),
		ToolName:       e.Tool,
		ToolInput:      e.Input,
	}
	if len(in.ToolInput) == 0 {
		in.ToolInput = json.RawMessage(`{}`)
	}
	if e.Hook == hookchain.AfterTool {
		in.HookEventName = AfterTool
		in.ToolResponse = harness.ToolResult(e.Output, e.IsError)
	}
	return in
}

func encodeInput(e hookchain.Event, s harness.SessionInfo) ([]byte, error) {
	return json.Marshal(InputFor(e, s, time.Now()))
}

// inputKeys are the keys of Input, and the others Gemini writes for a tool
// call: mcp_context for an MCP tool, original_request_name for a tool the
// model called by another name.
var inputKeys = []string{"session_id", "transcript_path", "cwd", "hook_event_name", "timestamp",
	"tool_name", "tool_input", "tool_response", "mcp_context", "original_request_name"}

// otherEvents are Gemini's events that are not tool calls.
var otherEvents = []string{
	"BeforeAgent", "AfterAgent", "Notification", "SessionStart", "SessionEnd",
	"PreCompress", "BeforeModel", "AfterModel", "BeforeToolSelection",
}

// decode reads a hook input as Gemini writes it. Unknown fields are left
// alone (Gemini adds fields between versions); a known one of the wrong
// type is an error, and so is a key given twice or one spelled in another
// case. The call's output is Gemini's whole tool_response, an error result
// when its error is set.
func decode(input []byte) (hookchain.Event, harness.SessionInfo, error) {
	shape := harness.SnakeInput{CLI: "Gemini", Before: BeforeTool, After: AfterTool, Others: otherEvents, Keys: inputKeys}
	return shape.Decode(input, func(fields map[string]json.RawMessage, e *hookchain.Event, _ *harness.SessionInfo, _ *harness.Problems) {
		if e.Hook == hookchain.AfterTool {
			r, _ := harness.Fields(e.Output)
			e.IsError = r["error"] != nil && string(r["error"]) != "null"
		}
	})
}
