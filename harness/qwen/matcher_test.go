package qwen_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/qwen"
)

// Qwen's matcher rules, one per row: which of Qwen's tools each selects.
func TestAMatcherSelectsTheToolsQwenWouldRunItFor(t *testing.T) {
	tools := []string{"run_shell_command", "read_file", "write_file", "edit", "grep_search", "agent", "list_directory", "mcp__gh__issue"}
	tests := []struct {
		name    string
		pattern string
		want    []string
	}{
		{"no matcher selects every tool", "", tools},
		{"a star selects every tool", " * ", tools},
		{"dot star selects every tool", ".*", tools},
		{"a tool's id selects it", "write_file", []string{"write_file"}},
		{"a display name selects its tool", "WriteFile", []string{"write_file"}},
		{"a legacy name selects its tool", "replace", []string{"edit"}},
		{"Claude Code's Edit is edit's display name", "Edit", []string{"edit"}},
		{"Claude Code's Bash selects nothing", "Bash", nil},
		{"Claude Code's Task is agent's old display name", "Task", []string{"agent"}},
		{"a regular expression is tested anywhere in the id", "read_", []string{"read_file"}},
		{"an anchored one as written", "^run_shell_command$", []string{"run_shell_command"}},
		{"an alias is never matched through an expression", "^Shell$", nil},
		{"a list selects its entries and aliases, spaces trimmed", "Shell | write_file", []string{"run_shell_command", "write_file"}},
		{"a list is rebuilt as one expression", "read_.* | edit", []string{"read_file", "edit"}},
		{"a star in a list selects every tool", "edit|*", tools},
		{"a list of bars selects nothing", "||", nil},
		{"a stray bar does not select everything", "edit|", []string{"edit"}},
		{"a list that starts with ( is an expression as written", "(edit|glob)", []string{"edit"}},
		{"a trailing bar after ^ selects everything", "^edit|", tools},
		{"an escaped bar is part of its entry", `grep\|x`, nil},
		{"an expression that does not compile selects only its exact name", "mcp__gh__(", nil},
		{"case matters", "Write_File", nil},
		{"an MCP tool by its id", "mcp__gh__.*", []string{"mcp__gh__issue"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := qwen.CompileMatcher(tt.pattern)
			require.NoError(t, err)
			var got []string
			for _, tool := range tools {
				if m.Match(hookchain.Event{Hook: hookchain.BeforeTool, Tool: tool}) {
					got = append(got, tool)
				}
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

// JavaScript's lookarounds and backreferences compile in Qwen and not in
// Go: selecting nothing would skip a hook Qwen runs.
func TestAMatcherGoCannotReadAsQwenDoesIsAnError(t *testing.T) {
	_, err := qwen.CompileMatcher(`^(?!read_).*`)
	assert.ErrorContains(t, err, `qwen: matcher "^(?!read_).*": Qwen may read it as a JavaScript expression that Go cannot`)
	assert.Panics(t, func() { qwen.Matcher(`(a)\1`) })
	assert.Equal(t, `qwen.Matcher("edit")`, qwen.Matcher(" edit ").(interface{ String() string }).String())
	assert.Equal(t, []string{"Edit", "replace"}, qwen.Aliases("edit"))
}
