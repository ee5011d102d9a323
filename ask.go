package hookchain

import (
	"bytes"
	"context"
	"fmt"
	"time"
)

// answer runs the interceptor, turning an error into a fault. A plain allow
// — no reason, no notes, which is nearly every answer — leaves out as it
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
	if o.Verdict == Allowed && o.Reason == "" && len(o.Notes) == 0 && len(o.Messages) == 0 {
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
