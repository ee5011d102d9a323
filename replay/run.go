package replay

import (
	"context"
	"fmt"
	"iter"
	"sync"
	"sync/atomic"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/apart"
	"github.com/hookchain/hookchain/process"
)

// Judged is what a replay made of one call: the chain's answers before
// and after it, as they would have been given live.
type Judged struct {
	Call   Call
	Before hookchain.Outcome
	// After is the answer after the call, with its recorded result; nil
	// when the chain was not asked (see Call.After).
	After *hookchain.Outcome
}

// Totals say how far a replay got.
type Totals struct {
	Calls  int // calls judged and handed on, in input order
	Asked  int // questions put to the chain: a call's before and after are two
	Reused int // questions answered with an identical one's answer (Dedupe), not asked
}

// readAhead bounds how many calls Run holds beyond the one it hands on
// next: what lets the sessions after a slow one run meanwhile, and what
// keeps a history of any size in bounded memory.
const readAhead = 4096

// Run puts every call of calls to the chain c, as the agent CLI would have
// put it to its hooks, and hands each Judged to each in the order calls
// yields them. No tool is ever run: the chain is asked before the call
// (Call.Before) and, when the call would have run and its result is
// recorded, after it (Call.After), in a context that carries the call's
// session (SessionContext, or the Session option's) and in which a hook
// process whose recorded cwd is gone runs in ProjectDir
// (process.WithFallbackDir).
//
// Sessions (calls with one Call.Session, or from one file when they have
// none) are replayed at once, Jobs of them at a time; the calls of one
// session one after another, in order. each is called on one goroutine at
// a time.
//
// Run stops when calls ends, when each returns an error (which Run
// returns), or when ctx ends: then the calls whose answers were still
// coming are not handed on — the chain denies a caller that went away, and
// that is no one's judgment — and Run returns ctx's error. Totals say how
// far it got. Run returns only once every question it asked is answered.
// A link that panics or ends its goroutine is the chain's failure, in the
// outcome's trail, never Run's.
func Run(ctx context.Context, calls iter.Seq[Call], c *hookchain.Chain, each func(Judged) error, opts ...Option) (Totals, error) {
	r := &runner{opts: newOptions(opts), chain: c, lanes: map[string]*lane{}}
	r.jobs = make(chan struct{}, r.opts.jobs)
	parent := ctx
	ctx, cancel := context.WithCancelCause(process.WithFallbackDir(ctx, r.opts.project))
	defer cancel(nil)

	order := make(chan *slot, readAhead)
	handed := make(chan error, 1)
	var totals Totals
	go func() { handed <- r.hand(ctx, order, each, cancel, &totals) }()
	r.dispatch(ctx, calls, order)
	close(order)
	err := <-handed
	cancel(nil)
	r.running.Wait()
	totals.Asked, totals.Reused = int(r.asked.Load()), int(r.reused.Load())
	if err == nil && parent.Err() != nil && totals.Calls < r.read {
		err = parent.Err()
	}
	if err != nil {
		return totals, fmt.Errorf("replay: stopped after %d of the %d calls read: %w", totals.Calls, r.read, err)
	}
	return totals, nil
}

// slot is one call on its way through a replay.
type slot struct {
	call      Call
	judged    Judged
	cancelled bool           // the context ended before the chain answered
	asking    hookchain.Hook // the question being asked
	done      chan struct{}  // closed once judged or cancelled is set
}

// lane is the calls of one session, put to the chain in order.
type lane struct {
	mu      sync.Mutex
	queue   []*slot
	running bool // a goroutine is driving the lane

	// The context of the lane's last call, kept for the next while it is
	// in the same place: what SessionContext reads of a call is the same
	// for most calls of a session, and making it anew for each cost a
	// third of a Go chain's replay. Only the driver touches them.
	last     sessionPlace
	lastCtx  context.Context
	lastBase context.Context
}

// sessionPlace is what SessionContext reads of a call.
type sessionPlace struct{ session, file, cwd, agentID, agentType string }

// context is the context call is judged in: session's for it, reused
// from the lane's last call when session is SessionContext and the call's
// session is the same.
func (l *lane) context(ctx context.Context, call Call, session func(context.Context, Call) context.Context) context.Context {
	if session != nil {
		return session(ctx, call)
	}
	key := sessionPlace{call.Session, call.File, call.Cwd, call.AgentID, call.AgentType}
	if l.lastCtx == nil || l.last != key || l.lastBase != ctx {
		l.last, l.lastBase, l.lastCtx = key, ctx, SessionContext(ctx, call)
	}
	return l.lastCtx
}

type runner struct {
	opts    options
	chain   *hookchain.Chain
	jobs    chan struct{} // a token per session being replayed
	lanes   map[string]*lane
	read    int // calls taken from the input
	running sync.WaitGroup

	asked, reused atomic.Int64
	seen          sync.Map // question → *answer, under Dedupe
}

// dispatch takes the calls in order, queues each for handing on and on
// its session's lane, until the calls end or ctx does.
func (r *runner) dispatch(ctx context.Context, calls iter.Seq[Call], order chan<- *slot) {
	for call := range calls {
		s := &slot{call: call, done: make(chan struct{})}
		select {
		case order <- s:
		case <-ctx.Done():
			return
		}
		r.read++
		r.queue(ctx, s)
		if ctx.Err() != nil {
			return
		}
	}
}

