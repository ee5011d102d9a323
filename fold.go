package hookchain

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/hookchain/hookchain/internal/jsonscan"
)

// fold is one run's state, threaded through the walk and each of its steps:
// the event as the links so far have left it, what they gathered, and
// where the outcome goes. run builds it on its stack, and every pointer in
// it is to a value of run's or of its callers' frames.
//
// The context is passed beside a fold, never kept in it: a context is
// handed to interceptors, which keep what they like, and Go's escape
// analysis does not tell one field from another, so whatever a fold held
// would be taken to escape with it, and the allow path would allocate. For
// the same reason the walk's gatherings are pointed to (w), not held: they
// are handed on to the outcome.
type fold struct {
	done  <-chan struct{} // ctx.Done(), asked once for the whole call
	e     *Event          // the event as the links so far have left it: each rewrite is threaded through it
	w     *walk           // what the links' answers gathered, and where the walk is
	links []*Link         // the links the plan put this event to, in chain order
	obs   *observation    // nil unless the chain has observers
	// lean is set when whoever reads the outcome reads of a rewrite only
	// its bytes (Execute, with no observers): then the steps of rewrites
	// are held in the walk, and the trail is built, and the reason for
	// the change worded, only if something reads them (see walk.held).
	lean bool
	res  *Outcome // the outcome, written in place; the zero Outcome, an allow, until then
	// kept is what the links are judging (see judged) as it was when it
	// became theirs: checked when a rewrite replaces it, and by run when
	// the walk ends. It is the caller's, so that Execute can go on to judge
	// the tool by it: when the before-run ends, it holds the input the tool
	// is given.
	kept *keeper
}

// walk is what a fold in progress has gathered, kept outside walk's frame
// so that the walk can resume after a panic.
type walk struct {
	// ix indexes e.Input when check or a rewrite left one (see
	// jsonscan.Index), for the links' input matchers.
	ix    jsonscan.Index
	trail []Step
	// held are the steps of rewrites in a lean fold, in order, after those
	// in trail: each one appended to trail would cost an allocation that
	// nobody reads. They join trail (flush) as soon as anything else is
	// recorded or the outcome is read whole — a denial, a failure, an ask.
	held  [2]heldStep
	nheld uint8
	notes []Note
	// messages are the links' text for the user, kept as notes are.
	messages []Note
	changed  bool
	asked    bool
	// askedAbout names the links that rewrote the input and asked about it
	// in one answer (AskAbout): their steps say Asked, and they are changers
	// too.
	askedAbout []string
	// changer is the last link that changed the call, whose reason
	// changedBy can hand out again when it is the only one.
	changer  *Link
	i        int       // the link being matched or asked
	start    time.Time // when links[i] was asked, for observers
	panicked string    // set when links[i] panicked: its fault
}

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
func (c *Chain) walk(ctx context.Context, f *fold) (finished bool) {
	defer func() {
		if r := recover(); r != nil {
			f.w.panicked = fmt.Sprintf("panic: %v", r)
		} else if !finished {
			// Neither a return nor a panic: a link ended the goroutine
			// (runtime.Goexit, as t.FailNow does). Nothing can stop that,
			// and nobody is left to answer; what can be done is to say so.
			c.goexit(ctx, f)
		}
	}()
	// This loop is what every call runs, for every link: it asks a link
	// the plain way and goes on after a plain allow, and hands anything
	// else to step. Kept this small, it stays in the instruction cache
	// between the tool calls it guards, whose own work evicts whatever is
	// not.
	w, e, links, done := f.w, f.e, f.links, f.done
	for ; w.i < len(links); w.i++ {
		l := links[w.i]
		if w.panicked == "" && f.obs == nil && l.timeout == 0 {
			// A link filed by tool name whose matcher is nothing but that
			// name was matched by the dispatch that put it in this list.
			if !l.byNameOnly && !l.test.match(e, &w.ix) {
				continue
			}
			if !isDone(done) {
				o, err := l.fn(ctx, *e)
				if err == nil && o.Verdict == Allowed && o.Reason == "" && len(o.Notes) == 0 && len(o.Messages) == 0 && !isDone(done) {
					continue // the common case: nothing to check, record or report
				}
				if c.step(ctx, f, l, &o, err) {
					return true
				}
				continue
			}
		}
		if c.step(ctx, f, l, nil, nil) {
			return true
		}
	}
	if w.trail != nil || w.notes != nil || w.messages != nil || w.changed || w.asked || isDone(done) {
		c.finish(ctx, f)
	}
	// Otherwise *f.res is still the zero Outcome runOnce was given: an allow.
	return true
}

