package windsurf

import (
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// OutputFor is the answer a Windsurf hook gives for o, an outcome of the
// chain about e that Degrade has made expressible to Windsurf: an allow is
// exit status 0 with nothing written; every other outcome is a block, exit
// status 2 with its reason on stderr. Before the action Windsurf blocks it
// and gives Cascade the reason; after it Windsurf has no answer that
// reaches Cascade, and exit 2 is the hook's error. An outcome Degrade
// leaves Windsurf unable to say (it leaves none) is a block that says so.
// Nothing is written on stdout: Windsurf shows it to its user when the
// hook has show_output, and never reads it.
func OutputFor(e hookchain.Event, o hookchain.Outcome) harness.Reply {
	switch o.Verdict {
	case hookchain.Allowed:
		return harness.Reply{}
	case hookchain.Denied:
		reason := o.Reason
		if strings.TrimSpace(reason) == "" {
			reason = "denied by hookchain, whose chain gave no reason"
		}
		return block(reason)
	}
	return block("hookchain: the chain answered " + o.Verdict.String() + ", which Windsurf cannot be told: " + o.Reason)
}

// Refusal is the answer to a hook input hookchain will not judge: exit
// status 2 with the reason on stderr, which Windsurf reads as a block
// before the action (and as the hook's error after it).
func Refusal(reason string) harness.Reply { return block("hookchain: " + reason) }

// Halt is the answer to the input of one of Windsurf's events that are not
// a tool call: Refusal's form. Windsurf has no answer that stops Cascade;
// exit 2 blocks a pre_user_prompt's prompt, and is an error elsewhere.
func Halt(reason string) harness.Reply { return Refusal(reason) }

func block(reason string) harness.Reply {
	return harness.Reply{Stderr: []byte(reason + "\n"), Exit: 2}
}
