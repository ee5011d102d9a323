package process

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hookchain/hookchain"
)

// PersistentEnv is set to "1" in the environment of every persistent hook
// process, so that one program can serve both ways: the persistent protocol
// when it is set, one request per run (Native) when it is not.
const PersistentEnv = "HOOKCHAIN_PERSISTENT"

// The defaults of a PersistentSpec's zero fields.
const (
	// DefaultMaxInFlight bounds the calls a persistent hook has been sent
	// and has not answered. A call beyond it waits for a slot.
	DefaultMaxInFlight = 16
	// DefaultStartTimeout is how long a process has to write its hello.
	DefaultStartTimeout = 10 * time.Second
	// DefaultStopGrace is how long a closed hook is given, after SIGTERM,
	// before its group is killed.
	DefaultStopGrace = time.Second
	// DefaultMinBackoff and DefaultMaxBackoff bound the wait before a
	// process that went down is started again: the wait doubles with each
	// start after which the hook answered nothing, and is back at the
	// minimum once a process has answered a call.
	DefaultMinBackoff = 100 * time.Millisecond
	DefaultMaxBackoff = 10 * time.Second
)

// maxUnsent bounds the ids of calls that ended before they were sent that
// a process remembers, only to name an answer to one of them.
const maxUnsent = 1024

// PersistentSpec says how to run a persistent hook: the command and its
// limits (Spec), and how many calls it may be asked at once, how long it
// has to start and to stop, and how it is restarted.
//
// The Spec's fields mean what they mean for Run, per call: Timeout bounds
// each call, from the moment it is asked (waiting for a slot or a start
// included) to its answer; MaxStdout bounds each line the hook writes;
// MaxStderr bounds how much of its stderr is kept, the end of it, for the
// excerpts in errors — stderr is read as it comes, however much the hook
// writes, and never fails a call. Truncate does not apply.
type PersistentSpec struct {
	Spec
	// MaxInFlight bounds the calls sent (or being sent) to the hook and not
	// yet answered; 0 means DefaultMaxInFlight. A call beyond it waits for
	// one to end, for as long as its Timeout allows: back-pressure, not a
	// queue that grows.
	MaxInFlight int
	// StartTimeout bounds the time from starting the process to its hello
	// line; 0 means DefaultStartTimeout.
	StartTimeout time.Duration
	// StopGrace is how long Close gives the process to exit after SIGTERM
	// before it kills its group; 0 means DefaultStopGrace.
	StopGrace time.Duration
	// MinBackoff and MaxBackoff bound the wait before a restart; 0 means
	// DefaultMinBackoff and DefaultMaxBackoff.
	MinBackoff, MaxBackoff time.Duration
	// Logger is told when the process starts and stops, and of each late
	// answer it discards; nil logs nothing.
	Logger *slog.Logger
}

func (s PersistentSpec) maxInFlight() int {
	return cmp0(s.MaxInFlight, DefaultMaxInFlight)
}

func (s PersistentSpec) startTimeout() time.Duration {
	return cmp0(s.StartTimeout, DefaultStartTimeout)
}

func (s PersistentSpec) stopGrace() time.Duration { return cmp0(s.StopGrace, DefaultStopGrace) }

func (s PersistentSpec) minBackoff() time.Duration { return cmp0(s.MinBackoff, DefaultMinBackoff) }

func (s PersistentSpec) maxBackoff() time.Duration {
	return max(cmp0(s.MaxBackoff, DefaultMaxBackoff), s.minBackoff())
}

