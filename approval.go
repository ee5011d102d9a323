package hookchain

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hookchain/hookchain/internal/jsonscan"
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
// [Chain.WithApprover].
//
// Answer is called at most once per run, after every link has answered. It
// runs on a goroutine of its own, so that the chain can stop waiting when
// Timeout runs out even if Answer ignores its context; Answer's context is
// the caller's, bounded by Timeout, or by DefaultApproverTimeout when
// Timeout is 0. An approver that errors, panics or
// outruns its time has not approved, and the call is denied. For a person
// who may take longer than a call should wait, answer Defer and resolve the
// [Ticket] out of band.
//
// Answer is called from many goroutines at once, one for each run that
// asks, across every call and session the chain serves: whatever it shares
// between them (a queue of questions, a terminal) it must guard itself.
//
// The approver's step in the trail is named Name and marked as the
// approver's (Step.Approver): approvers and links have names of their own,
// and a link may share the approver's name without being mistaken for it.
type Approver struct {
	Name    string
	Answer  func(ctx context.Context, q Question) (Approval, error)
	Timeout time.Duration // 0: DefaultApproverTimeout; negative: a mistake
}

// DefaultApproverTimeout is the time an Approver without a Timeout is given
// to answer: as long as a call should wait. An answer that takes longer is
// a Defer, and its ticket is resolved out of band.
const DefaultApproverTimeout = time.Minute

// Validate reports what makes the approver unusable: no name, no Answer func,
// or a negative Timeout. Use it on an approver built from configuration
// before [Chain.WithApprover], which panics on the same faults.
func (a Approver) Validate() error {
	switch {
	case a.Name == "":
		return errors.New("hookchain: the approver has no name")
	case a.Answer == nil:
		return fmt.Errorf("hookchain: approver %q: nil Answer", a.Name)
	case a.Timeout < 0:
		return fmt.Errorf("hookchain: approver %q: Timeout(%v) must not be negative", a.Name, a.Timeout)
	}
	return nil
}

// timeout is the approver's effective Timeout.
func (a *Approver) timeout() time.Duration {
	if a.Timeout == 0 {
		return DefaultApproverTimeout
	}
	return a.Timeout
}

// WithApprover returns a copy of the chain whose asks are resolved by a. It
// panics when a.Validate fails, as [New] does on a broken link: an approver
// written in code that cannot approve is a mistake to catch at start-up.
func (c *Chain) WithApprover(a Approver) *Chain {
	if err := a.Validate(); err != nil {
		panic(err.Error())
	}
	n := *c
	n.approver = &a
	return &n
}

// Session is the life of one conversation, made by the host and carried in
// the context of every Run of that conversation ([WithSession]). It holds the
// "approve all" latch: once an approver answers ApproveAll, later asks in the
// same session are approved without asking — but only when every asking
// link was latched, and only for a chain with the same [Chain.ID]. A session
// dies with the conversation; drop it and every latch goes with it.
//
// The zero Session is ready to use, with nothing latched. A Session must not
// be copied after first use.
type Session struct {
	mu      sync.Mutex
	latched map[latchKey]string // present: latched; the value says who approved (may be "")
}

type latchKey struct {
	chain string
	link  string
}

