package process

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// PersistentEnv is set to "1" in the environment of every persistent hook
// process, so that one program can serve both ways: the persistent protocol
// when it is set, one request per run (Native) when it is not.
const PersistentEnv = "HOOKCHAIN_PERSISTENT"

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
// Intercept), and the next call starts it again, after a backoff. Close stops it.
//
// A Persistent is safe for concurrent use; Intercept is an interceptor:
//
//	guard, err := process.NewPersistent(process.PersistentSpec{Spec: process.Spec{Args: []string{"python3", "guard.py"}}})
//	…
//	defer guard.Close(ctx)
//	chain := hookchain.New(hookchain.Before("guard", hookchain.Tool("Bash"), guard.Intercept))
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

	calls sync.WaitGroup // Intercept calls under way
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
func (p *Persistent) ctxError(ctx context.Context) *Error { return ctxError(ctx, p.spec.timeout()) }

func (p *Persistent) log(level slog.Level, msg string, attrs ...slog.Attr) {
	l := cmp.Or(p.spec.Logger, slog.Default())
	l.LogAttrs(context.Background(), level, msg, append([]slog.Attr{slog.String("command", p.command)}, attrs...)...)
}
