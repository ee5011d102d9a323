package kiro

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/hookchain/hookchain"
)

// Matcher is the matcher of an agent config's hook as Kiro reads it:
//
//   - no matcher (""), or "*", selects every tool;
//   - "@builtin" every built-in tool, that is every tool whose name does
//     not start with "@" (Kiro's MCP tools are "@server/tool");
//   - "@server" every tool of that MCP server;
//   - a pattern with a "*" or a "?" is a glob over the whole tool name
//     ("fs_*" selects fs_read and fs_write; "*" and "?" cross "/", and
//     "[…]" and "{a,b}" are read too); a glob Kiro cannot read selects
//     nothing, and is an error here;
//   - anything else is the exact tool name, case and all.
//
// Kiro has renamed some of its tools (execute_bash is now shell, fs_read
// read, fs_write write, use_aws aws), and a matcher written with either
// name selects the tool, whichever name the call has. Kiro has no Claude
// Code names: "Bash" selects none of its tools. Matcher panics on an
// error, a construction mistake; CompileMatcher returns it.
func Matcher(pattern string) hookchain.Matcher {
	m, err := CompileMatcher(pattern)
	if err != nil {
		panic(err.Error())
	}
	return m
}

// CompileMatcher is Matcher for patterns read from configuration.
func CompileMatcher(pattern string) (hookchain.Matcher, error) {
	if pattern == "" || pattern == "*" {
		return hookchain.Any(), nil
	}
	m := matcher{pattern: pattern}
	if strings.ContainsAny(pattern, "*?") {
		re, err := glob(pattern)
		if err != nil {
			return nil, fmt.Errorf("kiro: matcher %q: Kiro cannot read the glob, and selects no tool with it: %w", pattern, err)
		}
		m.re = re
	}
	return m, nil
}

type matcher struct {
	pattern string
	re      *regexp.Regexp // nil: the exact name
}

func (m matcher) Match(e hookchain.Event) bool {
	if m.matches(e.Tool) {
		return true
	}
	other, ok := renamed[e.Tool]
	return ok && m.matches(other)
}

func (m matcher) matches(tool string) bool {
	mcp := strings.HasPrefix(tool, "@")
	switch {
	case m.pattern == "@builtin":
		return !mcp
	case mcp && m.pattern == "@"+strings.SplitN(tool[1:], "/", 2)[0]:
		return true
	case m.pattern == tool:
		return true
	}
	return m.re != nil && m.re.MatchString(tool)
}

func (m matcher) String() string { return fmt.Sprintf("kiro.Matcher(%q)", m.pattern) }

// glob is pattern, a glob as Kiro reads one, as a regular expression over
// the whole name: "*" any text, "?" any one character, "[…]" (or "[!…]")
// a class, "{a,b}" alternatives (not nested), and "\" makes the next
// character literal.
func glob(pattern string) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString(`^(?s:`)
	braces := false
	rs := []rune(pattern)
	for i := 0; i < len(rs); i++ {
		switch c := rs[i]; c {
		case '*':
			b.WriteString(`.*`)
		case '?':
			b.WriteString(`.`)
		case '\\':
			if i+1 == len(rs) {
				return nil, errors.New("a dangling escape")
			}
			i++
			b.WriteString(regexp.QuoteMeta(string(rs[i])))
		case '[':
			end, class, err := globClass(rs, i)
			if err != nil {
				return nil, err
			}
			b.WriteString(class)
			i = end
		case '{':
			if braces {
				return nil, errors.New("nested alternatives, which hookchain does not read")
			}
			braces = true
			b.WriteString(`(?:`)
		case '}':
			if !braces {
				b.WriteString(`\}`)
				continue
			}
			braces = false
			b.WriteString(`)`)
		case ',':
			if braces {
				b.WriteString(`|`)
				continue
			}
			b.WriteString(`,`)
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	if braces {
		return nil, errors.New("unclosed alternatives")
	}
	b.WriteString(`)$`)
	return regexp.Compile(b.String())
}

// globClass reads the class that starts at rs[start] ('['), and returns
// where it ends (its ']') and the class as a regular expression.
func globClass(rs []rune, start int) (int, string, error) {
	i := start + 1
	var b strings.Builder
	b.WriteString("[")
	if i < len(rs) && (rs[i] == '!' || rs[i] == '^') {
		b.WriteString("^")
		i++
	}
	first := i
	for ; i < len(rs); i++ {
		c := rs[i]
		switch {
		case c == ']' && i > first: // a ']' first is literal
			return i, b.String() + "]", nil
		case c == '-' && i > first && i+1 < len(rs) && rs[i+1] != ']':
			b.WriteString("-")
		case strings.ContainsRune(`\]^[-`, c):
			b.WriteString(`\` + string(c))
		default:
			b.WriteRune(c)
		}
	}
	return 0, "", errors.New("an unclosed class")
}

// HooksFileMatcher is the matcher of a hooks file's hook as Kiro reads it
// for the tool triggers: no matcher (""), or "*", selects every tool;
// anything else is a regular expression searched for anywhere in the
// tool's name ("fs_" selects fs_read and fs_write), with the renamed tools'
// either name, as for Matcher. Kiro reads it as a JavaScript expression;
// one Go's regexp cannot read (a lookaround, a backreference) is an error,
// never a guess. HooksFileMatcher panics on an error; CompileHooksFileMatcher
// returns it.
func HooksFileMatcher(pattern string) hookchain.Matcher {
	m, err := CompileHooksFileMatcher(pattern)
	if err != nil {
		panic(err.Error())
	}
	return m
}

// CompileHooksFileMatcher is HooksFileMatcher for patterns read from
// configuration.
func CompileHooksFileMatcher(pattern string) (hookchain.Matcher, error) {
	if pattern == "" || pattern == "*" {
		return hookchain.Any(), nil
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, fmt.Errorf("kiro: matcher %q: Kiro reads it as a JavaScript expression, which Go cannot read: %w", pattern, err)
	}
	return regexMatcher{pattern: pattern, re: re}, nil
}

type regexMatcher struct {
	pattern string
	re      *regexp.Regexp
}

func (m regexMatcher) Match(e hookchain.Event) bool {
	if m.re.MatchString(e.Tool) {
		return true
	}
	other, ok := renamed[e.Tool]
	return ok && m.re.MatchString(other)
}

func (m regexMatcher) String() string { return fmt.Sprintf("kiro.HooksFileMatcher(%q)", m.pattern) }
