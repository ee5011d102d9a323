package cline

import (
	"encoding/json"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// reply is the JSON of an answer to Cline.
type reply struct {
	Cancel              bool   `json:"cancel"`
	ContextModification string `json:"contextModification,omitempty"`
	ErrorMessage        string `json:"errorMessage,omitempty"`
}

// noReason is given in place of a blank reason, which Cline would show as
// a cancelled task and nothing more.
const noReason = "denied by hookchain, whose chain gave no reason"

// OutputFor is the answer a Cline hook gives for o, an outcome of the chain
// about e that Degrade has made expressible to Cline: exit status 0 and
// one line of JSON. See the package documentation for the table. Cline's
// one block is cancel, which stops the whole task: a denial, before or
// after the call, is that; so is any outcome Cline cannot be told.
func OutputFor(_ hookchain.Event, o hookchain.Outcome) harness.Reply {
	switch o.Verdict {
	case hookchain.Allowed:
		return write(reply{ContextModification: harness.NoteText(o.Notes)})
	case hookchain.Denied:
		// A cancelling answer's context is not given to the model: the
		// notes are not said.
		return write(reply{Cancel: true, ErrorMessage: nonBlank(o.Reason, noReason)})
	}
	return write(reply{Cancel: true, ErrorMessage: "hookchain: the chain answered " + o.Verdict.String() + ", which Cline cannot be told: " + o.Reason})
}

func nonBlank(s, instead string) string {
	if strings.TrimSpace(s) == "" {
		return instead
	}
	return s
}

// write is a as one line on stdout, with exit status 0: Cline reads the
// answer at exit 0 whatever the version; a hook that exits otherwise may
// be counted as failed, which lets the call go on.
func write(a reply) harness.Reply {
	b, _ := json.Marshal(a) // a bool and strings: it cannot fail
	return harness.Reply{Stdout: append(b, '\n')}
}

// Refusal is the answer to a hook input hookchain will not judge:
// {"cancel":true,"errorMessage":"hookchain: REASON"} on stdout, exit
// status 0, and the reason on stderr. Cline runs a call whose hook fails
// or exits with any other status, so the one block it reads is the
// answer's cancel, which stops the task.
func Refusal(reason string) harness.Reply {
	r := write(reply{Cancel: true, ErrorMessage: "hookchain: " + reason})
	r.Stderr = []byte("hookchain: " + reason + "\n")
	return r
}

// Halt is the answer to the input of one of Cline's events that are not a
// tool call: Refusal, whose cancel stops the task at the events that can
// stop it.
func Halt(reason string) harness.Reply { return Refusal(reason) }
