package hookchain

import (
	"fmt"
	"time"
)

// BuildError is the error [Build] returns, and whose text [New] panics
// with, for a link built with a mistake: which link, by its place in the
// list given to Build and its name, and what kind of mistake. A loader that
// builds chains from configuration tells the kinds apart with errors.Is
// (errors.Is(err, ErrDuplicateName)) and finds the link with errors.As:
//
//	var be *hookchain.BuildError
//	if errors.As(err, &be) {
//		fmt.Printf("link %d (%q): %v\n", be.Index, be.Name, be.Kind)
//	}
//
// Build stops at the first mistake, in link order, and within one link at
// the first it was built with; its Error text is the same as before there
// was a BuildError, and may improve.
type BuildError struct {
	// Index is the link's place in the list given to Build, from 0. For
	// ErrDuplicateName it is the second link of the name; First is the
	// first's.
	Index int
	// First is, for ErrDuplicateName, the place of the first link of the
	// name; otherwise it is 0.
	First int
	// Name is the link's name as it was given: empty for ErrEmptyName and
	// for the zero Link.
	Name string
	// Kind is the mistake. BuildError unwraps to it.
	Kind LinkMistake

	ctor    string        // Before, After or On: for the text
	timeout time.Duration // ErrBadTimeout's duration: for the text
}

func (e *BuildError) Error() string {
	switch e.Kind {
	case ErrEmptyName:
		return "hookchain: " + e.ctor + ": empty link name"
	case ErrNilMatcher, ErrNilInterceptor:
		return fmt.Sprintf("hookchain: %s(%q): %s", e.ctor, e.Name, e.Kind.what())
	case ErrBadTimeout:
		return fmt.Sprintf("hookchain: link %q: Timeout(%v): must be positive", e.Name, e.timeout)
	case ErrNotALink:
		return fmt.Sprintf("hookchain: link %d was not built with Before, After or On", e.Index)
	case ErrDuplicateName:
		return fmt.Sprintf("hookchain: two links are named %q", e.Name)
	}
	return fmt.Sprintf("hookchain: link %d (%q): %s", e.Index, e.Name, e.Kind.what())
}

// Unwrap returns the kind of mistake, so that errors.Is(err, ErrNilMatcher)
// holds for a BuildError of that kind.
func (e *BuildError) Unwrap() error { return e.Kind }

// LinkMistake is the kind of a [BuildError]. Its values are errors, for
// errors.Is; none is returned on its own.
type LinkMistake uint8

// The kinds of mistake a link can be built with.
const (
	// ErrEmptyName: Before, After or On was given an empty name.
	ErrEmptyName LinkMistake = iota + 1
	// ErrNilMatcher: Before, After or On was given a nil Matcher.
	ErrNilMatcher
	// ErrNilInterceptor: Before, After or On was given a nil Interceptor.
	ErrNilInterceptor
	// ErrBadTimeout: Link.Timeout was given a duration that is not positive.
	ErrBadTimeout
	// ErrNotALink: the link was not built with Before, After or On (the
	// zero Link is one).
	ErrNotALink
	// ErrDuplicateName: two links of the chain have one name. The trail
	// names links, and a name that could mean two is no attribution.
	ErrDuplicateName
)

func (k LinkMistake) Error() string { return "hookchain: " + k.what() }

func (k LinkMistake) what() string {
	switch k {
	case ErrEmptyName:
		return "empty link name"
	case ErrNilMatcher:
		return "nil Matcher"
	case ErrNilInterceptor:
		return "nil Interceptor"
	case ErrBadTimeout:
		return "Timeout must be positive"
	case ErrNotALink:
		return "not built with Before, After or On"
	case ErrDuplicateName:
		return "two links have one name"
	}
	return fmt.Sprintf("link mistake %d", uint8(k))
}