// cmp0 is v, or def when v is zero.
func cmp0[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// Validate reports what is wrong with s, or nil.
func (s PersistentSpec) Validate() error {
	var errs []error
	if err := s.Spec.Validate(); err != nil {
		errs = append(errs, err)
	}
	if s.Truncate {
		errs = append(errs, errors.New("the Truncate flag does not apply to a persistent hook: an answer cut at the cap could not be read"))
	}
	if s.MaxInFlight < 0 {
		errs = append(errs, fmt.Errorf("the MaxInFlight %d is negative", s.MaxInFlight))
	}
	for _, d := range []struct {
		name string
		v    time.Duration
	}{{"StartTimeout", s.StartTimeout}, {"StopGrace", s.StopGrace}, {"MinBackoff", s.MinBackoff}, {"MaxBackoff", s.MaxBackoff}} {
		if d.v < 0 {
			errs = append(errs, fmt.Errorf("the %s %v is negative", d.name, d.v))
		}
	}
	if s.MinBackoff > 0 && s.MaxBackoff > 0 && s.MinBackoff > s.MaxBackoff {
		errs = append(errs, fmt.Errorf("the MinBackoff %v is longer than the MaxBackoff %v", s.MinBackoff, s.MaxBackoff))
	}
	return errors.Join(errs...)
}

// Persistent is a hook program started once and asked many times, over its
// stdin and stdout, in the persistent protocol (see the package
// documentation): a hook that costs a line each way per call rather than a
// process start.
//
// Its process is started on the first call, or by Start, under the rules
// every hook runs under — a process group of its own, descriptors 0, 1 and
// 2 only, the Spec's environment and caps — with PersistentEnv set. When it
// exits, closes its stdout, stops answering or breaks the protocol, its
// group is killed, every call waiting on it fails, named (or, if the
// process had served other calls, is asked once more of the next one; see
// Ask), and the next call starts it again, after a backoff. Close stops it.
//
// A Persistent is safe for concurrent use; Ask is an interceptor:
//
//	guard, err := process.NewPersistent(process.PersistentSpec{Spec: process.Spec{Args: []string{"python3", "guard.py"}}})
//	…
//	defer guard.Close(ctx)
//	chain := hookchain.New(hookchain.Before("guard", hookchain.Tool("Bash"), guard.Ask))
type Persistent struct {
	spec    PersistentSpec
	command string
	slots   chan struct{}
	closing chan struct{} // closed by Close

	mu        sync.Mutex
	cur       *proc // the process running or starting; nil between processes
	closed    bool
	backoff   time.Duration
	notBefore time.Time // no process is started before then
	last      *Error    // why the last process went down

	calls sync.WaitGroup // Ask calls under way
	procs sync.WaitGroup // processes not yet reaped, their goroutines with them

	starts, answered, late atomic.Int64
}

// NewPersistent returns a persistent hook for s, not yet started. It fails
// only when s is not valid.
func NewPersistent(s PersistentSpec) (*Persistent, error) {
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("process: persistent hook %q: %w", s.String(), err)
	}
	s.Env = slices.Clone(s.Env)
	s.Unset = slices.Clone(s.Unset)
	s.Args = slices.Clone(s.Args)
	return &Persistent{
		spec:    s,
		command: s.String(),
		slots:   make(chan struct{}, s.maxInFlight()),
		closing: make(chan struct{}),
	}, nil
}

// String is the command, as errors name it.
func (p *Persistent) String() string { return p.command }

// PersistentStats are a persistent hook's counters.
type PersistentStats struct {
	Starts      int64 // processes started, the one running included
	Running     bool  // a process has said hello and is up
	InFlight    int   // calls the running process has been sent and has not answered, those whose callers have left included
	Answered    int64 // calls answered
	LateAnswers int64 // answers to calls that had ended (timed out, cancelled) first, discarded
}

// Stats returns the hook's counters.
func (p *Persistent) Stats() PersistentStats {
	st := PersistentStats{Starts: p.starts.Load(), Answered: p.answered.Load(), LateAnswers: p.late.Load()}
	p.mu.Lock()
	pr := p.cur
	p.mu.Unlock()
	if pr != nil {
		pr.mu.Lock()
		st.Running = pr.helloed && pr.failed == nil
		st.InFlight = pr.held
		pr.mu.Unlock()
	}
	return st
}

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

// Ask asks the hook about e and returns its answer, decoded as Native
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
func (p *Persistent) Ask(ctx context.Context, ev hookchain.Event) (hookchain.Outcome, error) {
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

// errNoTurn is the start that did not happen because other hooks were
// being started all the while: their load, not this hook's failure.
var errNoTurn = errors.New("its turn to start did not come")

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

// failure is what Ask answers for e: the error, when the failure is the
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

// enter counts a call in, unless the hook is closed.
func (p *Persistent) enter() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	p.calls.Add(1)
	return true
}

func (p *Persistent) closedError(id uint64) *Error {
	return p.named(&Error{Kind: Closed}, id, nil)
}