// goexit records the failure of links[w.i], which ended the caller's
// goroutine while it was asked or matched, in *f.res and for the observers:
// the goroutine is ending with no answer to return, but the chain's audit
// says which link ended it, and that it denied. The tool does not run: the
// goroutine that would have run it is gone.
func (c *Chain) goexit(ctx context.Context, f *fold) {
	w := f.w
	name := "a link"
	if w.i < len(f.links) {
		name = f.links[w.i].name
	}
	const fault = "ended the caller's goroutine (runtime.Goexit) without answering"
	step := Step{Name: name, Verdict: Denied, Fault: fault}
	w.record(step)
	*f.res = Outcome{Verdict: Denied, Reason: name + " failed and denies on failure: " + fault, Trail: w.trail, Notes: w.notes, Messages: w.messages,
		DecidedBy: name, Cause: CauseFailure}
	if f.obs != nil {
		c.reportStep(ctx, f.obs, *f.e, step, w.start)
		f.obs.askedAbout = w.askedAbout
		c.reportRun(ctx, f.obs.given, *f.res, f.obs)
	}
}

// step is one link's part in the walk, when it is not a plain allow asked
// the plain way: a link resumed after its panic, one asked with observers
// or a timeout, and any answer but a plain allow. asked, when not nil, is
// the answer the walk already had from the link, with its error. It hears
// the link's answer (hear), checks it (vet) and folds it in (settle), and
// reports whether the walk is finished, *f.res written.
func (c *Chain) step(ctx context.Context, f *fold, l *Link, asked *Outcome, askErr error) (finished bool) {
	var a reply
	if heard, finished := c.hear(ctx, f, l, asked, askErr, &a); !heard {
		return finished
	}
	// A rewritten input is validated by misfit, which indexes it for the
	// links after this one.
	var next jsonscan.Index
	if a.fault == "" {
		a.fault = c.vet(f.e, &a.out, &next)
	}
	return c.settle(ctx, f, l, &a, &next)
}

// hear writes l's answer, or its failure, into *a. It reports heard false
// when there is no answer to fold: the link's matcher declined the event
// (finished false), or the caller went away before the link could be
// asked, and *f.res says so (finished true).
func (c *Chain) hear(ctx context.Context, f *fold, l *Link, asked *Outcome, askErr error, a *reply) (heard, finished bool) {
	w := f.w
	switch {
	case asked != nil:
		switch {
		case askErr != nil:
			a.fault, a.notOwn = errorFault(askErr), isNotOwn(askErr)
		case isDone(f.done):
			// Too late to count, as with a timeout: no answer, no words.
			a.fault = ended(ctx, 0)
		default:
			a.out = *asked
		}
	case w.panicked != "":
		// Resumed: this link panicked, and that is its answer.
		a.fault, w.panicked = w.panicked, ""
	default:
		if f.obs != nil {
			w.start = time.Now()
		}
		if !l.byNameOnly && !l.test.match(f.e, &w.ix) {
			return false, false
		}
		if isDone(f.done) {
			// The caller went away between links (a deadline, say): nobody
			// is asked with a dead context, and nothing is allowed for a
			// caller who is no longer there.
			*f.res = w.callerGone(ctx, "before "+l.name+" was asked")
			return false, true
		}
		switch {
		case l.timeout > 0:
			*a = l.askWithin(ctx, *f.e)
		default:
			// Without observers the walk asks such a link itself; here a
			// plain allow leaves out zero, and is reported as an allow.
			a.fault, a.notOwn = l.answer(ctx, *f.e, &a.out)
			if a.fault == "" && isDone(f.done) {
				// Too late to count, as with a timeout: no answer, no words.
				a.out, a.fault = Outcome{}, ended(ctx, 0)
			}
		}
	}
	return true, false
}

