package copilot

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Copilot's PascalCase (Claude-compatible) names for the tool-call events.
const (
	PascalPreToolUse  = "PreToolUse"
	PascalPostToolUse = "PostToolUse"
)

// PascalProfile is Profile for Copilot's PascalCase entries: their hooks
// are given the snake_case input (PascalInputFor) and are read as the
// camelCase ones are (Decide), under the same failure rule (PascalLink).
// Copilot's reference documents no other output for them: that they
// answer with the same fields is hookchain's inference.
func PascalProfile() harness.Profile {
	p := Profile()
	p.Events = map[hookchain.Hook]string{hookchain.BeforeTool: PascalPreToolUse, hookchain.AfterTool: PascalPostToolUse}
	p.Input = encodePascalInput
	return p
}

// PascalInput is the snake_case hook input Copilot writes on the stdin of
// a PascalCase PreToolUse or PostToolUse hook.
type PascalInput struct {
	HookEventName string          `json:"hook_event_name"`
	SessionID     string          `json:"session_id"`
	Timestamp     string          `json:"timestamp"` // ISO 8601
	Cwd           string          `json:"cwd"`
	ToolName      string          `json:"tool_name"` // Claude Code's name, else Copilot's
	ToolInput     json.RawMessage `json:"tool_input"`
	ToolResult    *PascalResult   `json:"tool_result,omitempty"`
}

// PascalResult is the tool_result of a PascalCase PostToolUse input.
type PascalResult struct {
	ResultType       string `json:"result_type"`
	TextResultForLlm string `json:"text_result_for_llm"`
}

// PascalInputFor is the input Copilot writes for e in session s at time
// now to a PascalCase entry's hook: the tool under its Claude Code name
// (the first, for task: Agent).
func PascalInputFor(e hookchain.Event, s harness.SessionInfo, now time.Time) PascalInput {
	in := PascalInput{HookEventName: PascalPreToolUse, SessionID: s.ID, Timestamp: now.UTC().Format("2006-01-02T15:04:05.000Z"),
		Cwd: s.Cwd, ToolName: claudeName(e.Tool), ToolInput: e.Input}
	if len(in.ToolInput) == 0 {
		in.ToolInput = json.RawMessage(`{}`)
	}
	if e.Hook == hookchain.AfterTool {
		in.HookEventName = PascalPostToolUse
		in.ToolResult = &PascalResult{ResultType: "success", TextResultForLlm: harness.OutputText(e.Output)}
		if e.IsError {
			in.ToolResult.ResultType = "failure"
		}
	}
	return in
}

func encodePascalInput(e hookchain.Event, s harness.SessionInfo) ([]byte, error) {
	return json.Marshal(PascalInputFor(e, s, time.Now()))
}

// claudeName is the name a PascalCase entry sees for Copilot's tool: its
// Claude Code name, or its own when it has none.
func claudeName(tool string) string {
	if names := tools().Claude(tool); len(names) > 0 {
		return names[0]
	}
	return tool
}

// ownNames are Copilot's tool for each Claude Code name a PascalCase input
// gives: of the tools one name stands for (Bash: bash and powershell;
// Edit: edit, str_replace_editor and apply_patch), the one whose input a
// guard written for Copilot reads.
var ownNames = map[string]string{
	"Bash": "bash", "Read": "view", "Write": "create", "Edit": "edit", "Grep": "grep", "Glob": "glob",
	"WebFetch": "web_fetch", "WebSearch": "web_search", "AskUserQuestion": "ask_user", "TodoWrite": "update_todo",
	"Agent": "task", "Task": "task",
}

var pascalKeys = []string{"hook_event_name", "session_id", "timestamp", "cwd", "tool_name", "tool_input", "tool_result"}

