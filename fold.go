package hookchain

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/hookchain/hookchain/internal/jsonscan"
)

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
