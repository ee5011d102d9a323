package hookchain

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Verdict is the kind of answer an interceptor gives, and the kind of answer a
// chain folds its links' answers into.
type Verdict uint8

const (
	Allowed  Verdict = iota // the zero value: carry on, nothing changed
	Denied                  // refuse the call (before) or its result (after)
	Modified                // before the call: run the tool with a new input
	Replaced                // after the call: show the model a new result
	Asked                   // before the call: a person (the chain's approver) must decide
)

// String returns the constant's name ("Allowed", "Denied", ...), which reads
// well in logs and test failures.
func (v Verdict) String() string {
	switch v {
	case Allowed:
		return "Allowed"
	case Denied:
		return "Denied"
	case Modified:
		return "Modified"
	case Replaced:
		return "Replaced"
	case Asked:
		return "Asked"
	}
	return "Verdict(" + strconv.Itoa(int(v)) + ")"
}

// word is the verdict's wire word, as hook programs write it.
func (v Verdict) word() string {
	switch v {
	case Allowed:
		return "allow"
	case Denied:
		return "deny"
	case Modified:
		return "modify"
	case Replaced:
		return "replace"
	case Asked:
		return "ask"
	}
	return ""
}

// MarshalText encodes the verdict as its wire word: "allow", "deny",
// "modify", "replace" or "ask". An unknown verdict is an error, never a
// number.
func (v Verdict) MarshalText() ([]byte, error) {
	d := v.word()
	if d == "" {
		return nil, fmt.Errorf("hookchain: cannot encode unknown verdict %d", uint8(v))
	}
	return []byte(d), nil
}

// UnmarshalText accepts the wire words ("allow", "deny", "modify",
// "replace", "ask") and the constant names ("Allowed", "Denied", ...), exactly as
// written: a verdict decides what runs, and a near miss is an error, not a
// guess.
func (v *Verdict) UnmarshalText(b []byte) error {
	for c := Allowed; c <= Asked; c++ {
		if string(b) == c.word() || string(b) == c.String() {
			*v = c
			return nil
		}
	}
	return fmt.Errorf("hookchain: unknown verdict %q (want allow, deny, modify, replace or ask)", b)
}

// Outcome is an answer. An interceptor returns one for itself, built with
// Allow, Deny, Modify or Replace; a chain returns one for all of its links,
// with Trail naming who did what.
//
// The zero Outcome is Allow.
//
// In a chain's Outcome, Reason is the one line to show or log: for a denial
// it names the link that refused (or failed) and why, and for Modified or
// Replaced it summarises the trail's changers. Trail is the full record, one
// Step per link that changed, refused or failed, including fail-open
// failures that did not change the verdict.
type Outcome struct {
	Verdict Verdict
	Reason  string          // see the package documentation, "Reasons"
	Input   json.RawMessage // Modified (or an interceptor's AskAbout): the input the tool must run with
	Output  json.RawMessage // Replaced: the result the model must be shown
	IsError bool            // Replaced: whether that result is an error
	Trail   []Step          // who changed, refused, asked or failed, in chain order
	Notes   []Note          // text for the model to read next to the call, in chain order
	// Messages is text for the user only, never shown to the model (Claude
	// Code's systemMessage, Cursor's user_message), in chain order.
	Messages []Note
	Pending  *Ticket // Asked: the approval the host must obtain out of band

	// DecidedBy names the link whose answer or failure decided the call, or
	// the approver when asks were put to it. It is empty when nobody refused
	// (the links' answers folded into Allowed, Modified or Replaced), when
	// the chain itself refused, and when approval was needed but no approver
	// was configured. Cause says which of these it is.
	DecidedBy string
	Cause     Cause
}

// Cause says what decided a chain's outcome, so that a program — an adapter,
// a dashboard, a test — can tell a guard's denial from a broken link, from a
// malformed event, from the approver, from a caller that went away, without
// reading Reason, which is for people.
type Cause uint8

const (
	CauseNone       Cause = iota // nobody refused: the links' answers folded into the verdict
	CauseLink                    // a link answered Deny: DecidedBy names it
	CauseFailure                 // a link failed and denies on failure: DecidedBy names it
	CauseApprover                // the approver approved, refused or deferred: DecidedBy names it
	CauseNoApproval              // approval was needed and not obtained: the approver failed (DecidedBy names it) or there is none
	CauseChain                   // the chain refused the event before asking anyone, or could not fold it
	CauseCaller                  // the caller's context ended: the chain refused
)

// String returns the cause's JSON word ("link", "failure", ...), or "none".
func (c Cause) String() string {
	if w := c.word(); w != "" {
		return w
	}
	if c == CauseNone {
		return "none"
	}
	return "Cause(" + strconv.Itoa(int(c)) + ")"
}

