package factory

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Input is what Droid writes on a tool-call hook's stdin, field for field
// and in Droid's order. ToolResponse is PostToolUse's only.
type Input struct {
	SessionID      string          `json:"session_id"`
	TranscriptPath string          `json:"transcript_path"`
	Cwd            string          `json:"cwd"`
	PermissionMode string          `json:"permission_mode"`
	HookEventName  string          `json:"hook_event_name"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	ToolResponse   json.RawMessage `json:"tool_response,omitempty"`
}

// InputFor is the input Droid gives a hook for e in session s. A call with
// no input is told {}, a session with no permission mode "off" (Droid's
// mode without auto-run), and a call with no output, after it, null.
func InputFor(e hookchain.Event, s harness.SessionInfo) Input {
	in := Input{
		SessionID:      s.ID,
		TranscriptPath: s.TranscriptPath,
		Cwd:            s.Cwd,
		PermissionMode: s.PermissionMode,
		HookEventName:  PreToolUse,
		ToolName:       e.Tool,
		ToolInput:      e.Input,
	}
	if in.PermissionMode == "" {
		in.PermissionMode = "off"
	}
	if len(in.ToolInput) == 0 {
		in.ToolInput = json.RawMessage(`{}`)
	}
	if e.Hook == hookchain.AfterTool {
		in.HookEventName = PostToolUse
		in.ToolResponse = e.Output
		if len(in.ToolResponse) == 0 {
			in.ToolResponse = json.RawMessage(`null`)
		}
	}
	return in
}

func encodeInput(e hookchain.Event, s harness.SessionInfo) ([]byte, error) {
	return json.Marshal(InputFor(e, s))
}

// inputKeys are the keys of Input, and message_id, which Droid adds to
// some inputs.
var inputKeys = []string{"session_id", "transcript_path", "cwd", "permission_mode", "hook_event_name",
	"message_id", "tool_name", "tool_input", "tool_response"}

// camelKeys are the keys of the inputs of Droid's older versions, which
// wrote the common fields in camelCase (the tool's stayed snake_case):
// hookchain reads the current form only.
var camelKeys = []string{"hookEventName", "sessionId", "transcriptPath", "toolName", "toolInput", "toolResponse", "permissionMode"}

// otherEvents are Droid's events that are not tool calls.
var otherEvents = []string{"UserPromptSubmit", "Notification", "Stop", "SubagentStop", "PreCompact", "SessionStart", "SessionEnd"}

// decode reads a hook input as Droid writes it. Unknown fields are left
// alone (Droid adds fields between versions); a known one of the wrong
// type is an error, and so is a key given twice or one spelled in another
// case, and an input in the camelCase form of Droid's older versions.
func decode(input []byte) (hookchain.Event, harness.SessionInfo, error) {
	var e hookchain.Event
	var s harness.SessionInfo
	fields, err := harness.InputFields(input, "Factory Droid", inputKeys)
	if err != nil {
		return e, s, err
	}
	if old := oldKeys(fields); old != "" {
		return e, s, fmt.Errorf("the hook input is in the camelCase form of Factory Droid's older versions (%s), which hookchain does not read; update Droid", old)
	}
	var event string
	var errs harness.Problems
	str := func(key string, dst *string, required bool) { errs.String(fields, key, dst, required) }
	str("hook_event_name", &event, true)
	if len(errs) == 0 && event != PreToolUse && event != PostToolUse {
		if slices.Contains(otherEvents, event) {
			return e, s, fmt.Errorf("%s is %w", event, harness.ErrNotToolCall)
		}
		return e, s, fmt.Errorf("the hook input names the event %q, which Factory Droid does not have", event)
	}
	str("tool_name", &e.Tool, true)
	str("session_id", &s.ID, false)
	str("cwd", &s.Cwd, false)
	str("transcript_path", &s.TranscriptPath, false)
	str("permission_mode", &s.PermissionMode, false)
	e.Hook = hookchain.BeforeTool
	e.Input = fields["tool_input"]
	if _, err := harness.Fields(e.Input); err != nil {
		errs.Add("its tool_input is not an object")
	}
	if event == PostToolUse {
		e.Hook = hookchain.AfterTool
		e.Output = fields["tool_response"]
		if e.Output == nil {
			errs.Add("it has no tool_response")
		}
	}
	if len(errs) == 0 && e.Tool == "" {
		errs.Add("its tool_name is empty")
	}
	if err := errs.Err(strings.TrimSpace(event + " hook input")); err != nil {
		return hookchain.Event{}, harness.SessionInfo{}, err
	}
	return e, s, nil
}

// oldKeys are the camelCase keys of fields, "" when it has none.
func oldKeys(fields map[string]json.RawMessage) string {
	var old []string
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		if slices.Contains(camelKeys, k) {
			old = append(old, k)
		}
	}
	return strings.Join(old, ", ")
}