// vet takes a well-formed answer's bytes as the chain's own and returns why
// the answer cannot be folded into e, or "" when it can. The new input of a
// rewrite it accepts is indexed in next.
func (c *Chain) vet(e *Event, out *Outcome, next *jsonscan.Index) string {
	own(out)
	if fault := misfit(e, out, next); fault != "" {
		return fault
	}
	return c.rewriteFault(e.Tool, out)
}

// settle records l's answer, or its failure, in the trail and for the
// observers, and folds it into the event the next link sees. It reports
// whether the walk is finished, *f.res written. next indexes a rewrite's
// new input.
func (c *Chain) settle(ctx context.Context, f *fold, l *Link, a *reply, next *jsonscan.Index) (finished bool) {
	w, e := f.w, f.e
	// A failure while the caller's context is done is the caller going
	// away, not the link's own failure: FailOpen never covers it, nor a
	// failure the link said is not its own (NotOwn).
	gone := a.fault != "" && isDone(f.done)
	forgiven := l.failOpen && !gone && !a.notOwn
	step := Step{Name: l.name, Verdict: a.out.Verdict, Reason: a.out.Reason, Fault: a.fault}
	if a.fault != "" {
		step.Verdict = Denied
		if forgiven {
			step.Verdict = Allowed
		}
	}
	if f.obs != nil {
		c.reportStep(ctx, f.obs, *e, step, w.start)
	}
	if a.fault != "" {
		// A failed link's answer is void, its notes and messages with it.
		w.record(step)
		if gone {
			*f.res = w.callerGone(ctx, "while "+l.name+" was asked")
			return true
		}
		if !forgiven {
			*f.res = Outcome{Verdict: Denied, Reason: l.name + " failed and denies on failure: " + a.fault, Trail: w.trail, Notes: w.notes, Messages: w.messages,
				DecidedBy: l.name, Cause: CauseFailure}
			return true
		}
		return false
	}
	w.notes = stamped(w.notes, a.out.Notes, l.name)
	w.messages = stamped(w.messages, a.out.Messages, l.name)
	out := &a.out
	switch out.Verdict {
	case Denied:
		w.record(step)
		*f.res = Outcome{Verdict: Denied, Reason: deniedBy(l.name, out.Reason), Trail: w.trail, Notes: w.notes, Messages: w.messages,
			DecidedBy: l.name, Cause: CauseLink}
		return true
	case Modified:
		if !rewrite(f.kept, e.Input, out.Input, f.res, e.Hook) {
			return true
		}
		e.Input, w.ix = out.Input, *next
		w.changed, w.changer = true, l
	case Replaced:
		if !rewrite(f.kept, e.Output, out.Output, f.res, e.Hook) {
			return true
		}
		e.Output, e.IsError = out.Output, out.IsError
		w.changed, w.changer = true, l
	case Asked:
		w.asked = true
		if out.Input != nil { // AskAbout: a rewrite, and an ask about it
			if !rewrite(f.kept, e.Input, out.Input, f.res, e.Hook) {
				return true
			}
			e.Input, w.ix = out.Input, *next
			w.changed, w.changer = true, l
			w.askedAbout = append(w.askedAbout, l.name)
		}
	default:
		return false // Allowed: nothing to record
	}
	if f.lean && out.Verdict != Asked {
		w.hold(l, out.Verdict, out.Reason)
	} else {
		w.record(step)
	}
	return false
}

// record appends step to the trail, after the steps held so far.
func (w *walk) record(step Step) {
	w.flush()
	w.trail = append(w.trail, step)
}

