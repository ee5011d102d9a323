package gemini

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
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
		in.ToolResponse = toolResponse(e)
	}
	return in
}

type toolResult struct {
	LLMContent    string     `json:"llmContent"`
	ReturnDisplay string     `json:"returnDisplay"`
	Error         *toolError `json:"error,omitempty"`
}

type toolError struct {
	Message string `json:"message"`
}

func toolResponse(e hookchain.Event) json.RawMessage {
	if f, err := harness.Fields(e.Output); err == nil {
		if _, ok := f["llmContent"]; ok {
			return e.Output
		}
	}
	text := ""
	if len(e.Output) > 0 {
		text = harness.OutputText(e.Output)
	}
	r := toolResult{LLMContent: text, ReturnDisplay: text}
	if e.IsError {
		r.Error = &toolError{Message: text}
	}
	b, _ := json.Marshal(r) // strings only: it cannot fail
	return b
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
	var e hookchain.Event
	var s harness.SessionInfo
	fields, err := harness.InputFields(input, "Gemini", inputKeys)
	if err != nil {
		return e, s, err
	}
	var event string
	var errs harness.Problems
	str := func(key string, dst *string, required bool) { errs.String(fields, key, dst, required) }
	str("hook_event_name", &event, true)
	if len(errs) == 0 && event != BeforeTool && event != AfterTool {
		if slices.Contains(otherEvents, event) {
			return e, s, fmt.Errorf("%s is %w", event, harness.ErrNotToolCall)
		}
		return e, s, fmt.Errorf("the hook input names the event %q, which Gemini does not have", event)
	}
	str("tool_name", &e.Tool, true)
	str("session_id", &s.ID, false)
	str("cwd", &s.Cwd, false)
	str("transcript_path", &s.TranscriptPath, false)
	e.Hook = hookchain.BeforeTool
	e.Input = fields["tool_input"]
	if !isObject(e.Input) {
		errs.Add("its tool_input is not an object")
	}
	if event == AfterTool {
		e.Hook = hookchain.AfterTool
		e.Output = fields["tool_response"]
		r, err := harness.Fields(e.Output)
		if err != nil {
			errs.Add("its tool_response is not an object")
		}
		e.IsError = r["error"] != nil && string(r["error"]) != "null"
	}
	if len(errs) == 0 && e.Tool == "" {
		errs.Add("its tool_name is empty")
	}
	if err := errs.Err(strings.TrimSpace(event + " hook input")); err != nil {
		return hookchain.Event{}, harness.SessionInfo{}, err
	}
	return e, s, nil
}

func isObject(v json.RawMessage) bool {
	_, err := harness.Fields(v)
	return err == nil
}
