package hookchain

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/tidwall/gjson"

	"github.com/hookchain/hookchain/internal/jsonscan"
)

// Matcher picks the calls a link is asked about. It is shown the event as the
// chain has left it, so a matcher on the input sees every Modify made by
// earlier links.
//
// Match must be fast, must not block, and must not modify the event's bytes:
// it runs for every call at the link's hook. A matcher of your own is one
// MatchFunc away; the ones built here also tell the chain which tool names
// they can match ([ToolNamer]), so that a link for other tools is never even
// asked, and a matcher of your own can tell it too.
//
// Match is called from many goroutines at once, one for each call being
// run, so a matcher must be safe for concurrent use: the ones built here
// are, holding nothing that a call changes.
type Matcher interface {
	Match(e Event) bool
}

// MatchFunc adapts a plain function to a Matcher.
type MatchFunc func(e Event) bool

// Match calls f(e).
func (f MatchFunc) Match(e Event) bool { return f(e) }

// ToolNamer is implemented by a Matcher that can only ever match calls to
// a known set of tools: Tool, a ToolGlob without '*', a ToolRegexp whose
// language is a few literal names, an And with such a member and an Or of
// them, and any matcher of your own that says so. A chain files a link
// whose matcher is a ToolNamer under those names when it is built, and puts
// the link only to calls to them, at the cost of one lookup for the whole
// chain rather than a Match for each link.
//
// The names are the matcher's promise, and the chain keeps it for the
// matcher: wherever a ToolNamer stands in a link's matcher (alone, or in an
// And, an Or or a Not), the chain asks it only about calls to the tools it
// names, and takes it as not matching any other, as if it were
// And(Tool(names...), m). A Match that would accept a tool the names leave
// out is a mistake, and its own link's alone: that link is never asked
// about that tool, while every other link is asked as it would be without
// it. So list every tool Match can accept; a guard for tools not known in
// advance reports none.
//
// ToolNames is called when the chain is built, perhaps more than once, and
// never for a call; the chain keeps a copy. Names are compared exactly.
// Nil means any tool, and so, for a matcher of your own, does a list with no
// non-empty name, and a ToolNames that panics: a mistake there makes the
// link asked about every call, never about none. (An And of built-in
// matchers whose sets do not meet reports an empty, non-nil list: it can
// match no tool.)
type ToolNamer interface {
	ToolNames() []string
}

// toolNamer is ToolNamer for the matchers built here, whose names are
// trusted as they are and not copied.
type toolNamer interface {
	toolNames() []string
}

// Any matches every call.
func Any() Matcher { return anyMatcher{} }

type anyMatcher struct{}

func (anyMatcher) Match(Event) bool { return true }
func (anyMatcher) String() string   { return "Any()" }

// Tool matches calls to any of the named tools, compared exactly. It panics
// when given no names or an empty one; CompileTool returns the error
// instead.
func Tool(names ...string) Matcher { return must(CompileTool(names...)) }

// CompileTool is Tool for names read from configuration.
func CompileTool(names ...string) (Matcher, error) {
	if len(names) == 0 {
		return nil, errors.New("hookchain: Tool(): no tool names")
	}
	if slices.Contains(names, "") {
		return nil, errors.New("hookchain: Tool(): empty tool name")
	}
	return toolMatcher(dedupe(names)), nil
}

type toolMatcher []string

func (m toolMatcher) Match(e Event) bool { return m.has(e.Tool) }

func (m toolMatcher) has(tool string) bool {
	for _, n := range m {
		if n == tool {
			return true
		}
	}
	return false
}

func (m toolMatcher) toolNames() []string { return m }

// ToolNames returns the names Tool was given, without repeats.
func (m toolMatcher) ToolNames() []string { return slices.Clone(m.toolNames()) }
func (m toolMatcher) String() string      { return "Tool(" + quoteAll(m) + ")" }

// ToolGlob matches tool names against a pattern in which '*' stands for any
// run of characters (including none) and '|' separates alternatives, e.g.
// "mcp__github__*|Bash". Spaces around an alternative are ignored; every other
// character stands for itself. It panics on a pattern with an empty
// alternative; CompileToolGlob returns the error instead.
func ToolGlob(pattern string) Matcher { return must(CompileToolGlob(pattern)) }

