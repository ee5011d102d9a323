package codex

import (
	"bytes"
	"encoding/json"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// answer is the JSON of an answer to Codex, with only fields Codex's schema
// accepts.
type answer struct {
	Continue   *bool         `json:"continue,omitempty"`
	StopReason string        `json:"stopReason,omitempty"`
	Decision   string        `json:"decision,omitempty"`
	Reason     string        `json:"reason,omitempty"`
	Specific   *hookSpecific `json:"hookSpecificOutput,omitempty"`
}

type hookSpecific struct {
	HookEventName            string          `json:"hookEventName"`
	PermissionDecision       string          `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string          `json:"permissionDecisionReason,omitempty"`
	UpdatedInput             json.RawMessage `json:"updatedInput,omitempty"`
	AdditionalContext        string          `json:"additionalContext,omitempty"`
}

// Reasons given in place of a blank one: Codex reads a block without a
// reason as a failed hook, and runs the call.
const (
	noReason = "denied by hookchain, whose chain gave no reason"
	noOutput = "the tool's output was replaced with nothing"
)

// OutputFor is the answer a Codex hook gives for o, an outcome of the
// chain about e that Degrade has made expressible to Codex. See the package
// documentation for the table. An outcome Codex cannot be told — Asked, or
// Replaced before the call, which Degrade never leaves — is answered as a
// denial that says so.
func OutputFor(e hookchain.Event, o hookchain.Outcome) harness.Reply {
	context := harness.NoteText(o.Notes)
	if e.Hook == hookchain.AfterTool {
		a := answer{}
		if context != "" {
			a.Specific = &hookSpecific{HookEventName: PostToolUse, AdditionalContext: context}
		}
		switch o.Verdict {
		case hookchain.Allowed:
		case hookchain.Denied:
			a.Decision, a.Reason = "block", harness.NonBlank(o.Reason, noReason)
		case hookchain.Replaced:
			a.Decision, a.Reason = "block", harness.NonBlank(harness.OutputText(o.Output), noOutput)
		default:
			a.Decision, a.Reason = "block", "hookchain: the chain answered "+o.Verdict.String()+" after the call, which Codex cannot be told"
		}
		return reply(a)
	}
	s := &hookSpecific{HookEventName: PreToolUse, AdditionalContext: context}
	switch o.Verdict {
	case hookchain.Allowed:
		// Codex takes a bare "allow" for a failed hook: an allow is said
		// with nothing at all.
	case hookchain.Denied:
		s.PermissionDecision, s.PermissionDecisionReason = "deny", harness.NonBlank(o.Reason, noReason)
	case hookchain.Modified:
		if len(o.Input) == 0 {
			// "allow" without updatedInput would be a failed hook to
			// Codex, which runs the call.
			s.PermissionDecision, s.PermissionDecisionReason = "deny", "hookchain: the chain rewrote the call without giving an input"
			break
		}
		s.PermissionDecision, s.UpdatedInput = "allow", o.Input
	default:
		s.PermissionDecision = "deny"
		s.PermissionDecisionReason = "hookchain: the chain answered " + o.Verdict.String() + ", which Codex cannot be told: " + o.Reason
	}
	if s.PermissionDecision == "" && s.AdditionalContext == "" {
		return harness.Reply{}
	}
	return reply(answer{Specific: s})
}

// reply is a as one line on stdout, with exit status 0; nothing at all for
// an empty answer.
func reply(a answer) harness.Reply {
	if a == (answer{}) {
		return harness.Reply{}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(a); err != nil {
		// Only an updatedInput that is not JSON fails to encode, and the
		// chain never gives one; a block is the answer that cannot fail.
		return Refusal("the answer does not encode: " + err.Error())
	}
	return harness.Reply{Stdout: b.Bytes()}
}

// Refusal is the answer to a hook input hookchain will not judge: exit
// status 2 with the reason on stderr, which Codex reads as a block at
// PreToolUse (and, at PostToolUse, as text shown to the model in place of
// the output). Codex runs a call whose hook fails; a refused input must not
// become that.
func Refusal(reason string) harness.Reply {
	return harness.Reply{Stderr: []byte("hookchain: " + reason + "\n"), Exit: 2}
}

// Halt is the answer to the input of one of Codex's events that are not a
// tool call: {"continue":false,"stopReason":"hookchain: …"}, which ends the
// turn at the events that can end it.
func Halt(reason string) harness.Reply {
	stop := false
	return reply(answer{Continue: &stop, StopReason: "hookchain: " + reason})
}
