package windsurf

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Input is what Windsurf writes on a hook's stdin, field for field. Windsurf
// names no tool: the event names the action, and ToolInfo holds its fields.
type Input struct {
	AgentActionName string          `json:"agent_action_name"`
	TrajectoryID    string          `json:"trajectory_id"`
	ExecutionID     string          `json:"execution_id"`
	Timestamp       string          `json:"timestamp"` // ISO 8601, in UTC
	ToolInfo        json.RawMessage `json:"tool_info"`
}

// InputFor is the input Windsurf gives a hook for e in session s at time
// now: the session's ID as the trajectory_id, the call's CallID as the
// execution_id, and tool_info as the action's:
//
//   - run_command: the call's input ({"command_line": C, "cwd": D}), with
//     the session's Cwd as its cwd when it has none;
//   - read_code, write_code: the call's input ({"file_path": F, and for a
//     write "edits": [{"old_string", "new_string"}]});
//   - an MCP tool mcp__SERVER__TOOL: {"mcp_server_name": SERVER,
//     "mcp_tool_name": TOOL, "mcp_tool_arguments": INPUT}, and after the
//     call "mcp_result", the output's text (harness.OutputText).
//
// A call with no input is given {}. After a command, a read or a write
// Windsurf tells a hook the action, not its result. It is an error for a
// tool Windsurf has no hook for (Event), and for an input that is not an
// object.
func InputFor(e hookchain.Event, s harness.SessionInfo, now time.Time) (Input, error) {
	event, ok := Event(e.Hook, e.Tool)
	if !ok {
		return Input{}, fmt.Errorf("windsurf: Windsurf has no hook for a call of %q at %v", e.Tool, e.Hook)
	}
	input := e.Input
	if len(input) == 0 {
		input = json.RawMessage(`{}`)
	}
	info, err := harness.Fields(input)
	if err != nil {
		return Input{}, fmt.Errorf("windsurf: the input of %q is not an object: %v", e.Tool, err)
	}
	if server, tool, ok := mcpName(e.Tool); ok {
		info = map[string]json.RawMessage{
			"mcp_server_name":    quote(server),
			"mcp_tool_name":      quote(tool),
			"mcp_tool_arguments": input,
		}
		if e.Hook == hookchain.AfterTool {
			info["mcp_result"] = quote(harness.OutputText(e.Output))
		}
	} else if _, has := info["cwd"]; e.Tool == RunCommand && !has {
		info["cwd"] = quote(s.Cwd)
	}
	raw, err := harness.Encode(info)
	if err != nil {
		return Input{}, err
	}
	return Input{
		AgentActionName: event,
		TrajectoryID:    s.ID,
		ExecutionID:     e.CallID,
		Timestamp:       now.UTC().Format("2006-01-02T15:04:05.000Z"),
		ToolInfo:        raw,
	}, nil
}

func quote(s string) json.RawMessage {
	b, _ := harness.Encode(s) // a string: it cannot fail
	return b
}

func encodeInput(e hookchain.Event, s harness.SessionInfo) ([]byte, error) {
	in, err := InputFor(e, s, time.Now())
	if err != nil {
		return nil, err
	}
	return harness.Encode(in)
}

// mcpName splits "mcp__SERVER__TOOL"; ok is false for any other name.
func mcpName(tool string) (server, name string, ok bool) {
	rest, found := strings.CutPrefix(tool, "mcp__")
	if !found {
		return "", "", false
	}
	server, name, ok = strings.Cut(rest, "__")
	return server, name, ok && server != "" && name != ""
}

var inputKeys = []string{"agent_action_name", "trajectory_id", "execution_id", "timestamp", "model_name", "tool_info"}

// infoKeys are the keys of each action's tool_info.
var infoKeys = map[string][]string{
	RunCommand:     {"command_line", "cwd"},
	ReadCode:       {"file_path"},
	WriteCode:      {"file_path", "edits"},
	"mcp_tool_use": {"mcp_server_name", "mcp_tool_name", "mcp_tool_arguments", "mcp_result"},
}

