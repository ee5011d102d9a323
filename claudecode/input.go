package claudecode

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/jsonscan"
	"github.com/hookchain/hookchain/internal/validutf8"
)

// The hook_event_name values this package speaks: the three tool-call events.
const (
	PreToolUse         = "PreToolUse"         // before the call
	PostToolUse        = "PostToolUse"        // after a call that succeeded
	PostToolUseFailure = "PostToolUseFailure" // after a call that returned an error result
)

// defaultPermissionMode is what Claude Code reports when the user has not
// changed the permission mode.
const defaultPermissionMode = "default"

// SessionInfo is what Claude Code tells every hook about the conversation. The
// host fills it: hookchain knows about tool calls, not about sessions.
//
// A chain serves every conversation: give each call its own SessionInfo
// with WithSessionInfo, and the hooks of that call are told about its
// conversation. The SessionInfo given to Command or HTTP (or to
// settings.Options) is the default for the fields a call leaves empty.
type SessionInfo struct {
	ID             string // session_id
	TranscriptPath string // transcript_path
	Cwd            string // cwd, where command hooks run; it follows the agent's cd
	PermissionMode string // permission_mode ("default" when empty)
	ProjectDir     string // CLAUDE_PROJECT_DIR for command hooks (Cwd when empty): the root where the session started

	// Extra holds the other fields of the hook input — agent_id,
	// agent_type, prompt_id, effort, duration_ms, is_interrupt, and any that
	// Claude Code adds — each sent to the hooks as given. A field this
	// package writes itself (session_id, tool_input, ...) is never taken
	// from Extra.
	Extra map[string]json.RawMessage

	// Skills are the skills running in the conversation at the call, by
	// name. Claude Code does not tell hooks which skill runs, so the host
	// says it: a skill's frontmatter hooks (settings.LoadSkill) run only
	// while it is listed here. A call's non-nil Skills replace the
	// default's; an empty, non-nil list says that none runs.
	Skills []string
}

// sessionKey carries a call's SessionInfo in a context.
type sessionKey struct{}

// WithSessionInfo returns a context that tells the Claude Code hooks of one
// call (Command, HTTP, and the links package settings builds) about its
// conversation: pass it to Chain.Run, or to the executor Chain.Wrap
// returns. Its non-empty fields override those of the SessionInfo the hook
// was built with, and its Extra fields are added to theirs.
func WithSessionInfo(ctx context.Context, s SessionInfo) context.Context {
	return context.WithValue(ctx, sessionKey{}, s)
}

// SessionInfoFrom returns the SessionInfo that WithSessionInfo put in ctx.
func SessionInfoFrom(ctx context.Context) (SessionInfo, bool) {
	s, ok := ctx.Value(sessionKey{}).(SessionInfo)
	return s, ok
}

// NewContext is WithSessionInfo(ctx, s), as a method: it lets a
// SessionInfo be carried as a value that a runner of some other runtime's
// cases puts in the context of each call, as package
// hookchaintest/casefile does with the session a case file gives.
func (s SessionInfo) NewContext(ctx context.Context) context.Context {
	return WithSessionInfo(ctx, s)
}

// SessionInfoFor is the session a call in ctx is run for: the fields
// WithSessionInfo gave it, and def's where it leaves one empty, as Command
// and HTTP tell their hooks.
func SessionInfoFor(ctx context.Context, def SessionInfo) SessionInfo { return sessionFor(ctx, def) }

// sessionFor is the session a call in ctx is run for: the call's own
// fields, and def's where the call leaves one empty.
func sessionFor(ctx context.Context, def SessionInfo) SessionInfo {
	call, ok := SessionInfoFrom(ctx)
	if !ok {
		// A chain answered as another CLI's hook (package harness) is
		// given the call's session in harness's form: its Claude Code
		// hooks are told about the conversation all the same.
		var s harness.SessionInfo
		if s, ok = harness.SessionInfoFrom(ctx); !ok {
			return def
		}
		call = fromHarness(s)
	}
	s := def
	for _, f := range []struct{ dst, src *string }{
		{&s.ID, &call.ID}, {&s.TranscriptPath, &call.TranscriptPath}, {&s.Cwd, &call.Cwd},
		{&s.PermissionMode, &call.PermissionMode}, {&s.ProjectDir, &call.ProjectDir},
	} {
		if *f.src != "" {
			*f.dst = *f.src
		}
	}
	if call.Skills != nil {
		s.Skills = call.Skills
	}
	if len(call.Extra) > 0 {
		s.Extra = make(map[string]json.RawMessage, len(def.Extra)+len(call.Extra))
		maps.Copy(s.Extra, def.Extra)
		maps.Copy(s.Extra, call.Extra)
	}
	return s
}

