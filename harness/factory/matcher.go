package factory

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Matcher is a Droid matcher as Droid reads it for the tool-call events:
// "", "*" (or no matcher at all) selects every tool; a matcher made only
// of ASCII letters, digits, '_' and '|' is a list of exact names
// ("Create|Edit" selects those two, "Edit" not "MultiEdit"); anything else
// is a case-sensitive regular expression that may match anywhere in the
// name ("mcp__.*" selects every MCP tool). Droid has no aliases: a matcher
// written with Claude Code's names ("Bash") selects none of Droid's tools
// ("Execute").
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

// CompileMatcher is Matcher for patterns read from configuration. Droid
// reads its matchers as JavaScript expressions, Go's regexp as Go's: an
// expression Go cannot compile is an error, rather than a guess at what
// Droid selects with it.
func CompileMatcher(pattern string) (hookchain.Matcher, error) {
	return GroupMatcher(pattern, "")
}

// GroupMatcher is the matcher of a matcher group with Droid's extra
// filter commandRegex: a call is selected when pattern selects its tool
// and, when commandRegex is not "", when the call has a shell command (a
// string "command" in its input) that commandRegex matches anywhere. A
// call with no command is selected by pattern alone.
func GroupMatcher(pattern, commandRegex string) (hookchain.Matcher, error) {
	m := matcher{pattern: pattern}
	names, exact := harness.ExactNames(pattern)
	switch {
	case pattern == "" || pattern == "*":
		m.any = true
	case exact:
		m.names = names
	default:
		re, err := regexp.Compile(pattern)
		if err != nil {
			return nil, fmt.Errorf("factory: matcher %q: %w", pattern, err)
		}
		m.re = re
	}
	if commandRegex != "" {
		re, err := regexp.Compile(commandRegex)
		if err != nil {
			return nil, fmt.Errorf("factory: commandRegex %q: %w", commandRegex, err)
		}
		m.command = re
	}
	if m.any && m.command == nil {
		return hookchain.Any(), nil
	}
	return m, nil
}

type matcher struct {
	pattern string
	any     bool           // every tool
	names   []string       // or an exact list
	re      *regexp.Regexp // or a regular expression
	command *regexp.Regexp // nil: no commandRegex
}

func (m matcher) Match(e hookchain.Event) bool {
	switch {
	case m.any:
	case m.re != nil && !m.re.MatchString(e.Tool):
		return false
	case m.re == nil && !slices.Contains(m.names, e.Tool):
		return false
	}
	if m.command == nil {
		return true
	}
	// Keys are read exactly: encoding/json would take "Command" for
	// "command".
	f, err := harness.Fields(e.Input)
	var command string
	if err != nil || json.Unmarshal(f["command"], &command) != nil {
		return true
	}
	return m.command.MatchString(command)
}

func (m matcher) String() string {
	if m.command != nil {
		return fmt.Sprintf("factory.GroupMatcher(%q, %q)", m.pattern, m.command.String())
	}
	return fmt.Sprintf("factory.Matcher(%q)", m.pattern)
}
