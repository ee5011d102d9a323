package kiro

import "github.com/hookchain/hookchain/harness"

// tools maps Kiro's built-in tool names to Claude Code's. Kiro took its
// tools from Amazon Q Developer CLI and renamed some (execute_bash is now
// shell, fs_read read, fs_write write): both names are here, and Claude
// Code's name is given Kiro's older one, the one its hook documentation
// shows. fs_write creates and edits. MCP tools are "@server/tool" in Kiro,
// which the table cannot map to Claude Code's "mcp__server__tool".
func tools() harness.ToolNames {
	return harness.ToolNames{
		"execute_bash": {"Bash"},
		"shell":        {"Bash"},
		"fs_read":      {"Read"},
		"read":         {"Read"},
		"fs_write":     {"Write", "Edit"},
		"write":        {"Write", "Edit"},
		"glob":         {"Glob"},
		"grep":         {"Grep"},
		"web_fetch":    {"WebFetch"},
		"web_search":   {"WebSearch"},
		"todo_list":    {"TodoWrite"},
	}
}

// Tools maps Kiro's tool names to Claude Code's, both ways.
func Tools() harness.ToolNames { return tools() }

// renamed are the built-in tools Kiro has two names for, each name to the
// other: a matcher written with either selects the tool (an inference;
// see Matcher).
var renamed = map[string]string{
	"execute_bash": "shell", "shell": "execute_bash",
	"fs_read": "read", "read": "fs_read",
	"fs_write": "write", "write": "fs_write",
	"use_aws": "aws", "aws": "use_aws",
}

// aliases are Kiro's newer names of its renamed tools, each to its older
// name, which Tools gives for Claude Code's: its matchers select either.
func aliases() map[string]string {
	return map[string]string{"shell": "execute_bash", "read": "fs_read", "write": "fs_write", "aws": "use_aws"}
}
