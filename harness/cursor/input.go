package cursor

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/jsonscan"
	"github.com/hookchain/hookchain/internal/regularfile"
)

// Input is what Cursor writes on a tool-call hook's stdin: the fields every
// event has, then those of the event, in Cursor's order. A field the event
// does not have is left out; Cursor's cursor_version and user_email, which
// hookchain cannot know, are left out always (Cursor documents them as
// optional).
type Input struct {
	ConversationID string   `json:"conversation_id"`
	GenerationID   string   `json:"generation_id"`
	Model          string   `json:"model"`
	HookEventName  string   `json:"hook_event_name"`
	WorkspaceRoots []string `json:"workspace_roots"`
	TranscriptPath *string  `json:"transcript_path"` // null when there is none

	ToolName     *string         `json:"tool_name,omitempty"`
	ToolInput    json.RawMessage `json:"tool_input,omitempty"`
	ToolOutput   *string         `json:"tool_output,omitempty"` // postToolUse: the output as a JSON text, or its text
	ToolUseID    *string         `json:"tool_use_id,omitempty"`
	ErrorMessage *string         `json:"error_message,omitempty"`
	FailureType  string          `json:"failure_type,omitempty"`
	IsInterrupt  *bool           `json:"is_interrupt,omitempty"`
	Command      *string         `json:"command,omitempty"`
	Output       *string         `json:"output,omitempty"`
	ResultJSON   *string         `json:"result_json,omitempty"`
	FilePath     *string         `json:"file_path,omitempty"`
	Content      *string         `json:"content,omitempty"`
	Attachments  *[]any          `json:"attachments,omitempty"`
	Edits        json.RawMessage `json:"edits,omitempty"`
	Cwd          *string         `json:"cwd,omitempty"`
	Duration     *int64          `json:"duration,omitempty"` // milliseconds; hookchain does not time the call: 0
	Sandbox      *bool           `json:"sandbox,omitempty"`
}

// MaxReadContent bounds the file InputFor reads for a beforeReadFile hook
// whose call does not carry the content: past it the hook is not run, and
// the call is denied.
const MaxReadContent = 16 << 20

// InputFor is the input Cursor gives a hook of event for e in session s.
// The call's own fields are taken from e's input as Cursor's tools name
// them: a shell call's command (and cwd, else the session's), a file's
// file_path, a read's content (read from the file when the call has none:
// Cursor gives the hook what it would read), an edit's edits (else made of
// Claude Code's old_string and new_string, or of a whole content). A call
// whose input lacks what the event's input must carry is an error, which
// Command makes a denial (hookchain.NotOwn): a hook that is not run must
// not be a guard that fails open.
func InputFor(event string, e hookchain.Event, s harness.SessionInfo) (Input, error) {
	in := Input{ConversationID: s.ID, GenerationID: s.Turn, Model: s.Model, HookEventName: event, WorkspaceRoots: []string{}}
	if s.Cwd != "" {
		in.WorkspaceRoots = []string{s.Cwd}
	}
	if s.TranscriptPath != "" {
		in.TranscriptPath = &s.TranscriptPath
	}
	fields, _ := harness.Fields(e.Input)
	str := func(key string) (*string, bool) {
		var v string
		if json.Unmarshal(fields[key], &v) != nil {
			return nil, false
		}
		return &v, true
	}
	toolInput := e.Input
	if len(toolInput) == 0 {
		toolInput = json.RawMessage(`{}`)
	}
	zero, no := int64(0), false
	cwd := s.Cwd
	switch event {
	case PreToolUse, PostToolUse, PostToolUseFailure:
		in.ToolName, in.ToolInput, in.ToolUseID, in.Cwd = &e.Tool, toolInput, &e.CallID, &cwd
		switch event {
		case PostToolUse:
			out := outputText(e.Output)
			in.ToolOutput, in.Duration = &out, &zero
		case PostToolUseFailure:
			msg := harness.OutputText(e.Output)
			in.ErrorMessage, in.FailureType, in.Duration, in.IsInterrupt = &msg, "error", &zero, &no
		}
	case BeforeShellExecution, AfterShellExecution:
		command, ok := str("command")
		if !ok {
			return Input{}, fmt.Errorf("the %s call has no command for Cursor's %s input", e.Tool, event)
		}
		if dir, ok := str("cwd"); ok && *dir != "" {
			cwd = *dir
		}
		in.Command, in.Cwd, in.Sandbox = command, &cwd, &no
		if event == AfterShellExecution {
			out := harness.OutputText(e.Output)
			in.Output, in.Duration = &out, &zero
		}
	case BeforeMCPExecution, AfterMCPExecution:
		in.ToolName, in.ToolInput = &e.Tool, toolInput
		if event == AfterMCPExecution {
			out := outputText(e.Output)
			in.ResultJSON, in.Duration = &out, &zero
		}
	case BeforeReadFile:
		path, ok := str("file_path")
		if !ok {
			return Input{}, fmt.Errorf("the %s call has no file_path for Cursor's %s input", e.Tool, event)
		}
		content, ok := str("content")
		if !ok {
			text, err := readContent(*path, s.Cwd)
			if err != nil {
				return Input{}, err
			}
			content = &text
		}
		in.FilePath, in.Content, in.Attachments = path, content, &[]any{}
	case AfterFileEdit:
		path, ok := str("file_path")
		if !ok {
			return Input{}, fmt.Errorf("the %s call has no file_path for Cursor's %s input", e.Tool, event)
		}
		in.FilePath, in.Edits = path, edits(fields)
	default:
		return Input{}, fmt.Errorf("%q is not one of Cursor's tool-call events", event)
	}
	return in, nil
}

