package copilot

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Input is the camelCase hook input Copilot writes on a preToolUse or
// postToolUse hook's stdin.
type Input struct {
	SessionID  string      `json:"sessionId"`
	Timestamp  int64       `json:"timestamp"` // Unix time in milliseconds
	Cwd        string      `json:"cwd"`
	ToolName   string      `json:"toolName"`
	ToolArgs   string      `json:"toolArgs"` // the call's arguments, as a JSON text
	ToolResult *ToolResult `json:"toolResult,omitempty"`
}

// ToolResult is the result of the call in a postToolUse input, and the
// shape of a hook's modifiedResult.
type ToolResult struct {
	ResultType       string `json:"resultType"` // "success" or "failure"
	TextResultForLlm string `json:"textResultForLlm"`
}

// InputFor is the input Copilot writes for e in session s at time now. The
// output of an error result is written with resultType "failure", which
// Copilot gives another event, postToolUseFailure, and no postToolUse hook.
func InputFor(e hookchain.Event, s harness.SessionInfo, now time.Time) Input {
	in := Input{SessionID: s.ID, Timestamp: now.UnixMilli(), Cwd: s.Cwd, ToolName: e.Tool, ToolArgs: string(e.Input)}
	if in.ToolArgs == "" {
		in.ToolArgs = "{}"
	}
	if e.Hook == hookchain.AfterTool {
		in.ToolResult = &ToolResult{ResultType: "success", TextResultForLlm: harness.OutputText(e.Output)}
		if e.IsError {
			in.ToolResult.ResultType = "failure"
		}
	}
	return in
}

func encodeInput(e hookchain.Event, s harness.SessionInfo) ([]byte, error) {
	return json.Marshal(InputFor(e, s, time.Now()))
}

var inputKeys = []string{"sessionId", "timestamp", "cwd", "toolName", "toolArgs", "toolResult"}

// otherKeys are keys of the camelCase inputs of Copilot's events that are
// not tool calls, which a preToolUse or postToolUse input never has:
// permissionRequest's toolInput, postToolUseFailure's and errorOccurred's
// error, the prompt events', the session events', the stop events'.
var otherKeys = []string{"toolInput", "error", "errorContext", "prompt", "transformedPrompt", "source", "initialPrompt",
	"reason", "transcriptPath", "stopReason", "trigger", "notification_type", "agentName"}

// decode reads a hook input as Copilot writes it. One with a
// hook_event_name is a PascalCase entry's (decodePascal). A camelCase one
// names no event: it is a tool call when it has a toolName and a toolArgs
// and no key of another event's input (otherKeys), postToolUse's with a
// toolResult and preToolUse's without; any other is an event that is not
// a tool call. Unknown fields are left alone; a known one of the wrong
// type, a key given twice or one spelled in another case is an error.
func decode(input []byte) (hookchain.Event, harness.SessionInfo, error) {
	fields, err := harness.Fields(input)
	if err != nil {
		return hookchain.Event{}, harness.SessionInfo{}, fmt.Errorf("the hook input is not valid: %v", err)
	}
	if _, ok := fields["hook_event_name"]; ok {
		return decodePascal(fields)
	}
	if err := harness.CaseAlike(fields, inputKeys); err != nil {
		return hookchain.Event{}, harness.SessionInfo{}, err
	}
	_, hasTool := fields["toolName"]
	_, hasArgs := fields["toolArgs"]
	other := slices.ContainsFunc(otherKeys, func(k string) bool { _, ok := fields[k]; return ok })
	if !hasTool || !hasArgs || other {
		return hookchain.Event{}, harness.SessionInfo{}, fmt.Errorf("the hook input is of an event that is %w", harness.ErrNotToolCall)
	}
	return decodeCamel(fields)
}

