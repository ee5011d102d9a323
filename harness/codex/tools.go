package codex

import "github.com/hookchain/hookchain/harness"

// tools maps Codex's tool names to Claude Code's. Codex names its shell
// "Bash" in hook inputs, and its file edits "apply_patch", which stands for
// Claude Code's "Edit" and "Write"; it has no tool of its own for reading
// files (its shell reads them). Any other tool is given to hooks by its
// function name, and MCP tools as "mcp__server__tool".
func tools() harness.ToolNames {
	return harness.ToolNames{
		"Bash":        {"Bash"},
		"apply_patch": {"Edit", "Write"},
	}
}

// Aliases returns the other names a Codex matcher selects the tool by:
// Codex runs hooks matched on "Edit" or "Write" for apply_patch, so that
// matchers written for Claude Code's file tools still select its edits.
// The hook is told the tool's own name.
func Aliases(tool string) []string {
	if tool == "apply_patch" {
		return []string{"Edit", "Write"}
	}
	return nil
}