// Input is Claude Code's hook input, the JSON object a hook reads on stdin
// (or an HTTP hook receives as the request body) for the three tool-call
// events.
//
// PostToolUseFailure carries the failure as Error, the error text, and no
// ToolResponse, as Claude Code sends it.
//
// Fields this type does not name are kept in Extra when an input is
// decoded, and written after the others when it is encoded, so that an
// input passes through hookchain with every field Claude Code gave it.
//
// An input whose bytes are not valid UTF-8, that gives a key twice, or
// whose top level gives two keys alike but for case or a case variant of
// one of Input's own ("Tool_Name"), does not decode (see UnmarshalJSON).
type Input struct {
	SessionID      string          `json:"session_id"`
	TranscriptPath string          `json:"transcript_path"`
	Cwd            string          `json:"cwd"`
	PermissionMode string          `json:"permission_mode"`
	HookEventName  string          `json:"hook_event_name"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	ToolUseID      string          `json:"tool_use_id,omitempty"`
	ToolResponse   json.RawMessage `json:"tool_response,omitempty"` // PostToolUse
	Error          string          `json:"error,omitempty"`         // PostToolUseFailure

	Extra map[string]json.RawMessage `json:"-"` // every other field, as given
}

// inputFields are the JSON names of Input's own fields.
var inputFields = map[string]bool{
	"session_id": true, "transcript_path": true, "cwd": true, "permission_mode": true,
	"hook_event_name": true, "tool_name": true, "tool_input": true, "tool_use_id": true,
	"tool_response": true, "error": true,
}

// UnmarshalJSON decodes an Input as encoding/json decodes any struct,
// keeping the fields it does not name in Extra, except that JSON text that
// is not valid UTF-8 is an error. encoding/json would turn each bad byte of
// a string into U+FFFD: a tool name "Ba\xffsh" would become one that no
// Bash hook matches, and the call would go ahead unchecked. So is an input
// that encoding/json and Claude Code would read as two calls: a key given
// twice, or at the top level a key alike but for case to another (see
// readOneWay).
func (in *Input) UnmarshalJSON(b []byte) error {
	if err := validutf8.CheckJSON(b); err != nil {
		return fmt.Errorf("claudecode: the hook input is %w", err)
	}
	type plain Input // without this method
	var out plain
	if err := json.Unmarshal(b, &out); err != nil {
		return err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return err
	}
	if err := readOneWay(b, all); err != nil {
		return err
	}
	for k, v := range all {
		if inputFields[k] {
			continue
		}
		if out.Extra == nil {
			out.Extra = map[string]json.RawMessage{}
		}
		out.Extra[k] = v
	}
	*in = Input(out)
	return nil
}

// readOneWay refuses an input that two readers would read as two
// different calls. A key given twice, at any depth, is read first by one
// reader and last by another; Claude Code never writes one. At the top
// level, where the call is named, a key alike but for case to one of
// Input's own ("Tool_Name", "TOOL_INPUT") is read by encoding/json as that
// field and by Claude Code, a JavaScript reader, as another key, and two
// other keys alike but for case are read as one by Go hooks. Deeper down,
// such keys are left to the chain: it refuses them in tool_input, and a
// tool's output may well hold both "ETag" and "Etag".
func readOneWay(b []byte, all map[string]json.RawMessage) error {
	if f := jsonscan.Fault(b); f != "" {
		return readTwoWays("claudecode: the hook input is " + f)
	}
	keys := slices.Sorted(maps.Keys(all))
	for _, k := range keys {
		if inputFields[k] {
			continue
		}
		for _, f := range inputFieldNames {
			if strings.EqualFold(k, f) { // encoding/json's own rule for matching a field
				return readTwoWays(fmt.Sprintf("claudecode: the hook input has the key %q, which Go's encoding/json reads as %q", k, f))
			}
		}
	}
	// Only the keys, so that the values, already checked, are not held to
	// the rule for keys alike but for case.
	probe := []byte{'{'}
	for i, k := range keys {
		if i > 0 {
			probe = append(probe, ',')
		}
		name, _ := json.Marshal(k) // a string always encodes
		probe = append(append(probe, name...), ":0"...)
	}
	if f := jsonscan.InputFault(append(probe, '}'), nil); f != "" {
		return readTwoWays("claudecode: the hook input is " + f)
	}
	return nil
}

// readTwoWays is readOneWay's refusal, which names itself whole.
type readTwoWays string

func (e readTwoWays) Error() string { return string(e) }

// ownField reports whether encoding/json reads key as one of Input's own
// fields.
func ownField(key string) bool {
	if inputFields[key] {
		return true
	}
	for _, f := range inputFieldNames {
		if strings.EqualFold(key, f) {
			return true
		}
	}
	return false
}

// inputFieldNames are inputFields in order, for messages that do not
// change from run to run.
var inputFieldNames = slices.Sorted(maps.Keys(inputFields))

// MarshalJSON encodes an Input with its own fields first, in Claude Code's
// order, then the Extra fields in the order of their names. An Extra field
// that names one of Input's own, even alike but for case ("Tool_Name",
// which a Go hook would read as tool_name), is left out, and so is one
// whose value is not valid JSON.
func (in Input) MarshalJSON() ([]byte, error) {
	type plain Input // without this method
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(plain(in)); err != nil {
		return nil, err
	}
	out := bytes.TrimRight(b.Bytes(), "\n")
	if len(in.Extra) == 0 {
		return out, nil
	}
	out = out[:len(out)-1] // the closing brace
	for _, k := range slices.Sorted(maps.Keys(in.Extra)) {
		v := in.Extra[k]
		if ownField(k) || !json.Valid(v) {
			continue
		}
		key, _ := json.Marshal(k) // a string always encodes
		out = append(out, ',')
		out = append(out, key...)
		out = append(out, ':')
		out = append(out, v...)
	}
	return append(out, '}'), nil
}

// SessionInfo is what the input tells a hook about its session: its
// session_id, transcript_path, cwd and permission_mode, and its other
// fields as Extra. ProjectDir is not part of a hook input and is left
// empty.
func (in Input) SessionInfo() SessionInfo {
	return SessionInfo{ID: in.SessionID, TranscriptPath: in.TranscriptPath, Cwd: in.Cwd,
		PermissionMode: in.PermissionMode, Extra: in.Extra}
}

var (
	emptyObject = json.RawMessage("{}")
	jsonNull    = json.RawMessage("null")
)

// HookEventName returns the Claude Code event that e is: PreToolUse before
// the call, PostToolUse after it, PostToolUseFailure after a call whose
// result is an error. It returns "" for an event with an unknown Hook.
func HookEventName(e hookchain.Event) string {
	switch e.Hook {
	case hookchain.BeforeTool:
		return PreToolUse
	case hookchain.AfterTool:
		if e.IsError {
			return PostToolUseFailure
		}
		return PostToolUse
	}
	return ""
}

// InputFor builds the hook input Claude Code would send for e. tool_input is
// the event's input as the chain has left it (so a hook sees the rewrites of
// the links before it), tool_use_id its CallID. After a successful call
// tool_response is the output; after a failed one, error is the error text:
// the string itself when the output is a JSON string, the output's JSON text
// otherwise.
//
// The event's JSON is carried as it is, not re-validated: a chain has checked
// it before any link is asked. An empty input is sent as {} and an empty
// output as null, which is how the chain reads them.
func InputFor(e hookchain.Event, s SessionInfo) Input {
	in := Input{
		Extra:          s.Extra,
		SessionID:      s.ID,
		TranscriptPath: s.TranscriptPath,
		Cwd:            s.Cwd,
		PermissionMode: s.PermissionMode,
		HookEventName:  HookEventName(e),
		ToolName:       e.Tool,
		ToolInput:      e.Input,
		ToolUseID:      e.CallID,
	}
	if in.PermissionMode == "" {
		in.PermissionMode = defaultPermissionMode
	}
	if len(in.ToolInput) == 0 {
		in.ToolInput = emptyObject
	}
	switch in.HookEventName {
	case PostToolUse:
		in.ToolResponse = e.Output
		if len(in.ToolResponse) == 0 {
			in.ToolResponse = jsonNull
		}
	case PostToolUseFailure:
		in.Error = errorText(e.Output)
	}
	return in
}

// errorText is the text of an error result: a JSON string's value, or any
// other JSON as written (compacted, so that a multi-line object stays one
// line in the hook's input).
func errorText(out json.RawMessage) string {
	if len(bytes.TrimSpace(out)) == 0 {
		return ""
	}
	var s string
	if err := json.Unmarshal(out, &s); err == nil {
		return s
	}
	var b bytes.Buffer
	if err := json.Compact(&b, out); err != nil {
		return string(out)
	}
	return b.String()
}

// Event turns a hook input back into the hookchain event it describes: the
// reverse of InputFor, for programs that receive Claude Code's input (Serve,
// an eval command). A PostToolUseFailure becomes an error result whose
// output is the error text as a JSON string (or tool_response, if the input
// has one).
//
// It fails for any other hook_event_name — hookchain has no meaning for
// Stop or UserPromptSubmit — and for an input with no tool_name.
func (in Input) Event() (hookchain.Event, error) {
	e := hookchain.Event{Tool: in.ToolName, CallID: in.ToolUseID, Input: in.ToolInput}
	switch in.HookEventName {
	case PreToolUse:
		e.Hook = hookchain.BeforeTool
	case PostToolUse:
		e.Hook, e.Output = hookchain.AfterTool, in.ToolResponse
	case PostToolUseFailure:
		e.Hook, e.IsError, e.Output = hookchain.AfterTool, true, in.ToolResponse
		if len(e.Output) == 0 {
			e.Output = hookchain.Text(in.Error)
		}
	case "":
		return hookchain.Event{}, errors.New("claudecode: the hook input has no hook_event_name")
	default:
		return hookchain.Event{}, fmt.Errorf("claudecode: hook_event_name %q is not a tool-call event (want %s, %s or %s)",
			in.HookEventName, PreToolUse, PostToolUse, PostToolUseFailure)
	}
	if in.ToolName == "" {
		return hookchain.Event{}, fmt.Errorf("claudecode: the %s input has no tool_name", in.HookEventName)
	}
	return e, nil
}

// marshal encodes v as one line of JSON without escaping <, > and &: a hook
// reads the tool's input as the model wrote it, not as a browser would need it.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil // ends in '\n', which is how Claude Code writes a hook's stdin
}
