package cursor_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/cursor"
)

func TestAMatcherSelectsTheCallsOfItsEventAsCursorDoes(t *testing.T) {
	failed := result("Shell", "exit 1")
	failed.IsError = true
	done := hookchain.Event{Hook: hookchain.AfterTool, Tool: "Shell", Input: json.RawMessage(`{"command":"curl x"}`)}
	edit := hookchain.Event{Hook: hookchain.AfterTool, Tool: "Write", Input: json.RawMessage(`{"file_path":"a"}`)}
	tests := []struct {
		event, pattern string
		call           hookchain.Event
		want           bool
	}{
		{cursor.PreToolUse, "", shell("ls"), true},
		{cursor.PreToolUse, "*", write("a"), true},
		{cursor.PreToolUse, "Shell|Write", write("a"), true},
		{cursor.PreToolUse, "Shell", read("a"), false},
		{cursor.PreToolUse, "Bash", shell("ls"), false}, // Claude Code's name: Cursor has no aliases
		{cursor.PreToolUse, "shell", shell("ls"), false},
		{cursor.PreToolUse, "MCP:", mcp("MCP:query"), true},
		{cursor.PreToolUse, "", result("Shell", "ok"), false},
		{cursor.PostToolUse, "", result("Shell", "ok"), true},
		{cursor.PostToolUse, "", failed, false},
		{cursor.PostToolUseFailure, "", failed, true},
		{cursor.PostToolUseFailure, "", result("Shell", "ok"), false},
		{cursor.BeforeShellExecution, "curl|wget", shell("curl -s x"), true},
		{cursor.BeforeShellExecution, "curl|wget", shell("ls"), false},
		{cursor.BeforeShellExecution, "", write("a"), false},
		{cursor.BeforeShellExecution, "^rm ", shell("rm -rf x"), true},
		{cursor.BeforeShellExecution, "ls", hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Shell", Input: json.RawMessage(`{}`)}, true}, // its hook runs and denies
		{cursor.AfterShellExecution, "curl", done, true},
		{cursor.BeforeMCPExecution, "", mcp("MCP:query"), true},
		{cursor.BeforeMCPExecution, "", shell("ls"), false},
		{cursor.BeforeMCPExecution, "query", mcp("MCP:query"), true},
		{cursor.BeforeMCPExecution, "", mcp("mcp__db__query"), true}, // Claude Code's name, judged under Cursor's hooks
		{cursor.BeforeMCPExecution, "", mcp("MCPquery"), false},
		{cursor.BeforeReadFile, "", read("a"), true},
		{cursor.BeforeReadFile, "", write("a"), false},
		{cursor.BeforeReadFile, "TabRead", read("a"), false},
		{cursor.AfterFileEdit, "Write", edit, true},
		{cursor.AfterFileEdit, "", write("a"), false},
	}
	for _, tt := range tests {
		t.Run(tt.event+" "+tt.pattern, func(t *testing.T) {
			m, err := cursor.CompileMatcher(tt.event, tt.pattern)
			require.NoError(t, err)
			assert.Equal(t, tt.want, m.Match(tt.call), m)
		})
	}
}

func TestAMatcherGoCannotReadAsCursorWouldIsAnError(t *testing.T) {
	for pattern, want := range map[string]string{
		"(?=Shell)": `cursor: matcher "(?=Shell)": Cursor reads it as a JavaScript expression that Go cannot`,
		`(a)\1`:     `cursor: matcher "(a)\\1": Cursor reads it as a JavaScript expression that Go cannot`,
		"Shell(":    "cursor: matcher \"Shell(\": Go cannot read it as Cursor would: error parsing regexp: missing closing ): `Shell(`",
	} {
		_, err := cursor.CompileMatcher(cursor.PreToolUse, pattern)
		assert.EqualError(t, err, want)
	}
	_, err := cursor.CompileMatcher("stop", "")
	assert.EqualError(t, err, `cursor: matcher "": "stop" is not one of Cursor's tool-call events`)
	assert.Panics(t, func() { cursor.Matcher(cursor.PreToolUse, "(") })
	assert.Equal(t, `cursor.Matcher("beforeShellExecution", "curl")`, cursor.Matcher(cursor.BeforeShellExecution, "curl").(interface{ String() string }).String())
}

func TestCursorsToolNamesMapToClaudeCodesBothWays(t *testing.T) {
	tools := cursor.Tools()
	assert.Equal(t, []string{"Bash"}, tools.Claude("Shell"))
	assert.Equal(t, []string{"Write", "Edit"}, tools.Claude("Write"))
	assert.Nil(t, tools.Claude("Delete"))
	assert.Nil(t, tools.Claude("MCP:query"), "Cursor's MCP names carry no server")
	for claude, own := range map[string]string{"Bash": "Shell", "Read": "Read", "Edit": "Write", "Write": "Write", "Grep": "Grep", "Agent": "Task", "mcp__db__query": "mcp__db__query"} {
		got, ok := tools.Own(claude)
		assert.True(t, ok, claude)
		assert.Equal(t, own, got, claude)
	}
	_, ok := tools.Own("WebFetch")
	assert.False(t, ok)
	assert.Equal(t, tools, cursor.Profile().Tools)
}