// named completes e for the caller: the command, the call's id, the end of
// stderr, and -1 for an exit status that is not one.
func (p *Persistent) named(e *Error, id uint64, stderr []byte) *Error {
	e.Command, e.ID, e.Stderr = p.command, id, Excerpt(stderr)
	if e.Kind != Exited && e.Kind != ExitStatus {
		e.ExitCode = -1
	}
	return e
}

// ctxError is the failure of a call whose ctx ended: its own Timeout, or
// the caller's context.
func (p *Persistent) ctxError(ctx context.Context) *Error {
	if context.Cause(ctx) == errTimedOut {
		return &Error{Kind: TimedOut, Timeout: p.spec.timeout(), Err: context.DeadlineExceeded}
	}
	return &Error{Kind: Canceled, Err: ctx.Err()}
}

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
					return nil, p.named(&Error{Kind: Restarting, Timeout: wait.Round(100 * time.Millisecond), Err: last}, 0, stderr)
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

func (p *Persistent) log(level slog.Level, msg string, attrs ...slog.Attr) {
	if l := p.spec.Logger; l != nil {
		l.LogAttrs(context.Background(), level, msg, append([]slog.Attr{slog.String("command", p.command)}, attrs...)...)
	}
}

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

	calls := make(chan struct{})
	go func() {
		p.calls.Wait()
		close(calls)
	}()
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

// proc is one process of a persistent hook, from its start to its reaping.
type proc struct {
	p       *Persistent
	cmd     *exec.Cmd
	wlock   chan struct{} // held by the call writing its line to stdin
	ready   chan struct{} // closed once it has said hello, or failed to start
	spawned chan struct{} // closed once the start is over, whether it started or not: cmd and the pipes are set
	dead    chan struct{} // closed once it is reaped and every call on it has failed

	stdin, stdout, stderr *os.File // this process's ends of the pipes
	readers               sync.WaitGroup

	// startErr is set before ready is closed, when the start failed.
	startErr *Error

	mu         sync.Mutex
	readyShut  bool // ready is closed
	helloed    bool
	reaped     bool        // the leader is being reaped; its pid is no longer ours to signal
	failed     *Error      // the first reason it must go; the calls on it fail with it
	outEnded   *Error      // failed, when the reason is the end of its stdout
	eof        *time.Timer // from the end of its stdout to stopping it, if it is still running then
	nextID     uint64
	pending    map[uint64]*call
	gone       map[uint64]struct{} // calls it was sent that ended unanswered, each holding its slot: their answers come late
	unsent     map[uint64]struct{} // calls that ended before they were sent, so that an answer to one is told apart
	held       int                 // the requests it holds: sent (or being sent) and not answered, gone ones included
	sends      int                 // the requests it has been sent
	lastLine   time.Time           // when it last wrote a line
	writing    time.Time           // when the write under way began; zero when none is
	answeredAt bool                // it has answered a call
	tail       []byte              // the end of its stderr
}

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

// wait waits for the leader to exit, kills what is left of its group while
// the leader is a zombie where the platform allows (see run.wait), reaps
// it, lets its output drain, and fails every call still waiting.
func (pr *proc) wait() {
	early := awaitExit(pr.cmd.Process.Pid)
	if early {
		pr.reap()
	}
	waitErr := pr.cmd.Wait()
	if !early {
		pr.reap()
	}
	drained := make(chan struct{})
	go func() {
		pr.readers.Wait()
		close(drained)
	}()
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
	if !pr.reaped {
		killGroup(pr.cmd.Process)
		pr.reaped = true
	}
}

