package qwen

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Matcher is a Qwen matcher as Qwen reads it for the tool-call events
// (matchesHookPattern in Qwen's hook-matcher.ts):
//
//   - trimmed, "", "*" or ".*" (or no matcher at all) selects every tool;
//   - a matcher that is the tool's id, or one of its Aliases ("WriteFile"
//     for write_file), selects it;
//   - a matcher with "|" that does not start with "^" or "(" is a list:
//     an entry (split at each "|" not after a backslash, trimmed) that is
//     "*", ".*", the id or an alias selects the tool; otherwise the
//     non-empty entries, joined again, are one expression, and a list of
//     none selects nothing;
//   - anything else is a JavaScript regular expression tested anywhere in
//     the id (never in an alias): "read_" selects read_file. One that
//     does not compile selects nothing.
//
// Case matters. A matcher written with Claude Code's names selects only
// the tools whose alias is that name ("Edit", "Grep", "Glob"): "Bash"
// selects none of Qwen's tools.
//
// The expression is read by Go's regexp, whose syntax is JavaScript's for
// the expressions matchers use. JavaScript's lookarounds and
// backreferences are not Go's: a matcher with one would select tools in
// Qwen that selecting nothing would not, so it is an error. Matcher
// panics on an error, a construction mistake; CompileMatcher returns it.
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
	if p == "" || p == "*" || p == ".*" {
		return hookchain.Any(), nil
	}
	m := matcher{pattern: p, entries: []string{p}}
	expression := p
	if strings.Contains(p, "|") && !strings.HasPrefix(p, "^") && !strings.HasPrefix(p, "(") {
		m.entries = nil
		for _, e := range split(p) {
			if e = strings.TrimSpace(e); e != "" {
				m.entries = append(m.entries, e)
			}
		}
		if slices.Contains(m.entries, "*") || slices.Contains(m.entries, ".*") {
			return hookchain.Any(), nil
		}
		expression = strings.Join(m.entries, "|")
	}
	if expression == "" {
		return m, nil // only bars: Qwen selects nothing
	}
	re, err := regexp.Compile(expression)
	if err != nil && harness.JSOnly.MatchString(expression) {
		return nil, fmt.Errorf("qwen: matcher %q: Qwen may read it as a JavaScript expression that Go cannot: %w", pattern, err)
	}
	m.re = re // nil when it does not compile: Qwen then matches it only exactly
	return m, nil
}

// split is p cut at each "|" not after a backslash, as Qwen's
// split(/(?<!\\)\|/) cuts it.
func split(p string) []string {
	var parts []string
	start := 0
	for i := 0; i < len(p); i++ {
		if p[i] == '|' && (i == 0 || p[i-1] != '\\') {
			parts = append(parts, p[start:i])
			start = i + 1
		}
	}
	return append(parts, p[start:])
}

type matcher struct {
	pattern string
	entries []string       // the names selected exactly: the pattern, or a list's entries
	re      *regexp.Regexp // nil: no expression, or one that does not compile
}

func (m matcher) Match(e hookchain.Event) bool {
	targets := append([]string{e.Tool}, aliases[e.Tool]...)
	for _, entry := range m.entries {
		if slices.Contains(targets, entry) {
			return true
		}
	}
	return m.re != nil && m.re.MatchString(e.Tool)
}

func (m matcher) String() string { return fmt.Sprintf("qwen.Matcher(%q)", m.pattern) }
