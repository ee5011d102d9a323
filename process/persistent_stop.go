package process

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Close stops the hook: calls asked from now on fail (Closed), calls in
// flight are waited for until ctx ends, and then the process is stopped —
// its stdin closed, SIGTERM sent to its group, and, StopGrace later, SIGKILL
// — and reaped. Calls still in flight when ctx ends fail. Close returns
// ctx's error in that case, and nil when every call ended first; a second
// Close waits for the first.
func (p *Persistent) Close(ctx context.Context) error {
	p.mu.Lock()
	first := !p.closed
	if first {
		p.closed = true
		close(p.closing)
	}
	p.mu.Unlock()

	calls := whenDone(&p.calls)
	var err error
	select {
	case <-calls:
	case <-ctx.Done():
		err = fmt.Errorf("hook %q: closed with calls in flight, which fail: %w", p.command, ctx.Err())
	}
	p.mu.Lock()
	pr := p.cur
	p.mu.Unlock()
	if pr != nil {
		pr.halt(p.spec.stopGrace())
	}
	<-calls
	p.procs.Wait()
	if !first {
		return nil
	}
	return err
}

// wait waits for the leader to exit, kills what is left of its group while
// the leader is a zombie where the platform allows (see run.wait), reaps
// it, lets its output drain, and fails every call still waiting.
func (pr *proc) wait() {
	waitErr := waitReaping(pr.cmd, pr.reap)
	drained := whenDone(&pr.readers)
	t := time.NewTimer(drainDelay)
	select {
	case <-drained:
	case <-t.C:
		// Only a process that left the group can still hold a pipe; what
		// it holds answers nothing.
	}
	t.Stop()
	pr.stdout.Close()
	pr.stderr.Close()
	<-drained
	pr.stdin.Close()
	pr.finish(waitErr)
}

// finish fails every call still waiting with the reason the process went,
// and tells the Persistent.
func (pr *proc) finish(waitErr error) {
	p := pr.p
	pr.mu.Lock()
	e := &Error{Kind: Exited, ExitCode: -1, Err: waitErr}
	if st := pr.cmd.ProcessState; st != nil {
		if sig, ok := signaled(st); ok {
			e.Signal = sig
		} else {
			e.ExitCode = st.ExitCode()
		}
	}
	// The end of its stdout is the reason only when it was still running
	// then, and was killed for it: a process that exits ends its stdout
	// too.
	if pr.eof != nil {
		pr.eof.Stop()
	}
	if pr.failed == nil || pr.failed == pr.outEnded && e.Signal != "SIGKILL" {
		pr.failed = e
	}
	why := pr.failed
	tail := slices.Clone(pr.tail)
	for id, c := range pr.pending {
		if c.sent {
			e := *why
			c.done <- answer{id: id, err: p.named(&e, id, tail), shared: pr.sharedLocked(c)}
		} else {
			c.done <- answer{id: id, resend: true}
		}
		delete(pr.pending, id)
	}
	// Nothing answers the calls whose callers left any more: their slots
	// are free.
	for range pr.gone {
		<-p.slots
	}
	clear(pr.gone)
	helloed, answered := pr.helloed, pr.answeredAt
	pr.mu.Unlock()

	report := *why
	p.named(&report, 0, tail)
	if !helloed {
		start := &report
		if report.Kind != StartFailed {
			var b strings.Builder
			report.what(&b)
			start = p.named(&Error{Kind: StartFailed, Err: fmt.Errorf("it %s before its hello line", b.String())}, 0, tail)
		}
		// Ended first, so that a call that follows the ones told of it finds
		// the backoff rather than this process.
		p.ended(pr, start, false)
		pr.markReady(start)
		return
	}
	p.ended(pr, &report, answered)
}

// reap kills the group and marks the leader as about to be reaped.
func (pr *proc) reap() {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.killLocked()
	pr.reaped = true
}

// kill kills the group unless the leader is being reaped.
func (pr *proc) kill() {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.killLocked()
}

func (pr *proc) killLocked() {
	if !pr.reaped {
		killGroup(pr.cmd.Process)
	}
}

// failLocked records why the process must go, unless a reason is
// recorded, and kills its group; pr.mu is held. The calls on it fail when
// it is reaped, with the first reason.
func (pr *proc) failLocked(e *Error) {
	if pr.failed == nil {
		pr.failed = e
	}
	pr.killLocked()
}

func (pr *proc) fail(e *Error) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.failLocked(e)
}

// halt stops the process for Close: its stdin is closed, which a hook
// reading to the end takes as the end of its work, and its group is sent
// SIGTERM, then SIGKILL after grace if it is still there.
func (pr *proc) halt(grace time.Duration) {
	<-pr.spawned
	if pr.stdin == nil { // it never started
		<-pr.dead
		return
	}
	pr.mu.Lock()
	if pr.failed == nil || pr.failed == pr.outEnded {
		// Closed, whatever it would have gone for: its calls end with it.
		pr.failed = &Error{Kind: Closed}
	}
	if !pr.reaped {
		termGroup(pr.cmd.Process)
	}
	pr.mu.Unlock()
	pr.stdin.Close()
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-pr.dead:
		return
	case <-t.C:
	}
	pr.kill()
	<-pr.dead
}