// heldStep is the step of a rewrite that l answered, held: all that such a
// step says, kept small because every run clears the walk.
type heldStep struct {
	l       *Link
	verdict Verdict
	reason  string
}

// hold keeps the step of a rewrite l answered in a lean fold, to join the
// trail only if it is read.
func (w *walk) hold(l *Link, v Verdict, reason string) {
	if int(w.nheld) == len(w.held) {
		w.flush()
	}
	w.held[w.nheld] = heldStep{l, v, reason}
	w.nheld++
}

// flush appends the held steps to the trail.
func (w *walk) flush() {
	for _, h := range w.held[:w.nheld] {
		w.trail = append(w.trail, Step{Name: h.l.name, Verdict: h.verdict, Reason: h.reason})
	}
	w.nheld = 0
}

// finish writes the outcome of a walk that every link let through, when
// there is more to it than a plain allow.
func (c *Chain) finish(ctx context.Context, f *fold) {
	w, e, res := f.w, f.e, f.res
	if isDone(f.done) {
		// Ended while the last matchers ran, with no link left to fail for it.
		*res = w.callerGone(ctx, "before the chain answered")
		return
	}
	// A lean outcome has the whole trail or none: none when only rewrites
	// would be in it and nobody asks about them, the one case in which
	// what Execute reads of it is the new bytes alone.
	if !f.lean || w.asked || w.trail != nil {
		w.flush()
	}
	// *res is still the zero Outcome runOnce was given, an allow: only what
	// the walk gathered is written, and a whole Outcome is not cleared
	// again for every call.
	if w.trail != nil || w.notes != nil || w.messages != nil {
		res.Trail, res.Notes, res.Messages = w.trail, w.notes, w.messages
	}
	if w.changed {
		if w.nheld == 0 {
			res.Reason = changedBy(w.trail, w.askedAbout, w.changer)
		}
		if e.Hook == BeforeTool {
			res.Verdict, res.Input = Modified, e.Input
		} else {
			res.Verdict, res.Output, res.IsError = Replaced, e.Output, e.IsError
		}
	}
	if w.asked {
		// Asked only once nobody denied: the question is about the final
		// input, and a refusal already made needs no approval.
		*res = c.resolve(ctx, *e, *res, f.obs, w.askedAbout)
	}
}

// callerGone is the chain's refusal when the caller's context ends during the
// walk. It is the same whatever the links' failure policies: an answer for a
// caller who has gone away is never an allow, and a tool is never run for one.
func (w *walk) callerGone(ctx context.Context, when string) Outcome {
	w.flush()
	return Outcome{
		Verdict:  Denied,
		Reason:   "hookchain: the context ended " + when + ": " + ctx.Err().Error(),
		Trail:    w.trail,
		Notes:    w.notes,
		Messages: w.messages,
		Cause:    CauseCaller,
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
// whose Asked steps rewrote the input too; last is the last link that
// changed it.
func changedBy(trail []Step, askedAbout []string, last *Link) string {
	// Measured first, so that the reason costs one allocation.
	n, count, only := 0, 0, 0
	for i, s := range trail {
		if changer(s, askedAbout) {
			n += len("; ") + len(s.Name) + len(": ") + len(s.Reason)
			count, only = count+1, i
		}
	}
	if count == 1 && last != nil && last.name == trail[only].Name {
		// The common case, one link changed the call: it is the last one,
		// and its reason may be one it gave before.
		return last.changeReason(trail[only].Reason)
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

// changers names every link that changed the call, in order, or is nil.
// askedAbout names the links whose Asked steps rewrote the input too.
func changers(trail []Step, askedAbout []string) []string {
	var names []string
	for _, s := range trail {
		if changer(s, askedAbout) {
			names = append(names, s.Name)
		}
	}
	return names
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

// stamped is kept with said appended, each named after link, whatever name
// the link gave it: a link cannot speak in another's name.
func stamped(kept, said []Note, link string) []Note {
	for _, n := range said {
		kept = append(kept, Note{Link: link, Text: n.Text})
	}
	return kept
}
