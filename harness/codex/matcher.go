package codex

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Matcher is a Codex matcher as Codex reads it, for the tool-call events:
// "", "*" (or no matcher at all) selects every tool; a matcher made only of
// ASCII letters, digits, '_' and '|' is a list of exact names ("Edit|Write"
// selects those two and not "NotebookEdit"); anything else is a regular
// expression that may match anywhere in the name ("^Bash" selects
// "BashOutput"). A call is selected when the matcher selects its tool's
// name or one of its Aliases ("Edit" selects apply_patch). The expression
// is read by Go's regexp, whose syntax is that of Codex's Rust regex crate
// for everything but a few rare escapes.
//
// Matcher panics when the expression does not compile, a construction
// mistake; CompileMatcher returns the error.
func Matcher(pattern string) hookchain.Matcher {
	m, err := CompileMatcher(pattern)
	if err != nil {
		panic(err.Error())
	}
	return m
}

// CompileMatcher is Matcher for patterns read from configuration. Codex
// warns about a matcher that does not compile and skips its hooks; a
// loader does the same with the error.
func CompileMatcher(pattern string) (hookchain.Matcher, error) {
	if pattern == "" || pattern == "*" {
		return hookchain.Any(), nil
	}
	if names, ok := harness.ExactNames(pattern); ok {
		return matcher{pattern: pattern, names: names}, nil
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, fmt.Errorf("codex: matcher %q: %w", pattern, err)
	}
	return matcher{pattern: pattern, re: re}, nil
}

type matcher struct {
	pattern string
	names   []string       // an exact list
	re      *regexp.Regexp // or a regular expression
}

func (m matcher) Match(e hookchain.Event) bool {
	if m.selects(e.Tool) {
		return true
	}
	return slices.ContainsFunc(Aliases(e.Tool), m.selects)
}

func (m matcher) selects(name string) bool {
	if m.re != nil {
		return m.re.MatchString(name)
	}
	return slices.Contains(m.names, name)
}

func (m matcher) String() string { return fmt.Sprintf("codex.Matcher(%q)", m.pattern) }
