package hookchain

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Question is what the chain's approver is asked, once per run, after every
// link has answered: whether this call, with this final input, may run.
type Question struct {
	Tool   string
	CallID string
	Input  json.RawMessage // the input the tool will run with if approved: every rewrite applied
	Asks   []Asking        // every link that asked, in chain order
	// RewrittenBy names the links that changed the input the model wrote, in
	// order, so that whoever answers knows they are not approving the
	// model's own words.
	RewrittenBy []string
}

// Asking is one link's ask: its registered name and its message.
type Asking struct {
	Link    string
	Message string
}

// Decision is an approver's answer. The zero value refuses, so an approver
// that returns a zero Approval has not let anything through.
type Decision uint8

const (
	Refuse     Decision = iota // deny the call
	Approve                    // run this call, this once
	ApproveAll                 // run it, and latch every asking link for the session
	Defer                      // the answer will come out of band: see Ticket
)

// Approval is an approver's answer: the decision, who made it, and why.
type Approval struct {
	Decision Decision
	By       string // who answered: a person, a policy; recorded in the trail
	Reason   string // in their words
}

// Approver resolves the asks of a run. Build one into a chain with
// WithApprover.
//
// Answer is called at most once per run, on the goroutine that called Run,
// and is given Timeout to answer: an approver that errors, panics or outruns
// its time has not approved, and the call is denied. For a person who may
// take longer than a call should wait, answer Defer and resolve the Ticket
// out of band.
type Approver struct {
	Name    string // the approver's step in the trail is named this
	Answer  func(ctx context.Context, q Question) (Approval, error)
	Timeout time.Duration
}

// WithApprover returns a copy of the chain whose asks are resolved by a. It
// panics on an approver without a name, an Answer func or a positive
// Timeout, or whose name is also a link's: the trail must say who decided.
func (c *Chain) WithApprover(a Approver) *Chain {
	switch {
	case a.Name == "":
		panic("hookchain: WithApprover: the approver has no name")
	case a.Answer == nil:
		panic(fmt.Sprintf("hookchain: WithApprover(%q): nil Answer", a.Name))
	case a.Timeout <= 0:
		panic(fmt.Sprintf("hookchain: WithApprover(%q): Timeout(%v) must be positive", a.Name, a.Timeout))
	}
	for _, l := range c.links {
		if l.name == a.Name {
			panic(fmt.Sprintf("hookchain: WithApprover(%q): a link has that name", a.Name))
		}
	}
	n := *c
	n.approver = &a
	return &n
}

// Session is the life of one conversation, made by the host and carried in
// the context of every Run of that conversation (WithSession). It holds the
// "approve all" latch: once an approver answers ApproveAll, later asks in the
// same session are approved without asking — but only when every asking
// link was latched, and only for the chain that latched it. A session dies
// with the conversation; drop it and every latch goes with it.
type Session struct {
	mu      sync.Mutex
	latched map[latchKey]string // present: latched; the value says who approved (may be "")
}

type latchKey struct {
	chain uint64
	link  string
}

// NewSession returns a session with nothing latched.
func NewSession() *Session { return &Session{latched: map[latchKey]string{}} }

// Revoke unlatches the named links, in every chain, so that their next asks
// go to the approver again. With no names it unlatches everything.
func (s *Session) Revoke(links ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k := range s.latched {
		if len(links) == 0 || contains(links, k.link) {
			delete(s.latched, k)
		}
	}
}

// latchedBy reports whether every one of the asking links is latched, and
// who latched the first. An empty set of asks is never covered.
func (s *Session) latchedBy(chain uint64, asks []Asking) (by string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(asks) == 0 {
		return "", false
	}
	for i, a := range asks {
		who, latched := s.latched[latchKey{chain, a.Link}]
		if !latched {
			return "", false
		}
		if i == 0 {
			by = who
		}
	}
	return by, true
}

func (s *Session) latch(chain uint64, asks []Asking, by string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, a := range asks {
		s.latched[latchKey{chain, a.Link}] = by
	}
}

type sessionKey struct{}

// WithSession returns a context that carries s to every Run given it.
func WithSession(ctx context.Context, s *Session) context.Context {
	return context.WithValue(ctx, sessionKey{}, s)
}

func sessionOf(ctx context.Context) *Session {
	s, _ := ctx.Value(sessionKey{}).(*Session)
	return s
}

// Ticket is an approval still to be obtained: what an outcome carries when
// the approver answered Defer. It is bound to the chain, the call id, the
// exact final input and the links that asked. Resolve it out of band with
// Grant, then run the same call again with the grant in its context
// (WithGrant): the chain approves it only if the call id, the final input
// and the asking links are still exactly those the ticket was issued for.
type Ticket struct {
	Question Question
	chain    uint64
	input    [sha256.Size]byte
}

// Grant is a resolved ticket: the approval, bound to what was asked.
type Grant struct {
	ticket   Ticket
	approval Approval
}

// Grant resolves the ticket with an approver's answer. Only Approve and
// ApproveAll let the call run; any other decision refuses it.
func (t *Ticket) Grant(a Approval) Grant { return Grant{ticket: *t, approval: a} }

type grantKey struct{}

// WithGrant returns a context that presents g to the next Run of its call.
func WithGrant(ctx context.Context, g Grant) context.Context {
	return context.WithValue(ctx, grantKey{}, g)
}

// chainIDs numbers chains, so that a latch or a ticket from one chain can
// never approve a call in another.
var chainIDs atomic.Uint64

