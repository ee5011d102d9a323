package copilot

import (
	"fmt"
	"regexp"

	"github.com/hookchain/hookchain"
)

// Matcher is the matcher of a camelCase preToolUse or postToolUse entry as
// Copilot reads it: no matcher (or "") selects every tool; anything else is
// a regular expression that must match the whole of Copilot's tool name,
// compiled as ^(?:PATTERN)$ ("bash|edit" selects bash and edit, not
// bash_output). Copilot has no aliases for these entries: "Bash" selects
// none of its tools.
//
// Copilot skips an entry whose matcher does not compile, so that its hook
// never runs: for a guard read from configuration that is a guard silently
// gone, so it is an error here. Go's regexp lacks JavaScript's lookarounds
// and backreferences; a matcher with one is an error too, never a guess.
// Matcher panics on an error, a construction mistake; CompileMatcher
// returns it.
func Matcher(pattern string) hookchain.Matcher {
	m, err := CompileMatcher(pattern)
	if err != nil {
		panic(err.Error())
	}
	return m
}

// CompileMatcher is Matcher for patterns read from configuration.
func CompileMatcher(pattern string) (hookchain.Matcher, error) {
	if pattern == "" {
		return hookchain.Any(), nil
	}
	re, err := regexp.Compile("^(?:" + pattern + ")$")
	if err != nil {
		return nil, fmt.Errorf("copilot: matcher %q: Copilot would skip the entry, and Go cannot read it: %w", pattern, err)
	}
	return matcher{pattern: pattern, re: re}, nil
}

type matcher struct {
	pattern string
	re      *regexp.Regexp
}

func (m matcher) Match(e hookchain.Event) bool { return m.re.MatchString(e.Tool) }

func (m matcher) String() string { return fmt.Sprintf("copilot.Matcher(%q)", m.pattern) }