// DecodeEvent reads input as the hook input of Copilot's event, which the
// configuration names and a camelCase input does not: preToolUse's must
// have no toolResult, postToolUse's must have one; a PascalCase event's
// input must say it in its hook_event_name; another of Copilot's events
// is not a tool call (harness.ErrNotToolCall).
func DecodeEvent(event string, input []byte) (hookchain.Event, harness.SessionInfo, error) {
	if !slices.Contains(fileEvents, event) {
		return hookchain.Event{}, harness.SessionInfo{}, fmt.Errorf("copilot has no event %q", event)
	}
	if _, ok := at(event); !ok {
		return hookchain.Event{}, harness.SessionInfo{}, fmt.Errorf("%s is %w", event, harness.ErrNotToolCall)
	}
	fields, err := harness.Fields(input)
	if err != nil {
		return hookchain.Event{}, harness.SessionInfo{}, fmt.Errorf("the hook input is not valid: %v", err)
	}
	if pascal(event) {
		var named string
		if v, ok := fields["hook_event_name"]; !ok || json.Unmarshal(v, &named) != nil || named != event {
			return hookchain.Event{}, harness.SessionInfo{}, fmt.Errorf("the hook input is not %s's: its hook_event_name is %s", event, harness.NonBlank(string(fields["hook_event_name"]), "missing"))
		}
		return decodePascal(fields)
	}
	if _, ok := fields["hook_event_name"]; ok {
		return hookchain.Event{}, harness.SessionInfo{}, fmt.Errorf("the hook input has a hook_event_name: it is a PascalCase entry's, not %s's", event)
	}
	if err := harness.CaseAlike(fields, inputKeys); err != nil {
		return hookchain.Event{}, harness.SessionInfo{}, err
	}
	if _, post := fields["toolResult"]; post != (event == PostToolUse) {
		return hookchain.Event{}, harness.SessionInfo{}, fmt.Errorf("the hook input is not %s's: only postToolUse's has a toolResult", event)
	}
	return decodeCamel(fields)
}

// decodeCamel reads the fields of a camelCase preToolUse or postToolUse
// input.
func decodeCamel(fields map[string]json.RawMessage) (hookchain.Event, harness.SessionInfo, error) {
	var errs harness.Problems
	str := func(key string, dst *string) { errs.String(fields, key, dst, false) }
	var s harness.SessionInfo
	e := hookchain.Event{Hook: hookchain.BeforeTool}
	str("sessionId", &s.ID)
	str("cwd", &s.Cwd)
	str("toolName", &e.Tool)
	if v, ok := fields["timestamp"]; ok {
		var n float64
		if json.Unmarshal(v, &n) != nil {
			errs.Add("its timestamp is not a number")
		}
	}
	e.Input = args(fields["toolArgs"], &errs)
	if v, ok := fields["toolResult"]; ok {
		e.Hook = hookchain.AfterTool
		r, err := harness.Fields(v)
		var kind, text string
		if err != nil || json.Unmarshal(r["resultType"], &kind) != nil || json.Unmarshal(r["textResultForLlm"], &text) != nil {
			errs.Add("its toolResult is not an object with a string resultType and textResultForLlm")
		}
		e.Output, e.IsError = hookchain.Text(text), kind != "success"
	}
	if len(errs) == 0 && e.Tool == "" {
		errs.Add("its toolName is empty")
	}
	if err := errs.Err("hook input"); err != nil {
		return hookchain.Event{}, harness.SessionInfo{}, err
	}
	return e, s, nil
}

// args is the call's input from toolArgs: the JSON its string holds, or,
// for a toolArgs that is not a string, the JSON as it is.
func args(v []byte, errs *harness.Problems) json.RawMessage {
	if len(v) == 0 {
		return json.RawMessage(`{}`)
	}
	var text string
	if json.Unmarshal(v, &text) != nil {
		return json.RawMessage(v)
	}
	if !json.Valid([]byte(text)) {
		errs.Add("its toolArgs is a string that does not hold JSON")
		return nil
	}
	return json.RawMessage(text)
}
