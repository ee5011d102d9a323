package settings

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/process"
	"github.com/tidwall/gjson"
)

// The bounds a zero BackgroundOptions gets: at most 16 × 256 reports of
// MaxReportText bytes, some 40 MB, are kept however chatty the hooks.
const (
	DefaultMaxPending  = 16  // reports kept for one session until its next call
	DefaultMaxSessions = 256 // sessions with reports kept
	DefaultMaxRunning  = 256 // async hooks running at once
	// MaxReportText bounds the text one report gives the model, as Claude
	// Code bounds a hook's additionalContext.
	MaxReportText = 10000
)

// BackgroundOptions say where a Background's reports go and how much it
// keeps.
type BackgroundOptions struct {
	// OnReport, when set, is given every report as its hook ends (or is
	// not started), on the hook's goroutine, and the reports are not
	// kept for the session's next call: the runtime delivers them. It
	// must be safe to call from many goroutines at once.
	OnReport func(Report)
	// Logger is told of every report, in an Info record with the message
	// "hookchain background hook ended" and the attributes link, event,
	// session_id, tool, call_id, exit_code, fault, duration and text: the
	// report's fields, named as LogObserver names a call's. nil is
	// slog.Default(), as it is when the record is written, and
	// slog.New(slog.DiscardHandler) logs nothing.
	Logger *slog.Logger
	// MaxPending bounds the reports kept for one session, MaxSessions
	// the sessions, and MaxRunning the hooks running at once; zero is the
	// Default. A report past a bound drops the session's oldest (and a
	// session past the bound drops the session whose reports waited
	// longest); a hook past MaxRunning is not started, and says so in a
	// report.
	MaxPending, MaxSessions, MaxRunning int
}

// Report is what one async hook did, once it ended.
type Report struct {
	Link      string // the hook's link name
	Event     string // the event it ran for: "PreToolUse", "PostToolUse", "PostToolUseFailure"
	Rewake    bool   // an asyncRewake hook
	SessionID string // the call's session
	Tool      string // the call's tool
	CallID    string // the call's tool-use id, where the runtime gave one
	// ExitCode is the status it exited with, or -1 when it did not run to
	// an exit (Fault says why).
	ExitCode int
	// Fault is why the hook did not run or did not answer: it could not
	// start, was killed at its timeout, was stopped by Close, was not
	// started past MaxRunning, exited with a status other than 0 and 2
	// without a JSON answer, or answered JSON that cannot be read. "" when
	// it ran and answered.
	Fault    string
	Stderr   string        // the end of its stderr (process.Excerpt)
	Duration time.Duration // how long it ran
	// Text is what the model is to read: an async hook's additionalContext
	// and systemMessage; an asyncRewake hook's stderr, or stdout when
	// stderr is empty, when it exits 2, after its rewakeMessage. "" for
	// nothing.
	Text string
	// Summary is an asyncRewake hook's rewakeSummary, the one line Claude
	// Code shows its user, when the hook exited 2; "" otherwise.
	Summary string
}

// note is the report as the model reads it on the session's next call.
func (r Report) note() string {
	call := r.Tool
	if r.CallID != "" {
		call += " call " + r.CallID
	}
	return fmt.Sprintf("background hook %s (%s, %s): %s", r.Link, r.Event, call, r.Text)
}

// Background runs the async hooks ("async": true, "asyncRewake": true) of
// the chains built with it (Options.Background), and keeps what they
// report. An async hook is started by the call it is registered for, with
// that call's hook input, and never decides it: its link allows at once,
// whatever the hook answers later. The hook runs after the call has
// returned, bounded by its own timeout and by Close, not by the call's
// context.
//
// What a hook gives the model (see Report.Text) goes to OnReport when it
// is set; otherwise it is kept, per session, and given to that session's
// next call as a note of the link named BackgroundLink, which Links puts
// first in a chain with async hooks. The zero Background is not usable:
// make one with NewBackground.
type Background struct {
	opts BackgroundOptions
	root context.Context
	stop context.CancelFunc

	mu      sync.Mutex
	running int
	idle    []chan struct{} // closed when running reaches 0
	closed  bool
	queues  map[string]*queue
	order   []string // sessions with a queue, the longest waiting first
	dropped int
}

