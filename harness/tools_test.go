package harness_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/copilot"
)

// Every tool of a CLI that stands for a Claude Code tool is a name its
// hooks may select it by: a call judged under one of them alone would skip
// the others', so Owns gives them all, but for a tool of the very name.
func TestOwnsGivesEveryToolThatStandsForAClaudeCodeTool(t *testing.T) {
	names := harness.ToolNames{"Edit": {"Edit"}, "ApplyPatch": {"Edit", "Write"}, "Create": {"Write"}, "Shell": {"Bash"}}
	tests := []struct {
		claude string
		want   []string
	}{
		{"Edit", []string{"Edit"}},
		{"Write", []string{"ApplyPatch", "Create"}},
		{"Bash", []string{"Shell"}},
		{"Read", nil},
		{"mcp__github__create_issue", []string{"mcp__github__create_issue"}},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, names.Owns(tt.claude), tt.claude)
	}
	assert.Equal(t, []string{"apply_patch", "edit", "str_replace_editor"}, copilot.Tools().Owns("Edit"),
		"Copilot has three tools Claude Code's Edit stands for")
	own, ok := names.Own("Write")
	assert.True(t, ok)
	assert.Equal(t, "ApplyPatch", own, "the first of several")
}
