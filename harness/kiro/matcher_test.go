package kiro_test

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/kiro"
)

func TestAnAgentConfigsMatcherIsANameAGlobOrAnMCPServer(t *testing.T) {
	tests := []struct {
		pattern string
		tool    string
		want    bool
	}{
		{"", "execute_bash", true},
		{"*", "@git/status", true},
		{"fs_write", "fs_write", true},
		{"fs_write", "fs_read", false},
		{"fs_*", "fs_read", true},
		{"fs_*", "execute_bash", false},
		{"fs_?ead", "fs_read", true},
		{"fs_[rw]*", "fs_write", true},
		{"fs_[!r]*", "fs_read", false},
		{"{fs_read,fs_write}*", "fs_write", true},
		{"{fs_read,fs_write}", "fs_write", false}, // no wildcard: the exact name
		{"fs_", "fs_read", false},
		{"@builtin", "execute_bash", true},
		{"@builtin", "@git/status", false},
		{"@git", "@git/status", true},
		{"@git", "@github/status", false},
		{"@git/status", "@git/status", true},
		{"@git/*", "@git/status", true},
		{"@g*", "@git/status", true}, // "*" crosses "/"
		{"FS_WRITE", "fs_write", false},
		{"Bash", "execute_bash", false}, // no Claude Code names
		{"execute_bash", "shell", true}, // Kiro's two names of a tool
		{"shell", "execute_bash", true},
		{"fs_*", "write", true},
	}
	for _, tt := range tests {
		m, err := kiro.CompileMatcher(tt.pattern)
		require.NoError(t, err, tt.pattern)
		assert.Equal(t, tt.want, m.Match(hookchain.Event{Tool: tt.tool}), "%q on %q", tt.pattern, tt.tool)
	}
}

// Kiro selects no tool with a glob it cannot read: a guard silently gone,
// which configuration must hear about.
func TestAGlobKiroCannotReadIsAnError(t *testing.T) {
	for pattern, want := range map[string]string{
		"fs_[*":    "an unclosed class",
		"{a,{b}}*": "nested alternatives, which hookchain does not read",
		"{a*":      "unclosed alternatives",
		`a*\`:      "a dangling escape",
	} {
		_, err := kiro.CompileMatcher(pattern)
		assert.EqualError(t, err, `kiro: matcher `+strconv.Quote(pattern)+`: Kiro cannot read the glob, and selects no tool with it: `+want, pattern)
	}
	assert.Panics(t, func() { kiro.Matcher("fs_[*") })
	assert.Equal(t, `kiro.Matcher("fs_*")`, kiro.Matcher("fs_*").(interface{ String() string }).String())
}

func TestAHooksFilesMatcherIsARegexSearchedInTheToolName(t *testing.T) {
	tests := []struct {
		pattern string
		tool    string
		want    bool
	}{
		{"", "fs_read", true},
		{"*", "fs_read", true},
		{"fs_write|str_replace", "fs_write", true},
		{"fs_", "fs_read", true},
		{"^fs_write$", "fs_write", true},
		{"^write$", "fs_write", true}, // Kiro's other name of the tool
		{"^fs_read$", "fs_write", false},
		{"Bash", "execute_bash", false},
	}
	for _, tt := range tests {
		m, err := kiro.CompileHooksFileMatcher(tt.pattern)
		require.NoError(t, err, tt.pattern)
		assert.Equal(t, tt.want, m.Match(hookchain.Event{Tool: tt.tool}), "%q on %q", tt.pattern, tt.tool)
	}
	_, err := kiro.CompileHooksFileMatcher("^(?!fs_read).*")
	assert.EqualError(t, err, "kiro: matcher \"^(?!fs_read).*\": Kiro reads it as a JavaScript expression, which Go cannot read: error parsing regexp: invalid or unsupported Perl syntax: `(?!`")
	assert.Panics(t, func() { kiro.HooksFileMatcher("(") })
}

func TestKirosToolNamesMapToClaudeCodesBothWays(t *testing.T) {
	names := kiro.Tools()
	tests := []struct {
		kiro   string
		claude []string
	}{
		{"execute_bash", []string{"Bash"}},
		{"shell", []string{"Bash"}},
		{"fs_read", []string{"Read"}},
		{"read", []string{"Read"}},
		{"fs_write", []string{"Write", "Edit"}},
		{"grep", []string{"Grep"}},
		{"glob", []string{"Glob"}},
		{"web_fetch", []string{"WebFetch"}},
		{"use_aws", nil},
		{"@git/status", nil}, // Kiro's MCP names are not Claude Code's
	}
	for _, tt := range tests {
		assert.Equal(t, tt.claude, names.Claude(tt.kiro), tt.kiro)
	}
	for claude, own := range map[string]string{"Bash": "execute_bash", "Read": "fs_read", "Write": "fs_write", "Edit": "fs_write", "Grep": "grep", "TodoWrite": "todo_list"} {
		got, ok := names.Own(claude)
		assert.True(t, ok, claude)
		assert.Equal(t, own, got, claude)
	}
	_, ok := names.Own("NotebookEdit")
	assert.False(t, ok)
}
