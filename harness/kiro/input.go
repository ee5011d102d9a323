package kiro

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/jsonscan"
)

// Input is what Kiro writes on a tool hook's stdin, field for field.
// ToolResponse is the after-the-call event's only: Kiro's tool result, an
// object such as {"success": true, "result": [TEXT]}.
type Input struct {
	HookEventName string          `json:"hook_event_name"`
	Cwd           string          `json:"cwd"`
	ToolName      string          `json:"tool_name"`
	ToolInput     json.RawMessage `json:"tool_input"`
	ToolResponse  json.RawMessage `json:"tool_response,omitempty"`
}

// InputFor is the input Kiro gives an agent config's hook for e in session
// s: Kiro tells a hook no session id, transcript or model. A call with no
// input is told {}. After the call, an output that is already Kiro's tool
// result (an object with success) is given as it is; any other is given as
// one, its text (harness.OutputText) as the one result, with success false
// for an error result.
func InputFor(e hookchain.Event, s harness.SessionInfo) Input {
	return inputFor(e, s, PreToolUse, PostToolUse)
}

func inputFor(e hookchain.Event, s harness.SessionInfo, pre, post string) Input {
	in := Input{HookEventName: pre, Cwd: s.Cwd, ToolName: e.Tool, ToolInput: e.Input}
	if len(in.ToolInput) == 0 {
		in.ToolInput = json.RawMessage(`{}`)
	}
	if e.Hook == hookchain.AfterTool {
		in.HookEventName = post
		in.ToolResponse = toolResponse(e)
	}
	return in
}

func toolResponse(e hookchain.Event) json.RawMessage {
	if f, err := harness.Fields(e.Output); err == nil {
		if _, ok := f["success"]; ok {
			return e.Output
		}
	}
	text := ""
	if len(e.Output) > 0 {
		text = harness.OutputText(e.Output)
	}
	b, _ := json.Marshal(struct {
		Success bool     `json:"success"`
		Result  []string `json:"result"`
	}{!e.IsError, []string{text}}) // a bool and strings: it cannot fail
	return b
}

func encodeInput(pre, post string) func(hookchain.Event, harness.SessionInfo) ([]byte, error) {
	return func(e hookchain.Event, s harness.SessionInfo) ([]byte, error) {
		return json.Marshal(inputFor(e, s, pre, post))
	}
}

var inputKeys = []string{"hook_event_name", "cwd", "tool_name", "tool_input", "tool_response", "prompt"}

// otherEvents are Kiro's events that are not tool calls, as an agent
// config and a hooks file name them.
var otherEvents = []string{"agentSpawn", "userPromptSubmit", "stop",
	"SessionStart", "Stop", "UserPromptSubmit", "PreTaskExec", "PostTaskExec",
	"PostFileCreate", "PostFileSave", "PostFileDelete", "Manual"}

// decode reads a hook input as Kiro writes it, with the event named as an
// agent config or a hooks file names it. Unknown fields are left alone; a
// known one of the wrong type is an error, and so is a key given twice
// anywhere or a top-level one spelled in another case. The call's output
// is Kiro's whole tool_response, an error result when its success is
// false.
func decode(input []byte) (hookchain.Event, harness.SessionInfo, error) {
	var e hookchain.Event
	var s harness.SessionInfo
	if f := jsonscan.Fault(input); f != "" {
		// A key given twice, at any depth, is read first by one reader and
		// last by another: the chain and the tool would judge two calls.
		return e, s, fmt.Errorf("the hook input is %s", f)
	}
	fields, err := harness.Fields(input)
	if err != nil {
		return e, s, fmt.Errorf("the hook input is not a Kiro hook input: %v", err)
	}
	if err := harness.CaseAlike(fields, inputKeys); err != nil {
		return e, s, err
	}
	var event string
	var errs harness.Problems
	errs.String(fields, "hook_event_name", &event, true)
	if len(errs) == 0 {
		switch {
		case event == PreToolUse || event == TriggerPreToolUse:
			e.Hook = hookchain.BeforeTool
		case event == PostToolUse || event == TriggerPostToolUse:
			e.Hook = hookchain.AfterTool
		case slices.Contains(otherEvents, event):
			return e, s, fmt.Errorf("%s is %w", event, harness.ErrNotToolCall)
		default:
			return e, s, fmt.Errorf("the hook input names the event %q, which Kiro does not have", event)
		}
	}
	errs.String(fields, "tool_name", &e.Tool, true)
	errs.String(fields, "cwd", &s.Cwd, false)
	e.Input = fields["tool_input"]
	if _, err := harness.Fields(e.Input); err != nil {
		errs.Add("its tool_input is not an object")
	}
	if e.Hook == hookchain.AfterTool {
		e.Output = fields["tool_response"]
		if len(e.Output) == 0 || string(e.Output) == "null" {
			errs.Add("it has no tool_response")
		}
		var r struct {
			Success *bool `json:"success"`
		}
		e.IsError = json.Unmarshal(e.Output, &r) == nil && r.Success != nil && !*r.Success
	}
	if len(errs) == 0 && e.Tool == "" {
		errs.Add("its tool_name is empty")
	}
	what := "hook input"
	if event != "" {
		what = event + " hook input"
	}
	if err := errs.Err(what); err != nil {
		return hookchain.Event{}, harness.SessionInfo{}, err
	}
	return e, s, nil
}