// CompileToolGlob is ToolGlob for patterns read from configuration: it
// returns an error instead of panicking.
func CompileToolGlob(pattern string) (Matcher, error) {
	alts := strings.Split(pattern, "|")
	wild := false
	for i, a := range alts {
		a = strings.TrimSpace(a)
		if a == "" {
			return nil, fmt.Errorf("hookchain: ToolGlob(%q): empty alternative", pattern)
		}
		alts[i] = a
		wild = wild || strings.Contains(a, "*")
	}
	if !wild {
		// No wildcard: a list of exact names, dispatched like Tool.
		return globMatcher{pattern: pattern, alts: dedupe(alts), exact: true}, nil
	}
	return globMatcher{pattern: pattern, alts: alts}, nil
}

type globMatcher struct {
	pattern string
	alts    []string
	exact   bool
}

func (m globMatcher) Match(e Event) bool {
	for _, a := range m.alts {
		if globMatch(a, e.Tool) {
			return true
		}
	}
	return false
}

func (m globMatcher) toolNames() []string {
	if m.exact {
		return m.alts
	}
	return nil
}

// ToolNames returns the pattern's alternatives when none has a '*', and nil
// (any tool) when one has.
func (m globMatcher) ToolNames() []string { return slices.Clone(m.toolNames()) }

func (m globMatcher) String() string { return "ToolGlob(" + strconv.Quote(m.pattern) + ")" }

// globMatch reports whether s matches pat, where '*' matches any run of bytes.
// It backtracks only to the most recent '*', which is enough for this
// grammar and keeps the match linear in practice.
func globMatch(pat, s string) bool {
	p, i := 0, 0
	star, mark := -1, 0
	for i < len(s) {
		switch {
		case p < len(pat) && pat[p] == '*':
			star, mark = p, i
			p++
		case p < len(pat) && pat[p] == s[i]:
			p++
			i++
		case star >= 0:
			mark++
			p, i = star+1, mark
		default:
			return false
		}
	}
	for p < len(pat) && pat[p] == '*' {
		p++
	}
	return p == len(pat)
}

// ToolRegexp matches tool names against a Go regular expression anchored at
// both ends: ToolRegexp("Edit|Write") matches "Edit" but not "NotebookEdit".
// It panics on an invalid expression; CompileToolRegexp returns the error.
func ToolRegexp(expr string) Matcher { return must(CompileToolRegexp(expr)) }

// CompileToolRegexp is ToolRegexp for expressions read from configuration.
func CompileToolRegexp(expr string) (Matcher, error) {
	if _, err := regexp.Compile(expr); err != nil {
		return nil, fmt.Errorf("hookchain: ToolRegexp(%q): %w", expr, err)
	}
	// Anchor the parsed expression, not the text: wrapped as text, "a)|(b"
	// would compile into an unanchored alternation and "\\Qa" would quote the
	// closing anchor.
	parsed, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil, fmt.Errorf("hookchain: ToolRegexp(%q): %w", expr, err)
	}
	re, err := regexp.Compile(`^(?:` + parsed.String() + `)$`)
	if err != nil {
		return nil, fmt.Errorf("hookchain: ToolRegexp(%q): %w", expr, err)
	}
	return regexpMatcher{expr: expr, re: re, names: literalNames(parsed)}, nil
}

type regexpMatcher struct {
	expr  string
	re    *regexp.Regexp
	names []string
}

func (m regexpMatcher) Match(e Event) bool  { return m.re.MatchString(e.Tool) }
func (m regexpMatcher) toolNames() []string { return m.names }

// ToolNames returns the names the expression's language holds when it is a
// few literal names, and nil (any tool) otherwise.
func (m regexpMatcher) ToolNames() []string { return slices.Clone(m.toolNames()) }
func (m regexpMatcher) String() string      { return "ToolRegexp(" + strconv.Quote(m.expr) + ")" }