// NewSession returns a session with nothing latched; &Session{} is the same.
func NewSession() *Session { return &Session{} }

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
func (s *Session) latchedBy(chain string, asks []Asking) (by string, ok bool) {
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

func (s *Session) latch(chain string, asks []Asking, by string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.latched == nil {
		s.latched = make(map[latchKey]string, len(asks))
	}
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
// the approver answered Defer. It is bound to the chain (by [Chain.ID]), the
// call id, the exact final input and the links that asked. Resolve it out of
// band with Grant, then run the same call again with the grant in its
// context ([WithGrant]): the chain approves it only if all of those are still
// exactly what the ticket was issued for.
//
// A ticket has a JSON form, so that it can wait in a queue while the process
// restarts: a chain rebuilt from the same links has the same ID and honours
// it. The JSON carries the input for whoever decides, and its SHA-256, which
// is what binds the grant; decoding refuses a ticket whose input does not
// match its hash. Keep queued tickets as the bytes MarshalJSON wrote (a
// database that re-encodes JSON, reordering keys, breaks the match), and out
// of the model's reach: a ticket is the host's record of a question, not a
// secret, and a grant is made from it only by the host's own code.
type Ticket struct {
	Question Question
	chain    string
	input    [sha256.Size]byte
}

// ChainID returns the ID of the chain that issued the ticket ([Chain.ID]).
func (t *Ticket) ChainID() string { return t.chain }

// ticketOut is a ticket's JSON form, as MarshalJSON writes it.
type ticketOut struct {
	ChainID     string          `json:"chain_id"`
	Tool        string          `json:"tool"`
	CallID      string          `json:"call_id,omitempty"`
	Input       json.RawMessage `json:"input"`
	InputSHA256 string          `json:"input_sha256"`
	Asks        []askingJSON    `json:"asks"`
	RewrittenBy []string        `json:"rewritten_by,omitempty"`
}

// ticketJSON is a ticket's JSON form as UnmarshalJSON reads it: what
// MarshalJSON writes, and "chain", the name "chain_id" had before v0.1.0,
// which queued tickets may still hold. Both chain fields are raw, so that a
// key given at all, null included, is seen; they shadow ticketOut's.
type ticketJSON struct {
	ticketOut
	ChainID  json.RawMessage `json:"chain_id"`
	OldChain json.RawMessage `json:"chain"`
}

type askingJSON struct {
	Link    string `json:"link"`
	Message string `json:"message,omitempty"`
}

// MarshalJSON encodes the ticket:
//
//	{"chain_id":"c1f0…","tool":"Bash","call_id":"toolu_7","input":{"command":"git push origin main"},
//	 "input_sha256":"…","asks":[{"link":"push-guard","message":"push to main?"}],"rewritten_by":["pin"]}
func (t Ticket) MarshalJSON() ([]byte, error) {
	if !json.Valid(t.Question.Input) {
		return nil, errors.New("hookchain: cannot encode a ticket whose input is not valid JSON")
	}
	asks := make([]askingJSON, len(t.Question.Asks))
	for i, a := range t.Question.Asks {
		asks[i] = askingJSON(a)
	}
	return marshal(ticketOut{
		ChainID: t.chain, Tool: t.Question.Tool, CallID: t.Question.CallID,
		Input: t.Question.Input, InputSHA256: hex.EncodeToString(t.input[:]),
		Asks: asks, RewrittenBy: t.Question.RewrittenBy,
	})
}

// UnmarshalJSON decodes what MarshalJSON wrote. A ticket with no chain ID,
// tool or asks, or whose input does not hash to its input_sha256, is an
// error: a ticket that cannot bind a grant is no ticket. The chain ID is
// also read from "chain", its name before v0.1.0.
//
// A ticket that gives a key twice, or two alike but for case, is refused as
// well: encoding/json would read the last "chain_id" or "input", and a reader
// of the queue another. So is one that gives both "chain_id" and "chain",
// whatever their values: two readers must not take two chains from it.
func (t *Ticket) UnmarshalJSON(b []byte) error {
	if f := jsonscan.InputFault(b, nil); f != "" {
		return errors.New("hookchain: decoding a ticket: it is " + f)
	}
	var in ticketJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return fmt.Errorf("hookchain: decoding a ticket: %w", err)
	}
	chain, err := in.chainID()
	if err != nil {
		return err
	}
	switch {
	case chain == "":
		return errors.New(`hookchain: decoding a ticket: "chain_id" is missing`)
	case in.Tool == "":
		return errors.New(`hookchain: decoding a ticket: "tool" is missing`)
	case len(in.Asks) == 0:
		return errors.New(`hookchain: decoding a ticket: "asks" is missing or empty`)
	case len(in.Input) == 0:
		return errors.New(`hookchain: decoding a ticket: "input" is missing`)
	}
	sum, err := hex.DecodeString(in.InputSHA256)
	if err != nil || len(sum) != sha256.Size {
		return errors.New(`hookchain: decoding a ticket: "input_sha256" is not a SHA-256 in hex`)
	}
	var d [sha256.Size]byte
	copy(d[:], sum)
	if inputDigest(in.Input) != d {
		return errors.New("hookchain: decoding a ticket: its input does not match its input_sha256")
	}
	q := Question{Tool: in.Tool, CallID: in.CallID, Input: in.Input, RewrittenBy: in.RewrittenBy}
	for _, a := range in.Asks {
		if a.Link == "" {
			return errors.New(`hookchain: decoding a ticket: an ask has no "link"`)
		}
		q.Asks = append(q.Asks, Asking(a))
	}
	*t = Ticket{Question: q, chain: chain, input: d}
	return nil
}

// chainID is the ticket's "chain_id", or its old name's value: "" when it
// gives neither, or gives it null.
func (in ticketJSON) chainID() (string, error) {
	raw, key := in.ChainID, "chain_id"
	switch {
	case in.ChainID != nil && in.OldChain != nil:
		return "", errors.New(`hookchain: decoding a ticket: it gives both "chain_id" and its old name "chain"`)
	case in.ChainID == nil:
		raw, key = in.OldChain, "chain"
	}
	var id string
	if raw != nil && json.Unmarshal(raw, &id) != nil {
		return "", fmt.Errorf("hookchain: decoding a ticket: %q is not a string", key)
	}
	return id, nil
}

// GobEncode writes the ticket as MarshalJSON does, so that a framework
// that saves it with encoding/gob (eino's checkpoints do) keeps the chain
// and the input it binds: gob alone would drop them, unexported, and a
// ticket read back would grant nothing.
func (t Ticket) GobEncode() ([]byte, error) { return t.MarshalJSON() }

// GobDecode reads what GobEncode wrote, refusing what UnmarshalJSON
// refuses.
func (t *Ticket) GobDecode(b []byte) error { return t.UnmarshalJSON(b) }

// inputDigest hashes an input in its compact form, so that a ticket's JSON
// — which holds the input compacted, as encoding/json writes any embedded
// JSON — still binds the input the call was asked about.
func inputDigest(input json.RawMessage) [sha256.Size]byte {
	var buf bytes.Buffer
	if json.Compact(&buf, input) != nil {
		return sha256.Sum256(input) // not JSON: binds nothing a chain would accept
	}
	return sha256.Sum256(buf.Bytes())
}

// Grant is a resolved ticket: the approval, bound to what was asked. A
// ticket for a call with a call id grants that call, however often it is run
// again; one for a call with none grants one run of it, the first that
// presents it, and never every identical call after it — nothing else tells
// that call from the next one with the same input.
type Grant struct {
	ticket   Ticket
	approval Approval
	spent    *atomic.Bool // for a call with no call id: set by the run it granted
}

// Grant resolves the ticket with an approver's answer. Only Approve and
// ApproveAll let the call run; any other decision refuses it.
func (t *Ticket) Grant(a Approval) Grant {
	g := Grant{ticket: *t, approval: a}
	if t.Question.CallID == "" {
		g.spent = new(atomic.Bool)
	}
	return g
}

type grantKey struct{}

// WithGrant returns a context that presents g to the next Run of its call. A
// grant that does not fit the call being decided (another call id, another
// input, another chain) is ignored there, and that call is decided as if no
// grant were presented: so a context that outlives its call, carrying a
// grant, never decides anything else.
func WithGrant(ctx context.Context, g Grant) context.Context {
	return context.WithValue(ctx, grantKey{}, g)
}

// resolve puts the run's asks to the approver and returns the outcome: the
// one the run would have had without asks when they are approved, a denial
// otherwise.
func (c *Chain) resolve(ctx context.Context, e Event, res Outcome, obs *observation, askedAbout []string) Outcome {
	q := Question{Tool: e.Tool, CallID: e.CallID, Input: e.Input}
	for _, s := range res.Trail {
		if s.Fault != "" {
			continue
		}
		if s.Verdict == Asked {
			q.Asks = append(q.Asks, Asking{Link: s.Name, Message: s.Reason})
		}
		if changer(s, askedAbout) {
			q.RewrittenBy = append(q.RewrittenBy, s.Name)
		}
	}
	name := "approver"
	if c.approver != nil {
		name = c.approver.Name
	}
	step := Step{Name: name, Approver: true}
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
	case step.Fault != "" && ctx.Err() != nil:
		// The caller went away while the approver was asked: as for a link,
		// that is the caller's doing, not the approver's failure.
		return Outcome{Verdict: Denied, Reason: "hookchain: the context ended while " + name + " was asked: " + ctx.Err().Error(),
			Trail: res.Trail, Notes: res.Notes, Messages: res.Messages, Cause: CauseCaller}
	case step.Fault != "":
		out := Outcome{Verdict: Denied, Reason: "approval needed but not obtained: " + fault + " (" + asked + ")",
			Trail: res.Trail, Notes: res.Notes, Messages: res.Messages, Cause: CauseNoApproval}
		if c.approver != nil {
			out.DecidedBy = name
		}
		return out
	case step.Verdict == Asked:
		// The ticket outlives the run, and the input is the caller's: it
		// may read its next call into the same buffer. What whoever decides
		// is shown must stay what the grant is bound to.
		q.Input = bytes.Clone(q.Input)
		t := &Ticket{Question: q, chain: c.id, input: inputDigest(q.Input)}
		return Outcome{Verdict: Asked, Reason: "approval pending (" + asked + ")", Trail: res.Trail, Notes: res.Notes, Messages: res.Messages, Pending: t,
			DecidedBy: name, Cause: CauseApprover}
	case step.Verdict == Denied:
		who := a.By
		if who == "" {
			who = name
		}
		why := "refused by " + who
		if a.Reason != "" {
			why += ": " + a.Reason
		}
		return Outcome{Verdict: Denied, Reason: why + " (" + asked + ")", Trail: res.Trail, Notes: res.Notes, Messages: res.Messages,
			DecidedBy: name, Cause: CauseApprover}
	}
	if a.Decision == ApproveAll {
		if s := sessionOf(ctx); s != nil {
			s.latch(c.id, q.Asks, a.By)
		}
	}
	res.DecidedBy, res.Cause = name, CauseApprover
	return res
}

