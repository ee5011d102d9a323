package harness

import (
	"encoding/json"

	"github.com/hookchain/hookchain"
)

// Capabilities is a CLI's row in the capability table: what its hook
// answers can say. `hookchain check` will lint a chain against it; Degrade
// turns an outcome into one the CLI can express.
type Capabilities struct {
	Ask     bool        // put the call to the CLI's user before it runs
	Rewrite bool        // run the call with another input
	Replace Replacement // show the model something else than the tool's output
	Context bool        // give the model text beside the call
	Message bool        // show the user text the model is not shown (Profile.Showing)
}

// Replacement is how much of a replacement output a CLI can carry.
type Replacement uint8

const (
	// ReplaceNone: the model sees the tool's output, or a denial's reason.
	ReplaceNone Replacement = iota
	// ReplaceText: text in the output's place, which the model is shown as
	// a failed call (Codex's block after the call).
	ReplaceText
	// ReplaceAny: any JSON, as an error result or not.
	ReplaceAny
)

// Degrade is o as a CLI with capabilities c can say it, for the CLI named
// name. The rules, each of which keeps the call at least as constrained as
// the chain decided:
//
//	the chain's outcome             the CLI cannot           becomes
//	Asked                           ask (Ask)                Denied: "NAME cannot ask its user, so the call is denied: REASON"
//	Asked about a rewritten input   rewrite (Rewrite)        Denied: "NAME cannot run a rewritten input, so the call is denied; the chain would ask about INPUT"
//	Modified                        rewrite (Rewrite)        Denied: "NAME cannot run a rewritten input, so the call is denied; the chain would run it with INPUT"
//	Replaced                        carry JSON (ReplaceText) Replaced with the output as text (a JSON string's value, any other JSON as written), as an error result
//	Replaced                        replace (ReplaceNone)    Denied: "NAME cannot replace a tool's output, so it is withheld: REASON"
//	any, with notes                 give context (Context)   the same, without the notes
//	any, with messages              show its user a message  the same, without the messages
//	                                (Message)
//
// An ask about a rewritten input that a CLI can say has that input in
// its Input, wherever the chain gave it (AskedInput): an answer that asked
// about the model's input would have the CLI run that one once approved,
// and never the rewrite the chain's links judged.
//
// The trail, the notes and messages (where kept), DecidedBy and Cause are kept; an
// outcome the CLI can say is returned unchanged but for that.
func Degrade(name string, c Capabilities, o hookchain.Outcome) hookchain.Outcome {
	rewritten, asksAboutRewrite := AskedInput(o)
	switch {
	case o.Verdict == hookchain.Asked && !c.Ask:
		o = denied(o, name+" cannot ask its user, so the call is denied: "+o.Reason)
	case o.Verdict == hookchain.Asked && asksAboutRewrite && !c.Rewrite:
		o = denied(o, name+" cannot run a rewritten input, so the call is denied; the chain would ask about "+string(rewritten))
	case o.Verdict == hookchain.Asked && asksAboutRewrite:
		o.Input = rewritten
	case o.Verdict == hookchain.Modified && !c.Rewrite:
		o = denied(o, name+" cannot run a rewritten input, so the call is denied; the chain would run it with "+string(o.Input))
	case o.Verdict == hookchain.Replaced && c.Replace == ReplaceNone:
		o = denied(o, name+" cannot replace a tool's output, so it is withheld: "+o.Reason)
	case o.Verdict == hookchain.Replaced && c.Replace == ReplaceText:
		o.Output = hookchain.Text(OutputText(o.Output))
		o.IsError = true
	}
	if !c.Context {
		o.Notes = nil
	}
	if !c.Message {
		o.Messages = nil
	}
	return o
}

// AskedInput is the input an ask of the chain is about, and whether a
// link rewrote it: the outcome's Input, or, when the ask was deferred to an
// approval still pending, the input of the ticket's question a link
// rewrote. false: the ask is about the model's own input.
func AskedInput(o hookchain.Outcome) (json.RawMessage, bool) {
	switch {
	case o.Verdict != hookchain.Asked:
		return nil, false
	case len(o.Input) > 0:
		return o.Input, true
	case o.Pending != nil && len(o.Pending.Question.RewrittenBy) > 0:
		return o.Pending.Question.Input, true
	}
	return nil, false
}

func denied(o hookchain.Outcome, reason string) hookchain.Outcome {
	o.Verdict = hookchain.Denied
	o.Reason = reason
	o.Input, o.Output, o.IsError, o.Pending = nil, nil, false, nil
	return o
}

// OutputText is a replacement output as text: the value of a JSON string,
// and any other JSON as it is written.
func OutputText(output json.RawMessage) string {
	var s string
	if err := json.Unmarshal(output, &s); err == nil {
		return s
	}
	return string(output)
}
