package harness

import "strings"

// ExactNames reads a matcher as Claude Code's family of CLIs (Codex,
// Factory Droid) tells a list of names from an expression: one made only
// of ASCII letters, digits, '_' and '|' is a list of exact names
// ("Edit|Write", which does not select "NotebookEdit"); ok is false for
// any other, which is a regular expression.
func ExactNames(pattern string) (names []string, ok bool) {
	for _, c := range pattern {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '|') {
			return nil, false
		}
	}
	return strings.Split(pattern, "|"), true
}
