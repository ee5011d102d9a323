package gemini

import "github.com/hookchain/hookchain/harness"

// tools maps Gemini's built-in tool names to Claude Code's. Gemini's
// read_many_files reads as Read does; save_memory and the others without a
// counterpart are left out. MCP tools are "mcp__server__tool" in hook
// inputs and matchers, as in Claude Code.
func tools() harness.ToolNames {
	return harness.ToolNames{
		"run_shell_command": {"Bash"},
		"read_file":         {"Read"},
		"read_many_files":   {"Read"},
		"write_file":        {"Write"},
		"replace":           {"Edit"},
		"glob":              {"Glob"},
		"grep_search":       {"Grep"},
		"list_directory":    {"LS"},
		"web_fetch":         {"WebFetch"},
		"google_web_search": {"WebSearch"},
		"write_todos":       {"TodoWrite"},
	}
}
