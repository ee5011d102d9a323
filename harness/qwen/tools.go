package qwen

import (
	"slices"

	"github.com/hookchain/hookchain/harness"
)

// tools maps Qwen's built-in tool ids, what tool_name and matchers see,
// to Claude Code's. Qwen's own tools without a counterpart (save_memory,
// lsp, the task_* tools) are left out. MCP tools are "mcp__server__tool"
// in hook inputs and matchers, as in Claude Code.
func tools() harness.ToolNames {
	return harness.ToolNames{
		"run_shell_command": {"Bash"},
		"read_file":         {"Read"},
		"write_file":        {"Write"},
		"edit":              {"Edit"},
		"glob":              {"Glob"},
		"grep_search":       {"Grep"},
		"list_directory":    {"LS"},
		"web_fetch":         {"WebFetch"},
		"web_search":        {"WebSearch"},
		"agent":             {"Task"},
		"skill":             {"Skill"},
		"exit_plan_mode":    {"ExitPlanMode"},
		"ask_user_question": {"AskUserQuestion"},
	}
}

// aliases are the other names a matcher may give a tool by, matched
// exactly and never through a regular expression: its display name, and
// the ids and display names it had before (Qwen's tool-names.ts). Some of
// them are Claude Code's names too ("Edit", "Grep", "Glob", "WebFetch"),
// and so select the tool; "Bash" is none of them.
var aliases = map[string][]string{
	"edit":              {"Edit", "replace"},
	"write_file":        {"WriteFile"},
	"read_file":         {"ReadFile"},
	"grep_search":       {"Grep", "search_file_content", "SearchFiles"},
	"glob":              {"Glob", "FindFiles"},
	"run_shell_command": {"Shell"},
	"task_create":       {"TaskCreate"},
	"task_get":          {"TaskGet"},
	"task_list":         {"TaskList", "todo_write", "TodoWrite"},
	"task_update":       {"TaskUpdate"},
	"task_stop":         {"TaskStop"},
	"task_output":       {"TaskOutput"},
	"save_memory":       {"SaveMemory"},
	"agent":             {"Agent", "task", "Task"},
	"skill":             {"Skill"},
	"exit_plan_mode":    {"ExitPlanMode"},
	"web_fetch":         {"WebFetch"},
	"web_search":        {"WebSearch"},
	"list_directory":    {"ListFiles", "ReadFolder"},
	"lsp":               {"Lsp"},
	"ask_user_question": {"AskUserQuestion"},
}

// Aliases are the names a matcher selects Qwen's tool by besides its id,
// sorted; nil for a tool that has none.
func Aliases(tool string) []string {
	a := slices.Clone(aliases[tool])
	slices.Sort(a)
	return a
}