// decodePascal reads the snake_case input of a PascalCase entry: its
// hook_event_name says the event, and its tool_name, Claude Code's, is
// judged as Copilot's tool (ownNames).
func decodePascal(fields map[string]json.RawMessage) (hookchain.Event, harness.SessionInfo, error) {
	if err := harness.CaseAlike(fields, pascalKeys); err != nil {
		return hookchain.Event{}, harness.SessionInfo{}, err
	}
	var errs harness.Problems
	var event string
	errs.String(fields, "hook_event_name", &event, true)
	if len(errs) > 0 {
		return hookchain.Event{}, harness.SessionInfo{}, errs.Err("hook input")
	}
	e := hookchain.Event{Hook: hookchain.BeforeTool}
	switch event {
	case PascalPreToolUse:
	case PascalPostToolUse:
		e.Hook = hookchain.AfterTool
	default:
		return hookchain.Event{}, harness.SessionInfo{}, fmt.Errorf("%s is %w", event, harness.ErrNotToolCall)
	}
	var s harness.SessionInfo
	errs.String(fields, "session_id", &s.ID, false)
	errs.String(fields, "cwd", &s.Cwd, false)
	errs.String(fields, "tool_name", &e.Tool, true)
	if v, ok := fields["timestamp"]; ok {
		var ts string
		if json.Unmarshal(v, &ts) != nil {
			errs.Add("its timestamp is not a string")
		}
	}
	if own, ok := ownNames[e.Tool]; ok {
		e.Tool = own
	}
	e.Input = fields["tool_input"]
	if v, ok := fields["tool_input"]; !ok || string(v) == "null" {
		errs.Add("it has no tool_input")
	} else if _, err := harness.Fields(v); err != nil {
		errs.Add("its tool_input is not an object")
	}
	v, hasResult := fields["tool_result"]
	switch {
	case hasResult && e.Hook == hookchain.BeforeTool:
		errs.Add("a PreToolUse input has a tool_result")
	case !hasResult && e.Hook == hookchain.AfterTool:
		errs.Add("a PostToolUse input has no tool_result")
	case hasResult:
		r, err := harness.Fields(v)
		var kind, text string
		if err != nil || json.Unmarshal(r["result_type"], &kind) != nil || json.Unmarshal(r["text_result_for_llm"], &text) != nil {
			errs.Add("its tool_result is not an object with a string result_type and text_result_for_llm")
		}
		e.Output, e.IsError = hookchain.Text(text), kind != "success"
	}
	if len(errs) == 0 && e.Tool == "" {
		errs.Add("its tool_name is empty")
	}
	if err := errs.Err(event + " hook input"); err != nil {
		return hookchain.Event{}, harness.SessionInfo{}, err
	}
	return e, s, nil
}

// PascalMatcher is the matcher of a PascalCase PreToolUse or PostToolUse
// entry as Copilot reads it, Claude's: "", "*" or "**" selects every tool;
// a name or an alternation of names ("Edit|Write") selects a tool when one
// of them is its Copilot name or its Claude Code name (Tools); anything
// else is a regular expression that must match the whole Claude Code name
// (Copilot's own for a tool that has none), case-sensitive. As Matcher, a
// pattern that does not compile is an error; PascalMatcher panics on it,
// CompilePascalMatcher returns it.
func PascalMatcher(pattern string) hookchain.Matcher {
	m, err := CompilePascalMatcher(pattern)
	if err != nil {
		panic(err.Error())
	}
	return m
}

var names = regexp.MustCompile(`^[A-Za-z0-9_]+(\|[A-Za-z0-9_]+)*$`)

// CompilePascalMatcher is PascalMatcher for patterns read from
// configuration.
func CompilePascalMatcher(pattern string) (hookchain.Matcher, error) {
	switch {
	case pattern == "" || pattern == "*" || pattern == "**":
		return hookchain.Any(), nil
	case names.MatchString(pattern):
		return pascalMatcher{pattern: pattern, names: strings.Split(pattern, "|")}, nil
	}
	re, err := regexp.Compile("^(?:" + pattern + ")$")
	if err != nil {
		return nil, fmt.Errorf("copilot: matcher %q: Copilot would skip the entry, and Go cannot read it: %w", pattern, err)
	}
	return pascalMatcher{pattern: pattern, re: re}, nil
}

// CompileMatcherFor is the matcher of an entry of event: PascalCase
// events' are Claude's (CompilePascalMatcher), camelCase ones' Copilot's
// (CompileMatcher).
func CompileMatcherFor(event, pattern string) (hookchain.Matcher, error) {
	if pascal(event) {
		return CompilePascalMatcher(pattern)
	}
	return CompileMatcher(pattern)
}

type pascalMatcher struct {
	pattern string
	names   []string
	re      *regexp.Regexp
}

func (m pascalMatcher) Match(e hookchain.Event) bool {
	if m.re != nil {
		return m.re.MatchString(claudeName(e.Tool))
	}
	for _, n := range m.names {
		if n == e.Tool || slices.Contains(tools().Claude(e.Tool), n) {
			return true
		}
	}
	return false
}

func (m pascalMatcher) String() string { return fmt.Sprintf("copilot.PascalMatcher(%q)", m.pattern) }
