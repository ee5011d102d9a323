package hookchain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"time"
)

// Chain is an ordered set of links, folded into one Outcome for each event.
// It is immutable once built and safe for concurrent use; methods that
// configure it ([Chain.WithObserver], [Chain.WithApprover], [Chain.WithID])
// return a new Chain and leave the receiver as it was.
//
// A Chain is made by [New] or [Build]. The zero Chain, like a nil *Chain,
// is a wiring mistake and must not read as "no guards": it refuses every
// call (Denied, CauseChain), and Wrap never runs the tool for it. A chain
// built from no links, New(), allows every call.
type Chain struct {
	id        string // shared by the copies With* makes: same links, same latches
	built     bool   // set by Build, and kept by the copies With* makes: the zero Chain refuses
	links     []Link
	before    plan
	after     plan
	observers []Observer
	approver  *Approver
	// inputChecks say which rewrites the runtime's tool can take (WithInputCheck).
	inputChecks []func(tool string, input json.RawMessage) error
}

// New builds a chain from links, asked in the order given. It is for links
// written in code, and panics, as regexp.MustCompile does, where [Build]
// returns an error: a link built with a mistake (an empty name, a nil
// matcher or interceptor, a Timeout that is not positive), the zero Link, or
// two links with one name — the trail names links, and a name that could
// mean two links is no attribution at all.
func New(links ...Link) *Chain {
	c, err := Build(links...)
	if err != nil {
		panic(err.Error())
	}
	return c
}

// Build is New's error-returning twin, for chains built from configuration
// (a settings file, policy data), whose mistakes are the user's to fix
// rather than the program's to crash on. Its error is a [*BuildError]
// naming the first link built with a mistake, and the kind of mistake.
func Build(links ...Link) (*Chain, error) {
	c := &Chain{links: append([]Link(nil), links...), built: true}
	seen := make(map[string]int, len(links)) // each name's first link
	for i := range c.links {
		l := &c.links[i]
		switch first, dup := seen[l.name]; {
		case l.err != nil:
			e := *l.err
			e.Index = i
			return nil, &e
		case l.name == "" || l.fn == nil || l.match == nil:
			return nil, &BuildError{Index: i, Name: l.name, Kind: ErrNotALink}
		case dup:
			return nil, &BuildError{Index: i, First: first, Name: l.name, Kind: ErrDuplicateName}
		}
		seen[l.name] = i
		l.names = toolNamesOf(l.match)
		l.byNameOnly = isNameMatcher(l.match)
		l.test = compileTest(l.match, l.names != nil)
		l.said = new(atomic.Pointer[said])
	}
	c.id = derivedID(c.links)
	c.before = newPlan(c.links, atBefore)
	c.after = newPlan(c.links, atAfter)
	return c, nil
}

// ID returns the chain's identity, which latches ([Session]) and tickets
// ([Ticket]) are bound to. By default it is derived from the links (see
// [Chain.WithID]).
func (c *Chain) ID() string { return c.id }

// WithID returns a copy of the chain with the given identity. The default
// is derived from what decides in each link — its name, hooks, options, its
// interceptor's function and its matcher — and changes when any of them
// does. An ID given here is the host's promise that what decides is the
// same wherever that ID is given: every chain with it shares its sessions'
// "approve all" latches and honours its tickets, whatever its links. So an
// ID must change whenever the policy does (a version, a digest of the
// configuration the links were built from), and two chains with different
// policies must never share one. An empty id restores the derived one.
func (c *Chain) WithID(id string) *Chain {
	n := *c
	n.id = id
	if id == "" {
		n.id = derivedID(c.links)
	}
	return &n
}

// Links returns the chain's links in the order they are asked.
func (c *Chain) Links() []Link { return append([]Link(nil), c.links...) }

// WithLinks returns a copy of the chain with links asked after its own:
// the way a host adds its guards to a chain built from configuration (a
// settings file) without losing what that chain was configured with. Its
// observers, approver and input checks are kept; its ID is derived anew
// from all the links, as the policy is another (an ID given with WithID is
// not carried over). The error is Build's, its Index counting the chain's
// own links first — a new link named as one of the chain's is
// ErrDuplicateName — or the refusal of a chain that was not built: the
// zero Chain stays a wiring mistake and never becomes a chain of the new
// links alone.
func (c *Chain) WithLinks(links ...Link) (*Chain, error) {
	if c == nil || !c.built {
		return nil, errors.New("hookchain: WithLinks on a Chain that New or Build did not make")
	}
	n, err := Build(append(c.Links(), links...)...)
	if err != nil {
		return nil, err
	}
	n.observers = c.observers
	n.approver = c.approver
	n.inputChecks = c.inputChecks
	return n, nil
}

