package copilot_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/copilot"
)

func TestACopilotMatcherIsARegexOverTheWholeToolName(t *testing.T) {
	tests := []struct {
		pattern string
		tool    string
		want    bool
	}{
		{"", "bash", true},
		{"bash", "bash", true},
		{"bash|edit", "edit", true},
		{"bash|edit", "bash_output", false}, // anchored as ^(?:bash|edit)$
		{"bash", "powershell", false},
		{"ba", "bash", false},
		{"web_.*", "web_fetch", true},
		{"Bash", "bash", false}, // no Claude Code names in camelCase entries
		{"mcp__.*", "mcp__github__create_issue", true},
	}
	for _, tt := range tests {
		m, err := copilot.CompileMatcher(tt.pattern)
		require.NoError(t, err, tt.pattern)
		assert.Equal(t, tt.want, m.Match(hookchain.Event{Tool: tt.tool}), "%q on %q", tt.pattern, tt.tool)
	}
}

// Copilot skips an entry whose matcher does not compile: a guard silently
// gone, which configuration must hear about.
func TestAMatcherThatDoesNotCompileIsAnError(t *testing.T) {
	_, err := copilot.CompileMatcher("a(b")
	assert.EqualError(t, err, "copilot: matcher \"a(b\": Copilot would skip the entry, and Go cannot read it: error parsing regexp: missing closing ): `^(?:a(b)$`")
	assert.Panics(t, func() { copilot.Matcher("^(?!view).*") })
	assert.Equal(t, `copilot.Matcher("bash|edit")`, copilot.Matcher("bash|edit").(interface{ String() string }).String())
}

func TestCopilotsToolNamesMapToClaudeCodesBothWays(t *testing.T) {
	names := copilot.Tools()
	tests := []struct {
		copilot string
		claude  []string
	}{
		{"bash", []string{"Bash"}},
		{"powershell", []string{"Bash"}},
		{"view", []string{"Read"}},
		{"create", []string{"Write"}},
		{"edit", []string{"Edit"}},
		{"grep", []string{"Grep"}},
		{"glob", []string{"Glob"}},
		{"web_fetch", []string{"WebFetch"}},
		{"task", []string{"Agent", "Task"}},
		{"report_intent", nil},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.claude, names.Claude(tt.copilot), tt.copilot)
	}
	for claude, own := range map[string]string{"Bash": "bash", "Read": "view", "Write": "create", "Grep": "grep", "Agent": "task", "TodoWrite": "update_todo"} {
		got, ok := names.Own(claude)
		assert.True(t, ok, claude)
		assert.Equal(t, own, got, claude)
	}
	_, ok := names.Own("NotebookEdit")
	assert.False(t, ok)
}
