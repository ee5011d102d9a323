package settings

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode"

	"github.com/hookchain/hookchain"
)

// MatcherKind says how Claude Code reads a matcher, which is decided by the
// characters it is written with.
type MatcherKind string

const (
	// MatchAll is "*", "" or an omitted matcher: every tool.
	MatchAll MatcherKind = "all"
	// MatchNames is a matcher of only ASCII letters, digits, '_', '-',
	// spaces, ',' and '|': a list of exact tool names ("Edit|Write").
	MatchNames MatcherKind = "names"
	// MatchRegexp is any other matcher: an unanchored regular expression
	// ("mcp__memory__.*" matches any tool whose name contains a match).
	MatchRegexp MatcherKind = "regexp"
)

// CompileMatcher turns a Claude Code matcher into a hookchain matcher on the
// tool name, with Claude Code's meaning:
//
//   - "*" and "" match every tool (hookchain.Any).
//   - A matcher written only with ASCII letters, digits, '_', '-', spaces,
//     ',' and '|' is a list of exact names, split on '|' and ',' with the
//     spaces around each name trimmed (hookchain.Tool, so a chain dispatches
//     calls to it by name). "mcp__memory" is an exact name and matches no
//     tool called "mcp__memory__store".
//   - Anything else is a regular expression that matches when it matches
//     any part of the tool name, as JavaScript's RegExp.test does:
//     "^Notebook" and "Edit.*" are searches, not whole-name matches.
//
// The expression runs on Go's RE2 engine, not JavaScript's. Most matchers
// mean the same in both; where they do not, CompileMatcher returns an error
// rather than a matcher with another meaning: lookaround ((?=, (?!, (?<=,
// (?<!) and backreferences (\1) do not exist in RE2, and the escapes \A, \z,
// \Q, \E, \C, \p, \P and \a, POSIX classes such as [[:alpha:]], and the
// classes [] and [^] are plain letters, brackets, nothing or anything to
// JavaScript but anchors, quoting, byte and Unicode classes, or the start of
// a longer class, to Go. Differences that remain: \s is ASCII whitespace in
// Go and Unicode whitespace in JavaScript, and Go accepts flag groups such
// as (?i) that older JavaScript engines reject. Tool names are ASCII in
// practice, so neither changes what a real matcher matches.
//
// A names matcher that names no tool ("|", " , ") is an error: it would
// silently match nothing.
func CompileMatcher(text string) (hookchain.Matcher, MatcherKind, error) {
	switch {
	case text == "" || text == "*":
		return hookchain.Any(), MatchAll, nil
	case isNameList(text):
		names := nameList(text)
		if len(names) == 0 {
			return nil, MatchNames, fmt.Errorf("matcher %q names no tool", text)
		}
		m, err := hookchain.CompileTool(names...)
		return m, MatchNames, err
	}
	m, err := compileSearch(text)
	if err != nil {
		return nil, MatchRegexp, err
	}
	return m, MatchRegexp, nil
}

// nameList splits a names matcher into its names.
func nameList(text string) []string {
	var names []string
	for _, n := range strings.FieldsFunc(text, func(r rune) bool { return r == '|' || r == ',' }) {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	return names
}

// isNameList reports whether a matcher is in Claude Code's exact-name class.
func isNameList(text string) bool {
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '_', c == '-', c == ' ', c == ',', c == '|':
		default:
			return false
		}
	}
	return true
}

// compileSearch compiles an unanchored tool-name regexp.
func compileSearch(expr string) (hookchain.Matcher, error) {
	if err := jsIncompatible(expr); err != "" {
		return nil, fmt.Errorf("matcher %q: %s", expr, err)
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("matcher %q is not a regular expression Go can run: %w", expr, err)
	}
	// A search anchored at both ends ("^(Edit|Write)$") is a whole-name
	// match: hand it to hookchain.ToolRegexp, which dispatches small finite
	// ones by name. Only the parse tree can tell: as text, "^a|b$" looks
	// anchored but is not.
	if inner, ok := anchoredInner(expr); ok {
		if m, err := hookchain.CompileToolRegexp(inner); err == nil {
			return m, nil
		}
	}
	return searchMatcher{expr: expr, re: re}, nil
}

// anchoredInner returns the expression between a leading ^ and a trailing $
// when the whole expression is one concatenation anchored at both ends of
// the text.
func anchoredInner(expr string) (string, bool) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return "", false
	}
	if re.Op != syntax.OpConcat || len(re.Sub) < 2 {
		return "", false
	}
	first, last := re.Sub[0], re.Sub[len(re.Sub)-1]
	if first.Op != syntax.OpBeginText || last.Op != syntax.OpEndText {
		return "", false
	}
	inner := &syntax.Regexp{Op: syntax.OpConcat, Flags: re.Flags, Sub: re.Sub[1 : len(re.Sub)-1]}
	if len(inner.Sub) == 0 {
		inner = &syntax.Regexp{Op: syntax.OpEmptyMatch}
	}
	return inner.String(), true
}

