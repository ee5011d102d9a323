package gemini_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/gemini"
)

func TestAGeminiMatcherIsAnUnanchoredRegexOrElseALiteral(t *testing.T) {
	tests := []struct {
		pattern string
		tool    string
		want    bool
	}{
		{"", "run_shell_command", true},
		{" * ", "anything", true},
		{"read_file", "read_file", true},
		{"read_", "read_many_files", true},
		{"^read_file$", "read_many_files", false},
		{"write_file|replace", "replace", true},
		{"Edit", "NotebookEdit", true},
		{"run_shell_command", "Bash", false},
		{"Read_File", "read_file", false},
		{"mcp__.*", "mcp__github__create_issue", true},
		{"a(b", "a(b", true}, // does not compile: compared as a literal
		{"a(b", "xa(bx", false},
	}
	for _, tt := range tests {
		m, err := gemini.CompileMatcher(tt.pattern)
		require.NoError(t, err, tt.pattern)
		assert.Equal(t, tt.want, m.Match(hookchain.Event{Tool: tt.tool}), "%q on %q", tt.pattern, tt.tool)
	}
}

// A lookahead is valid in JavaScript and not in Go: read as a literal it
// would select fewer tools than Gemini runs the hook for.
func TestAMatcherGoCannotReadAsGeminiDoesIsAnError(t *testing.T) {
	_, err := gemini.CompileMatcher("^(?!read_).*")
	assert.EqualError(t, err, "gemini: matcher \"^(?!read_).*\": Gemini may read it as a JavaScript expression that Go cannot: error parsing regexp: invalid or unsupported Perl syntax: `(?!`")
	assert.Panics(t, func() { gemini.Matcher(`(\w)\1`) })
	assert.Equal(t, `gemini.Matcher("read_")`, gemini.Matcher(" read_ ").(interface{ String() string }).String())
}
