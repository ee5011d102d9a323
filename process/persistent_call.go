package process

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"time"
)

// maxUnsent bounds the ids of calls that ended before they were sent that
// a process remembers, only to name an answer to one of them.
const maxUnsent = 1024

// call is one request on a process.
type call struct {
	id       uint64
	line     []byte
	queuedAt time.Time
	done     chan answer // the answer, or the failure; one, buffered

	// Under the process's mu.
	sent    bool      // its write has begun
	written bool      // its write is over: only now can it be answered
	early   []byte    // an answer that came while it was being written
	sentAt  time.Time // when its write began
}

// answer is how a call on a process ended.
type answer struct {
	line []byte // the hook's answer
	id   uint64
	err  *Error // or the failure
	// resend says that it was never sent: it can be asked of the next
	// process.
	resend bool
	// shared says that the process was sent other calls' requests too, so
	// that a failure may be theirs.
	shared bool
	// kept says that the process keeps the call's slot: it holds the
	// request, whose caller has left.
	kept bool
}

// sharedLocked says whether the process was sent another call's request
// than c's, before it or since; pr.mu is held. Only a process that was
// sent nothing else went down, or kept a call past its time, for that
// call's own request: one that served others may have been brought down
// by any of them, even one it answered (a crash the answer left behind),
// as a hook run per call could not be.
func (pr *proc) sharedLocked(*call) bool {
	return pr.sends > 1
}

// ask sends req as a call and waits for its answer, or for ctx.
//
// The caller writes its own line, holding wlock: a goroutine between the
// caller and the pipe would cost every call a hand-off.
func (pr *proc) ask(ctx context.Context, req []byte) answer {
	pr.mu.Lock()
	if pr.failed != nil || !pr.helloed {
		pr.mu.Unlock()
		return answer{resend: true}
	}
	pr.nextID++
	c := &call{id: pr.nextID, line: withID(pr.nextID, req), queuedAt: time.Now(), done: make(chan answer, 1)}
	pr.pending[c.id] = c
	pr.mu.Unlock()
	select {
	case pr.wlock <- struct{}{}:
		a, cut := pr.send(ctx, c)
		<-pr.wlock
		if cut {
			return a
		}
	case <-ctx.Done():
	case <-pr.dead:
		// finish has ended every pending call, this one included.
	}
	select {
	case a := <-c.done:
		return a
	case <-ctx.Done():
		return pr.leave(ctx, c)
	}
}

// send writes c's line to stdin, unless c or the process has ended; wlock
// is held. A line cut short leaves the protocol out of step, and the
// process must go. cut says that ctx ended the write: the hook read too
// little of its stdin for the call's whole time, and the call has ended,
// as the answer says.
func (pr *proc) send(ctx context.Context, c *call) (a answer, cut bool) {
	p := pr.p
	pr.mu.Lock()
	if _, ok := pr.pending[c.id]; !ok || pr.failed != nil || ctx.Err() != nil {
		pr.mu.Unlock()
		return answer{}, false
	}
	now := time.Now()
	c.sent, c.sentAt, pr.writing = true, now, now
	pr.held++
	pr.sends++
	pr.mu.Unlock()

	deadline, _ := ctx.Deadline()
	_ = pr.stdin.SetWriteDeadline(deadline)
	interrupted := make(chan struct{})
	interrupt := context.AfterFunc(ctx, func() {
		_ = pr.stdin.SetWriteDeadline(time.Unix(1, 0))
		close(interrupted)
	})
	_, err := pr.stdin.Write(c.line)
	if !interrupt() {
		// It ran, or runs: the next line's deadline must not be its.
		<-interrupted
	}
	if errors.Is(err, os.ErrDeadlineExceeded) {
		// The write's deadline is ctx's, whose own timer may fire a moment
		// later.
		<-ctx.Done()
	}

	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.writing = time.Time{}
	switch {
	case err == nil:
		c.written = true
		if early := c.early; early != nil {
			c.early = nil
			// An answer read before the hook's stdout ended is still its
			// answer: a hook that answers and exits at once must not lose
			// a denial to the race between its exit and this write's end.
			if _, ok := pr.pending[c.id]; ok && (pr.failed == nil || pr.failed == pr.outEnded) {
				pr.answer(c, early)
			}
		}
		return answer{}, false
	case ctx.Err() != nil:
		delete(pr.pending, c.id)
		pr.gone[c.id] = struct{}{}
		a = answer{id: c.id, shared: pr.sharedLocked(c), kept: true}
		pr.failLocked(&Error{Kind: Unresponsive, Timeout: p.spec.timeout(), Err: errors.New("read too little of its stdin")})
		a.err = p.named(p.ctxError(ctx), c.id, slices.Clone(pr.tail))
		return a, true
	default:
		pr.failLocked(&Error{Kind: IOFailed, Err: fmt.Errorf("writing call %d to its stdin: %w", c.id, err)})
		return answer{}, false
	}
}

// leave ends a call whose ctx ended first. An answer that comes later is
// discarded and counted; until it comes, or the process goes, the call's
// slot stays taken, since the hook still holds the request. A process that
// has answered nothing since the call was sent, for the whole of the
// call's Timeout, or has read none of its stdin for as long, has stopped
// answering: it is stopped, and the calls on it fail. So is one that holds
// every slot for calls whose callers have left.
func (pr *proc) leave(ctx context.Context, c *call) answer {
	p := pr.p
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if _, ok := pr.pending[c.id]; !ok {
		// Answered, or failed, as ctx ended.
		return <-c.done
	}
	delete(pr.pending, c.id)
	// A call not sent in its time waited for other calls' writes.
	a := answer{id: c.id, shared: true}
	if c.sent {
		pr.gone[c.id] = struct{}{}
		a.shared, a.kept = pr.sharedLocked(c), true
	} else {
		if len(pr.unsent) >= maxUnsent {
			// Only the message for an answer to one of them needs them.
			clear(pr.unsent)
		}
		pr.unsent[c.id] = struct{}{}
	}
	timedOut := context.Cause(ctx) == errTimedOut
	switch {
	case timedOut && c.sent && !pr.lastLine.After(c.sentAt):
		pr.failLocked(&Error{Kind: Unresponsive, Timeout: p.spec.timeout()})
	case timedOut && !c.sent && !pr.writing.IsZero() && pr.writing.Before(c.queuedAt):
		pr.failLocked(&Error{Kind: Unresponsive, Timeout: p.spec.timeout(), Err: errors.New("read none of its stdin")})
	case len(pr.gone) >= cap(p.slots):
		pr.failLocked(&Error{Kind: ProtocolError, Err: fmt.Errorf("it left every one of its %d slots to calls that had ended unanswered", cap(p.slots))})
	}
	a.err = p.named(p.ctxError(ctx), c.id, slices.Clone(pr.tail))
	return a
}

// answer hands c its answer, b; pr.mu is held.
func (pr *proc) answer(c *call, b []byte) {
	delete(pr.pending, c.id)
	pr.held--
	pr.answeredAt = true
	pr.p.answered.Add(1)
	c.done <- answer{line: b, id: c.id}
}