// resolve puts the run's asks to the approver and returns the outcome: the
// one the run would have had without asks when they are approved, a denial
// otherwise.
func (c *Chain) resolve(ctx context.Context, e Event, res Outcome, obs *observation) Outcome {
	q := Question{Tool: e.Tool, CallID: e.CallID, Input: e.Input}
	for _, s := range res.Trail {
		switch {
		case s.Fault != "":
		case s.Verdict == Asked:
			q.Asks = append(q.Asks, Asking{Link: s.Name, Message: s.Reason})
		case s.Verdict == Modified:
			q.RewrittenBy = append(q.RewrittenBy, s.Name)
		}
	}
	name := "approver"
	if c.approver != nil {
		name = c.approver.Name
	}
	step := Step{Name: name}
	start := time.Now()
	a, fault := c.approval(ctx, q)
	switch {
	case fault != "":
		step.Verdict, step.Fault = Denied, fault
	case a.Decision == Defer:
		step.Verdict, step.By, step.Reason = Asked, a.By, a.Reason
	case a.Decision == Approve || a.Decision == ApproveAll:
		step.Verdict, step.By, step.Reason = Allowed, a.By, a.Reason
	default:
		step.Verdict, step.By, step.Reason = Denied, a.By, a.Reason
	}
	if obs != nil {
		c.reportStep(ctx, obs, e, step, start)
	}
	res.Trail = append(res.Trail, step)
	asked := askedBy(q.Asks)
	switch {
	case step.Fault != "":
		return Outcome{Verdict: Denied, Reason: "approval needed but not obtained: " + fault + " (" + asked + ")", Trail: res.Trail, Context: res.Context}
	case step.Verdict == Asked:
		t := &Ticket{Question: q, chain: c.id, input: sha256.Sum256(e.Input)}
		return Outcome{Verdict: Asked, Reason: "approval pending (" + asked + ")", Trail: res.Trail, Context: res.Context, Pending: t}
	case step.Verdict == Denied:
		who := a.By
		if who == "" {
			who = name
		}
		why := "refused by " + who
		if a.Reason != "" {
			why += ": " + a.Reason
		}
		return Outcome{Verdict: Denied, Reason: why + " (" + asked + ")", Trail: res.Trail, Context: res.Context}
	}
	if a.Decision == ApproveAll {
		if s := sessionOf(ctx); s != nil {
			s.latch(c.id, q.Asks, a.By)
		}
	}
	return res
}

// approval obtains the answer to q: from a grant presented in ctx, from the
// session's latch, or from the approver; fault says why none was obtained.
func (c *Chain) approval(ctx context.Context, q Question) (Approval, string) {
	if g, ok := ctx.Value(grantKey{}).(Grant); ok {
		if why := g.mismatch(c.id, q); why != "" {
			return Approval{}, "the grant presented " + why
		}
		if g.approval.Decision == Defer {
			// A grant is an answer; "later" again is no answer.
			return Approval{Decision: Refuse, By: g.approval.By, Reason: g.approval.Reason}, ""
		}
		return g.approval, ""
	}
	if s := sessionOf(ctx); s != nil {
		if by, ok := s.latchedBy(c.id, q.Asks); ok {
			return Approval{Decision: Approve, By: by, Reason: "approved for the session"}, ""
		}
	}
	if c.approver == nil {
		return Approval{}, "no approver is configured"
	}
	return c.approver.ask(ctx, q)
}

// mismatch says how the grant does not fit this question, or "".
func (g Grant) mismatch(chain uint64, q Question) string {
	t := g.ticket
	switch {
	case t.chain != chain:
		return "was issued by another chain"
	case t.Question.CallID != q.CallID:
		return fmt.Sprintf("was issued for call %q, not %q", t.Question.CallID, q.CallID)
	case t.Question.Tool != q.Tool:
		return fmt.Sprintf("was issued for tool %q, not %q", t.Question.Tool, q.Tool)
	case t.input != sha256.Sum256(q.Input):
		return "was issued for another input"
	case askedBy(t.Question.Asks) != askedBy(q.Asks):
		return "was issued for other asks (" + askedBy(t.Question.Asks) + ")"
	}
	return ""
}

// ask runs the approver, bounded by its timeout, like a Timeout link: the
// chain stops waiting when the time is up even if the approver does not.
func (a *Approver) ask(parent context.Context, q Question) (Approval, string) {
	ctx, cancel := context.WithTimeout(parent, a.Timeout)
	defer cancel()
	type result struct {
		a     Approval
		fault string
	}
	answers := make(chan result, 1)
	go func() {
		r := result{fault: "stopped without answering"}
		defer func() { answers <- r }()
		defer func() {
			if p := recover(); p != nil {
				r = result{fault: fmt.Sprintf("%s panicked: %v", a.Name, p)}
			}
		}()
		ap, err := a.Answer(ctx, q)
		if err != nil {
			r = result{fault: fmt.Sprintf("%s failed: %v", a.Name, err)}
			return
		}
		r = result{a: ap}
	}()
	select {
	case r := <-answers:
		if r.fault == "" && ctx.Err() != nil {
			return Approval{}, fmt.Sprintf("%s answered too late (%v)", a.Name, ctx.Err())
		}
		return r.a, r.fault
	case <-ctx.Done():
		if err := parent.Err(); err != nil {
			return Approval{}, fmt.Sprintf("the context ended while %s was asked (%v)", a.Name, err)
		}
		return Approval{}, fmt.Sprintf("%s did not answer within %v", a.Name, a.Timeout)
	}
}

// askedBy lists the asks for a reason: "guard: push to main?; audit".
func askedBy(asks []Asking) string {
	parts := make([]string, len(asks))
	for i, a := range asks {
		parts[i] = a.Link
		if a.Message != "" {
			parts[i] += ": " + a.Message
		}
	}
	return "asked by " + strings.Join(parts, "; ")
}
