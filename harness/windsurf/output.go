package windsurf

import (
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// OutputFor is the answer a Windsurf hook gives for o, an outcome of the
// chain about e that Degrade has made expressible to Windsurf: an allow is
// exit status 0 with nothing written; every other outcome is a block, exit
// status 2 with its reason on stderr (harness.ReplyByStatus). Before the
// action Windsurf blocks it and gives Cascade the reason; after it
// Windsurf has no answer that reaches Cascade, and exit 2 is the hook's
// error. Nothing is written on stdout: Windsurf shows it to its user when
// the hook has show_output, and never reads it.
func OutputFor(e hookchain.Event, o hookchain.Outcome) harness.Reply {
	return harness.ReplyByStatus("Windsurf", o)
}

// Refusal is the answer to a hook input hookchain will not judge: exit
// status 2 with the reason on stderr, which Windsurf reads as a block
// before the action (and as the hook's error after it).
func Refusal(reason string) harness.Reply { return harness.StatusBlock("hookchain: " + reason) }

// Halt is the answer to the input of one of Windsurf's events that are not
// a tool call: Refusal's form. Windsurf has no answer that stops Cascade;
// exit 2 blocks a pre_user_prompt's prompt, and is an error elsewhere.
func Halt(reason string) harness.Reply { return Refusal(reason) }