// otherEvents are Windsurf's events that are not a tool call.
var otherEvents = []string{"pre_user_prompt", "post_cascade_response", "post_cascade_response_with_transcript", "post_setup_worktree"}

// decode reads a hook input as Windsurf writes it. The call is the
// action's: run_command, read_code or write_code with tool_info as its
// input, or mcp__SERVER__TOOL with mcp_tool_arguments as its input and,
// after the call, mcp_result as its output. A command's cwd is the
// session's; the trajectory_id its ID, the execution_id the call's CallID.
// Unknown fields are left alone; a known one of the wrong type is an
// error, and so is a key given twice anywhere or one spelled in another
// case, and an MCP server or tool whose name would make the call's name
// mean another ("a__b").
func decode(input []byte) (hookchain.Event, harness.SessionInfo, error) {
	var e hookchain.Event
	var s harness.SessionInfo
	fields, err := harness.InputFields(input, "Windsurf", inputKeys)
	if err != nil {
		return e, s, err
	}
	var event string
	var errs harness.Problems
	errs.String(fields, "agent_action_name", &event, true)
	if len(errs) > 0 {
		return e, s, errs.Err("hook input")
	}
	kind, h, ok := kindOf(event)
	switch {
	case !ok && slices.Contains(otherEvents, event):
		return e, s, fmt.Errorf("%s is %w", event, harness.ErrNotToolCall)
	case !ok:
		return e, s, fmt.Errorf("the hook input names the event %q, which Windsurf does not have", event)
	}
	e.Hook = h
	errs.String(fields, "trajectory_id", &s.ID, false)
	errs.String(fields, "execution_id", &e.CallID, false)
	errs.String(fields, "model_name", &s.Model, false)
	var ts string
	errs.String(fields, "timestamp", &ts, false)
	info, err := harness.Fields(fields["tool_info"])
	if err != nil {
		errs.Add("its tool_info is not an object")
		return hookchain.Event{}, harness.SessionInfo{}, errs.Err(event + " hook input")
	}
	if err := harness.CaseAlike(info, infoKeys[kind]); err != nil {
		return hookchain.Event{}, harness.SessionInfo{}, err
	}
	switch kind {
	case RunCommand:
		var command string
		errs.String(info, "command_line", &command, true)
		errs.String(info, "cwd", &s.Cwd, false)
		e.Tool, e.Input = RunCommand, fields["tool_info"]
	case ReadCode, WriteCode:
		var path string
		errs.String(info, "file_path", &path, true)
		if edits, ok := info["edits"]; ok && kind == WriteCode && string(edits) != "null" {
			var list []json.RawMessage
			if json.Unmarshal(edits, &list) != nil {
				errs.Add("its edits are not a list")
			}
		}
		e.Tool, e.Input = kind, fields["tool_info"]
	default:
		var server, tool string
		errs.String(info, "mcp_server_name", &server, true)
		errs.String(info, "mcp_tool_name", &tool, true)
		e.Tool = "mcp__" + server + "__" + tool
		if gs, gt, ok := mcpName(e.Tool); server != "" && tool != "" && (!ok || gs != server || gt != tool || strings.Contains(tool, "__")) {
			// mcp__a__b__c is server a's tool b__c and server a__b's
			// tool c: a matcher and a hook could read two calls.
			errs.Add(fmt.Sprintf("its MCP server %q and tool %q do not make one tool name", server, tool))
		}
		e.Input = info["mcp_tool_arguments"]
		if len(e.Input) == 0 || string(e.Input) == "null" {
			e.Input = json.RawMessage(`{}`)
		} else if _, err := harness.Fields(e.Input); err != nil {
			errs.Add("its mcp_tool_arguments are not an object")
		}
		if h == hookchain.AfterTool {
			e.Output = info["mcp_result"]
			if len(e.Output) == 0 || string(e.Output) == "null" {
				errs.Add("it has no mcp_result")
			}
		}
	}
	if err := errs.Err(event + " hook input"); err != nil {
		return hookchain.Event{}, harness.SessionInfo{}, err
	}
	return e, s, nil
}
