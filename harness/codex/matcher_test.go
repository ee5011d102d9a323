package codex_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/codex"
)

func TestACodexMatcherSelectsToolsAsCodexDoes(t *testing.T) {
	tests := []struct {
		pattern string
		tool    string
		want    bool
	}{
		{"", "Bash", true},
		{"*", "mcp__memory__create_entities", true},
		{"Bash", "Bash", true},
		{"Bash", "BashOutput", false},
		{"Edit|Write", "Write", true},
		{"Edit|Write", "NotebookEdit", false},
		{"Edit", "apply_patch", true},
		{"Write", "apply_patch", true},
		{"apply_patch", "apply_patch", true},
		{"Read", "apply_patch", false},
		{"mcp__memory", "mcp__memory__create_entities", false},
		{"^Bash", "BashOutput", true},
		{"mcp__.*__write.*", "mcp__filesystem__write_file", true},
		{"mcp__.*__write.*", "mcp__filesystem__read_file", false},
		{"^Bash$", "Bash", true},
		{"Ed.t", "apply_patch", true},
		{"bash", "Bash", false},
	}
	for _, tt := range tests {
		t.Run(tt.pattern+" and "+tt.tool, func(t *testing.T) {
			m, err := codex.CompileMatcher(tt.pattern)
			require.NoError(t, err)
			assert.Equal(t, tt.want, codex.Matcher(tt.pattern).Match(hookchain.Event{Hook: hookchain.BeforeTool, Tool: tt.tool}))
			assert.Equal(t, tt.want, m.Match(hookchain.Event{Hook: hookchain.BeforeTool, Tool: tt.tool}))
		})
	}
}

func TestAMatcherThatDoesNotCompileIsAnError(t *testing.T) {
	m, err := codex.CompileMatcher("[")
	assert.EqualError(t, err, "codex: matcher \"[\": error parsing regexp: missing closing ]: `[`")
	assert.Nil(t, m)
	assert.PanicsWithValue(t, err.Error(), func() { codex.Matcher("[") })
}

func TestCodexsToolNamesMapToClaudeCodesBothWays(t *testing.T) {
	names := codex.Profile().Tools
	assert.Equal(t, []string{"Edit", "Write"}, names.Claude("apply_patch"))
	assert.Equal(t, []string{"Bash"}, names.Claude("Bash"))
	assert.Equal(t, []string{"mcp__fs__read"}, names.Claude("mcp__fs__read"))
	assert.Nil(t, names.Claude("view_image"))
	for claude, want := range map[string]string{"Edit": "apply_patch", "Write": "apply_patch", "Bash": "Bash", "mcp__fs__read": "mcp__fs__read"} {
		got, ok := names.Own(claude)
		assert.True(t, ok, claude)
		assert.Equal(t, want, got, claude)
	}
	_, ok := names.Own("Read")
	assert.False(t, ok, "Codex has no tool of its own for reading files")
}