// outputText is a tool's output as Cursor's tool_output and result_json
// carry it: a JSON string's text, any other JSON as it is written.
func outputText(output json.RawMessage) string {
	if len(output) == 0 {
		return ""
	}
	return harness.OutputText(output)
}

// readContent is the file a read is of, as Cursor gives it to the hook: ""
// when there is none, which the read will find too.
func readContent(path, cwd string) (string, error) {
	if !filepath.IsAbs(path) {
		path = filepath.Join(cwd, path)
	}
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	b, err := regularfile.Read(path, MaxReadContent, "a file read")
	if err != nil {
		return "", fmt.Errorf("the content of the read for Cursor's %s input: %w", BeforeReadFile, err)
	}
	return string(b), nil
}

// edits are an edit's edits as Cursor lists them: the call's own, or one
// made of Claude Code's Edit (old_string, new_string) or Write (content).
func edits(fields map[string]json.RawMessage) json.RawMessage {
	if v, ok := fields["edits"]; ok && len(v) > 0 && v[0] == '[' {
		return v
	}
	type edit struct {
		Old string `json:"old_string"`
		New string `json:"new_string"`
	}
	var one edit
	if _, ok := fields["old_string"]; ok {
		_ = json.Unmarshal(fields["old_string"], &one.Old)
		_ = json.Unmarshal(fields["new_string"], &one.New)
	} else {
		_ = json.Unmarshal(fields["content"], &one.New)
	}
	b, _ := json.Marshal([]edit{one}) // strings only: it cannot fail
	return b
}

func encodeInput(event string, e hookchain.Event, s harness.SessionInfo) ([]byte, error) {
	in, err := InputFor(event, e, s)
	if err != nil {
		return nil, hookchain.NotOwn(err)
	}
	return json.Marshal(in)
}

// commonKeys are the keys of every Cursor hook input; eventKeys those of
// each tool-call event.
var commonKeys = []string{"conversation_id", "generation_id", "model", "hook_event_name", "cursor_version",
	"workspace_roots", "user_email", "transcript_path"}

var eventKeys = map[string][]string{
	PreToolUse:           {"tool_name", "tool_input", "tool_use_id", "cwd", "agent_message"},
	PostToolUse:          {"tool_name", "tool_input", "tool_output", "tool_use_id", "cwd", "duration"},
	PostToolUseFailure:   {"tool_name", "tool_input", "tool_use_id", "cwd", "error_message", "failure_type", "duration", "is_interrupt"},
	BeforeShellExecution: {"command", "cwd", "sandbox"},
	AfterShellExecution:  {"command", "output", "duration", "sandbox"},
	BeforeMCPExecution:   {"tool_name", "tool_input", "url", "command"},
	AfterMCPExecution:    {"tool_name", "tool_input", "result_json", "duration"},
	BeforeReadFile:       {"file_path", "content", "attachments"},
	AfterFileEdit:        {"file_path", "edits"},
}