// literalNames returns every name an expression can match when they are few
// and finite ("Bash", "Edit|Write", "Edit|Exec", "mcp__(a|b)__read"), so
// that such a ToolRegexp is dispatched by name like Tool. Anything with a
// repetition, a wildcard or too many names returns nil: it is matched, not
// dispatched, which is correct, only slower.
func literalNames(re *syntax.Regexp) []string {
	names, ok := finite(re.Simplify(), maxNames)
	if !ok || len(names) == 0 || len(names) > maxNames {
		return nil
	}
	return dedupe(names)
}

// maxNames bounds how many names a regexp may expand to and still be
// dispatched by name.
const maxNames = 64

// finite enumerates the strings re matches when there are at most limit of
// them.
func finite(re *syntax.Regexp, limit int) ([]string, bool) {
	switch re.Op {
	case syntax.OpEmptyMatch:
		return []string{""}, true
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		for _, r := range re.Rune {
			if !utf8.ValidRune(r) {
				// A surrogate is no character of a valid name: string(r)
				// would be U+FFFD, which the expression does not match.
				return []string{}, true
			}
		}
		return []string{string(re.Rune)}, true
	case syntax.OpCharClass:
		var out []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				if !utf8.ValidRune(r) {
					continue // a surrogate: see OpLiteral
				}
				if len(out) == limit {
					return nil, false
				}
				out = append(out, string(r))
			}
		}
		return out, true
	case syntax.OpCapture:
		return finite(re.Sub[0], limit)
	case syntax.OpQuest:
		sub, ok := finite(re.Sub[0], limit-1)
		return append(sub, ""), ok
	case syntax.OpAlternate:
		var out []string
		for _, s := range re.Sub {
			sub, ok := finite(s, limit-len(out))
			if !ok {
				return nil, false
			}
			out = append(out, sub...)
		}
		return out, true
	case syntax.OpConcat:
		out := []string{""}
		for _, s := range re.Sub {
			sub, ok := finite(s, limit)
			if !ok || len(out)*len(sub) > limit {
				return nil, false
			}
			next := make([]string, 0, len(out)*len(sub))
			for _, a := range out {
				for _, b := range sub {
					next = append(next, a+b)
				}
			}
			out = next
		}
		return out, true
	}
	return nil, false
}

// InputEquals matches when the value at the gjson path of the input equals v.
// v may be a string, a bool, nil (JSON null), any Go integer or float type, or
// a json.Number; numbers compare as numbers, so 30 matches 30, 30.0 and 3e1.
// A path that yields several values ("edits.#.file_path") matches when any of
// them equals v. It panics on an empty path or another type of v;
// [CompileInputEquals] returns the error.
//
// See https://github.com/tidwall/gjson/blob/master/SYNTAX.md for paths.
func InputEquals(path string, v any) Matcher { return must(CompileInputEquals(path, v)) }

// CompileInputEquals is InputEquals for paths and values read from
// configuration.
func CompileInputEquals(path string, v any) (Matcher, error) {
	if err := jsonscan.PathError(path); err != "" {
		return nil, fmt.Errorf("hookchain: InputEquals(%q): %s", path, err)
	}
	want, err := newScalar(v)
	if err != nil {
		return nil, fmt.Errorf("hookchain: InputEquals(%q, %#v): %v", path, v, err)
	}
	return inputMatcher{path: inputPath(path), kind: "InputEquals", arg: v, eq: want}, nil
}

// InputMatches matches when the value at the gjson path of the input is a
// string that the Go regular expression expr matches. The expression is not
// anchored (use ^ and $ for that); a non-string value never matches. A path
// that yields several values matches when any of them does. It panics on an
// empty path or an invalid expression; CompileInputMatches returns the error.
func InputMatches(path, expr string) Matcher { return must(CompileInputMatches(path, expr)) }

