package hookchain

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hookchain/hookchain/internal/jsonscan"
)

// Chain is an ordered set of links, folded into one Outcome for each event.
// It is immutable once built and safe for concurrent use; methods that
// configure it ([Chain.WithObserver], [Chain.WithApprover], [Chain.WithID])
// return a new Chain and leave the receiver as it was.
type Chain struct {
	id        string // shared by the copies With* makes: same links, same latches
	links     []Link
	before    plan
	after     plan
	observers []Observer
	approver  *Approver
	// inputChecks say which rewrites the runtime's tool can take (WithInputCheck).
	inputChecks []func(tool string, input json.RawMessage) error
}

// plan is a chain's links for one hook, ready to be walked. Links whose
// matcher names its tools are filed under each of those names, so a call is
// put only to the links that could match it: a link for other tools costs one
// map lookup for the whole chain, not one per link.
type plan struct {
	size   int                // links registered for this hook
	any    []*Link            // links that may match any tool, in order
	byTool map[string][]*Link // per named tool: the links that may match it, in order
	// few is byTool when it names only a handful of tools, as most chains
	// do: comparing a handful of names costs less than hashing one.
	few []toolLinks
}

type toolLinks struct {
	tool  string
	links []*Link
}

// fewTools is how many named tools a plan looks through one by one before
// it hashes the name instead.
const fewTools = 8