// approval obtains the answer to q: from a grant presented in ctx that fits
// q, from the session's latch, or from the approver; fault says why none was
// obtained.
func (c *Chain) approval(ctx context.Context, q Question) (Approval, string) {
	if g, ok := ctx.Value(grantKey{}).(Grant); ok && g.fits(c.id, q) {
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

// fits reports whether the grant was issued for exactly this question, by a
// chain with this ID, and is not spent; a grant for a call with no call id
// is spent by fitting.
func (g Grant) fits(chain string, q Question) bool {
	t := g.ticket
	return t.chain == chain &&
		t.Question.CallID == q.CallID &&
		t.Question.Tool == q.Tool &&
		t.input == inputDigest(q.Input) &&
		askedBy(t.Question.Asks) == askedBy(q.Asks) &&
		(t.Question.CallID != "" || (g.spent != nil && g.spent.CompareAndSwap(false, true)))
}

// Ask puts q to the approver as a chain does: on a goroutine of its own,
// bounded by Timeout (DefaultApproverTimeout when it is 0), with its own
// copy of the question. An error, a panic, no answer within that time and
// a ctx that ends first are each an error saying so, never an approval; an
// approver that ignores its context is not waited for. It is for code that
// holds an approver of its own: one that falls back to another, or answers
// a question outside a run.
func (a Approver) Ask(ctx context.Context, q Question) (Approval, error) {
	if err := a.Validate(); err != nil {
		return Approval{}, err
	}
	ap, fault := a.ask(ctx, q)
	if fault != "" {
		return Approval{}, errors.New(fault)
	}
	return ap, nil
}

// ask runs the approver, bounded by its timeout, like a Timeout link: the
// chain stops waiting when the time is up even if the approver does not.
//
// The approver is handed its own copy of the question: an approver abandoned
// at its timeout must not be able to write to the bytes of the call, nor
// one that answered to the asks the chain latches and names.
func (a *Approver) ask(parent context.Context, q Question) (Approval, string) {
	timeout := a.timeout()
	ctx, cancel := context.WithTimeout(parent, timeout)
	defer cancel()
	q.Input, q.Asks, q.RewrittenBy = bytes.Clone(q.Input), slices.Clone(q.Asks), slices.Clone(q.RewrittenBy)
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
		if ctx.Err() == nil {
			return r.a, r.fault
		}
	case <-ctx.Done():
	}
	// Too late: whatever came, or comes, is discarded, and the fault says
	// whose time ran out.
	if err := parent.Err(); err != nil {
		return Approval{}, fmt.Sprintf("the context ended while %s was asked (%v)", a.Name, err)
	}
	return Approval{}, fmt.Sprintf("%s did not answer within %v", a.Name, timeout)
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

// ApprovalPending is the error Wrap returns for a call whose approval is
// being obtained out of band. The call has not run. Resolve the ticket
// (Ticket.Grant), then run the same call again with the grant in its
// context (WithGrant).
type ApprovalPending struct {
	Ticket *Ticket
	Reason string
}

func (e *ApprovalPending) Error() string { return "hookchain: " + e.Reason }
