package copilot

import (
	"runtime"

	"github.com/hookchain/hookchain/harness"
)

// tools is the table Copilot gives for its PascalCase entries, which match
// Claude Code's names: Copilot's own tool for each Claude Code tool.
func tools() harness.ToolNames {
	return harness.ToolNames{
		"bash":               {"Bash"},
		"powershell":         {"Bash"},
		"view":               {"Read"},
		"create":             {"Write"},
		"edit":               {"Edit"},
		"str_replace_editor": {"Edit"},
		"apply_patch":        {"Edit"},
		"grep":               {"Grep"},
		"rg":                 {"Grep"},
		"glob":               {"Glob"},
		"web_fetch":          {"WebFetch"},
		"web_search":         {"WebSearch"},
		"ask_user":           {"AskUserQuestion"},
		"update_todo":        {"TodoWrite"},
		"task":               {"Agent", "Task"},
	}
}

// Tools maps Copilot's tool names to Claude Code's, both ways.
func Tools() harness.ToolNames { return tools() }

// platformTools is tools as Copilot has them on this platform: its shell
// is bash, or on Windows powershell, never both, so a Claude Code Bash call
// is the one shell a hook here can select, not a choice between two.
func platformTools() harness.ToolNames {
	t := tools()
	if runtime.GOOS == "windows" {
		delete(t, "bash")
	} else {
		delete(t, "powershell")
	}
	return t
}
