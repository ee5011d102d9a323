package hookchain

import "github.com/hookchain/hookchain/internal/jsonscan"

// test is a link's matcher as the walk asks it. The matchers built here are
// compiled, when the chain is built, into a tree evaluated by one concrete
// function, which takes the event by reference and an index of its input
// (see jsonscan.Index) left by the pass that validated it. Asked through
// Match, every member of every And would copy the whole event, and every
// input matcher would read the input again to find a key the validation has
// just walked past. A matcher of another kind is asked through its Match,
// as it would be anyway.
type test struct {
	op    testOp
	tools toolMatcher   // opTool
	input *inputMatcher // opInput
	kids  []test        // opAnd, opOr; opNot has one
	m     Matcher       // opMatch
}

type testOp uint8

// opMatch is the zero testOp, so that a test never compiled asks a nil
// matcher, panics, and fails its link closed, rather than matching every
// call.
const (
	opMatch testOp = iota // any other matcher: its own Match
	opTrue                // Any(), or a name set the dispatch has already matched
	opTool                // one of the names
	opInput               // an input matcher
	opAnd
	opOr
	opNot
)

// compileTest compiles m. A link that the chain files by tool name is put
// only to calls to those tools, so for it (dispatched) a matcher that is
// nothing but names, or such a member of its And, always holds and is
// dropped, and a matcher of the user's own that names its tools is asked
// without checking the name again.
func compileTest(m Matcher, dispatched bool) test {
	if dispatched && isNameMatcher(m) {
		return test{op: opTrue}
	}
	switch m := m.(type) {
	case anyMatcher:
		return test{op: opTrue}
	case toolMatcher:
		return test{op: opTool, tools: m}
	case inputMatcher:
		return test{op: opInput, input: &m}
	case andMatcher:
		t := test{op: opAnd}
		for _, x := range m {
			if dispatched && isNameMatcher(x) {
				continue
			}
			t.kids = append(t.kids, compileTest(x, false))
		}
		switch len(t.kids) {
		case 0:
			return test{op: opTrue}
		case 1:
			return t.kids[0]
		}
		return t
	case orMatcher:
		t := test{op: opOr}
		for _, x := range m {
			t.kids = append(t.kids, compileTest(x, false))
		}
		return t
	case notMatcher:
		return test{op: opNot, kids: []test{compileTest(m.m, false)}}
	}
	if names := ownNames(m); names != nil && !dispatched {
		// A matcher of the user's own that names its tools is asked only
		// about calls to them, wherever it stands (see ToolNamer): where
		// the dispatch has not already matched the name, the test does.
		return test{op: opAnd, kids: []test{{op: opTool, tools: toolMatcher(names)}, {op: opMatch, m: m}}}
	}
	return test{op: opMatch, m: m}
}

// match reports whether the event matches. ix indexes e.Input, or is
// unknown.
func (t *test) match(e *Event, ix *jsonscan.Index) bool {
	switch t.op {
	case opTrue:
		return true
	case opTool:
		return t.tools.has(e.Tool)
	case opInput:
		return t.input.matchIndexed(e.Input, ix)
	case opAnd:
		for i := range t.kids {
			if !t.kids[i].match(e, ix) {
				return false
			}
		}
		return true
	case opOr:
		for i := range t.kids {
			if t.kids[i].match(e, ix) {
				return true
			}
		}
		return false
	case opNot:
		return !t.kids[0].match(e, ix)
	}
	return t.m.Match(*e)
}