// queue puts s on its session's lane, and starts the lane's driver when
// none runs.
func (r *runner) queue(ctx context.Context, s *slot) {
	key := "session\x00" + s.call.Session
	if s.call.Session == "" {
		key = "file\x00" + s.call.File
	}
	l := r.lanes[key]
	if l == nil {
		l = &lane{}
		r.lanes[key] = l
	}
	l.mu.Lock()
	l.queue = append(l.queue, s)
	start := !l.running
	l.running = true
	l.mu.Unlock()
	if start {
		r.running.Add(1)
		go r.drive(ctx, l)
	}
}

// drive judges a lane's calls in order, holding a job while it does, until
// the lane is empty.
//
// The chain runs on this goroutine, not one of its own for each question
// (which cost a third of a Go chain's replay in stack growth), so a link
// that ends it (runtime.Goexit, as t.FailNow does) ends the drive: the
// deferred call then answers the question it was asking with the denial
// such an end is (apart.Ended), and drives the rest of the lane anew.
func (r *runner) drive(ctx context.Context, l *lane) {
	defer r.running.Done() // last: a new drive is counted before this one is done
	var s *slot
	returned := false
	defer func() {
		if returned {
			return
		}
		ended := hookchain.Outcome{Verdict: hookchain.Denied, Reason: apart.Ended, Cause: hookchain.CauseChain}
		if s.asking == hookchain.AfterTool {
			s.judged.After = &ended
		} else {
			s.judged = Judged{Call: s.call, Before: ended}
		}
		close(s.done)
		r.running.Add(1)
		go r.drive(ctx, l)
	}()
	select {
	case r.jobs <- struct{}{}:
		defer func() { <-r.jobs }()
	case <-ctx.Done():
	}
	for {
		l.mu.Lock()
		if len(l.queue) == 0 {
			l.running = false
			l.mu.Unlock()
			returned = true
			return
		}
		s = l.queue[0]
		l.queue[0] = nil
		l.queue = l.queue[1:]
		l.mu.Unlock()
		if ctx.Err() != nil {
			s.cancelled = true
		} else {
			r.judge(ctx, l, s)
		}
		close(s.done)
	}
}

// judge asks the chain about s's call, before and after.
func (r *runner) judge(ctx context.Context, l *lane, s *slot) {
	call := s.call
	cctx := l.context(ctx, call, r.opts.session)
	s.asking = hookchain.BeforeTool
	s.judged = Judged{Call: call, Before: r.ask(cctx, call, call.Before())}
	if e, ok := call.After(s.judged.Before); ok && ctx.Err() == nil {
		s.asking = hookchain.AfterTool
		after := r.ask(cctx, call, e)
		s.judged.After = &after
	}
	s.cancelled = ctx.Err() != nil
}

// answer is the chain's answer to a question, once ready is closed.
type answer struct {
	ready chan struct{}
	out   hookchain.Outcome
}

// ask puts e to the chain, or, under Dedupe, waits for the answer to the
// identical question asked first.
func (r *runner) ask(ctx context.Context, call Call, e hookchain.Event) hookchain.Outcome {
	if !r.opts.dedupe {
		r.asked.Add(1)
		return r.chain.Run(ctx, e)
	}
	a := &answer{ready: make(chan struct{})}
	if first, loaded := r.seen.LoadOrStore(question(call, e), a); loaded {
		r.reused.Add(1)
		a = first.(*answer)
		<-a.ready
		return reused(a.out)
	}
	r.asked.Add(1)
	// Closed however the asking ends, so that no identical question waits
	// for ever on a drive a link ended.
	a.out = hookchain.Outcome{Verdict: hookchain.Denied, Reason: apart.Ended, Cause: hookchain.CauseChain}
	defer close(a.ready)
	a.out = r.chain.Run(ctx, e)
	return a.out
}

// question is what makes two questions identical under Dedupe. The call
// id is not part of it: it differs between every two calls.
func question(call Call, e hookchain.Event) string {
	return fmt.Sprintf("%d\x00%q\x00%q\x00%q\x00%q\x00%t", e.Hook, e.Tool, call.Cwd, e.Input, e.Output, e.IsError)
}

// reused is an answer handed to a second call: its own copy of the trail
// and notes, so that no two Judged share a slice.
func reused(o hookchain.Outcome) hookchain.Outcome {
	o.Trail = append([]hookchain.Step(nil), o.Trail...)
	o.Notes = append([]hookchain.Note(nil), o.Notes...)
	if len(o.Notes) == 0 {
		o.Notes = nil
	}
	return o
}

// hand hands the judged calls on in order, until order is closed, ctx ends
// or each fails.
func (r *runner) hand(ctx context.Context, order <-chan *slot, each func(Judged) error, cancel context.CancelCauseFunc, totals *Totals) error {
	for s := range order {
		select {
		case <-s.done:
		case <-ctx.Done():
			return nil
		}
		if s.cancelled {
			return nil
		}
		if err := each(s.judged); err != nil {
			cancel(err)
			return err
		}
		totals.Calls++
	}
	return nil
}
