package factory

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// reply is the JSON of an answer to Droid, with only fields Droid
// documents.
type reply struct {
	Continue   *bool     `json:"continue,omitempty"`
	StopReason string    `json:"stopReason,omitempty"`
	Specific   *specific `json:"hookSpecificOutput,omitempty"`
}

type specific struct {
	HookEventName            string          `json:"hookEventName"`
	PermissionDecision       string          `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string          `json:"permissionDecisionReason,omitempty"`
	UpdatedInput             json.RawMessage `json:"updatedInput,omitempty"`
	AdditionalContext        string          `json:"additionalContext,omitempty"`
}

// noReason is given in place of a blank reason.
const noReason = "denied by hookchain, whose chain gave no reason"

// OutputFor is the answer a Droid hook gives for o, an outcome of the
// chain about e that Degrade has made expressible to Droid. See the
// package documentation for the table. Every denial is exit status 2 with
// the reason on stderr, the one form Droid reads as a block whatever else
// the answer says. An outcome Droid cannot be told — a rewrite that is
// not an object or drops a key of the call's input, a replacement, an ask
// or a rewrite after the call — is answered as a denial that says so.
func OutputFor(e hookchain.Event, o hookchain.Outcome) harness.Reply {
	if e.Hook == hookchain.AfterTool {
		context := harness.NoteText(o.Notes)
		switch o.Verdict {
		case hookchain.Allowed:
			if context == "" {
				return harness.Reply{}
			}
			return write(reply{Specific: &specific{HookEventName: PostToolUse, AdditionalContext: context}})
		case hookchain.Denied:
			reason := harness.NonBlank(o.Reason, noReason)
			if context != "" {
				reason += "\n\n" + context
			}
			return block(reason)
		}
		return block("hookchain: the chain answered " + o.Verdict.String() + " after the call, which Factory Droid cannot be told: " + o.Reason)
	}
	// Droid reads no context before the call: the notes are not said.
	switch o.Verdict {
	case hookchain.Allowed:
		// Nothing at all: a permissionDecision "allow" would skip the
		// permission prompt Droid would otherwise show its user.
		return harness.Reply{}
	case hookchain.Denied:
		return block(harness.NonBlank(o.Reason, noReason))
	case hookchain.Modified, hookchain.Asked:
		s := &specific{HookEventName: PreToolUse, PermissionDecision: "allow"}
		if o.Verdict == hookchain.Asked {
			s.PermissionDecision, s.PermissionDecisionReason = "ask", harness.NonBlank(o.Reason, "hookchain asks about this call")
		}
		if o.Verdict == hookchain.Modified || o.Input != nil {
			if why := unsayable(e.Input, o.Input); why != "" {
				return block("hookchain: the chain rewrote the call, but " + why + "; the chain would run it with " + string(o.Input))
			}
			s.UpdatedInput = o.Input
		}
		return write(reply{Specific: s})
	}
	return block("hookchain: the chain answered " + o.Verdict.String() + ", which Factory Droid cannot be told: " + o.Reason)
}

// unsayable says why Droid cannot be given input as the call's new input,
// "" when it can: Droid's updatedInput is a patch of fields to change or
// add, so it must be an object, and a key the rewrite drops would stay.
func unsayable(original, input json.RawMessage) string {
	in, err := harness.Fields(input)
	if err != nil {
		return "Factory Droid takes only an object as a rewritten input"
	}
	was, _ := harness.Fields(original)
	for _, k := range slices.Sorted(maps.Keys(was)) {
		if _, ok := in[k]; !ok {
			return "Factory Droid patches the call's input with a rewrite, and would keep " + k
		}
	}
	return ""
}

// block is a denial as Droid reads one whatever else it is told: exit
// status 2 with the reason on stderr, nothing on stdout.
func block(reason string) harness.Reply {
	return harness.Reply{Stderr: []byte(reason + "\n"), Exit: 2}
}

// write is a as one line on stdout, with exit status 0.
func write(a reply) harness.Reply {
	b, err := harness.Encode(a)
	if err != nil {
		// Only an updatedInput that is not JSON fails to encode, and the
		// chain never gives one; a block is the answer that cannot fail.
		return Refusal("the answer does not encode: " + err.Error())
	}
	return harness.Reply{Stdout: append(b, '\n')}
}

// Refusal is the answer to a hook input hookchain will not judge: exit
// status 2 with the reason on stderr and nothing on stdout, which Droid
// reads as a block before the call and, after it, as feedback to the
// model. Droid runs a call whose hook fails; a refused input must not
// become that.
func Refusal(reason string) harness.Reply {
	return block("hookchain: " + reason)
}

// Halt is the answer to the input of one of Droid's events that are not a
// tool call: {"continue":false,"stopReason":"hookchain: …"}, which stops
// Droid's processing after the hook.
func Halt(reason string) harness.Reply {
	stop := false
	return write(reply{Continue: &stop, StopReason: "hookchain: " + reason})
}
