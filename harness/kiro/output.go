package kiro

import (
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// OutputFor is the answer a Kiro hook gives for o, an outcome of the chain
// about e that Degrade has made expressible to Kiro: an allow is exit
// status 0 with nothing written; every other outcome is a block, exit
// status 2 with its reason on stderr (harness.ReplyByStatus). Before the
// call Kiro blocks it and gives the model the reason; after it Kiro has no
// answer that reaches the model, and shows the reason to its user as a
// hook's warning. Nothing is written on stdout: Kiro does not read it for
// a tool event.
func OutputFor(e hookchain.Event, o hookchain.Outcome) harness.Reply {
	return harness.ReplyByStatus("Kiro", o)
}

// Refusal is the answer to a hook input hookchain will not judge: exit
// status 2 with the reason on stderr, which Kiro reads as a block before
// the call, and as a warning to its user after it.
func Refusal(reason string) harness.Reply { return harness.StatusBlock("hookchain: " + reason) }

// Halt is the answer to the input of one of Kiro's events that are not a
// tool call: Refusal's form. Kiro has no answer that stops its run; exit 2
// blocks a hooks file's UserPromptSubmit, and elsewhere is a warning.
func Halt(reason string) harness.Reply { return Refusal(reason) }