func (c Cause) word() string {
	switch c {
	case CauseLink:
		return "link"
	case CauseFailure:
		return "failure"
	case CauseApprover:
		return "approver"
	case CauseNoApproval:
		return "no_approval"
	case CauseChain:
		return "chain"
	case CauseCaller:
		return "caller"
	}
	return ""
}

// MarshalText encodes a cause as its JSON word; CauseNone is "none".
func (c Cause) MarshalText() ([]byte, error) {
	if c != CauseNone && c.word() == "" {
		return nil, fmt.Errorf("hookchain: cannot encode unknown cause %d", uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText accepts the words MarshalText writes, exactly.
func (c *Cause) UnmarshalText(b []byte) error {
	for k := CauseNone; k <= CauseCaller; k++ {
		if string(b) == k.String() {
			*c = k
			return nil
		}
	}
	return fmt.Errorf("hookchain: unknown cause %q (want none, link, failure, approver, no_approval, chain or caller)", b)
}

// Note is text a link wants the model to read next to the call, such as "this
// repository uses pnpm, not npm". Any answer can carry notes (see
// [Outcome.WithNote]); a chain's outcome gathers them in chain order, each stamped
// with the name of the link that gave it.
type Note struct {
	Link string `json:"link"` // host-stamped: an interceptor cannot claim another link's words
	Text string `json:"text"`
}

// Step is one link's part in a chain's outcome. Links that allowed without
// incident are not in the trail (an observer sees them); every link that
// changed the call, refused it, asked about it, or could not answer is. When
// asks were put to the chain's approver, its answer is a step too, named
// after the approver, with By saying who answered.
type Step struct {
	Name    string  // the link's registered name (host-stamped, never self-claimed), or the approver's
	Verdict Verdict // what it answered (a failure is recorded with the verdict it led to)
	Reason  string  // its own words
	Fault   string  // non-empty when the link could not answer (error, panic, timeout, bad answer)
	By      string  // the approver's step only: who answered the question
	// Approver marks the approver's step. Approvers have names of their own,
	// apart from the links': a link and the approver may share a name, and
	// this says which one a step is.
	Approver bool
}

// Allow carries on without changing anything.
func Allow() Outcome { return Outcome{} }

// Deny refuses. Before the call the tool does not run; after it, the model is
// shown the reason as an error result instead of the tool's output. The reason
// is read by the model and by whoever audits the call, so say why.
func Deny(reason string) Outcome { return Outcome{Verdict: Denied, Reason: reason} }

// Modify runs the tool with input instead of what the model wrote. It is
// valid only before the call. input must be valid JSON, and must be an object
// when the call's input is one. Later links see the new input and may still
// deny it.
func Modify(input json.RawMessage, reason string) Outcome {
	return Outcome{Verdict: Modified, Input: input, Reason: reason}
}

// Replace shows the model output instead of the tool's result; isError says
// whether that replacement is an error result. It is valid only after the
// call, and output must be valid JSON (use Text for plain text).
func Replace(output json.RawMessage, isError bool, reason string) Outcome {
	return Outcome{Verdict: Replaced, Output: output, IsError: isError, Reason: reason}
}

// Ask puts the call to a person before it runs. The chain keeps walking after
// an ask — a later link can still deny the call or rewrite it — and when
// every link has answered, all of the run's asks go to the chain's approver
// at once, about the final input. It is valid only before the call.
func Ask(message string) Outcome { return Outcome{Verdict: Asked, Reason: message} }

// AskAbout rewrites the call's input and puts the rewritten call to a person,
// in one answer: the input becomes input, as with Modify, and the approver is
// asked about the final input, as with Ask. Approved, the call runs with the
// final input (the outcome is Modified); refused, it does not run. input must
// be valid JSON, and an object when the call's input is one. It is valid only
// before the call.
func AskAbout(input json.RawMessage, message string) Outcome {
	return Outcome{Verdict: Asked, Input: input, Reason: message}
}

// WithNote returns the answer with a note added: text for the model to read
// next to the call. Any answer can carry notes, an Allow included; the chain
// keeps them in order and names the link they came from. A denial's notes
// are kept too; links after a denial are not asked, so they add none.
func (o Outcome) WithNote(text string) Outcome {
	o.Notes = append(o.Notes[:len(o.Notes):len(o.Notes)], Note{Text: text})
	return o
}

// WithMessage returns the answer with a message added: text for the
// agent's user, which the model is never shown — a warning in the
// terminal, say. The chain keeps messages as it keeps notes: in order,
// each named after its link, void with a failed link's answer. Where the
// agent CLI has no way to show its user a hook's message, it is dropped.
func (o Outcome) WithMessage(text string) Outcome {
	o.Messages = append(o.Messages[:len(o.Messages):len(o.Messages)], Note{Text: text})
	return o
}

// Text encodes s as a JSON string, the form a tool's text result takes. It
// does not escape HTML characters: the result is read by a model, not a
// browser.
func Text(s string) json.RawMessage {
	b, _ := marshal(s) // a string always encodes
	return b
}
