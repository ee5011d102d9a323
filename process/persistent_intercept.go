package process

import (
	"context"
	"errors"
	"fmt"

	"github.com/hookchain/hookchain"
)

// Intercept asks the hook about e and returns its answer, decoded as Native
// decodes a one-shot hook's: it is an interceptor. The call gets a line of
// its own, with an id of its own, and waits for the answer with that id,
// for at most the Spec's Timeout.
//
// A failure that is the call's own is an *Error naming the command and the
// call: it could not start (StartFailed, or Restarting after a start that
// failed), the call outran its time (TimedOut) or its context (Canceled),
// the process ended before answering (Exited), its pipes failed
// (IOFailed), it broke the protocol
// (ProtocolError), answered with
// an error of its own (HookError), or gave an answer that does not decode
// (BadAnswer). A line over the cap (LineTooLong) is never the call's own:
// what it said is not known, and it may have been a denial.
//
// A failure that may be another call's is returned marked
// hookchain.NotOwn, which the chain denies whatever the link's failure
// policy (a fail-open link allows only its own failures); its text names
// the failure and why it is not the call's own, and it still unwraps to
// the *Error. A failure may
// be another call's when the process that failed, or kept the call past
// its Timeout, was sent any other call's request in its life (even one it
// answered); when the hook is down after a failure that was not a start's
// and restarts later than the call can wait (Restarting); when other
// calls held every slot until the call's time ran out (Overloaded); and
// when the hook is closed (Closed). A call held by a process that went
// down after serving others is asked once more, of the next process,
// within its Timeout, and denied if that fails too — unless the next
// process was sent that call alone, in which case the failure is the
// call's own. A call never sent is asked of the next process as if
// nothing had happened.
func (p *Persistent) Intercept(ctx context.Context, ev hookchain.Event) (hookchain.Outcome, error) {
	req, err := EncodeRequest(ev)
	if err != nil {
		return hookchain.Outcome{}, fmt.Errorf("hook %q: not run: %w", p.command, err)
	}
	if err := ctx.Err(); err != nil {
		return hookchain.Outcome{}, p.named(&Error{Kind: Canceled, Err: err}, 0, nil)
	}
	if !p.enter() {
		return p.failure(p.closedError(0), false, false)
	}
	defer p.calls.Done()
	ctx, cancel := context.WithTimeoutCause(ctx, p.spec.timeout(), errTimedOut)
	defer cancel()

	// waited: it had to wait for a slot, or for a process that went down to
	// be replaced; if its time runs out, others may have spent it.
	waited := false
	select {
	case p.slots <- struct{}{}:
	default:
		waited = true
	}
	if waited {
		select {
		case p.slots <- struct{}{}:
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return p.failure(p.named(&Error{Kind: Overloaded, Limit: cap(p.slots)}, 0, nil), false, false)
			}
			return hookchain.Outcome{}, p.named(p.ctxError(ctx), 0, nil)
		case <-p.closing:
			return p.failure(p.closedError(0), false, false)
		}
	}
	// The slot is the call's until the hook has answered it or is gone: a
	// process that holds the request of a call whose caller left keeps it.
	slot := true
	defer func() {
		if slot {
			<-p.slots
		}
	}()

	// again: asked once more, after a process that served other calls too
	// went down under it.
	again := false
	for {
		pr, e := p.process(ctx, &waited)
		if e != nil {
			return p.failure(e, false, waited)
		}
		a := pr.ask(ctx, req)
		if a.kept {
			slot = false
		}
		switch {
		case a.resend:
			// It went down before the call was sent: the call is not lost,
			// and the next process can be asked.
			waited = true
		case a.err != nil && a.shared && !again && wentDown(a.err.Kind) && ctx.Err() == nil:
			again, waited = true, true
		case a.err != nil:
			return p.failure(a.err, a.shared, waited)
		default:
			out, err := decodeReply(ev, a.line)
			var hf hookFailure
			switch {
			case errors.As(err, &hf):
				return hookchain.Outcome{}, p.named(&Error{Kind: HookError, Err: hf}, a.id, pr.stderrTail())
			case err != nil:
				return hookchain.Outcome{}, p.named(&Error{Kind: BadAnswer, Err: err}, a.id, pr.stderrTail())
			}
			return out, nil
		}
		select {
		case <-pr.dead:
		case <-ctx.Done():
			return p.failure(p.named(p.ctxError(ctx), 0, pr.stderrTail()), false, waited)
		}
	}
}

// wentDown says whether k is the failure of a process that went down under
// the calls it held, which the next process may not repeat.
func wentDown(k Kind) bool {
	switch k {
	case Exited, ProtocolError, LineTooLong, Unresponsive, IOFailed:
		return true
	}
	return false
}

// The reasons a call's failure is denied rather than returned: it may not
// be the call's own, and a fail-open link would allow an error.
const (
	whyShared     = "as its process served other calls too and the failure may be theirs"
	whyWaited     = "as it spent part of its time waiting on other calls or on a restart, and ran out of it"
	whyRestarting = "as the wait for a restart is not this call's failure"
	whyOverloaded = "as other calls held every slot"
	whyNoTurn     = "as other hooks' starts held up its start"
	whyClosed     = "as the hook was closed, which is not this call's failure"
	whyCap        = "as output past the cap is not read, and what the hook decided is not known"
)

// failure is what Intercept answers for e: the error, when the failure is the
// call's own, or else the error marked hookchain.NotOwn, which the chain
// denies whatever the link's failure policy. shared says that the process was
// sent other calls' requests too; waited, that the call waited for a slot
// or for a process that went down to be replaced.
func (p *Persistent) failure(e *Error, shared, waited bool) (hookchain.Outcome, error) {
	why := ""
	switch {
	case e.Kind == Canceled:
		// The caller left, which no link's failure policy forgives.
	case e.Kind == Closed:
		why = whyClosed
	case e.Kind == Overloaded:
		why = whyOverloaded
	case e.Kind == Restarting:
		// A hook that cannot start fails every call the same way; the
		// backoff after a process that went down under calls is theirs.
		if last, ok := e.Err.(*Error); !ok || last == nil || last.Kind != StartFailed || errors.Is(last.Err, errNoTurn) {
			why = whyRestarting
		}
	case e.Kind == StartFailed && errors.Is(e.Err, errNoTurn):
		why = whyNoTurn
	case e.Kind == LineTooLong:
		return hookchain.Outcome{}, overCap(e)
	case shared:
		why = whyShared
	case waited && e.Kind == TimedOut:
		why = whyWaited
	}
	if why == "" {
		return hookchain.Outcome{}, e
	}
	return hookchain.Outcome{}, hookchain.NotOwn(&notOwn{e, why})
}

// notOwn is a failure of the hook that may not be the call's own: the
// hook's error, and why it is not taken for the call's.
type notOwn struct {
	err *Error
	why string
}

func (n *notOwn) Error() string { return n.err.Error() + "; denied, " + n.why }
func (n *notOwn) Unwrap() error { return n.err }