// failLocked records why the process must go, unless a reason is
// recorded, and kills its group; pr.mu is held. The calls on it fail when
// it is reaped, with the first reason.
func (pr *proc) failLocked(e *Error) {
	if pr.failed == nil {
		pr.failed = e
	}
	if !pr.reaped {
		killGroup(pr.cmd.Process)
	}
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
	pr.mu.Lock()
	if !pr.reaped {
		killGroup(pr.cmd.Process)
	}
	pr.mu.Unlock()
	<-pr.dead
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

// errStdoutEnded is the failure of a process whose stdout ended while it
// was still running: it can answer nothing more.
var errStdoutEnded = errors.New("it closed its stdout and kept running")

// stdoutGrace is how long a process whose stdout has ended has to exit on
// its own, as one whose stdout ends because it exits does at once, before
// it is stopped for keeping its calls with nothing to answer them on.
const stdoutGrace = 100 * time.Millisecond

// readStdout reads the hook's lines: its hello, then answers. The end of
// its stdout is the end of its answers: the process is stopped then,
// rather than left to hold its calls until their timeouts.
func (pr *proc) readStdout() {
	defer pr.readers.Done()
	br := bufio.NewReaderSize(pr.stdout, 64<<10)
	limit := pr.p.spec.maxStdout()
	for {
		line, err := readLine(br, limit)
		if errors.Is(err, errLineTooLong) {
			pr.fail(&Error{Kind: LineTooLong, Limit: limit})
			return
		}
		if errors.Is(err, io.EOF) {
			pr.mu.Lock()
			if pr.failed == nil {
				// No call is sent to it from now on; one that exits now
				// is reported with its exit status, by finish.
				pr.outEnded = &Error{Kind: ProtocolError, Err: errStdoutEnded}
				pr.failed = pr.outEnded
				pr.eof = time.AfterFunc(stdoutGrace, func() {
					pr.mu.Lock()
					defer pr.mu.Unlock()
					if !pr.reaped {
						killGroup(pr.cmd.Process)
					}
				})
			}
			pr.mu.Unlock()
			return
		}
		if err != nil {
			return // its stdout closed by wait, which says why it went
		}
		pr.line(line)
	}
}

// line routes one line: the hello, an answer to its call, a late answer
// (discarded, counted), or a breach of the protocol. A call is answerable
// once its request has been written: an answer that comes while it is
// being written waits for the write to end, and one for a call not yet
// being written is a breach, as if its id had never been sent.
func (pr *proc) line(b []byte) {
	p := pr.p
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.lastLine = time.Now()
	if pr.failed != nil {
		return
	}
	if !pr.helloed {
		if err := checkHello(b); err != nil {
			pr.failLocked(&Error{Kind: StartFailed, Err: err})
			return
		}
		pr.helloed = true
		pr.readyShut = true
		close(pr.ready)
		return
	}
	id, err := responseID(b)
	if err != nil {
		pr.failLocked(&Error{Kind: ProtocolError, Err: err})
		return
	}
	if c, ok := pr.pending[id]; ok {
		switch {
		case !c.sent:
			pr.failLocked(&Error{Kind: ProtocolError, Err: fmt.Errorf("it answered call %d before its request was written", id)})
		case c.early != nil:
			pr.failLocked(&Error{Kind: ProtocolError, Err: fmt.Errorf("it answered call %d twice", id)})
		case !c.written:
			c.early = b
		default:
			pr.answer(c, b)
		}
		return
	}
	_, gone := pr.gone[id]
	_, unsent := pr.unsent[id]
	switch {
	case gone:
		delete(pr.gone, id)
		pr.held--
		<-p.slots
		p.late.Add(1)
		p.log(slog.LevelDebug, "hookchain persistent hook answered late; discarded", slog.Uint64("id", id))
	case unsent:
		pr.failLocked(&Error{Kind: ProtocolError, Err: fmt.Errorf("it answered call %d, which it was never sent", id)})
	case id <= pr.nextID:
		pr.failLocked(&Error{Kind: ProtocolError, Err: fmt.Errorf("it answered call %d twice", id)})
	default:
		pr.failLocked(&Error{Kind: ProtocolError, Err: fmt.Errorf("it answered call %d, which it was never sent", id)})
	}
}

// readStderr reads stderr as it comes, so that a hook that writes much
// there never blocks, and keeps its end for the excerpts in errors.
func (pr *proc) readStderr() {
	defer pr.readers.Done()
	limit := pr.p.spec.maxStderr()
	buf := make([]byte, 32<<10)
	for {
		n, err := pr.stderr.Read(buf)
		if n > 0 {
			pr.mu.Lock()
			pr.tail = append(pr.tail, buf[:n]...)
			if len(pr.tail) > limit {
				pr.tail = append(pr.tail[:0], pr.tail[len(pr.tail)-limit:]...)
			}
			pr.mu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

func (pr *proc) stderrTail() []byte {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	return slices.Clone(pr.tail)
}
