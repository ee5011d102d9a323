package qwen

import (
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// reply is the JSON of an answer to Qwen.
type reply struct {
	Continue   *bool     `json:"continue,omitempty"`
	StopReason string    `json:"stopReason,omitempty"`
	Decision   string    `json:"decision,omitempty"`
	Reason     string    `json:"reason,omitempty"`
	Specific   *specific `json:"hookSpecificOutput,omitempty"`
}

type specific struct {
	HookEventName            string `json:"hookEventName"`
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	AdditionalContext        string `json:"additionalContext,omitempty"`
}

// Reasons given in place of a blank one, which Qwen would tell the model
// as "No reason provided".
const (
	noReason = "denied by hookchain, whose chain gave no reason"
	noOutput = "the tool's output was replaced with nothing"
)

// OutputFor is the answer a Qwen hook gives for o, an outcome of the chain
// about e that Degrade has made expressible to Qwen: exit status 0 and one
// line of JSON, or nothing. See the package documentation for the table.
// An outcome Qwen cannot be told — an ask about a rewritten call, a
// replacement before the call, an ask or a rewrite after it — is answered
// as a denial that says so.
func OutputFor(e hookchain.Event, o hookchain.Outcome) harness.Reply {
	context := harness.NoteText(o.Notes)
	if e.Hook == hookchain.AfterTool {
		switch o.Verdict {
		case hookchain.Allowed:
			if context == "" {
				return harness.Reply{}
			}
			return write(reply{Specific: &specific{HookEventName: PostToolUse, AdditionalContext: context}})
		case hookchain.Denied:
			return withhold(harness.NonBlank(o.Reason, noReason))
		case hookchain.Replaced:
			// Qwen shows the model a stop's reason in place of the output.
			return withhold(harness.NonBlank(harness.OutputText(o.Output), noOutput))
		}
		return withhold("hookchain: the chain answered " + o.Verdict.String() + " after the call, which Qwen cannot be told")
	}
	switch o.Verdict {
	case hookchain.Allowed:
		if context == "" {
			return harness.Reply{}
		}
		return write(reply{Specific: &specific{HookEventName: PreToolUse, AdditionalContext: context}})
	case hookchain.Denied:
		return deny(harness.NonBlank(o.Reason, noReason))
	case hookchain.Asked:
		if input, rewritten := harness.AskedInput(o); rewritten {
			return deny("hookchain: the chain asks about a rewritten call, which Qwen cannot run; the chain would run it with " + string(input))
		}
		reason := harness.NonBlank(o.Reason, "hookchain asks about this call")
		return write(reply{Specific: &specific{HookEventName: PreToolUse, PermissionDecision: "ask", PermissionDecisionReason: reason}})
	}
	return deny("hookchain: the chain answered " + o.Verdict.String() + ", which Qwen cannot be told: " + o.Reason)
}

// deny is a denial before the call: the permissionDecision Qwen reads
// first, and the top-level decision that its older versions and its
// merging of several hooks' answers read.
func deny(reason string) harness.Reply {
	return write(reply{Decision: "deny", Reason: reason,
		Specific: &specific{HookEventName: PreToolUse, PermissionDecision: "deny", PermissionDecisionReason: reason}})
}

// withhold is a denial after the call: "continue": false, which Qwen
// answers by giving the model the reason as a failed call in place of
// the output. A decision there has no effect.
func withhold(reason string) harness.Reply {
	stop := false
	return write(reply{Continue: &stop, StopReason: reason})
}

// write is a as one line on stdout, with exit status 0.
func write(a reply) harness.Reply {
	b, err := harness.Encode(a)
	if err != nil {
		// Strings only: it cannot fail; a block is the answer that cannot.
		return Refusal("the answer does not encode: " + err.Error())
	}
	return harness.Reply{Stdout: append(b, '\n')}
}

// Refusal is the answer to a hook input hookchain will not judge: exit
// status 2 and, on stderr and on stdout, one line of JSON that is a
// denial at both tool-call events — decision "deny", which Qwen reads
// before the call (and exit status 2 blocks there whatever stderr says),
// and "continue": false, which after the call shows the model the reason
// in place of the output (exit status 2 alone does nothing there). Qwen
// reads stderr alone at exit status 2; the same line on stdout is the
// refusal of a reply that has a body and no status (an http hook's).
// Qwen runs a call whose hook fails; a refused input must not become
// that.
func Refusal(reason string) harness.Reply {
	stop := false
	r := "hookchain: " + reason
	b, _ := harness.Encode(reply{Continue: &stop, StopReason: r, Decision: "deny", Reason: r}) // strings only: it cannot fail
	line := append(b, '\n')
	return harness.Reply{Stdout: line, Stderr: line, Exit: 2}
}

// Halt is the answer to the input of one of Qwen's events that are not a
// tool call: {"continue":false,"stopReason":"hookchain: …"}, which stops
// the agent at the events that can stop it.
func Halt(reason string) harness.Reply {
	stop := false
	return write(reply{Continue: &stop, StopReason: "hookchain: " + reason})
}