// CompileInputMatches is InputMatches for expressions read from
// configuration.
func CompileInputMatches(path, expr string) (Matcher, error) {
	if err := jsonscan.PathError(path); err != "" {
		return nil, fmt.Errorf("hookchain: InputMatches(%q, %q): %s", path, expr, err)
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("hookchain: InputMatches(%q, %q): %w", path, expr, err)
	}
	prefix, _ := re.LiteralPrefix()
	return inputMatcher{path: inputPath(path), kind: "InputMatches", arg: expr, re: re, prefix: prefix}, nil
}

// InputExists matches when the gjson path is present in the input, even if
// its value is null. A path that yields several values matches when it yields
// at least one. It panics on an empty path or a gjson literal ("!true");
// CompileInputExists returns the error instead.
func InputExists(path string) Matcher { return must(CompileInputExists(path)) }

// CompileInputExists is InputExists for paths read from configuration.
func CompileInputExists(path string) (Matcher, error) {
	if err := jsonscan.PathError(path); err != "" {
		return nil, fmt.Errorf("hookchain: InputExists(%q): %s", path, err)
	}
	return inputMatcher{path: inputPath(path), kind: "InputExists"}, nil
}

// inputMatcher is every input-field matcher: one path lookup, then a test on
// each value it yields.
type inputMatcher struct {
	path jsonscan.Path
	kind string
	arg  any
	eq   *scalar        // InputEquals
	re   *regexp.Regexp // InputMatches
	// prefix is what every match of re begins with, if anything: a value
	// without it cannot match, and saying so costs a substring search
	// rather than a run of the regexp.
	prefix string
}

func (m inputMatcher) Match(e Event) bool { return m.matchIndexed(e.Input, nil) }

// matchIndexed is Match on an input that ix indexes, or with ix nil or
// unknown. A top-level key is read from the index, and a plain string
// there is tested as it stands; anything else is read by path.
func (m *inputMatcher) matchIndexed(input []byte, ix *jsonscan.Index) bool {
	if raw, escaped, known := m.path.Indexed(input, ix); known {
		switch {
		case m.eq == nil && m.re == nil:
			return raw != nil
		case raw == nil:
			return m.test(gjson.Result{})
		case m.re != nil && raw[0] != '"':
			return false // not a string
		case m.re != nil && !escaped:
			return m.matchString(unsafe.String(&raw[1], len(raw)-2))
		}
		if r, ok := jsonscan.IndexedResult(raw, escaped); ok {
			return m.test(r)
		}
	}
	if m.eq == nil && m.re == nil {
		return m.path.Exists(input)
	}
	return m.path.Any(input, m.test)
}

func (m *inputMatcher) test(r gjson.Result) bool {
	switch {
	case m.eq != nil:
		return m.eq.equal(r)
	case m.re != nil:
		return r.Type == gjson.String && m.matchString(r.Str)
	}
	return r.Exists()
}

// matchString runs InputMatches's expression on a string value.
func (m *inputMatcher) matchString(s string) bool {
	return (m.prefix == "" || strings.Contains(s, m.prefix)) && m.re.MatchString(s)
}

func (m inputMatcher) String() string {
	switch m.kind {
	case "InputExists":
		return fmt.Sprintf("InputExists(%q)", m.path.String())
	case "InputMatches":
		return fmt.Sprintf("InputMatches(%q, %q)", m.path.String(), m.arg)
	}
	if n, ok := m.arg.(json.Number); ok {
		return fmt.Sprintf("InputEquals(%q, json.Number(%q))", m.path.String(), string(n))
	}
	return fmt.Sprintf("InputEquals(%q, %#v)", m.path.String(), m.arg)
}

// inputPath is a path checked by its constructor.
func inputPath(path string) jsonscan.Path {
	p, _ := jsonscan.CompilePath(path)
	return p
}

// scalar is a JSON value to compare with, fixed at construction.
type scalar struct {
	t gjson.Type
	s string  // String: the value; Number: the canonical decimal of an integer, or ""
	f float64 // Number: the value as a float
}

