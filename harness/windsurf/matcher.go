package windsurf

import (
	"fmt"

	"github.com/hookchain/hookchain"
)

// Matcher selects the calls a hook of Windsurf's event runs for: Windsurf
// has no matcher, and a hook of pre_run_command (or post_run_command) runs
// for every command, one of pre_read_code for every read, one of
// pre_write_code for every write, one of pre_mcp_tool_use for every call
// of every MCP tool. A Claude Code tool name selects nothing ("Bash" is
// not run_command): a call is named as Windsurf's action. Matcher panics
// on an event that is not a tool call's, a construction mistake;
// CompileMatcher returns it.
func Matcher(event string) hookchain.Matcher {
	m, err := CompileMatcher(event)
	if err != nil {
		panic(err.Error())
	}
	return m
}

// CompileMatcher is Matcher for events read from configuration.
func CompileMatcher(event string) (hookchain.Matcher, error) {
	kind, _, ok := kindOf(event)
	if !ok {
		return nil, fmt.Errorf("windsurf: %q is not an event of a tool call", event)
	}
	return matcher{event: event, kind: kind}, nil
}

type matcher struct{ event, kind string }

func (m matcher) Match(e hookchain.Event) bool {
	if m.kind == "mcp_tool_use" {
		_, _, ok := mcpName(e.Tool)
		return ok
	}
	return e.Tool == m.kind
}

// ToolNames are the names of the calls it selects, for check's lint; an
// MCP event's are every mcp__ name, which no list holds.
func (m matcher) ToolNames() []string {
	if m.kind == "mcp_tool_use" {
		return nil
	}
	return []string{m.kind}
}

func (m matcher) String() string { return fmt.Sprintf("windsurf.Matcher(%q)", m.event) }
