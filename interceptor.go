package hookchain

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"
)

// Interceptor answers one event. It is given the event as the links before it
// left it and returns its own Outcome, built with Allow, Deny, Modify or
// Replace.
//
// Returning an error means "I could not decide": the chain records it as this
// link's failure, and fails closed unless the link was built with FailOpen. An
// interceptor that has decided to refuse returns Deny, not an error.
//
// An interceptor must honour ctx. A link without a Timeout is called on the
// caller's goroutine, and the chain waits for it; give a Timeout to any link
// that may block, and the chain stops waiting when it runs out.
//
// A chain is used by many goroutines at once, so an interceptor is called
// from many goroutines at once, for different calls: whatever it shares
// between calls (a counter, a cache, a connection) it must guard itself.
type Interceptor func(ctx context.Context, e Event) (Outcome, error)

// hookSet is the set of hooks a link is asked at.
type hookSet uint8

const (
	atBefore hookSet = 1 << iota
	atAfter
)

// Link is a named interceptor registered in a chain: the name the trail will
// show, the hooks it is asked at, the matcher that picks its calls, and how
// its failures are treated. Build one with [Before], [After] or [On].
//
// A Link is a value: FailOpen and Timeout return a changed copy. A link built
// with a mistake — an empty name, a nil matcher or interceptor, a Timeout
// that is not positive — carries it to the chain: [New] panics with it and
// [Build] returns it, a [*BuildError], so that links built from
// configuration never panic.
// The zero Link is such a link.
type Link struct {
	name     string
	hooks    hookSet
	match    Matcher
	fn       Interceptor
	failOpen bool
	timeout  time.Duration
	identity string      // what its interceptor was built from, for the chain's ID
	err      *BuildError // the first mistake the link was built with; Build sets its Index

	names      []string // set by Build: the tools the matcher can match (see ToolNamer); nil for any
	byNameOnly bool     // set by Build: the matcher is a pure tool-name set
	test       test     // set by Build: the matcher as the walk asks it
	// said is set by Build, and shared by the copies Links returns: the
	// reason a change by this link last gave the outcome (changeReason).
	said *atomic.Pointer[said]
}

// Before registers fn to be asked before calls that m matches.
func Before(name string, m Matcher, fn Interceptor) Link {
	return newLink("Before", name, atBefore, m, fn)
}

// After registers fn to be asked after calls that m matches.
func After(name string, m Matcher, fn Interceptor) Link {
	return newLink("After", name, atAfter, m, fn)
}

// On registers fn to be asked at both hooks. An interceptor registered with
// On must look at e.Hook: answering Modify after the call, or Replace before
// it, is a failure.
func On(name string, m Matcher, fn Interceptor) Link {
	return newLink("On", name, atBefore|atAfter, m, fn)
}

func newLink(ctor, name string, hooks hookSet, m Matcher, fn Interceptor) Link {
	l := Link{name: name, hooks: hooks, match: m, fn: fn}
	switch {
	case name == "":
		l.err = &BuildError{Kind: ErrEmptyName, ctor: ctor}
	case m == nil:
		l.err = &BuildError{Name: name, Kind: ErrNilMatcher, ctor: ctor}
	case fn == nil:
		l.err = &BuildError{Name: name, Kind: ErrNilInterceptor, ctor: ctor}
	}
	return l
}

// FailOpen makes the link's failures non-fatal: a failure is recorded in the
// trail (with verdict Allowed) and reported to observers, and the chain
// carries on as if the link had allowed. Use it for links whose absence is
// acceptable — an audit logger, a best-effort enricher — never for a guard.
//
// FailOpen never forgives the caller going away: a link still being asked
// when the caller's context ends denies the call whatever its policy. Nor
// does it forgive a failure the interceptor marks as not its own ([NotOwn]).
func (l Link) FailOpen() Link {
	l.failOpen = true
	return l
}

// Timeout bounds how long the chain waits for the link's answer. When d runs
// out the link's context is cancelled and the chain stops waiting, even if
// the interceptor ignores its context; an answer that arrives later is
// discarded. An answer given after the context ended is a failure too.
//
// d must be positive; a link given another d carries that mistake to the
// chain. A link with a Timeout runs its interceptor on a new goroutine,
// which costs a few allocations per call.
func (l Link) Timeout(d time.Duration) Link {
	if d <= 0 && l.err == nil {
		l.err = &BuildError{Name: l.name, Kind: ErrBadTimeout, timeout: d}
	}
	l.timeout = d
	return l
}

// Identity returns a copy of the link whose chain's ID also depends on
// what: the configuration its interceptor was built from, when that is a
// closure over it (a command line, a URL, a policy's text). The chain's ID
// names an interceptor by its function, and every closure of one function
// literal has the same one; without Identity, two links that differ only in
// what their closures captured give their chains one ID, and the latches and
// tickets of one would hold in the other. what is shown nowhere but in the
// ID, which is a plain SHA-256 digest of it and of the rest of the links,
// and which tickets and logs carry: anyone who can guess the rest can test
// a guess at what, so a secret there must be one no guess finds (a key,
// not a password). Identity again replaces it.
func (l Link) Identity(what string) Link {
	l.identity = what
	return l
}

// NotOwn marks err as a failure that is not the link's own: the interceptor
// could not decide because of something outside the call it was asked about
// — another call that took down a process this one shared, a shutdown, a
// reload, a backoff, full slots. FailOpen forgives a link's own failures
// only, so the chain records such an error as the link's failure, with its
// fault, and denies whatever the link's failure policy. So does an error
// whose Unwrap panics, for it cannot tell, and a NotOwn error whose text
// cannot be read (a typed nil) is still not the link's own. NotOwn(nil) is
// nil.
func NotOwn(err error) error {
	if err == nil {
		return nil
	}
	return &notOwnError{err}
}

// IsNotOwn reports whether err, or an error it wraps, was marked by NotOwn.
func IsNotOwn(err error) bool {
	var n *notOwnError
	return errors.As(err, &n)
}

type notOwnError struct{ err error }

func (e *notOwnError) Error() string { return e.err.Error() }
func (e *notOwnError) Unwrap() error { return e.err }

// isNotOwn is IsNotOwn for the fold, where an Unwrap or As method that
// panics leaves it unknown whether the failure is the link's own: then it
// is taken as not, which FailOpen does not forgive.
func isNotOwn(err error) (notOwn bool) {
	defer func() {
		if recover() != nil {
			notOwn = true
		}
	}()
	var n *notOwnError
	return errors.As(err, &n)
}

// Name returns the name the link was registered with.
func (l Link) Name() string { return l.name }

// String describes the link for logs and tooling, e.g.
// `Before("no-rm", Tool("Bash")) timeout=5s fail-open`.
func (l Link) String() string {
	ctor := "On"
	switch l.hooks {
	case atBefore:
		ctor = "Before"
	case atAfter:
		ctor = "After"
	}
	s := fmt.Sprintf("%s(%q, %s)", ctor, l.name, matcherString(l.match))
	if l.timeout > 0 {
		s += " timeout=" + l.timeout.String()
	}
	if l.failOpen {
		s += " fail-open"
	}
	return s
}
