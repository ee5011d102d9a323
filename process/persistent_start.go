package process

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os/exec"
	"slices"
	"time"
)

// Start starts the process now, unless it is running, and waits for its
// hello (or ctx): a hook that cannot start is then known before the first
// call, and the first call does not wait for it.
func (p *Persistent) Start(ctx context.Context) error {
	if !p.enter() {
		return p.closedError(0)
	}
	defer p.calls.Done()
	ctx, cancel := context.WithTimeoutCause(ctx, p.spec.startTimeout(), errTimedOut)
	defer cancel()
	_, e := p.process(ctx, nil)
	if e != nil {
		return e
	}
	return nil
}

// errNoTurn is the start that did not happen because other hooks were
// being started all the while: their load, not this hook's failure.
var errNoTurn = errors.New("its turn to start did not come")

// process returns the running process, once it has said hello, starting
// one if there is none and the backoff allows.
//
// waited, when not nil, is set when the call waited out a backoff: time a
// process that went down took from it.
func (p *Persistent) process(ctx context.Context, waited *bool) (*proc, *Error) {
	for {
		p.mu.Lock()
		if p.closed {
			p.mu.Unlock()
			return nil, p.closedError(0)
		}
		pr := p.cur
		if pr == nil {
			if wait := time.Until(p.notBefore); wait > 0 {
				last := p.last
				p.mu.Unlock()
				if deadline, ok := ctx.Deadline(); ok && time.Now().Add(wait).After(deadline) {
					var stderr []byte
					if last != nil {
						stderr = []byte(last.Stderr)
					}
					return nil, p.named(&Error{Kind: Restarting, Timeout: dueIn(wait), Err: last}, 0, stderr)
				}
				if waited != nil {
					*waited = true
				}
				t := time.NewTimer(wait)
				select {
				case <-t.C:
					continue
				case <-ctx.Done():
					t.Stop()
					return nil, p.named(p.ctxError(ctx), 0, nil)
				case <-p.closing:
					t.Stop()
					return nil, p.closedError(0)
				}
			}
			pr = p.launch()
		}
		p.mu.Unlock()
		select {
		case <-pr.ready:
		case <-ctx.Done():
			return nil, p.named(p.ctxError(ctx), 0, pr.stderrTail())
		case <-p.closing:
			return nil, p.closedError(0)
		}
		if pr.startErr != nil {
			e := *pr.startErr
			return nil, &e
		}
		return pr, nil
	}
}

// launch starts a process in the background and makes it the current one;
// p.mu is held.
func (p *Persistent) launch() *proc {
	pr := &proc{
		p:       p,
		wlock:   make(chan struct{}, 1),
		ready:   make(chan struct{}),
		spawned: make(chan struct{}),
		dead:    make(chan struct{}),
		pending: map[uint64]*call{},
		gone:    map[uint64]struct{}{},
		unsent:  map[uint64]struct{}{},
	}
	p.cur = pr
	p.procs.Add(1)
	go pr.run()
	return pr
}

// ended is told by a process that it is gone, and why.
func (p *Persistent) ended(pr *proc, why *Error, answered bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur == pr {
		p.cur = nil
	}
	p.last = why
	if p.closed {
		return
	}
	if answered {
		p.backoff = p.spec.minBackoff()
	} else {
		p.backoff = min(max(2*p.backoff, p.spec.minBackoff()), p.spec.maxBackoff())
	}
	p.notBefore = time.Now().Add(p.backoff)
	p.log(slog.LevelWarn, "hookchain persistent hook stopped", slog.String("why", why.Error()), slog.Duration("restart_in", p.backoff))
}

// run starts the process, serves it until it is gone, and reaps it.
func (pr *proc) run() {
	p := pr.p
	defer p.procs.Done()
	defer close(pr.dead)
	s := p.spec.Spec
	s.Env = append(slices.Clip(s.Env), PersistentEnv+"=1")
	if s.Dir != "" {
		if err := checkDir(s.Dir); err != nil {
			close(pr.spawned)
			pr.startFailed(&Error{Kind: StartFailed, Err: err})
			return
		}
	}
	pr.cmd = s.command(exec.Command)
	ctx, cancel := context.WithTimeout(context.Background(), p.spec.startTimeout())
	defer cancel()
	var e *Error
	pr.stdin, pr.stdout, pr.stderr, e = spawn(ctx, pr.cmd, true, func() *Error {
		return &Error{Kind: StartFailed, Err: fmt.Errorf("%w within %v", errNoTurn, p.spec.startTimeout())}
	})
	close(pr.spawned)
	if e != nil {
		pr.startFailed(e)
		return
	}
	p.starts.Add(1)
	p.log(slog.LevelInfo, "hookchain persistent hook started", slog.Int("pid", pr.cmd.Process.Pid))
	pr.readers.Add(2)
	go pr.readStdout()
	go pr.readStderr()
	hello := time.AfterFunc(p.spec.startTimeout(), func() {
		pr.mu.Lock()
		defer pr.mu.Unlock()
		if !pr.helloed {
			pr.failLocked(&Error{Kind: StartFailed, Err: fmt.Errorf("it wrote no hello line within %v", p.spec.startTimeout())})
		}
	})
	pr.wait()
	hello.Stop()
}

// startFailed ends a process that never ran.
func (pr *proc) startFailed(e *Error) {
	pr.p.named(e, 0, nil)
	pr.mu.Lock()
	pr.failed = e
	pr.mu.Unlock()
	pr.p.ended(pr, e, false)
	pr.markReady(e)
}

// markReady closes ready, once, with the start's failure if there is one.
func (pr *proc) markReady(startErr *Error) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if pr.readyShut {
		return
	}
	pr.readyShut = true
	pr.startErr = startErr
	close(pr.ready)
}

// dueIn is a wait until the next start as an error reports it: rounded up
// to a tenth of a second, since a wait rounded down to 0s would not read as
// later than the call can wait.
func dueIn(wait time.Duration) time.Duration {
	const step = 100 * time.Millisecond
	return (wait + step - 1).Truncate(step)
}