// WithObserver returns a copy of the chain that also reports to o. Observers
// added this way are called in the order they were added.
func (c *Chain) WithObserver(o Observer) *Chain {
	n := *c
	n.observers = append(append([]Observer(nil), c.observers...), o)
	return &n
}

// notAsked stands for a ctx.Done() not yet asked for; it is never closed.
var notAsked = make(chan struct{})

var (
	emptyInput = json.RawMessage("{}")
	nullOutput = json.RawMessage("null")
)

// zeroChain is the chain's refusal of a run on the zero Chain.
const zeroChain = "Run on the zero Chain, which was not built: make a Chain with New or Build"

// Run asks the chain about one event and folds the answers into an Outcome.
// It never returns an error and never panics: whatever a link does, the
// answer is an Outcome, and when in doubt it is Denied.
func (c *Chain) Run(ctx context.Context, e Event) Outcome {
	var (
		out  Outcome
		kept keeper
	)
	c.runOnce(ctx, notAsked, &e, false, false, &out, &kept)
	return out
}

// runOnce is Run, told whether e.Input is already known to be acceptable
// (Execute knows it after the call when it checked it before), and telling
// whether it checked e.Input itself. It leaves the outcome in *out. lean
// says that the caller reads of a rewrite only its bytes (see fold.lean).
//
// The outcome is written in place, down to the walk, rather than returned:
// an Outcome is too large for registers, and returning it through each
// frame copied it four times on every run. *out must be the zero Outcome on
// entry. The run may change *e (normalised, rewritten): the callers hand it
// an event of their own.
//
// done is ctx.Done(), asked once for the whole call: every question the
// chain puts to the context is whether it is done, and an interface call
// for each would cost every call. Run passes notAsked, and the run asks
// only if some link is registered at the hook.
func (c *Chain) runOnce(ctx context.Context, done <-chan struct{}, e *Event, inputChecked, lean bool, out *Outcome, kept *keeper) bool {
	if c == nil {
		// A nil chain is a wiring mistake; it must not read as "no guards".
		refuse(out, CauseChain, "Run on a nil *Chain")
		return false
	}
	if len(c.observers) == 0 {
		return c.run(ctx, done, e, nil, inputChecked, lean, out, kept)
	}
	obs := &observation{start: time.Now(), given: *e}
	// Observers read the outcome whole: never lean.
	checked := c.run(ctx, done, e, obs, inputChecked, false, out, kept)
	c.reportRun(ctx, *e, *out, obs)
	return checked
}

func (c *Chain) run(ctx context.Context, done <-chan struct{}, e *Event, obs *observation, inputChecked, lean bool, out *Outcome, kept *keeper) bool {
	var p *plan
	switch e.Hook {
	case BeforeTool:
		p = &c.before
	case AfterTool:
		p = &c.after
	default:
		refuse(out, CauseChain, fmt.Sprintf("unknown hook %d", uint8(e.Hook)))
		return false
	}
	if p.size == 0 {
		if !c.built {
			// The zero Chain, never built: a wiring mistake, as a nil one
			// is, and never "no guards". Asked here, where a built chain
			// with links never comes, so that it costs their runs nothing.
			refuse(out, CauseChain, zeroChain)
			return false
		}
		// Nobody is registered here: do not even read the event. This is what
		// makes Before links free after the call, however large the output.
		// *out is the zero Outcome already: an allow.
		return inputChecked
	}
	if done == notAsked {
		done = ctx.Done()
	}
	// check normalises the event in place, and the walk threads each
	// rewrite through it. The event is runOnce's to change (Run's copy,
	// Execute's own), unless observers will report it as given: then the
	// walk works on a copy.
	if obs != nil {
		given := *e
		e = &given
	}
	var w walk
	if cause, reason := c.check(ctx, done, e, &w.ix, inputChecked); reason != "" {
		refuse(out, cause, reason)
		return false
	}
	kept.keep(judged(e))
	f := fold{done: done, e: e, w: &w, links: p.linksFor(e.Tool), obs: obs, lean: lean, res: out, kept: kept}
	// The fold: walk returns false when a link panicked, and is resumed at
	// that link, which is then recorded as failed.
	for !c.walk(ctx, &f) {
		if w.i >= len(f.links) {
			// Not a link's panic but the chain's own: refuse, never guess.
			refuse(out, CauseChain, "internal error: "+w.panicked)
			break
		}
	}
	if obs != nil {
		obs.askedAbout = w.askedAbout
	}
	if out.Verdict != Denied && !kept.same(judged(e)) {
		refuse(out, CauseChain, changedInPlace(e.Hook))
	}
	return true
}