// Decode reads a hook input as Cursor writes it, and returns its event
// with the call and the session. Unknown fields are left alone (Cursor
// adds fields between versions); a known one of the wrong type is an
// error, and so is a key given twice anywhere or one spelled in another
// case. Each event is a call of the tool it stands for (the package
// documentation has the table); an event that is not a tool call is an
// error that wraps harness.ErrNotToolCall.
func Decode(input []byte) (string, hookchain.Event, harness.SessionInfo, error) {
	var e hookchain.Event
	var s harness.SessionInfo
	if f := jsonscan.Fault(input); f != "" {
		// A key given twice, at any depth, is read first by one reader and
		// last by another: the chain and the tool would judge two calls.
		return "", e, s, fmt.Errorf("the hook input is %s", f)
	}
	fields, err := harness.Fields(input)
	if err != nil {
		return "", e, s, fmt.Errorf("the hook input is not a Cursor hook input: %v", err)
	}
	var event string
	var errs harness.Problems
	errs.String(fields, "hook_event_name", &event, true)
	if err := errs.Err("hook input"); err != nil {
		return "", e, s, err
	}
	te, ok := toolEvents[event]
	if !ok {
		if slices.Contains(otherEvents, event) {
			return "", e, s, fmt.Errorf("%s is %w", event, harness.ErrNotToolCall)
		}
		return "", e, s, fmt.Errorf("the hook input names the event %q, which Cursor does not have", event)
	}
	if err := harness.CaseAlike(fields, slices.Concat(commonKeys, eventKeys[event])); err != nil {
		return "", e, s, err
	}
	str := func(key string, dst *string, required bool) { errs.String(fields, key, dst, required) }
	str("conversation_id", &s.ID, false)
	str("generation_id", &s.Turn, false)
	str("model", &s.Model, false)
	str("transcript_path", &s.TranscriptPath, false)
	if v, ok := fields["workspace_roots"]; ok && string(v) != "null" {
		var roots []string
		if json.Unmarshal(v, &roots) != nil {
			errs.Add("its workspace_roots is not a list of strings")
		} else if len(roots) > 0 {
			s.Cwd, s.Project = roots[0], roots[0]
		}
	}
	// The project's root is where Cursor runs the hooks, whichever
	// directory the call runs in: an agent that runs a command in another
	// must not move the hooks there, where a relative command would not
	// start and fail open.
	var cwd string
	str("cwd", &cwd, false)
	if s.Cwd == "" {
		s.Cwd = cwd
	}
	e.Hook = te.hook
	switch event {
	case PreToolUse, PostToolUse, PostToolUseFailure, BeforeMCPExecution, AfterMCPExecution:
		str("tool_name", &e.Tool, true)
		e.Input = toolInput(fields["tool_input"], event, &errs)
		switch event {
		case PreToolUse, PostToolUse, PostToolUseFailure:
			str("tool_use_id", &e.CallID, false)
		}
		switch event {
		case PostToolUse:
			e.Output = outputOf(fields, "tool_output", &errs)
		case AfterMCPExecution:
			e.Output = outputOf(fields, "result_json", &errs)
		case PostToolUseFailure:
			var msg string
			str("error_message", &msg, false)
			e.Output, e.IsError = hookchain.Text(msg), true
		}
		if len(errs) == 0 && e.Tool == "" {
			errs.Add("its tool_name is empty")
		}
	case BeforeShellExecution, AfterShellExecution:
		var command string
		str("command", &command, true)
		in := map[string]string{"command": command}
		if cwd != "" && cwd != s.Cwd {
			in["cwd"] = cwd // it runs elsewhere than the project's root
		}
		e.Tool, e.Input = Shell, object(in)
		if event == AfterShellExecution {
			var out string
			str("output", &out, false)
			e.Output = hookchain.Text(out)
		}
	case BeforeReadFile:
		var path, content string
		str("file_path", &path, true)
		str("content", &content, false)
		e.Tool, e.Input = Read, object(map[string]string{"file_path": path, "content": content})
	case AfterFileEdit:
		var path string
		str("file_path", &path, true)
		e.Tool = Write
		in := map[string]json.RawMessage{"file_path": object(path)}
		if v, ok := fields["edits"]; ok && string(v) != "null" {
			if len(v) == 0 || v[0] != '[' {
				errs.Add("its edits is not a list")
			}
			in["edits"] = v
		}
		e.Input = object(in)
	}
	if err := errs.Err(event + " hook input"); err != nil {
		return "", hookchain.Event{}, harness.SessionInfo{}, err
	}
	return event, e, s, nil
}

// toolInput is a call's tool_input: an object, or, as Cursor has given an
// MCP call's, a string that holds one. It is required.
func toolInput(v json.RawMessage, event string, errs *harness.Problems) json.RawMessage {
	if len(v) == 0 || string(v) == "null" {
		// The tool runs with an input: judging {} in its place would judge
		// another call.
		errs.Add("it has no tool_input")
		return nil
	}
	var text string
	if (event == BeforeMCPExecution || event == AfterMCPExecution) && json.Unmarshal(v, &text) == nil {
		v = json.RawMessage(text)
	}
	if _, err := harness.Fields(v); err != nil {
		errs.Add("its tool_input is not an object")
		return nil
	}
	return v
}

// outputOf is a tool's output from fields[key], a string: the JSON it
// holds, or else its text.
func outputOf(fields map[string]json.RawMessage, key string, errs *harness.Problems) json.RawMessage {
	var text string
	errs.String(fields, key, &text, false)
	if jsonscan.Valid([]byte(text)) && text != "" {
		return json.RawMessage(text)
	}
	return hookchain.Text(text)
}

// object is v's JSON, without HTML escapes, which would change the text a
// hook or a tool is given.
func object(v any) json.RawMessage {
	b, _ := harness.Encode(v) // strings and JSON only: it cannot fail
	return b
}
