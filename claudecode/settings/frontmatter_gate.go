package settings

import (
	"container/list"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
)

// origin is where a hook comes from, when that changes whether it runs.
type origin struct {
	managed bool       // a managed settings file
	comp    *component // a skill's or agent's frontmatter; nil for a settings file
	once    bool       // "once": true in a skill's frontmatter
}

// componentKind is what frontmatter belongs to.
type componentKind string

const (
	skillKind componentKind = "skill"
	agentKind componentKind = "agent"
)

// component is a skill or an agent whose frontmatter holds hooks.
type component struct {
	kind componentKind
	name string // the skill's name, or the agent's: agent_type while it runs
	file string
}

func (c *component) String() string { return fmt.Sprintf("%s %q", c.kind, c.name) }

// activeWhile says when the component's hooks run, for Hook.ActiveWhile.
func (c *component) activeWhile() string {
	if c.kind == agentKind {
		return fmt.Sprintf("the call is the agent's: agent_type %q in the session (SessionInfo.Extra)", c.name)
	}
	return fmt.Sprintf("the skill runs: %q in the session's Skills (SessionInfo.Skills)", c.name)
}

// active reports whether the component runs at the call in s.
func (c *component) active(s claudecode.SessionInfo) bool {
	if c.kind == skillKind {
		return slices.Contains(s.Skills, c.name)
	}
	var agent string
	raw, ok := s.Extra["agent_type"]
	return ok && json.Unmarshal(raw, &agent) == nil && agent == c.name
}

// owner tells apart the same handler of two places that run it apart: a
// plugin's root, or the component's kind, name and file.
func (e *entry) owner() string {
	switch {
	case e.plugin != nil:
		return e.plugin.Root
	case e.origin.comp != nil:
		c := e.origin.comp
		return string(c.kind) + ":" + c.name + ":" + c.file
	}
	return ""
}

// gate runs fn only while e's component is active, and at most once per
// session for a once hook; otherwise the call is allowed without running
// the hook, as Claude Code asks only the hooks it has registered at the
// time. A settings file's hook is fn itself.
func (e *entry) gate(fn hookchain.Interceptor, def claudecode.SessionInfo) hookchain.Interceptor {
	c := e.origin.comp
	if c == nil {
		return fn
	}
	var once *onceState
	if e.origin.once {
		once = newOnceState(maxOnceSessions)
	}
	return func(ctx context.Context, ev hookchain.Event) (hookchain.Outcome, error) {
		s := claudecode.SessionInfoFor(ctx, def)
		if !c.active(s) {
			return hookchain.Allow(), nil
		}
		if once == nil {
			return fn(ctx, ev)
		}
		return once.run(ctx, s.ID, func() (hookchain.Outcome, error) { return fn(ctx, ev) })
	}
}

// maxOnceSessions bounds the sessions a once hook remembers. Forgetting the
// oldest can only make the hook run again there, never keep it from
// running.
const maxOnceSessions = 4096

// onceState remembers, per session, whether a once hook has run.
type onceState struct {
	mu       sync.Mutex
	limit    int
	sessions map[string]*list.Element // of *onceSession
	order    *list.List               // most recently used first
}

// onceSession is one session's state: lock is held while the hook runs, so
// that of calls at the same time one runs it and the others wait for its
// answer.
type onceSession struct {
	id   string
	lock chan struct{}
	done bool
}

func newOnceState(limit int) *onceState {
	return &onceState{limit: limit, sessions: map[string]*list.Element{}, order: list.New()}
}

func (o *onceState) session(id string) *onceSession {
	o.mu.Lock()
	defer o.mu.Unlock()
	if el, ok := o.sessions[id]; ok {
		o.order.MoveToFront(el)
		return el.Value.(*onceSession)
	}
	s := &onceSession{id: id, lock: make(chan struct{}, 1)}
	o.sessions[id] = o.order.PushFront(s)
	for o.order.Len() > o.limit {
		last := o.order.Back()
		o.order.Remove(last)
		delete(o.sessions, last.Value.(*onceSession).id)
	}
	return s
}

// run runs the hook unless it has run in session id. A run that fails or
// denies leaves it in place, as Claude Code removes a once hook only after
// a run that succeeds: a guard that blocked is asked again.
func (o *onceState) run(ctx context.Context, id string, hook func() (hookchain.Outcome, error)) (hookchain.Outcome, error) {
	s := o.session(id)
	select {
	case s.lock <- struct{}{}:
	case <-ctx.Done():
		return hookchain.Outcome{}, ctx.Err()
	}
	defer func() { <-s.lock }()
	if s.done {
		return hookchain.Allow(), nil
	}
	out, err := hook()
	if err == nil && out.Verdict != hookchain.Denied {
		s.done = true
	}
	return out, err
}