// jsIncompatible returns why expr would mean something else to JavaScript
// than to Go, or "". Lookaround and backreferences are left to Go's parser,
// which rejects them.
func jsIncompatible(expr string) string {
	for i := 0; i < len(expr); i++ {
		switch expr[i] {
		case '\\':
			if i+1 == len(expr) {
				return ""
			}
			i++
			switch c := expr[i]; c {
			case 'A', 'z', 'Q', 'E', 'C', 'p', 'P', 'a':
				return fmt.Sprintf(`\%c means something else in Go than in JavaScript (where it is the letter %c); write what you mean without it`, c, c)
			}
		case '[':
			switch rest := expr[i:]; {
			case strings.HasPrefix(rest, "[[:"):
				return "POSIX classes such as [[:alpha:]] mean something else in Go than in JavaScript; write the class out, e.g. [a-zA-Z]"
			case strings.HasPrefix(rest, "[]"), strings.HasPrefix(rest, "[^]"):
				return "[] and [^] are an empty class and any character in JavaScript, but open a class containing ']' in Go"
			}
		}
	}
	return ""
}

// searchMatcher matches tool names that contain a match of re.
type searchMatcher struct {
	expr string
	re   *regexp.Regexp
}

func (m searchMatcher) Match(e hookchain.Event) bool { return m.re.MatchString(e.Tool) }
func (m searchMatcher) String() string               { return "ToolSearch(" + strconv.Quote(m.expr) + ")" }

// resultMatcher matches after-call events by whether the result is an error:
// PostToolUse hooks are asked about calls that succeeded and
// PostToolUseFailure hooks about calls that failed.
type resultMatcher bool

func (m resultMatcher) Match(e hookchain.Event) bool { return e.IsError == bool(m) }
func (m resultMatcher) String() string {
	if m {
		return "IsError()"
	}
	return "Not(IsError())"
}

// builtinTools are Claude Code's own tools (its tools reference), and names
// older versions and common setups still use, so that a matcher naming one
// in the wrong case can be told from one naming an MCP tool.
var builtinTools = []string{
	"Agent", "Artifact", "AskUserQuestion", "Bash", "BashOutput", "CronCreate", "CronDelete", "CronList",
	"Edit", "EndConversation", "EnterPlanMode", "EnterWorktree", "ExitPlanMode", "ExitWorktree", "Glob", "Grep",
	"KillShell", "LS", "LSP", "ListAgents", "ListMcpResourcesTool", "Monitor", "MultiEdit", "NotebookEdit",
	"PowerShell", "PushNotification", "Read", "ReadMcpResourceTool", "RemoteTrigger", "ReportFindings",
	"ScheduleWakeup", "SendMessage", "SendUserFile", "Skill", "Task", "TaskCreate", "TaskGet", "TaskList",
	"TaskOutput", "TaskStop", "TaskUpdate", "TodoWrite", "ToolSearch", "WaitForMcpServers", "WebFetch",
	"WebSearch", "Workflow", "Write",
}

// permissionRuleShape is a matcher written as a permission rule,
// "Bash(git *)": which is an "if", not a matcher.
var permissionRuleShape = regexp.MustCompile(`^\s*([A-Za-z][A-Za-z0-9_]*)\((.*)\)\s*$`)

// matcherWarning says why a valid matcher is very likely not what its
// author meant, and what to write instead, or "".
func matcherWarning(text string, kind MatcherKind) string {
	switch kind {
	case MatchNames:
		for _, n := range nameList(text) {
			for _, t := range builtinTools {
				if n != t && strings.EqualFold(n, t) {
					return fmt.Sprintf("matcher %q names %q, which is no tool: tool names are case-sensitive; write %q", text, n, t)
				}
			}
		}
	case MatchRegexp:
		if m := permissionRuleShape.FindStringSubmatch(text); m != nil {
			return fmt.Sprintf("matcher %q is a permission rule, and a matcher is only ever compared with the tool name, which it never matches: "+
				`write "matcher": %q and "if": %q on the hook`, text, m[1], text)
		}
		re, err := syntax.Parse(text, syntax.Perl)
		if err == nil && !matchesSomeToolName(re) {
			return fmt.Sprintf("matcher %q can never match a tool name, which is letters, digits, '_', '-' and '.': "+
				`a matcher is compared with the tool name only; to look at the tool's input, put a permission rule such as "Bash(git *)" in the hook's "if"`, text)
		}
	}
	return ""
}

// isToolNameChar reports whether r can be part of a tool name: Claude
// Code's own, or an MCP tool's, mcp__server__tool.
func isToolNameChar(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_' || r == '-' || r == '.'
}

// matchesSomeToolName reports whether re matches at least one string of
// tool-name characters, which an unanchored search needs: a match is a
// substring of the tool name. It errs towards yes.
func matchesSomeToolName(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpNoMatch:
		return false
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if !isToolNameChar(r) && !(re.Flags&syntax.FoldCase != 0 && isToolNameChar(unicode.SimpleFold(r))) {
				return false
			}
		}
		return true
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1] && r < 128; r++ {
				if isToolNameChar(r) {
					return true
				}
			}
		}
		return false
	case syntax.OpCapture, syntax.OpPlus:
		return matchesSomeToolName(re.Sub[0])
	case syntax.OpRepeat:
		return re.Min == 0 || matchesSomeToolName(re.Sub[0])
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if !matchesSomeToolName(sub) {
				return false
			}
		}
		return true
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			if matchesSomeToolName(sub) {
				return true
			}
		}
		return false
	}
	return true // empty, anchors, any character, a star or a question mark
}
