package gemini

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Matcher is a Gemini matcher as Gemini reads it for the tool-call events:
// trimmed, "" or "*" (or no matcher at all) selects every tool; anything
// else is a JavaScript regular expression tested anywhere in the tool's
// name ("read_" selects read_file and read_many_files, "Edit" would select
// "NotebookEdit"), and one that does not compile is compared as a literal
// name. Gemini has no aliases: a matcher written with Claude Code's names
// selects none of Gemini's tools.
//
// The expression is read by Go's regexp, whose syntax is JavaScript's for
// the expressions matchers use. JavaScript's lookarounds and
// backreferences are not Go's: a matcher with one would select tools in
// Gemini that a literal comparison would not, so it is an error rather
// than a literal. Matcher panics on an error, a construction mistake;
// CompileMatcher returns it.
func Matcher(pattern string) hookchain.Matcher {
	m, err := CompileMatcher(pattern)
	if err != nil {
		panic(err.Error())
	}
	return m
}

// CompileMatcher is Matcher for patterns read from configuration.
func CompileMatcher(pattern string) (hookchain.Matcher, error) {
	p := strings.TrimSpace(pattern)
	if p == "" || p == "*" {
		return hookchain.Any(), nil
	}
	re, err := regexp.Compile(p)
	if err != nil && harness.JSOnly.MatchString(p) {
		return nil, fmt.Errorf("gemini: matcher %q: Gemini may read it as a JavaScript expression that Go cannot: %w", pattern, err)
	}
	if err != nil {
		re = nil // Gemini compares a matcher that does not compile as a literal
	}
	return matcher{pattern: p, re: re}, nil
}

type matcher struct {
	pattern string
	re      *regexp.Regexp // nil: the literal name
}

func (m matcher) Match(e hookchain.Event) bool {
	if m.re == nil {
		return e.Tool == m.pattern
	}
	return m.re.MatchString(e.Tool)
}

func (m matcher) String() string { return fmt.Sprintf("gemini.Matcher(%q)", m.pattern) }