// queue is one session's reports, waiting for its next call.
type queue struct {
	reports []Report
	dropped int
}

// NewBackground returns a Background with opts.
func NewBackground(opts BackgroundOptions) *Background {
	if opts.MaxPending <= 0 {
		opts.MaxPending = DefaultMaxPending
	}
	if opts.MaxSessions <= 0 {
		opts.MaxSessions = DefaultMaxSessions
	}
	if opts.MaxRunning <= 0 {
		opts.MaxRunning = DefaultMaxRunning
	}
	root, stop := context.WithCancel(context.Background())
	return &Background{opts: opts, root: root, stop: stop, queues: map[string]*queue{}}
}

// Wait waits until no async hook is running (every one started has ended
// and been reported), or ctx ends, which it returns.
func (b *Background) Wait(ctx context.Context) error {
	b.mu.Lock()
	if b.running == 0 {
		b.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	b.idle = append(b.idle, ch)
	b.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close stops the Background: no hook is started after it (each is
// reported as not started), the running ones are killed, and Close waits
// for them to be reported, or for ctx to end, which it returns.
func (b *Background) Close(ctx context.Context) error {
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
	b.stop()
	return b.Wait(ctx)
}

// Running is how many async hooks are running.
func (b *Background) Running() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.running
}

// Dropped is how many reports were dropped past MaxPending or MaxSessions
// without reaching a call.
func (b *Background) Dropped() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.dropped
}

// Take returns, and forgets, the reports kept for session id, the oldest
// first, with a line first saying how many were dropped when some were.
// The link BackgroundLink calls it; a runtime that asks for them itself
// calls it with the ID it gives its calls (claudecode.SessionInfo.ID).
func (b *Background) Take(id string) []string {
	b.mu.Lock()
	q := b.queues[id]
	if q != nil {
		delete(b.queues, id)
		b.order = slices.DeleteFunc(b.order, func(s string) bool { return s == id })
	}
	b.mu.Unlock()
	if q == nil {
		return nil
	}
	var texts []string
	if q.dropped > 0 {
		texts = append(texts, fmt.Sprintf("%d earlier reports of background hooks were dropped: at most %d are kept for a session between its calls", q.dropped, b.opts.MaxPending))
	}
	for _, r := range q.reports {
		texts = append(texts, r.note())
	}
	return texts
}

// deliver hands r to OnReport, or keeps it for its session's next call.
func (b *Background) deliver(r Report) {
	cmp.Or(b.opts.Logger, slog.Default()).Info("hookchain background hook ended", "link", r.Link, "event", r.Event,
		"session_id", r.SessionID, "tool", r.Tool, "call_id", r.CallID, "exit_code", r.ExitCode, "fault", r.Fault,
		"duration", r.Duration, "text", r.Text)
	if b.opts.OnReport != nil {
		b.opts.OnReport(r)
		return
	}
	if r.Text == "" {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	q := b.queues[r.SessionID]
	if q == nil {
		if len(b.queues) >= b.opts.MaxSessions {
			oldest := b.order[0]
			b.order = b.order[1:]
			b.dropped += len(b.queues[oldest].reports)
			delete(b.queues, oldest)
		}
		q = &queue{}
		b.queues[r.SessionID] = q
		b.order = append(b.order, r.SessionID)
	}
	q.reports = append(q.reports, r)
	if len(q.reports) > b.opts.MaxPending {
		q.reports = slices.Delete(q.reports, 0, 1)
		q.dropped++
		b.dropped++
	}
}

// done counts a hook's end.
func (b *Background) done() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.running--
	if b.running == 0 {
		for _, ch := range b.idle {
			close(ch)
		}
		b.idle = nil
	}
}

// asyncHook is one async hook as its link starts it.
type asyncHook struct {
	name, event string
	rewake      bool
	message     string // rewakeMessage: put before the text of an exit 2
	summary     string // rewakeSummary
	spec        process.Spec
	def         claudecode.SessionInfo
	home        string
}

// start runs h for e in the background. The hook input is made now: e's
// slices are the chain's only until the link returns.
func (b *Background) start(ctx context.Context, h *asyncHook, e hookchain.Event) {
	r := Report{Link: h.name, Event: h.event, Rewake: h.rewake, Tool: e.Tool, CallID: e.CallID, ExitCode: -1,
		SessionID: h.def.ID}
	if call, ok := claudecode.SessionInfoFrom(ctx); ok && call.ID != "" {
		r.SessionID = call.ID
	}
	spec := h.spec
	if ps := places(ctx, h.def, h.home); ps[0].dir != "" {
		dir, ok := workDir(ps)
		if !ok {
			r.Fault = "not started: none of the directories it would run in exists"
			b.deliver(r)
			return
		}
		spec.Dir = dir
	}
	run, stdin, _, err := claudecode.PrepareCommand(ctx, spec, h.def, e)
	if err != nil {
		r.Fault = "not started: " + err.Error()
		b.deliver(r)
		return
	}
	b.mu.Lock()
	switch {
	case b.closed:
		r.Fault = "not started: the background hooks were stopped (Background.Close)"
	case b.running >= b.opts.MaxRunning:
		r.Fault = fmt.Sprintf("not started: %d background hooks are running, the most there may be (BackgroundOptions.MaxRunning)", b.running)
	default:
		b.running++
	}
	b.mu.Unlock()
	if r.Fault != "" {
		b.deliver(r)
		return
	}
	// Not the call's context: the call returning must not kill the hook.
	// Its own timeout (in run) and Close bound it.
	hctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	go func() {
		defer b.done()
		defer cancel()
		defer context.AfterFunc(b.root, cancel)()
		began := time.Now()
		res, err := process.Run(hctx, run, stdin)
		r.Duration = time.Since(began)
		h.read(&r, res, err, b.root.Err() != nil)
		b.deliver(r)
	}()
}

// read fills r from the hook's run.
func (h *asyncHook) read(r *Report, res process.Result, err error, stopped bool) {
	if err != nil {
		r.Fault = err.Error()
		if pe, ok := errors.AsType[*process.Error](err); ok {
			r.Stderr = pe.Stderr
			if stopped && pe.Kind == process.Canceled {
				r.Fault = "stopped: the background hooks were stopped (Background.Close)"
			}
		}
		return
	}
	r.ExitCode, r.Stderr = res.ExitCode, process.Excerpt(res.Stderr)
	if res.ExitCode == 2 {
		if !h.rewake {
			return // an async hook's exit 2 blocks nothing, and wakes no one
		}
		text := strings.TrimSpace(string(res.Stderr))
		if text == "" {
			text = strings.TrimSpace(string(res.Stdout))
		}
		if text == "" {
			text = "(exited with status 2, and printed nothing)"
		}
		if h.message != "" {
			text = h.message + "\n\n" + text
		}
		r.Text, r.Summary = clipText(text), h.summary
		return
	}
	o, perr := claudecode.ParseOutput(res.Stdout)
	switch {
	case perr != nil:
		r.Fault = "its answer cannot be read: " + perr.Error()
		return
	case o == nil && res.ExitCode != 0:
		r.Fault = fmt.Sprintf("exited with status %d", res.ExitCode)
		return
	case o == nil:
		return
	}
	var parts []string
	if s := o.HookSpecificOutput; s != nil && strings.TrimSpace(s.AdditionalContext) != "" {
		parts = append(parts, strings.TrimSpace(s.AdditionalContext))
	}
	if s := strings.TrimSpace(o.SystemMessage); s != "" {
		parts = append(parts, s)
	}
	r.Text = clipText(strings.Join(parts, "\n"))
}

// clipText bounds the text of a report.
func clipText(s string) string {
	if len(s) <= MaxReportText {
		return s
	}
	cut := MaxReportText
	for cut > 0 && (s[cut]&0xC0) == 0x80 {
		cut--
	}
	return s[:cut] + fmt.Sprintf("\n… (cut: the hook gave %d bytes, %d are kept)", len(s), cut)
}

// BackgroundLink is the name of the link that gives a session's call the
// reports its async hooks left since its last call (Background.Take), or
// that name after an '@' and a number when a hook's link has it.
const BackgroundLink = "background-hooks"

// asyncHook is the interceptor of an async hook's link: it starts the hook
// and allows.
func (b *builder) asyncHook(e *entry, name string, spec process.Spec) (hookchain.Interceptor, error) {
	if !b.build {
		return func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Outcome{}, errors.New("described only")
		}, nil
	}
	bg := b.opts.Background
	if bg == nil {
		h := e.hook
		return nil, &Error{File: h.File, Line: e.line, Col: e.col, Where: h.Where(),
			Msg: "an async hook needs a settings.Background to run it after the call and deliver what it reports (Options.Background)"}
	}
	b.async = true
	h := &asyncHook{name: name, event: e.hook.Event, rewake: e.async.rewake, message: e.async.message, summary: e.async.summary,
		spec: spec, def: b.opts.session(), home: b.opts.home()}
	return func(ctx context.Context, ev hookchain.Event) (hookchain.Outcome, error) {
		bg.start(ctx, h, ev)
		return hookchain.Outcome{Reason: "started in the background"}, nil
	}, nil
}