func newScalar(v any) (*scalar, error) {
	switch x := v.(type) {
	case nil:
		return &scalar{t: gjson.Null}, nil
	case string:
		return &scalar{t: gjson.String, s: x}, nil
	case bool:
		if x {
			return &scalar{t: gjson.True}, nil
		}
		return &scalar{t: gjson.False}, nil
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) || !gjson.Valid(string(x)) {
			return nil, fmt.Errorf("invalid json.Number %q", string(x))
		}
		return &scalar{t: gjson.Number, s: canonicalInt(string(x)), f: f}, nil
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return &scalar{t: gjson.Number, s: strconv.FormatInt(rv.Int(), 10), f: float64(rv.Int())}, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return &scalar{t: gjson.Number, s: strconv.FormatUint(rv.Uint(), 10), f: float64(rv.Uint())}, nil
	case reflect.Float32, reflect.Float64:
		f := rv.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("%v has no JSON form", f)
		}
		return &scalar{t: gjson.Number, f: f}, nil
	}
	return nil, fmt.Errorf("cannot compare with a %T (want a string, bool, nil, number or json.Number)", v)
}

// canonicalInt returns the JSON integer literal s in the one form JSON allows
// for it ("-0" is "0"), or "" when s is not an integer literal.
func canonicalInt(s string) string {
	d := strings.TrimPrefix(s, "-")
	if d == "" || strings.TrimLeft(d, "0123456789") != "" || len(d) > 1 && d[0] == '0' {
		return ""
	}
	if d == "0" {
		return d
	}
	return s
}

func (w *scalar) equal(r gjson.Result) bool {
	if r.Type != w.t {
		return false
	}
	switch w.t {
	case gjson.String:
		return r.Str == w.s
	case gjson.Number:
		// Two integer literals are compared as written, because beyond 2^53
		// different integers share a float64. Anything with a fraction or an
		// exponent (30.0, 3e1) is compared as a number.
		if w.s != "" {
			if lit := canonicalInt(r.Raw); lit != "" {
				return lit == w.s
			}
		}
		return r.Num == w.f
	case gjson.Null:
		return r.Exists()
	}
	return true // True and False carry no value beyond their type
}

// And matches when every one of ms matches. Its members are tried in order
// and it stops at the first that does not match, so put cheap matchers (tool
// names) first. It panics when given no matchers or a nil one; CompileAnd
// returns the error instead.
func And(ms ...Matcher) Matcher { return must(CompileAnd(ms...)) }

// CompileAnd is And for matchers built from configuration, where a member
// may be missing.
func CompileAnd(ms ...Matcher) (Matcher, error) {
	if err := membersError("And", ms); err != nil {
		return nil, err
	}
	return andMatcher(ms), nil
}

type andMatcher []Matcher

func (m andMatcher) Match(e Event) bool {
	for _, x := range m {
		if !x.Match(e) {
			return false
		}
	}
	return true
}

// toolNames of an And is the intersection of its members' sets: a call to a
// tool outside any member's set can never match.
func (m andMatcher) toolNames() []string {
	var set []string
	known := false
	for _, x := range m {
		names := toolNamesOf(x)
		if names == nil {
			continue
		}
		if !known {
			set, known = append([]string{}, names...), true
			continue
		}
		in := make(map[string]bool, len(names))
		for _, n := range names {
			in[n] = true
		}
		kept := set[:0]
		for _, n := range set {
			if in[n] {
				kept = append(kept, n)
			}
		}
		set = kept
	}
	return set
}

// ToolNames returns the names every member that reports names shares, nil
// (any tool) when none reports them, and an empty list when they share none.
func (m andMatcher) ToolNames() []string { return slices.Clone(m.toolNames()) }

func (m andMatcher) String() string { return "And(" + joinMatchers(m) + ")" }

// Or matches when any one of ms matches, trying them in order. It panics when
// given no matchers or a nil one; CompileOr returns the error instead.
func Or(ms ...Matcher) Matcher { return must(CompileOr(ms...)) }

// CompileOr is Or for matchers built from configuration, where a member may
// be missing.
func CompileOr(ms ...Matcher) (Matcher, error) {
	if err := membersError("Or", ms); err != nil {
		return nil, err
	}
	return orMatcher(ms), nil
}

type orMatcher []Matcher

