package hookchain

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"reflect"
	"runtime"
	"strconv"
)

// derivedID is a chain's default ID: a digest of what decides in each link —
// its name, hooks, timeout and failure policy, its interceptor's function
// and its matcher, functions and what its values hold included — so that the same
// configuration, rebuilt after a restart or a reload, keeps its sessions'
// latches and honours its tickets, and a chain whose logic changed does
// neither.
//
// A function is named as the runtime names it ("main.noForcePush",
// "example.com/guards.Build.func2"): the same code under the same name in
// every build, where its address is not. Two closures of one function
// literal share that name; what they captured is theirs alone, and tells
// them apart only through what it made of the link (its name, matcher,
// options) and through [Link.Identity], which says what it was built from.
func derivedID(links []Link) string {
	h := sha256.New()
	for _, l := range links {
		io.WriteString(h, l.String())
		h.Write([]byte{0})
		io.WriteString(h, funcName(l.fn))
		h.Write([]byte{0})
		io.WriteString(h, strconv.Quote(l.identity))
		h.Write([]byte{0})
		writeIdentity(h, l.match)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// writeIdentity writes what m is beyond what its String says: the function
// of a MatchFunc, and the value of a matcher of the user's own type, which
// says no more of itself than its type. Combinators are walked, so a
// MatchFunc inside And counts as one outside it.
func writeIdentity(w io.Writer, m Matcher) {
	switch m := m.(type) {
	case andMatcher:
		for _, c := range m {
			writeIdentity(w, c)
		}
	case orMatcher:
		for _, c := range m {
			writeIdentity(w, c)
		}
	case notMatcher:
		writeIdentity(w, m.m)
	case MatchFunc:
		io.WriteString(w, funcName(m))
	case anyMatcher, toolMatcher, globMatcher, regexpMatcher, inputMatcher:
		// Their String says all of what they are.
	default:
		// What a value holds, through its pointers, is what it decides
		// by; where it lies is not.
		writeValue(w, reflect.ValueOf(m))
	}
	w.Write([]byte{0})
}

// funcName is the runtime's name for the function f holds, or "" for nil.
func funcName(f any) string {
	v := reflect.ValueOf(f)
	if v.Kind() != reflect.Func || v.IsNil() {
		return ""
	}
	return funcNameAt(v.Pointer())
}

// funcNameAt is the runtime's name for the function whose code is at pc.
func funcNameAt(pc uintptr) string {
	if fn := runtime.FuncForPC(pc); fn != nil {
		return fn.Name()
	}
	return ""
}
