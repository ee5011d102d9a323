package cursor

import "github.com/hookchain/hookchain/harness"

// tools maps the tool names Cursor documents for preToolUse and its
// matchers to Claude Code's. Cursor's Write writes and edits files, as
// Claude Code's Write and Edit do; Delete has no counterpart. An MCP tool is
// "MCP:<tool>" to Cursor, without its server, so it maps to no Claude Code
// name.
func tools() harness.ToolNames {
	return harness.ToolNames{
		Shell:  {"Bash"},
		Read:   {"Read"},
		Write:  {"Write", "Edit"},
		"Grep": {"Grep"},
		"Task": {"Agent", "Task"},
	}
}

// Tools maps Cursor's tool names to Claude Code's, both ways.
func Tools() harness.ToolNames { return tools() }