func (m orMatcher) Match(e Event) bool {
	for _, x := range m {
		if x.Match(e) {
			return true
		}
	}
	return false
}

// toolNames of an Or is the union of its members' sets, known only when
// every member's is.
func (m orMatcher) toolNames() []string {
	set := []string{}
	for _, x := range m {
		names := toolNamesOf(x)
		if names == nil {
			return nil
		}
		set = append(set, names...)
	}
	return dedupe(set)
}

// ToolNames returns every name its members report, when each reports them,
// and nil (any tool) otherwise.
func (m orMatcher) ToolNames() []string { return slices.Clone(m.toolNames()) }

func (m orMatcher) String() string { return "Or(" + joinMatchers(m) + ")" }

// Not matches when m does not. It panics when m is nil; CompileNot returns
// the error instead.
func Not(m Matcher) Matcher { return must(CompileNot(m)) }

// CompileNot is Not for a matcher built from configuration, which may be
// missing: the negation of no matcher would match every call.
func CompileNot(m Matcher) (Matcher, error) {
	if m == nil {
		return nil, errors.New("hookchain: Not(): nil matcher")
	}
	return notMatcher{m}, nil
}

type notMatcher struct{ m Matcher }

func (n notMatcher) Match(e Event) bool { return !n.m.Match(e) }
func (n notMatcher) String() string     { return "Not(" + matcherString(n.m) + ")" }

// membersError is what makes ms no members of an And or an Or (ctor).
func membersError(ctor string, ms []Matcher) error {
	if len(ms) == 0 {
		return errors.New("hookchain: " + ctor + "(): no matchers")
	}
	for i, m := range ms {
		if m == nil {
			return fmt.Errorf("hookchain: %s(): matcher %d is nil", ctor, i)
		}
	}
	return nil
}

// isNameMatcher reports whether m is nothing but a set of tool names, so
// that dispatching a call by its tool name is the whole match.
func isNameMatcher(m Matcher) bool {
	switch m := m.(type) {
	case toolMatcher:
		return true
	case globMatcher:
		return m.exact
	case regexpMatcher:
		return m.names != nil
	}
	return false
}

func toolNamesOf(m Matcher) []string {
	switch t := m.(type) {
	case toolNamer:
		return t.toolNames()
	case ToolNamer:
		return reportedNames(t)
	}
	return nil
}

// reportedNames is what a matcher of the user's own reports of its tools,
// as the chain takes it: a copy, without repeats or empty names; nil (any
// tool, asked about every call) when it reports no name, or panics.
func reportedNames(t ToolNamer) (names []string) {
	defer func() {
		if recover() != nil {
			names = nil
		}
	}()
	for _, n := range t.ToolNames() {
		if n != "" {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return nil
	}
	return dedupe(names)
}

// ownNames is toolNamesOf for a matcher of the user's own, and nil for the
// ones built here.
func ownNames(m Matcher) []string {
	if _, builtin := m.(toolNamer); builtin {
		return nil
	}
	if t, ok := m.(ToolNamer); ok {
		return reportedNames(t)
	}
	return nil
}

func matcherString(m Matcher) string {
	if s, ok := m.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", m)
}

func joinMatchers(ms []Matcher) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = matcherString(m)
	}
	return strings.Join(parts, ", ")
}

func quoteAll(names []string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = strconv.Quote(n)
	}
	return strings.Join(parts, ", ")
}

func contains(names []string, n string) bool {
	for _, x := range names {
		if x == n {
			return true
		}
	}
	return false
}

// dedupe returns names without repeats, in first-seen order, as a new slice.
// A set keeps it linear: configuration can list many thousands of tools.
func dedupe(names []string) []string {
	out := make([]string, 0, len(names))
	seen := make(map[string]struct{}, len(names))
	for _, n := range names {
		if _, dup := seen[n]; !dup {
			seen[n] = struct{}{}
			out = append(out, n)
		}
	}
	return out
}

// must is a panicking constructor's end: its twin's error, as the panic's
// value, is the one validation both forms share.
func must(m Matcher, err error) Matcher {
	if err != nil {
		panic(err.Error())
	}
	return m
}
