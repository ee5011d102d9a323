package factory

import "github.com/hookchain/hookchain/harness"

// tools maps Droid's tool names to Claude Code's. Droid's shell is
// Execute, its new files Create, and ApplyPatch edits as Edit does, so
// that a guard written for Claude Code's Edit judges both. MCP tools are
// "mcp__server__tool" in hook inputs and matchers, as in Claude Code.
func tools() harness.ToolNames {
	return harness.ToolNames{
		"Execute":    {"Bash"},
		"Read":       {"Read"},
		"Create":     {"Write"},
		"Edit":       {"Edit"},
		"ApplyPatch": {"Edit"},
		"LS":         {"LS"},
		"Glob":       {"Glob"},
		"Grep":       {"Grep"},
		"Task":       {"Task", "Agent"},
		"FetchUrl":   {"WebFetch"},
		"WebSearch":  {"WebSearch"},
	}
}

// Tools maps Droid's tool names to Claude Code's, both ways.
func Tools() harness.ToolNames { return tools() }
