package shell

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/jsonscan"
)

// Matcher is a hookchain.Matcher on the shell command string at a gjson
// path of the input. Build one with Runs, Rule or CompileRule. A Matcher is
// immutable; IfUnknown and Every return changed copies.
type Matcher struct {
	path      jsonscan.Path
	test      commandTest
	ctor      string // how it was built, for String
	ifUnknown bool
	every     bool
}

// commandTest is what a Matcher asks of each command.
type commandTest interface {
	matches(c Command) bool
	mightMatch(c Command) bool // only run time can tell, and it could
}

type runsTest struct{ *want }

func (t runsTest) matches(c Command) bool    { return t.runs(c) }
func (t runsTest) mightMatch(c Command) bool { return t.mightRun(c) }

// Runs matches when the shell command at path runs program anywhere in it,
// with every one of flags. See the package documentation for what
// "anywhere" covers and how flags are matched.
//
// It panics on an empty path or one that is a gjson literal (starting with
// '!'), an empty program or one ending in '/', and a flag that is empty,
// "-" or "--"; CompileRuns returns the error instead.
func Runs(path, program string, flags ...string) *Matcher {
	return must(CompileRuns(path, program, flags...))
}

// CompileRuns is Runs for programs and flags read from configuration.
func CompileRuns(path, program string, flags ...string) (*Matcher, error) {
	ctor := "shell.Runs(" + quoteAll(append([]string{path, program}, flags...)) + ")"
	p, err := jsonscan.CompilePath(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ctor, err)
	}
	if !validWant(program, flags) {
		return nil, errors.New(ctor + ": an empty program or one ending in /, or a flag that is empty, - or --")
	}
	return &Matcher{
		path: p, ctor: ctor, ifUnknown: true,
		test: runsTest{newWant(program, append([]string(nil), flags...))},
	}, nil
}

// Rule matches when some simple command of the shell command at path
// matches pattern, a Claude Code permission rule for Bash such as
// "git push *" (see the package documentation). It panics on an invalid
// pattern; CompileRule returns the error instead.
func Rule(path, pattern string) *Matcher { return must(CompileRule(path, pattern)) }

// CompileRule is Rule for patterns read from configuration.
func CompileRule(path, pattern string) (*Matcher, error) {
	at, err := jsonscan.CompilePath(path)
	if err != nil {
		return nil, ruleError(path, pattern, err)
	}
	p, err := compilePattern(pattern)
	if err != nil {
		return nil, ruleError(path, pattern, err)
	}
	return &Matcher{
		path: at, ifUnknown: true, test: p,
		ctor: "shell.Rule(" + quoteAll([]string{path, pattern}) + ")",
	}, nil
}

// IfUnknown returns a copy of m that, when a command cannot be known
// statically, matches if match is true (the default) and does not if it
// is false.
//
// The default suits a matcher that guards a deny: when a command's program
// is a variable, when it is an eval or bash -c of a string built at run
// time, when it does not parse, or when its arguments might hold the
// flags asked for, a guard that cannot tell must not let the call
// through. A matcher used to allow (or to skip a check) wants false: a
// command it cannot read is not one it may vouch for.
func (m *Matcher) IfUnknown(match bool) *Matcher {
	c := *m
	c.ifUnknown = match
	return &c
}

// Every returns a copy of m that matches only when every simple command
// matches (and there is at least one), rather than any of them. That is
// how an allow rule must read a command line — `git status; rm -rf /`
// runs more than git status — and how Claude Code reads its allow rules.
// A command that only might match counts as matching when IfUnknown is
// true, and so does anything Unknown; for allowing, use
// m.Every().IfUnknown(false).
func (m *Matcher) Every() *Matcher {
	c := *m
	c.every = true
	return &c
}

// Match implements hookchain.Matcher. The value at the path must be a JSON
// string holding the command line. A missing path or a null is no command,
// and never matches; any other non-string value is a command this cannot
// read, and matches unless IfUnknown(false). A path that yields several
// values matches when any of them does.
func (m *Matcher) Match(e hookchain.Event) bool { return m.path.Any(e.Input, m.matchValue) }

func (m *Matcher) matchValue(r gjson.Result) bool {
	switch r.Type {
	case gjson.String:
		return m.MatchScript(Parse(r.Str))
	case gjson.Null:
		return false
	}
	return m.ifUnknown
}

// MatchScript applies m to an already parsed script, with the same rules
// as Match.
func (m *Matcher) MatchScript(s Script) bool {
	if m.every {
		return m.matchEvery(s)
	}
	for _, c := range s.Commands {
		if m.test.matches(c) {
			return true
		}
	}
	if !m.ifUnknown {
		return false
	}
	if len(s.Unknown) > 0 {
		return true
	}
	for _, c := range s.Commands {
		if m.test.mightMatch(c) {
			return true
		}
	}
	return false
}

func (m *Matcher) matchEvery(s Script) bool {
	if len(s.Unknown) > 0 && !m.ifUnknown {
		return false
	}
	if len(s.Commands) == 0 {
		return len(s.Unknown) > 0 // and so ifUnknown
	}
	for _, c := range s.Commands {
		if c.Name == "" {
			continue // its program is unknown, and Unknown says so
		}
		if !m.test.matches(c) && !(m.ifUnknown && m.test.mightMatch(c)) {
			return false
		}
	}
	return true
}

// String describes the matcher as the code that builds it, e.g.
// `shell.Runs("command", "rm", "-r", "-f")`.
func (m *Matcher) String() string {
	s := m.ctor
	if m.every {
		s += ".Every()"
	}
	if !m.ifUnknown {
		s += ".IfUnknown(false)"
	}
	return s
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}

// must is a panicking constructor's end: its twin's error, as the panic's
// value, is the one validation both forms share.
func must(m *Matcher, err error) *Matcher {
	if err != nil {
		panic(err.Error())
	}
	return m
}
