package settings

import (
	"fmt"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCompileMatcherKeepsClaudeCodesMeaning(t *testing.T) {
	tools := []string{"Bash", "BashOutput", "Edit", "NotebookEdit", "Write", "my-tool", "mcp__memory__store", "mcp__github__create_issue"}
	tests := []struct {
		name    string
		matcher string
		kind    MatcherKind
		matches []string
		shown   string // the matcher's String, which a link's description shows
	}{
		{"an empty matcher matches every tool", "", MatchAll, tools, "Any()"},
		{"a star matches every tool", "*", MatchAll, tools, "Any()"},
		{"a plain name matches that tool exactly, not a longer name", "Bash", MatchNames, []string{"Bash"}, `Tool("Bash")`},
		{"a pipe separates exact names", "Edit|Write", MatchNames, []string{"Edit", "Write"}, `Tool("Edit", "Write")`},
		{"commas and spaces around names are separators too", " Edit , Write| Bash ", MatchNames, []string{"Bash", "Edit", "Write"}, `Tool("Edit", "Write", "Bash")`},
		{"a hyphen is part of an exact name", "my-tool", MatchNames, []string{"my-tool"}, `Tool("my-tool")`},
		{"a server prefix alone is an exact name that matches no tool", "mcp__memory", MatchNames, nil, `Tool("mcp__memory")`},
		{"a dot makes a regexp, searched anywhere in the name", "mcp__memory__.*", MatchRegexp, []string{"mcp__memory__store"}, `ToolSearch("mcp__memory__.*")`},
		{"a regexp is not anchored", "Edit.*", MatchRegexp, []string{"Edit", "NotebookEdit"}, `ToolSearch("Edit.*")`},
		{"an anchor limits the search", "^Bash", MatchRegexp, []string{"Bash", "BashOutput"}, `ToolSearch("^Bash")`},
		{"anchors at both ends make a whole-name match, dispatched by name", "^(Edit|Write)$", MatchRegexp, []string{"Edit", "Write"}, `ToolRegexp("(Edit|Write)")`},
		{"an alternation of anchors is still a search", "^Edit|Write$", MatchRegexp, []string{"Edit", "Write"}, `ToolSearch("^Edit|Write$")`},
		{"a class is a regexp", "mcp__(memory|github)__[a-z]+", MatchRegexp, []string{"mcp__memory__store", "mcp__github__create_issue"}, `ToolSearch("mcp__(memory|github)__[a-z]+")`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, kind, err := CompileMatcher(tt.matcher)
			require.NoError(t, err)
			assert.Equal(t, tt.kind, kind)
			assert.Equal(t, tt.shown, fmt.Sprint(m))
			var got []string
			for _, tool := range tools {
				if m.Match(hookchain.Event{Hook: hookchain.BeforeTool, Tool: tool}) {
					got = append(got, tool)
				}
			}
			assert.ElementsMatch(t, tt.matches, got)
		})
	}
}

func TestCompileMatcherRefusesWhatWouldMeanSomethingElse(t *testing.T) {
	tests := []struct {
		name    string
		matcher string
		kind    MatcherKind
		err     string
	}{
		{"a list of separators names no tool", " | , ", MatchNames, `matcher " | , " names no tool`},
		{"lookahead does not exist in RE2", "(?=Bash)", MatchRegexp,
			"matcher \"(?=Bash)\" is not a regular expression Go can run: error parsing regexp: invalid or unsupported Perl syntax: `(?=`"},
		{"a backreference does not exist in RE2", `(a)\1`, MatchRegexp,
			"matcher \"(a)\\\\1\" is not a regular expression Go can run: error parsing regexp: invalid escape sequence: `\\1`"},
		{"an unbalanced group is an error", "Bash(", MatchRegexp,
			"matcher \"Bash(\" is not a regular expression Go can run: error parsing regexp: missing closing ): `Bash(`"},
		{`\A is an anchor in Go and the letter A in JavaScript`, `\ABash`, MatchRegexp,
			`matcher "\\ABash": \A means something else in Go than in JavaScript (where it is the letter A); write what you mean without it`},
		{`\z is an anchor in Go and the letter z in JavaScript`, `Bash\z`, MatchRegexp,
			`matcher "Bash\\z": \z means something else in Go than in JavaScript (where it is the letter z); write what you mean without it`},
		{"a POSIX class is a bracket expression in JavaScript", "[[:alpha:]]+", MatchRegexp,
			`matcher "[[:alpha:]]+": POSIX classes such as [[:alpha:]] mean something else in Go than in JavaScript; write the class out, e.g. [a-zA-Z]`},
		{"an empty class matches nothing in JavaScript", "[]a]", MatchRegexp,
			`matcher "[]a]": [] and [^] are an empty class and any character in JavaScript, but open a class containing ']' in Go`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, kind, err := CompileMatcher(tt.matcher)
			require.EqualError(t, err, tt.err)
			assert.Nil(t, m)
			assert.Equal(t, tt.kind, kind)
		})
	}
}

func TestCompileMatcherReadsAnEscapedBackslashAsOne(t *testing.T) {
	m, kind, err := CompileMatcher(`a\\Ab`)
	require.NoError(t, err)
	assert.Equal(t, MatchRegexp, kind)
	assert.True(t, m.Match(hookchain.Event{Tool: `xa\Abx`}))
}
