package copilot

import (
	"encoding/json"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// reply is the JSON of an answer to Copilot: preToolUse's fields, then
// postToolUse's, then permissionRequest's (Halt's only).
type reply struct {
	PermissionDecision       string          `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string          `json:"permissionDecisionReason,omitempty"`
	ModifiedArgs             json.RawMessage `json:"modifiedArgs,omitempty"`
	ModifiedResult           *ToolResult     `json:"modifiedResult,omitempty"`
	AdditionalContext        string          `json:"additionalContext,omitempty"`
	Behavior                 string          `json:"behavior,omitempty"`
	Message                  string          `json:"message,omitempty"`
	Interrupt                bool            `json:"interrupt,omitempty"`
}

// noReason is given in place of a blank reason: Copilot requires one with
// a denial.
const noReason = "denied by hookchain, whose chain gave no reason"

// OutputFor is the answer a Copilot hook gives for o, an outcome of the
// chain about e that Degrade has made expressible to Copilot. See the
// package documentation for the table. An outcome Copilot cannot be told —
// a rewrite that is not an object, a replacement before the call, an ask
// or a rewrite after it — is answered as a denial that says so.
func OutputFor(e hookchain.Event, o hookchain.Outcome) harness.Reply {
	if e.Hook == hookchain.AfterTool {
		a := reply{AdditionalContext: harness.NoteText(o.Notes)}
		switch o.Verdict {
		case hookchain.Allowed:
		case hookchain.Replaced:
			a.ModifiedResult = &ToolResult{ResultType: "success", TextResultForLlm: harness.OutputText(o.Output)}
		case hookchain.Denied:
			// Copilot cannot block after the call: the model is shown the
			// denial's reason in place of the output.
			a.ModifiedResult = &ToolResult{ResultType: "success", TextResultForLlm: harness.NonBlank(o.Reason, noReason)}
		default:
			a.ModifiedResult = &ToolResult{ResultType: "success", TextResultForLlm: "hookchain: the chain answered " + o.Verdict.String() + " after the call, which Copilot cannot be told; the output is withheld"}
		}
		return write(a)
	}
	// Copilot reads no context before the call: the notes are not said.
	switch o.Verdict {
	case hookchain.Allowed:
		return harness.Reply{}
	case hookchain.Denied:
		return write(reply{PermissionDecision: "deny", PermissionDecisionReason: harness.NonBlank(o.Reason, noReason)})
	case hookchain.Modified, hookchain.Asked:
		a := reply{}
		if o.Verdict == hookchain.Asked {
			a = reply{PermissionDecision: "ask", PermissionDecisionReason: harness.NonBlank(o.Reason, "hookchain asks about this call")}
		}
		if o.Input != nil {
			if _, err := harness.Fields(o.Input); err != nil {
				return write(reply{PermissionDecision: "deny", PermissionDecisionReason: "hookchain: the chain rewrote the call, but Copilot takes only an object as modifiedArgs; the chain would run it with " + string(o.Input)})
			}
			a.ModifiedArgs = o.Input
		}
		return write(a)
	}
	return write(reply{PermissionDecision: "deny", PermissionDecisionReason: "hookchain: the chain answered " + o.Verdict.String() + ", which Copilot cannot be told: " + o.Reason})
}

// write is a as one line on stdout, with exit status 0.
func write(a reply) harness.Reply {
	b, err := json.Marshal(a)
	if err != nil {
		// Only a modifiedArgs that is not JSON fails to encode, and the
		// chain never gives one; a block is the answer that cannot fail.
		return Refusal("the answer does not encode: " + err.Error())
	}
	return harness.Reply{Stdout: append(b, '\n')}
}

// Refusal is the answer to a hook input hookchain will not judge: exit
// status 2, a denial on stdout and the reason on stderr. Copilot denies a
// call whose preToolUse hook exits with 2 whatever its stdout says, so the
// status alone blocks even when stdout is lost; the denial gives the model
// the reason. After the call Copilot counts exit 2 as a warning: the
// output goes on, and the user is shown the reason.
func Refusal(reason string) harness.Reply { return block(reply{}, "hookchain: "+reason) }

// Halt is the answer to the input of one of Copilot's events that are not
// a tool call: Refusal, with permissionRequest's behavior "deny" and
// interrupt true, the one answer Copilot documents as stopping the agent.
func Halt(reason string) harness.Reply {
	return block(reply{Behavior: "deny", Message: "hookchain: " + reason, Interrupt: true}, "hookchain: "+reason)
}

// block is a with a denial for reason, on stdout, the reason on stderr
// and exit status 2. a holds no JSON of the chain's, so it always encodes.
func block(a reply, reason string) harness.Reply {
	a.PermissionDecision, a.PermissionDecisionReason = "deny", reason
	b, _ := json.Marshal(a)
	return harness.Reply{Stdout: append(b, '\n'), Stderr: []byte(reason + "\n"), Exit: 2}
}
