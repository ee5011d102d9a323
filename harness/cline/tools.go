package cline

import "github.com/hookchain/hookchain/harness"

// tools maps Cline's built-in tool names to Claude Code's. apply_patch
// edits and creates files, as Codex's does. MCP tools have no name of
// their own in Cline: every call is use_mcp_tool, with the server and the
// tool among its parameters, so no Claude Code "mcp__server__tool" name
// stands for one; the tools without a counterpart are left out.
func tools() harness.ToolNames {
	return harness.ToolNames{
		"execute_command":       {"Bash"},
		"read_file":             {"Read"},
		"write_to_file":         {"Write"},
		"replace_in_file":       {"Edit"},
		"apply_patch":           {"Edit", "Write"},
		"search_files":          {"Grep"},
		"list_files":            {"LS"},
		"web_fetch":             {"WebFetch"},
		"web_search":            {"WebSearch"},
		"ask_followup_question": {"AskUserQuestion"},
	}
}