// withReports puts the link that delivers kept reports first in links,
// when the plan built an async hook and nothing else takes their reports.
func (b *builder) withReports(links []hookchain.Link, names []string) []hookchain.Link {
	bg := b.opts.Background
	if !b.async || bg == nil || bg.opts.OnReport != nil {
		return links
	}
	name := BackgroundLink
	for i := 2; slices.Contains(names, name); i++ {
		name = fmt.Sprintf("%s@%d", BackgroundLink, i)
	}
	def := b.opts.session()
	l := hookchain.Before(name, hookchain.Any(), func(ctx context.Context, _ hookchain.Event) (hookchain.Outcome, error) {
		id := def.ID
		if call, ok := claudecode.SessionInfoFrom(ctx); ok && call.ID != "" {
			id = call.ID
		}
		out := hookchain.Allow()
		for _, t := range bg.Take(id) {
			out = out.WithNote(t)
		}
		return out, nil
	}).Identity("hookchain: the reports of background hooks")
	return append([]hookchain.Link{l}, links...)
}

// asyncKeys are an async hook's keys.
type asyncKeys struct {
	rewake  bool   // asyncRewake: exit 2 wakes the model with the hook's output
	message string // rewakeMessage
	summary string // rewakeSummary
}

// background reads "async", "asyncRewake" and "rewakeMessage" of a handler
// of type typ. Their types were checked by the caller.
func (p *parser) background(e *entry, f map[string]gjson.Result, typ, where string, fail func(gjson.Result, string, ...any)) {
	async, rewake := f["async"], f["asyncRewake"]
	at, key := rewake, "asyncRewake"
	if at.Type != gjson.True {
		at, key = async, "async"
	}
	if at.Type != gjson.True {
		return
	}
	if typ != "command" {
		e.warn(p, at, where, `"async" and "asyncRewake" are for command hooks only: Claude Code runs this hook in the foreground, and so does hookchain; remove the key`)
		return
	}
	if e.persistent {
		fail(at, "a persistent hook cannot run in the background: remove \"persistent\" or \"%s\"", key)
		return
	}
	k := &asyncKeys{rewake: rewake.Type == gjson.True}
	for _, key := range []string{"rewakeMessage", "rewakeSummary"} {
		if v := f[key]; v.Exists() && (v.Type != gjson.String || v.Str == "") {
			fail(v, "%s: want a non-empty string, got %s", key, show(v))
			return
		}
	}
	k.message, k.summary = f["rewakeMessage"].Str, f["rewakeSummary"].Str
	e.async = k
	e.hook.Async = "async"
	if k.rewake {
		e.hook.Async = "asyncRewake"
	}
	if e.at == hookchain.BeforeTool {
		e.warn(p, at, where, "an async PreToolUse hook cannot block or rewrite the call: it runs in the background and its answer is ignored, by Claude Code and by hookchain; remove \""+e.hook.Async+"\" if the hook is a guard")
	}
	if e.hook.Block {
		e.warn(p, f["onFailure"], where, `"onFailure": "block" has no effect on a hook that runs in the background: its failure is reported, never a denial; remove it, or the "`+e.hook.Async+`" key`)
	}
}
