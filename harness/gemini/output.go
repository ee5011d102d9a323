package gemini

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// reply is the JSON of an answer to Gemini.
type reply struct {
	Continue      *bool     `json:"continue,omitempty"`
	StopReason    string    `json:"stopReason,omitempty"`
	Decision      string    `json:"decision,omitempty"`
	Reason        string    `json:"reason,omitempty"`
	SystemMessage string    `json:"systemMessage,omitempty"`
	Specific      *specific `json:"hookSpecificOutput,omitempty"`
}

type specific struct {
	HookEventName     string          `json:"hookEventName"`
	ToolInput         json.RawMessage `json:"tool_input,omitempty"`
	AdditionalContext string          `json:"additionalContext,omitempty"`
}

// Reasons given in place of a blank one, which Gemini would tell the model
// as "No reason provided".
const (
	noReason = "denied by hookchain, whose chain gave no reason"
	noOutput = "the tool's output was replaced with nothing"
)

// OutputFor is the answer a Gemini hook gives for o, an outcome of the
// chain about e that Degrade has made expressible to Gemini. See the
// package documentation for the table. An outcome Gemini cannot be told —
// a rewrite that is not an object or drops a key of the call's input, a
// replacement before the call, an ask or a rewrite after it — is answered
// as a denial that says so.
func OutputFor(e hookchain.Event, o hookchain.Outcome) harness.Reply {
	if e.Hook == hookchain.AfterTool {
		var a reply
		if context := harness.NoteText(o.Notes); context != "" {
			a.Specific = &specific{HookEventName: AfterTool, AdditionalContext: context}
		}
		switch o.Verdict {
		case hookchain.Allowed:
		case hookchain.Denied:
			a.Decision, a.Reason = "deny", harness.NonBlank(o.Reason, noReason)
		case hookchain.Replaced:
			// Gemini shows the model a denial's reason in place of the
			// tool's output.
			a.Decision, a.Reason = "deny", harness.NonBlank(harness.OutputText(o.Output), noOutput)
		default:
			a.Decision, a.Reason = "deny", "hookchain: the chain answered "+o.Verdict.String()+" after the call, which Gemini cannot be told"
		}
		return write(a)
	}
	// Gemini reads no context before the call: the notes are not said.
	switch o.Verdict {
	case hookchain.Allowed:
		return harness.Reply{}
	case hookchain.Denied:
		return write(reply{Decision: "deny", Reason: harness.NonBlank(o.Reason, noReason)})
	case hookchain.Modified, hookchain.Asked:
		a := reply{}
		if o.Verdict == hookchain.Asked {
			message := harness.NonBlank(o.Reason, "hookchain asks about this call")
			a = reply{Decision: "ask", Reason: message, SystemMessage: message}
		}
		if o.Verdict == hookchain.Modified || o.Input != nil {
			if why := unsayable(e.Input, o.Input); why != "" {
				return write(reply{Decision: "deny", Reason: "hookchain: the chain rewrote the call, but " + why + "; the chain would run it with " + string(o.Input)})
			}
			a.Specific = &specific{HookEventName: BeforeTool, ToolInput: o.Input}
		}
		return write(a)
	}
	return write(reply{Decision: "deny", Reason: "hookchain: the chain answered " + o.Verdict.String() + ", which Gemini cannot be told: " + o.Reason})
}

// unsayable says why Gemini cannot be given input as the call's new
// input, "" when it can: Gemini ignores a tool_input that is not an
// object, and merges one into the model's arguments (as documented; its
// scheduler has also taken it whole), so a key the rewrite drops would
// stay under one reading and not the other.
func unsayable(original, input json.RawMessage) string {
	in, err := harness.Fields(input)
	if err != nil {
		return "Gemini takes only an object as a rewritten input"
	}
	was, _ := harness.Fields(original)
	for _, k := range slices.Sorted(maps.Keys(was)) {
		if _, ok := in[k]; !ok {
			return "Gemini merges a rewritten input into the model's, and would keep " + k
		}
	}
	return ""
}

// write is a as one line on stdout, with exit status 0; nothing at all
// for an empty answer.
func write(a reply) harness.Reply {
	if a == (reply{}) {
		return harness.Reply{}
	}
	b, err := harness.Encode(a)
	if err != nil {
		// Only a tool_input that is not JSON fails to encode, and the
		// chain never gives one; a block is the answer that cannot fail.
		return Refusal("the answer does not encode: " + err.Error())
	}
	return harness.Reply{Stdout: append(b, '\n')}
}

// Refusal is the answer to a hook input hookchain will not judge: exit
// status 2 with the reason on stderr and nothing on stdout, which Gemini
// reads as a denial before the call and, after it, as the text shown to
// the model in place of the output. Gemini runs a call whose hook fails; a
// refused input must not become that.
func Refusal(reason string) harness.Reply {
	return harness.Reply{Stderr: []byte("hookchain: " + reason + "\n"), Exit: 2}
}

// Halt is the answer to the input of one of Gemini's events that are not a
// tool call: {"continue":false,"stopReason":"hookchain: …"}, which stops
// the agent at the events that can stop it.
func Halt(reason string) harness.Reply {
	stop := false
	return write(reply{Continue: &stop, StopReason: "hookchain: " + reason})
}