func (p *plan) linksFor(tool string) []*Link {
	if p.few != nil {
		for i := range p.few {
			if p.few[i].tool == tool {
				return p.few[i].links
			}
		}
		return p.any
	}
	if p.byTool != nil {
		if ls, ok := p.byTool[tool]; ok {
			return ls
		}
	}
	return p.any
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
// rather than the program's to crash on.
func Build(links ...Link) (*Chain, error) {
	c := &Chain{links: append([]Link(nil), links...)}
	seen := make(map[string]bool, len(links))
	for i := range c.links {
		l := &c.links[i]
		switch {
		case l.err != nil:
			return nil, l.err
		case l.name == "" || l.fn == nil || l.match == nil:
			return nil, fmt.Errorf("hookchain: link %d was not built with Before, After or On", i)
		case seen[l.name]:
			return nil, fmt.Errorf("hookchain: two links are named %q", l.name)
		}
		seen[l.name] = true
		l.byNameOnly = isNameMatcher(l.match)
		l.test = compileTest(l.match, toolNamesOf(l.match) != nil)
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

func newPlan(links []Link, at hookSet) plan {
	var p plan
	var named []string // every tool a link names, in first-seen order
	seen := map[string]bool{}
	for i := range links {
		l := &links[i]
		if l.hooks&at == 0 {
			continue
		}
		p.size++
		for _, n := range toolNamesOf(l.match) {
			if !seen[n] {
				seen[n] = true
				named = append(named, n)
			}
		}
	}
	if len(named) == 0 {
		for i := range links {
			if l := &links[i]; l.hooks&at != 0 && toolNamesOf(l.match) == nil {
				p.any = append(p.any, l)
			}
		}
		return p
	}
	// One pass in link order, so every list is in chain order: a link for
	// any tool joins every list, a named one only its tools' lists. Linear
	// in the names, so a configuration with thousands of tool names builds
	// as fast as it reads.
	p.byTool = make(map[string][]*Link, len(named))
	for _, tool := range named {
		p.byTool[tool] = []*Link{}
	}
	for i := range links {
		l := &links[i]
		if l.hooks&at == 0 {
			continue
		}
		names := toolNamesOf(l.match)
		if names == nil {
			p.any = append(p.any, l)
			for _, tool := range named {
				p.byTool[tool] = append(p.byTool[tool], l)
			}
			continue
		}
		for _, tool := range names {
			if ls := p.byTool[tool]; len(ls) == 0 || ls[len(ls)-1] != l {
				p.byTool[tool] = append(ls, l)
			}
		}
	}
	if len(named) <= fewTools {
		for _, tool := range named {
			p.few = append(p.few, toolLinks{tool, p.byTool[tool]})
		}
	}
	return p
}

// Links returns the chain's links in the order they are asked.
func (c *Chain) Links() []Link { return append([]Link(nil), c.links...) }

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

// Run asks the chain about one event and folds the answers into an Outcome.
// It never returns an error and never panics: whatever a link does, the
// answer is an Outcome, and when in doubt it is Denied.
func (c *Chain) Run(ctx context.Context, e Event) Outcome {
	var (
		out  Outcome
		kept keeper
	)
	c.runOnce(ctx, notAsked, &e, false, &out, &kept)
	return out
}

// runOnce is Run, told whether e.Input is already known to be acceptable
// (Execute knows it after the call when it checked it before), and telling
// whether it checked e.Input itself. It leaves the outcome in *out.
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
func (c *Chain) runOnce(ctx context.Context, done <-chan struct{}, e *Event, inputChecked bool, out *Outcome, kept *keeper) bool {
	if c == nil {
		// A nil chain is a wiring mistake; it must not read as "no guards".
		refuse(out, CauseChain, "Run on a nil *Chain")
		return false
	}
	if len(c.observers) == 0 {
		return c.run(ctx, done, e, nil, inputChecked, out, kept)
	}
	obs := &observation{start: time.Now(), given: *e}
	checked := c.run(ctx, done, e, obs, inputChecked, out, kept)
	c.reportRun(ctx, *e, *out, obs)
	return checked
}

func (c *Chain) run(ctx context.Context, done <-chan struct{}, e *Event, obs *observation, inputChecked bool, out *Outcome, kept *keeper) bool {
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
	links := p.linksFor(e.Tool)
	kept.keep(judged(e))
	// The fold: walk returns false when a link panicked, and is resumed at
	// that link, which is then recorded as failed.
	for !c.walk(ctx, done, &w, e, links, obs, out, kept) {
		if w.i >= len(links) {
			// Not a link's panic but the chain's own: refuse, never guess.
			refuse(out, CauseChain, "internal error: "+w.panicked)
			break
		}
	}
	if out.Verdict != Denied && !kept.same(judged(e)) {
		refuse(out, CauseChain, changedInPlace(e.Hook))
	}
	return true
}

// judged is what a hook's links judge and may change: the input before the
// call, the output after it.
func judged(e *Event) []byte {
	if e.Hook == BeforeTool {
		return e.Input
	}
	return e.Output
}

// changedInPlace is the chain's refusal when the bytes its links were
// judging changed under them. The slices are shared, not copied for each
// link; a link that writes to them instead of answering Modify or Replace
// with new bytes would void every judgement made before it, and leave no
// step in the trail to say so. Which link wrote cannot be told, so the
// chain refuses in its own name.
//
//go:noinline
func changedInPlace(h Hook) string {
	if h == BeforeTool {
		return "the input was changed in place while the links were asked: a link must answer Modify with new bytes, never write to the event's"
	}
	return "the output was changed in place while the links were asked: a link must answer Replace with new bytes, never write to the event's"
}

// check normalises the event and returns why the chain refuses it, if it
// does. A refusal happens before any link is asked: a link must never be
// shown input it cannot trust to be what the tool will run with. An event
// whose tool and input were already checked (inputChecked: the same call's
// run before it) is not read again there.
//
// When it reads the input it leaves in ix what it learnt of the input's
// shape.
func (c *Chain) check(ctx context.Context, done <-chan struct{}, e *Event, ix *jsonscan.Index, inputChecked bool) (Cause, string) {
	// Bytes that are not UTF-8 are refused, not read: a decoder that turns
	// them into U+FFFD would show links a tool name or a command other than
	// the one the tool receives, and a mangled name matches no guard.
	if e.Tool == "" {
		return CauseChain, "the event has no tool name"
	}
	if !inputChecked && !validName(e.Tool) {
		return CauseChain, "the tool name is not valid UTF-8"
	}
	if len(e.Input) == 0 {
		e.Input = emptyInput
	} else if !inputChecked {
		if f := jsonscan.InputFault(e.Input, ix); f != "" {
			return CauseChain, "the input is " + f
		}
	}
	if e.Hook == AfterTool {
		if len(e.Output) == 0 {
			e.Output = nullOutput
		} else if f := jsonscan.Fault(e.Output); f != "" {
			return CauseChain, "the output is " + f
		}
	}
	if isDone(done) {
		return CauseCaller, "the context is already done: " + ctx.Err().Error()
	}
	return CauseNone, ""
}

// validName is utf8.ValidString for a tool name, which is nearly always a
// few bytes of ASCII: those are read in a loop short enough to inline, and
// only a name with another byte in it is handed to utf8.
func validName(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return utf8.ValidString(s)
		}
	}
	return true
}

// refuse writes the chain's own denial, given when it will not ask anyone.
// The trail is empty and DecidedBy too, because no link decided; the reason
// says the chain did, and the cause why. It is written through out, and not
// inlined, so that the runs that never refuse do not carry its code.
//
//go:noinline
func refuse(out *Outcome, cause Cause, reason string) {
	*out = Outcome{Verdict: Denied, Reason: "hookchain: " + reason, Cause: cause}
}

// walk is a fold in progress, kept outside walk's frame so that the walk can
// resume after a panic.
type walk struct {
	// ix indexes e.Input when check or a rewrite left one (see
	// jsonscan.Index), for the links' input matchers.
	ix      jsonscan.Index
	trail   []Step
	notes   []Note
	changed bool
	asked   bool
	// askedAbout names the links that rewrote the input and asked about it
	// in one answer (AskAbout): their steps say Asked, and they are changers
	// too.
	askedAbout []string
	i          int       // the link being matched or asked
	start      time.Time // when links[i] was asked, for observers
	panicked   string    // set when links[i] panicked: its fault
}

// e is the event as the links so far have left it: the walk threads each
// rewrite through it. It is not kept in w, because what w holds is handed
// on to the outcome, and the event would then be taken to escape with it.
// walk is the one fold both hooks share. Each link whose matcher accepts
// the event as it now stands is asked; its answer is checked against the
// hook and the current event, then either stops the walk (a denial, or a
// failure of a fail-closed link) or is folded into the event the next link
// sees.
//
// One recover guards the whole walk, rather than one per link, because a
// deferred recover around every call costs every link of every call. When a
// link panics — in its interceptor or in its matcher — walk returns false,
// and run resumes it at that link, which is then recorded as failed.
//
// kept is what the links are judging (see judged) as it was when it became
// theirs: checked when a rewrite replaces it, and by run when the walk
// ends. It is the caller's, and not kept in w, so that Execute can go on to
// judge the tool by it (when the before-run ends, it holds the input the
// tool is given) and so that it is not taken to escape with w's trail.
func (c *Chain) walk(ctx context.Context, done <-chan struct{}, w *walk, e *Event, links []*Link, obs *observation, res *Outcome, kept *keeper) (finished bool) {
	defer func() {
		if r := recover(); r != nil {
			w.panicked = fmt.Sprintf("panic: %v", r)
		} else if !finished {
			// Neither a return nor a panic: a link ended the goroutine
			// (runtime.Goexit, as t.FailNow does). Nothing can stop that,
			// and nobody is left to answer; what can be done is to say so.
			c.goexit(ctx, w, e, links, obs, res)
		}
	}()
	// This loop is what every call runs, for every link: it asks a link
	// the plain way and goes on after a plain allow, and hands anything
	// else to step. Kept this small, it stays in the instruction cache
	// between the tool calls it guards, whose own work evicts whatever is
	// not.
	for ; w.i < len(links); w.i++ {
		l := links[w.i]
		if w.panicked == "" && obs == nil && l.timeout == 0 {
			// A link filed by tool name whose matcher is nothing but that
			// name was matched by the dispatch that put it in this list.
			if !l.byNameOnly && !l.test.match(e, &w.ix) {
				continue
			}
			if !isDone(done) {
				o, err := l.fn(ctx, *e)
				if err == nil && o.Verdict == Allowed && o.Reason == "" && len(o.Notes) == 0 && !isDone(done) {
					continue // the common case: nothing to check, record or report
				}
				if c.step(ctx, w, e, l, done, obs, res, kept, &o, err) {
					return true
				}
				continue
			}
		}
		if c.step(ctx, w, e, l, done, obs, res, kept, nil, nil) {
			return true
		}
	}
	if w.trail != nil || w.notes != nil || w.changed || w.asked || isDone(done) {
		c.finish(ctx, w, e, done, obs, res)
	}
	// Otherwise *res is still the zero Outcome runOnce was given: an allow.
	return true
}

// goexit records the failure of links[w.i], which ended the caller's
// goroutine while it was asked or matched, in *res and for the observers:
// the goroutine is ending with no answer to return, but the chain's audit
// says which link ended it, and that it denied. The tool does not run: the
// goroutine that would have run it is gone.
func (c *Chain) goexit(ctx context.Context, w *walk, e *Event, links []*Link, obs *observation, res *Outcome) {
	name := "a link"
	if w.i < len(links) {
		name = links[w.i].name
	}
	const fault = "ended the caller's goroutine (runtime.Goexit) without answering"
	step := Step{Name: name, Verdict: Denied, Fault: fault}
	w.trail = append(w.trail, step)
	*res = Outcome{Verdict: Denied, Reason: name + " failed and denies on failure: " + fault, Trail: w.trail, Notes: w.notes,
		DecidedBy: name, Cause: CauseFailure}
	if obs != nil {
		c.reportStep(ctx, obs, *e, step, w.start)
		c.reportRun(ctx, obs.given, *res, obs)
	}
}

// step is one link's part in the walk, when it is not a plain allow asked
// the plain way: a link resumed after its panic, one asked with observers
// or a timeout, and any answer but a plain allow. asked, when not nil, is
// the answer the walk already had from the link, with its error. It
// reports whether the walk is finished, *res written.
func (c *Chain) step(ctx context.Context, w *walk, e *Event, l *Link, done <-chan struct{}, obs *observation, res *Outcome,
	kept *keeper, asked *Outcome, askErr error) (finished bool) {
	var (
		out   Outcome
		fault string
		// notOwn: the link said its failure is not its own (NotOwn), which
		// FailOpen does not forgive.
		notOwn bool
	)
	switch {
	case asked != nil:
		switch {
		case askErr != nil:
			fault, notOwn = errorFault(askErr), isNotOwn(askErr)
		case isDone(done):
			// Too late to count, as with a timeout: no answer, no words.
			fault = ended(ctx, 0)
		default:
			out = *asked
		}
	case w.panicked != "":
		// Resumed: this link panicked, and that is its answer.
		fault, w.panicked = w.panicked, ""
	default:
		if obs != nil {
			w.start = time.Now()
		}
		if !l.byNameOnly && !l.test.match(e, &w.ix) {
			return false
		}
		if isDone(done) {
			// The caller went away between links (a deadline, say): nobody
			// is asked with a dead context, and nothing is allowed for a
			// caller who is no longer there.
			*res = w.callerGone(ctx, "before "+l.name+" was asked")
			return true
		}
		switch {
		case l.timeout > 0:
			a := l.askWithin(ctx, *e)
			out, fault, notOwn = a.out, a.fault, a.notOwn
		default:
			// Without observers the walk asks such a link itself; here a
			// plain allow leaves out zero, and is reported as an allow.
			fault, notOwn = l.answer(ctx, *e, &out)
			if fault == "" && isDone(done) {
				// Too late to count, as with a timeout: no answer, no words.
				out, fault = Outcome{}, ended(ctx, 0)
			}
		}
	}
	// A rewritten input is validated by misfit, which indexes it for the
	// links after this one.
	var next jsonscan.Index
	if fault == "" {
		own(&out)
		if fault = misfit(e, &out, &next); fault == "" {
			fault = c.rewriteFault(e.Tool, &out)
		}
	}
	// A failure while the caller's context is done is the caller going
	// away, not the link's own failure: FailOpen never covers it.
	gone := fault != "" && isDone(done)
	forgiven := l.failOpen && !gone && !notOwn
	step := Step{Name: l.name, Verdict: out.Verdict, Reason: out.Reason, Fault: fault}
	if fault != "" {
		step.Verdict = Denied
		if forgiven {
			step.Verdict = Allowed
		}
	}
	if obs != nil {
		c.reportStep(ctx, obs, *e, step, w.start)
	}
	if fault != "" {
		// A failed link's answer is void, its context with it.
		w.trail = append(w.trail, step)
		if gone {
			*res = w.callerGone(ctx, "while "+l.name+" was asked")
			return true
		}
		if !forgiven {
			*res = Outcome{Verdict: Denied, Reason: l.name + " failed and denies on failure: " + fault, Trail: w.trail, Notes: w.notes,
				DecidedBy: l.name, Cause: CauseFailure}
			return true
		}
		return false
	}
	for _, n := range out.Notes {
		w.notes = append(w.notes, Note{Link: l.name, Text: n.Text})
	}
	switch out.Verdict {
	case Denied:
		w.trail = append(w.trail, step)
		*res = Outcome{Verdict: Denied, Reason: deniedBy(l.name, out.Reason), Trail: w.trail, Notes: w.notes,
			DecidedBy: l.name, Cause: CauseLink}
		return true
	case Modified:
		if !rewrite(kept, e.Input, out.Input, res, e.Hook) {
			return true
		}
		e.Input, w.ix = out.Input, next
		w.changed = true
	case Replaced:
		if !rewrite(kept, e.Output, out.Output, res, e.Hook) {
			return true
		}
		e.Output, e.IsError = out.Output, out.IsError
		w.changed = true
	case Asked:
		w.asked = true
		if out.Input != nil { // AskAbout: a rewrite, and an ask about it
			if !rewrite(kept, e.Input, out.Input, res, e.Hook) {
				return true
			}
			e.Input, w.ix = out.Input, next
			w.changed = true
			w.askedAbout = append(w.askedAbout, l.name)
		}
	default:
		return false // Allowed: nothing to record
	}
	w.trail = append(w.trail, step)
	return false
}

// own replaces the bytes of a rewrite with the chain's own copy, before
// they are judged. The link that answered may still hold them (a buffer
// from a pool it puts back, one that a goroutine of its own goes on
// writing); a write there after they were judged would reach the tool or
// the model. Only a rewrite pays for it: an allow carries no bytes.
func own(out *Outcome) {
	switch out.Verdict {
	case Modified, Asked:
		out.Input = bytes.Clone(out.Input)
	case Replaced:
		out.Output = bytes.Clone(out.Output)
	}
}

// rewrite makes next the bytes the links judge, kept in place of cur, after
// checking that cur is as it was kept; when it is not, it refuses in *res
// and reports false.
func rewrite(kept *keeper, cur, next []byte, res *Outcome, h Hook) bool {
	if !kept.same(cur) {
		refuse(res, CauseChain, changedInPlace(h))
		return false
	}
	kept.keep(next)
	return true
}

// finish writes the outcome of a walk that every link let through, when
// there is more to it than a plain allow.
func (c *Chain) finish(ctx context.Context, w *walk, e *Event, done <-chan struct{}, obs *observation, res *Outcome) {
	if isDone(done) {
		// Ended while the last matchers ran, with no link left to fail for it.
		*res = w.callerGone(ctx, "before the chain answered")
		return
	}
	// *res is still the zero Outcome runOnce was given, an allow: only what
	// the walk gathered is written, and a whole Outcome is not cleared
	// again for every call.
	if w.trail != nil || w.notes != nil {
		res.Trail, res.Notes = w.trail, w.notes
	}
	if w.changed {
		res.Reason = changedBy(w.trail, w.askedAbout)
		if e.Hook == BeforeTool {
			res.Verdict, res.Input = Modified, e.Input
		} else {
			res.Verdict, res.Output, res.IsError = Replaced, e.Output, e.IsError
		}
	}
	if w.asked {
		// Asked only once nobody denied: the question is about the final
		// input, and a refusal already made needs no approval.
		*res = c.resolve(ctx, *e, *res, obs, w.askedAbout)
	}
}

// callerGone is the chain's refusal when the caller's context ends during the
// walk. It is the same whatever the links' failure policies: an answer for a
// caller who has gone away is never an allow, and a tool is never run for one.
func (w *walk) callerGone(ctx context.Context, when string) Outcome {
	return Outcome{
		Verdict: Denied,
		Reason:  "hookchain: the context ended " + when + ": " + ctx.Err().Error(),
		Trail:   w.trail,
		Notes:   w.notes,
		Cause:   CauseCaller,
	}
}

// isDone reports whether done, a context's Done channel, is closed. A nil
// channel (context.Background) never is, and costs nothing to ask.
func isDone(done <-chan struct{}) bool {
	if done == nil {
		return false
	}
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// misfit returns why a well-formed answer cannot be folded at this hook, or
// "" when it can. The new input of a rewrite it accepts is indexed in ix.
func misfit(e *Event, out *Outcome, ix *jsonscan.Index) string {
	switch out.Verdict {
	case Allowed, Denied:
		return ""
	case Asked:
		if e.Hook != BeforeTool {
			return "asked for approval of a call that has already run"
		}
		if out.Input != nil {
			return inputMisfit(e, out.Input, "AskAbout", ix)
		}
		return ""
	case Modified:
		if e.Hook != BeforeTool {
			return "asked to rewrite the input of a call that has already run"
		}
		return inputMisfit(e, out.Input, "Modify", ix)
	case Replaced:
		if e.Hook != AfterTool {
			return "asked to replace the result of a call that has not run"
		}
		if f := jsonscan.Fault(out.Output); f != "" {
			return "answered Replace with an output that is " + f
		}
		return ""
	}
	return fmt.Sprintf("answered with unknown verdict %d", uint8(out.Verdict))
}

// inputMisfit says why an answer's new input cannot replace e's, or "".
func inputMisfit(e *Event, in json.RawMessage, answer string, ix *jsonscan.Index) string {
	if f := jsonscan.InputFault(in, ix); f != "" {
		return "answered " + answer + " with an input that is " + f
	}
	switch {
	case isObject(e.Input) && !isObject(in):
		return "answered " + answer + " with an input that is not a JSON object, for a call whose input is one"
	}
	return ""
}

// isObject reports whether valid JSON b is an object, by its first
// non-space byte.
func isObject(b json.RawMessage) bool {
	for _, c := range b {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return c == '{'
	}
	return false
}

func deniedBy(name, reason string) string {
	if reason == "" {
		return "denied by " + name
	}
	return "denied by " + name + ": " + reason
}

// changedBy names every link that changed the call, in order, in its own
// words: "redact: a credential; pin-timeout". askedAbout names the links
// whose Asked steps rewrote the input too.
func changedBy(trail []Step, askedAbout []string) string {
	// Measured first, so that the reason costs one allocation.
	n := 0
	for _, s := range trail {
		if changer(s, askedAbout) {
			n += len("; ") + len(s.Name) + len(": ") + len(s.Reason)
		}
	}
	var b strings.Builder
	b.Grow(n)
	for _, s := range trail {
		if !changer(s, askedAbout) {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("; ")
		}
		b.WriteString(s.Name)
		if s.Reason != "" {
			b.WriteString(": ")
			b.WriteString(s.Reason)
		}
	}
	return b.String()
}

// changer reports whether the step changed the call.
func changer(s Step, askedAbout []string) bool {
	switch {
	case s.Fault != "" || s.Approver:
		return false
	case s.Verdict == Modified || s.Verdict == Replaced:
		return true
	}
	return s.Verdict == Asked && contains(askedAbout, s.Name)
}

// answer runs the interceptor, turning an error into a fault. A plain allow
// — no reason, no context, which is nearly every answer — leaves out as it
// was (the zero Outcome, with every caller). Any other answer is written to
// out.
// Copying a whole Outcome for every link of every call costs more than the
// call itself: it is large, it holds pointers, and it is read back the moment
// the interceptor has written it. A panic is the caller's to recover: walk
// recovers once for the whole walk.
func (l *Link) answer(ctx context.Context, e Event, out *Outcome) (fault string, notOwn bool) {
	o, err := l.fn(ctx, e)
	if err != nil {
		*out = Outcome{}
		return errorFault(err), isNotOwn(err)
	}
	if o.Verdict == Allowed && o.Reason == "" && len(o.Notes) == 0 {
		return "", false
	}
	*out = o
	return "", false
}

// errorFault is the fault of a link that returned err. As everywhere in Go,
// an error makes the other result meaningless: the link did not decide, so
// nothing it returned is its answer.
//
// An Error method that panics (a typed nil, say) is recovered here rather
// than by the walk: the walk would record a panic, the link's own failure,
// and lose whether the error was marked NotOwn.
func errorFault(err error) (fault string) {
	defer func() {
		if r := recover(); r != nil {
			fault = fmt.Sprintf("returned an error whose Error method panicked (%T): %v", err, r)
		}
	}()
	if fault := err.Error(); fault != "" {
		return fault
	}
	return fmt.Sprintf("returned an error with no text (%T)", err)
}

// call is answer with a panic turned into a fault, for an interceptor run on
// a goroutine of its own (a Timeout link), where no walk can recover it.
func (l *Link) call(ctx context.Context, e Event, out *Outcome) (fault string, notOwn bool) {
	defer func() {
		if r := recover(); r != nil {
			*out, fault, notOwn = Outcome{}, fmt.Sprintf("panic: %v", r), false
		}
	}()
	return l.answer(ctx, e, out)
}

type reply struct {
	out    Outcome
	fault  string
	notOwn bool
}

// askWithin runs the interceptor on its own goroutine and waits no longer
// than the link's timeout. If the time runs out first, the interceptor's
// context is cancelled and its answer, whenever it comes, goes into a buffered
// channel nobody reads: it is discarded and the goroutine can still finish.
//
// The interceptor is handed its own copy of the bytes it judges: once its
// time is up, the chain goes on without it, and whatever it writes from then
// on must not reach the tool or the model.
func (l *Link) askWithin(parent context.Context, e Event) reply {
	ctx, cancel := context.WithTimeout(parent, l.timeout)
	defer cancel()
	e.Input, e.Output = bytes.Clone(e.Input), bytes.Clone(e.Output)
	answers := make(chan reply, 1)
	go func() {
		// Set before the call so that an interceptor that ends its
		// goroutine (runtime.Goexit) still sends an answer.
		a := reply{fault: "stopped without answering"}
		defer func() { answers <- a }()
		// a.out stays zero for a plain allow: call writes only other answers.
		a.fault, a.notOwn = l.call(ctx, e, &a.out)
	}()
	select {
	case a := <-answers:
		if a.fault == "" && ctx.Err() != nil {
			return reply{fault: ended(parent, l.timeout)}
		}
		return a
	case <-ctx.Done():
		return reply{fault: ended(parent, l.timeout)}
	}
}

// ended says why a link's context ended: the caller's context, or the link's
// own timeout.
func ended(parent context.Context, timeout time.Duration) string {
	if err := parent.Err(); err != nil || timeout == 0 {
		return fmt.Sprintf("the context ended while it was asked (%v)", err)
	}
	return "timed out after " + timeout.String()
}

// Call is a tool call as a runtime hands it to its executor. ID is the
// call's tool-use id, which the chain's events carry as Event.CallID.
type Call struct {
	Tool, ID string
	Input    json.RawMessage
}

// Result is what a tool returned: a JSON value, and whether it is an error
// result the model should read as a failure. A tool's text result is a JSON
// string; TextResult builds one.
type Result struct {
	Output  json.RawMessage
	IsError bool
	// Notes is what the chain's links wanted the model to read next to
	// this result (Wrap fills it from both hooks, in order). A runtime shows
	// it to the model with the result — as Claude Code does with
	// additionalContext — and may ignore it; the tool never sees it.
	Notes []Note
	// Verdict says where a result that Wrap returns came from, so that an
	// adapter holding the tool's own typed result knows when to hand it
	// back untouched: Allowed — it is next's result, as next returned it
	// (Notes aside), unless next also returned an error: then the result is
	// empty, and an adapter hands back the error alone, never the typed
	// result beside it, which the after-chain was not shown; Denied — the
	// chain's refusal, before the call (the tool did not run) or after it
	// (its output is withheld); Replaced — a link's replacement; Asked —
	// approval is pending and the tool did not run. An executor leaves it
	// zero.
	Verdict Verdict
}

// TextResult is the Result of a tool that answered with plain text.
func TextResult(text string) Result { return Result{Output: Text(text)} }

// ErrorResult is an error result carrying text, the form in which Wrap shows
// the model a refusal and shows the after-chain a tool's error. A runtime
// that turns an executor's error into something the model reads uses it too.
func ErrorResult(text string) Result { return Result{Output: Text(text), IsError: true} }

// Executor runs tool calls. It is the seam a runtime already has between the
// model's requests and its tools, and what Wrap puts a chain around.
type Executor func(ctx context.Context, c Call) (Result, error)

// Wrap returns an executor that puts every call to the chain before and after
// running it with next:
//
//   - Denied before the call: next is not called; the result is the reason as
//     a JSON string with IsError set, and the error is nil, so the model reads
//     why and can change course.
//   - Asked and still pending (the approver answered Defer): next is not
//     called; the result says approval is pending, and the error is an
//     [*ApprovalPending] carrying the ticket to resolve out of band.
//   - Modified: next runs with the final input, and the after-chain is told
//     that input, not the one the model wrote.
//   - After the call, a tool error is shown to the after-chain as an error
//     result holding the error's text; an empty output is shown as null.
//   - Allowed after the call: next's result and error are returned unchanged;
//     after an error, the error alone, with an empty result, because the
//     after-chain was shown the error and not what next returned beside it.
//     Denied: the reason as an error result. Replaced: the replacement. In both
//     cases the error is nil, because the model is being shown an answer.
//
// Whatever the verdicts, the result's Notes carries the notes of both hooks,
// in order, and its Verdict says which of these it is.
//
// next is never called with a context that is already done: a caller that
// goes away while the before-chain runs is refused by it, and one that goes
// away after the chain allowed is refused by Wrap, in the same form as a
// denial.
func (c *Chain) Wrap(next Executor) Executor {
	return func(ctx context.Context, call Call) (Result, error) { return c.Execute(ctx, call, next) }
}

// Execute puts one call to the chain around next, as the executor Wrap(next)
// does, for a caller that has next only at call time — a framework's
// middleware — and would otherwise build a new executor for every call.
func (c *Chain) Execute(ctx context.Context, call Call, next Executor) (res Result, err error) {
	// Every rare way out writes the results in place and returns bare, so
	// that the code the common call runs is not interleaved with copies of
	// a Result for each.
	done := ctx.Done()
	var (
		before Outcome
		// kept is the run's record of what its links judged; after the
		// before-run it holds the input the tool is given, as the links
		// left it, and tells whether the tool left it so too.
		kept keeper
	)
	checked := c.runOnce(ctx, done, &Event{Hook: BeforeTool, Tool: call.Tool, CallID: call.ID, Input: call.Input}, false, &before, &kept)
	if before.Verdict != Allowed {
		if before.Verdict != Modified {
			notRun(&before, &res, &err)
			return
		}
		call.Input = before.Input
	}
	if isDone(done) {
		// Allowed, but the caller went away since: a tool is never run
		// with a context that is already done.
		tooLate(ctx, &before, &res)
		return
	}
	// The input was checked before the call (as the model wrote it, or as a
	// link rewrote it, which the fold checks too). It need not be read
	// again after the call unless next changed the bytes in place.
	res, err = next(ctx, call)
	after := Event{Hook: AfterTool, Tool: call.Tool, CallID: call.ID, Input: call.Input, Output: res.Output, IsError: res.IsError}
	if err != nil {
		// The after-chain is shown the error, so the error is all that
		// goes on: a result next returned beside it was never judged.
		after.Output, after.IsError = errorOutput(err), true
		res = Result{}
	}
	checked = checked && kept.same(call.Input)
	var out Outcome
	c.runOnce(ctx, done, &after, checked, &out, &kept)
	if out.Verdict == Allowed && before.Notes == nil && out.Notes == nil {
		res.Verdict = Allowed
		return
	}
	ran(&res, &err, &before, &out)
	return
}

// tooLate is Execute's result for a call allowed by a caller who has
// since gone away.
func tooLate(ctx context.Context, before *Outcome, res *Result) {
	*res = chainResult(Denied, "hookchain: the context ended before the tool ran: "+ctx.Err().Error(), before.Notes)
}

// errorOutput is how the after-chain is shown a tool's error: its text, as
// an error result's output. Out of line, as every rare path of Execute is.
//
//go:noinline
func errorOutput(err error) json.RawMessage { return Text(err.Error()) }

// notRun is Execute's result for a call the before-chain did not let run:
// denied, or asked and pending.
func notRun(before *Outcome, res *Result, err *error) {
	if before.Verdict == Asked {
		*res = chainResult(Asked, before.Reason, before.Notes)
		*err = &ApprovalPending{Ticket: before.Pending, Reason: before.Reason}
		return
	}
	*res = chainResult(Denied, before.Reason, before.Notes)
}

// ran is Execute's result for a call that ran, from the after-chain's
// outcome, with both chains' notes. res and err are next's.
func ran(res *Result, err *error, before, out *Outcome) {
	notes := joinNotes(before.Notes, out.Notes)
	switch out.Verdict {
	case Allowed:
		if notes != nil {
			res.Notes = joinNotes(res.Notes, notes)
		}
		res.Verdict = Allowed
	case Replaced:
		*res, *err = Result{Output: out.Output, IsError: out.IsError, Notes: notes, Verdict: Replaced}, nil
	default:
		*res, *err = chainResult(Denied, out.Reason, notes), nil
	}
}

// keeper tells whether bytes were left as they were kept: an input by a
// tool, what the links judge by the links. Small bytes are kept on the
// stack and compared, large ones hashed: either costs a fraction of reading
// them again.
type keeper struct {
	sum  uint64
	kept [keptInput]byte
}

func (k *keeper) keep(input []byte) {
	if len(input) <= keptInput {
		copy(k.kept[:], input)
	} else {
		k.sum = maphash.Bytes(inputSeed, input)
	}
}

func (k *keeper) same(input []byte) bool {
	if len(input) <= keptInput {
		return string(k.kept[:len(input)]) == string(input)
	}
	return maphash.Bytes(inputSeed, input) == k.sum
}

// keptInput is the largest value a keeper keeps a copy of; a larger one is
// hashed. Most tool inputs and many outputs are smaller.
const keptInput = 256

// inputSeed seeds the hash by which Execute tells that a tool left its input
// as it was checked.
var inputSeed = maphash.MakeSeed()

// chainResult is a result the chain writes itself: its reason, as an error
// result the model reads.
func chainResult(v Verdict, reason string, notes []Note) Result {
	res := ErrorResult(reason)
	res.Notes, res.Verdict = notes, v
	return res
}

// joinNotes returns a followed by b in a new slice, or whichever is not
// empty, or nil.
func joinNotes(a, b []Note) []Note {
	switch {
	case len(a) == 0:
		return b
	case len(b) == 0:
		return a
	}
	return append(append(make([]Note, 0, len(a)+len(b)), a...), b...)
}

// ApprovalPending is the error Wrap returns for a call whose approval is
// being obtained out of band. The call has not run. Resolve the ticket
// (Ticket.Grant), then run the same call again with the grant in its
// context (WithGrant).
type ApprovalPending struct {
	Ticket *Ticket
	Reason string
}

func (e *ApprovalPending) Error() string { return "hookchain: " + e.Reason }
