package codex

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/jsonscan"
)

// Input is what Codex writes on a tool-call hook's stdin, field for field
// and in Codex's order. ToolResponse is PostToolUse's only.
type Input struct {
	SessionID      string          `json:"session_id"`
	TurnID         string          `json:"turn_id"`
	AgentID        string          `json:"agent_id,omitempty"`
	AgentType      string          `json:"agent_type,omitempty"`
	TranscriptPath *string         `json:"transcript_path"` // null when there is none
	Cwd            string          `json:"cwd"`
	HookEventName  string          `json:"hook_event_name"`
	Model          string          `json:"model"`
	PermissionMode string          `json:"permission_mode"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	ToolResponse   json.RawMessage `json:"tool_response,omitempty"`
	ToolUseID      string          `json:"tool_use_id"`
}

// InputFor is the input Codex gives a hook for e in session s. A session
// with no permission mode is told "default", Codex's own; a call with no
// input is told {}, and one after the call with no output null.
func InputFor(e hookchain.Event, s harness.SessionInfo) Input {
	in := Input{
		SessionID:      s.ID,
		TurnID:         s.Turn,
		AgentID:        s.AgentID,
		AgentType:      s.AgentType,
		Cwd:            s.Cwd,
		Model:          s.Model,
		PermissionMode: s.PermissionMode,
		ToolName:       e.Tool,
		ToolInput:      e.Input,
		ToolUseID:      e.CallID,
	}
	if s.TranscriptPath != "" {
		in.TranscriptPath = &s.TranscriptPath
	}
	if in.PermissionMode == "" {
		in.PermissionMode = "default"
	}
	if len(in.ToolInput) == 0 {
		in.ToolInput = json.RawMessage(`{}`)
	}
	in.HookEventName = PreToolUse
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

// inputKeys are the keys of Input.
var inputKeys = []string{"session_id", "turn_id", "agent_id", "agent_type", "transcript_path", "cwd",
	"hook_event_name", "model", "permission_mode", "tool_name", "tool_input", "tool_response", "tool_use_id"}

// caseAlike refuses a top-level key that is another key, or one of Input's,
// but for case ("Tool_Name"): Go's encoding/json, in a hook or a tool,
// would read it as the other, and hookchain reads keys exactly.
func caseAlike(fields map[string]json.RawMessage) error {
	keys := slices.Sorted(maps.Keys(fields))
	for _, k := range keys {
		if slices.Contains(inputKeys, k) {
			continue // the other key of the pair is the odd one
		}
		for _, other := range slices.Concat(inputKeys, keys) {
			if k != other && strings.EqualFold(k, other) {
				return fmt.Errorf("the hook input has the key %q, which Go's encoding/json reads as %q", k, other)
			}
		}
	}
	return nil
}

// otherEvents are Codex's events that are not tool calls.
var otherEvents = []string{
	"PermissionRequest", "SessionStart", "UserPromptSubmit", "Stop", "StopFailure",
	"PreCompact", "PostCompact", "SubagentStart", "SubagentStop", "SessionEnd",
}

// decode reads a hook input as Codex writes it. Unknown fields are left
// alone (Codex adds fields between versions); a known one of the wrong type
// is an error, and so is a key given twice or one spelled in another case.
func decode(input []byte) (hookchain.Event, harness.SessionInfo, error) {
	if f := jsonscan.Fault(input); f != "" {
		// A key given twice, at any depth, is read first by one reader and
		// last by another: the chain and the tool would judge two calls.
		return hookchain.Event{}, harness.SessionInfo{}, fmt.Errorf("the hook input is %s", f)
	}
	fields, err := harness.Fields(input)
	if err != nil {
		return hookchain.Event{}, harness.SessionInfo{}, fmt.Errorf("the hook input is not a Codex hook input: %v", err)
	}
	if err := caseAlike(fields); err != nil {
		return hookchain.Event{}, harness.SessionInfo{}, err
	}
	var e hookchain.Event
	var s harness.SessionInfo
	var event, transcript string
	var errs harness.Problems
	str := func(key string, dst *string, required bool) { errs.String(fields, key, dst, required) }
	str("hook_event_name", &event, true)
	if len(errs) == 0 && event != PreToolUse && event != PostToolUse {
		if slices.Contains(otherEvents, event) {
			return e, s, fmt.Errorf("%s is %w", event, harness.ErrNotToolCall)
		}
		return e, s, fmt.Errorf("the hook input names the event %q, which Codex does not have", event)
	}
	str("tool_name", &e.Tool, true)
	str("tool_use_id", &e.CallID, false)
	str("session_id", &s.ID, false)
	str("turn_id", &s.Turn, false)
	str("cwd", &s.Cwd, false)
	str("transcript_path", &transcript, false)
	str("model", &s.Model, false)
	str("permission_mode", &s.PermissionMode, false)
	str("agent_id", &s.AgentID, false)
	str("agent_type", &s.AgentType, false)
	s.TranscriptPath = transcript
	e.Hook = hookchain.BeforeTool
	e.Input = fields["tool_input"]
	if e.Input == nil {
		errs.Add("it has no tool_input")
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
