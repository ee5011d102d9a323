package codex

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
)

// Matcher is a Codex matcher as Codex reads it, for the tool-call events:
// "", "*" (or no matcher at all) selects every tool; a matcher made only of
// ASCII letters, digits, '_' and '|' is a list of exact names ("Edit|Write"
// selects those two and not "NotebookEdit"); anything else is a regular
// expression that may match anywhere in the name ("^Bash" selects
// "BashOutput"). A call is selected when the matcher selects its tool's
// name or one of its Aliases ("Edit" selects apply_patch).
//
// A regular expression that does not compile is an error, and the matcher
// returned with it selects nothing, as Codex skips such a hook after
// warning about it. The expression is read by Go's regexp, whose syntax is
// that of Codex's Rust regex crate for everything but a few rare escapes.
func Matcher(pattern string) (hookchain.Matcher, error) {
	switch {
	case pattern == "" || pattern == "*":
		return hookchain.Any(), nil
	case exact(pattern):
		return matcher{pattern: pattern, names: strings.Split(pattern, "|")}, nil
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return matcher{pattern: pattern}, fmt.Errorf("codex: matcher %q: %w", pattern, err)
	}
	return matcher{pattern: pattern, re: re}, nil
}

func exact(pattern string) bool {
	for _, c := range pattern {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '|') {
			return false
		}
	}
	return true
}

type matcher struct {
	pattern string
	names   []string       // an exact list
	re      *regexp.Regexp // a regular expression; nil with no names: selects nothing
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
