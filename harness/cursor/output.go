package cursor

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// reply is the JSON of an answer to Cursor: the gates' fields, then
// postToolUse's, then beforeSubmitPrompt's (Halt's only).
type reply struct {
	Permission           string          `json:"permission,omitempty"`
	UserMessage          string          `json:"user_message,omitempty"`
	AgentMessage         string          `json:"agent_message,omitempty"`
	UpdatedInput         json.RawMessage `json:"updated_input,omitempty"`
	UpdatedMCPToolOutput json.RawMessage `json:"updated_mcp_tool_output,omitempty"`
	AdditionalContext    string          `json:"additional_context,omitempty"`
	Continue             *bool           `json:"continue,omitempty"`
}

// Reasons given in place of a blank one.
const (
	blankDenial = "denied by hookchain, whose chain gave no reason"
	blankAsk    = "hookchain asks about this call"
)

// OutputFor is the answer a Cursor hook of event gives for o, an outcome
// of the chain about e, degraded first (harness.Degrade) to what event can
// say (Can). See the package documentation for the table. The answer is
// one JSON object on stdout with exit status 0, {} when there is nothing
// to say. An event of "" is one Decode's pairing could not tell: the
// answer is then one every gate of Cursor reads alike, a denial for any
// outcome but an allow.
func OutputFor(event string, e hookchain.Event, o hookchain.Outcome) harness.Reply {
	if event == "" {
		if o.Verdict == hookchain.Allowed {
			return write(reply{})
		}
		return write(deny(o.Reason))
	}
	if o.Verdict == hookchain.Modified && !Can(event).Rewrite && sameJSON(o.Input, e.Input) {
		// A rewrite to the call's own input runs the call as it is: a
		// gate that cannot rewrite can still let it run.
		o.Verdict, o.Input = hookchain.Allowed, nil
	}
	o = harness.Degrade("cursor", Can(event), o)
	if toolEvents[event].hook == hookchain.AfterTool {
		return write(after(event, e, o))
	}
	switch o.Verdict {
	case hookchain.Allowed:
		return write(reply{})
	case hookchain.Denied:
		if event == BeforeReadFile {
			// beforeReadFile reads a permission only.
			return write(reply{Permission: "deny"})
		}
		return write(deny(o.Reason))
	case hookchain.Asked:
		message := harness.NonBlank(o.Reason, blankAsk)
		return write(reply{Permission: "ask", UserMessage: message, AgentMessage: message})
	case hookchain.Modified:
		if _, err := harness.Fields(o.Input); err != nil {
			return write(deny("hookchain: the chain rewrote the call, but Cursor takes only an object as updated_input; the chain would run it with " + string(o.Input)))
		}
		// Cursor documents updated_input with the permission that lets
		// the call run: without it, the call might run as the model wrote it.
		return write(reply{Permission: "allow", UpdatedInput: o.Input})
	}
	return write(deny("hookchain: the chain answered " + o.Verdict.String() + ", which Cursor cannot be told: " + o.Reason))
}

// sameJSON reports whether a and b are the same JSON value, however
// written.
func sameJSON(a, b json.RawMessage) bool {
	var va, vb any
	da, db := json.NewDecoder(bytes.NewReader(a)), json.NewDecoder(bytes.NewReader(b))
	da.UseNumber()
	db.UseNumber()
	return da.Decode(&va) == nil && db.Decode(&vb) == nil && reflect.DeepEqual(va, vb)
}

// deny is a gate's denial, its reason both the user's message and the
// model's.
func deny(reason string) reply {
	reason = harness.NonBlank(reason, blankDenial)
	return reply{Permission: "deny", UserMessage: reason, AgentMessage: reason}
}

// after is the answer after the call: only postToolUse says anything, and
// an MCP tool's output is the only one it can replace.
func after(event string, e hookchain.Event, o hookchain.Outcome) reply {
	if event != PostToolUse {
		return reply{} // Cursor reads no answer here
	}
	a := reply{AdditionalContext: harness.NoteText(o.Notes)}
	mcp := isMCP(e.Tool)
	withheld := ""
	switch o.Verdict {
	case hookchain.Allowed:
	case hookchain.Replaced:
		if mcp {
			a.UpdatedMCPToolOutput = o.Output
			return a
		}
		withheld = "the chain replaced the output of " + e.Tool + ", which Cursor cannot do for a tool that is not an MCP tool: " + o.Reason
	case hookchain.Denied:
		if mcp {
			a.UpdatedMCPToolOutput = hookchain.Text(harness.NonBlank(o.Reason, blankDenial))
			return a
		}
		withheld = harness.NonBlank(o.Reason, blankDenial)
	default:
		withheld = "the chain answered " + o.Verdict.String() + " after the call, which Cursor cannot be told: " + o.Reason
	}
	if withheld != "" {
		// Cursor cannot withhold this output: the model is told, in the
		// only words it reads here, that the chain would have.
		warning := "hookchain: disregard the output of this call; it is withheld: " + withheld
		a.AdditionalContext = strings.TrimSpace(warning + "\n\n" + a.AdditionalContext)
	}
	return a
}

// write is a as one line on stdout, with exit status 0.
func write(a reply) harness.Reply {
	b, err := harness.Encode(a)
	if err != nil {
		// Only a JSON of the chain's that is not JSON fails to encode, and
		// the chain never gives one; a block is the answer that cannot fail.
		return Refusal("the answer does not encode: " + err.Error())
	}
	return harness.Reply{Stdout: append(b, '\n')}
}

// Refusal is the answer to a hook input hookchain will not judge: exit
// status 2, which every gate of Cursor's reads as permission "deny"
// whatever its entry's failClosed, with a denial on stdout too and the
// reason on stderr. Cursor runs a call whose hook fails in any other way;
// a refused input must not become that.
func Refusal(reason string) harness.Reply {
	return block(reply{}, "hookchain: "+reason)
}

// Halt is the answer to the input of one of Cursor's events that are not a
// tool call: Refusal with "continue": false, which stops the prompt at
// beforeSubmitPrompt and the session at sessionStart.
func Halt(reason string) harness.Reply {
	stop := false
	return block(reply{Continue: &stop}, "hookchain: "+reason)
}

// block is a with a denial for reason on stdout, the reason on stderr and
// exit status 2. a holds no JSON of the chain's, so it always encodes.
func block(a reply, reason string) harness.Reply {
	a.Permission, a.UserMessage, a.AgentMessage = "deny", reason, reason
	b, _ := harness.Encode(a)
	return harness.Reply{Stdout: append(b, '\n'), Stderr: []byte(reason + "\n"), Exit: 2}
}
