package harness

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
)

// SnakeInput is how a CLI writes a tool call's hook input in Claude Code's
// snake_case shape (hook_event_name, session_id, cwd, transcript_path,
// tool_name, tool_input, and after the call tool_response), under its own
// event names.
type SnakeInput struct {
	CLI           string   // as errors name it: "Gemini"
	Before, After string   // its names of the two tool-call events
	Others        []string // its other events, which are not tool calls
	Keys          []string // every top-level key it writes for a tool call
}

// Decode reads input as the CLI writes it. Unknown fields are left alone
// (CLIs add fields between versions); a known one of the wrong type is an
// error, and so is a key given twice, at any depth, or one spelled in
// another case. tool_input must be an object, and so must tool_response
// after the call, which is the event's Output. more reads what the CLI
// writes besides, into e and s, adding its problems to p; nil for nothing.
// An event of Others is an error that wraps ErrNotToolCall.
func (c SnakeInput) Decode(input []byte, more func(fields map[string]json.RawMessage, e *hookchain.Event, s *SessionInfo, p *Problems)) (hookchain.Event, SessionInfo, error) {
	var e hookchain.Event
	var s SessionInfo
	fields, err := InputFields(input, c.CLI, c.Keys)
	if err != nil {
		return e, s, err
	}
	var event string
	var errs Problems
	str := func(key string, dst *string, required bool) { errs.String(fields, key, dst, required) }
	str("hook_event_name", &event, true)
	if len(errs) == 0 && event != c.Before && event != c.After {
		if slices.Contains(c.Others, event) {
			return e, s, fmt.Errorf("%s is %w", event, ErrNotToolCall)
		}
		return e, s, fmt.Errorf("the hook input names the event %q, which %s does not have", event, c.CLI)
	}
	str("tool_name", &e.Tool, true)
	str("session_id", &s.ID, false)
	str("cwd", &s.Cwd, false)
	str("transcript_path", &s.TranscriptPath, false)
	e.Hook = hookchain.BeforeTool
	e.Input = fields["tool_input"]
	if !IsObject(e.Input) {
		errs.Add("its tool_input is not an object")
	}
	if event == c.After {
		e.Hook = hookchain.AfterTool
		e.Output = fields["tool_response"]
		if !IsObject(e.Output) {
			errs.Add("its tool_response is not an object")
		}
	}
	if more != nil {
		more(fields, &e, &s, &errs)
	}
	if len(errs) == 0 && e.Tool == "" {
		errs.Add("its tool_name is empty")
	}
	if err := errs.Err(strings.TrimSpace(event + " hook input")); err != nil {
		return hookchain.Event{}, SessionInfo{}, err
	}
	return e, s, nil
}
