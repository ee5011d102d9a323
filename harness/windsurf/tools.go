package windsurf

import (
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Windsurf's hooks name no tool: the event says the kind of action. These
// are hookchain's names for Cascade's actions, each its events' names
// without "pre_" or "post_"; an MCP tool is "mcp__SERVER__TOOL", as in
// Claude Code.
const (
	RunCommand = "run_command"
	ReadCode   = "read_code"
	WriteCode  = "write_code"
)

// tools maps Windsurf's actions to Claude Code's tools. write_code both
// creates and edits a file.
func tools() harness.ToolNames {
	return harness.ToolNames{
		RunCommand: {"Bash"},
		ReadCode:   {"Read"},
		WriteCode:  {"Write", "Edit"},
	}
}

// Tools maps Windsurf's actions to Claude Code's tools, both ways.
func Tools() harness.ToolNames { return tools() }

// Event is Windsurf's event for a call of tool at hook h (BeforeTool or
// AfterTool), and false for a tool Windsurf has no hook for: every tool
// other than its three actions and MCP tools (mcp__SERVER__TOOL, both
// named).
func Event(h hookchain.Hook, tool string) (string, bool) {
	kind := tool
	if _, _, ok := mcpName(tool); ok {
		kind = "mcp_tool_use"
	} else if _, ok := tools()[tool]; !ok {
		return "", false
	}
	switch h {
	case hookchain.BeforeTool:
		return "pre_" + kind, true
	case hookchain.AfterTool:
		return "post_" + kind, true
	}
	return "", false
}

// kindOf is the action of a tool event (run_command for pre_run_command),
// with the hook it is at; ok is false for any other name.
func kindOf(event string) (kind string, h hookchain.Hook, ok bool) {
	for _, p := range []struct {
		prefix string
		h      hookchain.Hook
	}{{"pre_", hookchain.BeforeTool}, {"post_", hookchain.AfterTool}} {
		if k, found := strings.CutPrefix(event, p.prefix); found {
			switch k {
			case RunCommand, ReadCode, WriteCode, "mcp_tool_use":
				return k, p.h, true
			}
		}
	}
	return "", 0, false
}

// Action is the action of Windsurf's tool event — run_command, read_code,
// write_code, or mcp__* for every MCP tool — and the hook it is at; ok is
// false for an event that is not a tool call's.
func Action(event string) (action string, h hookchain.Hook, ok bool) {
	kind, h, ok := kindOf(event)
	if kind == "mcp_tool_use" {
		kind = "mcp__*"
	}
	return kind, h, ok
}
