package claudecode

import "github.com/hookchain/hookchain"

// BlockedAfterPrefix starts the reason, and the note, of a Claude Code
// hook's block after the call (exit status 2, or decision "block", at
// PostToolUse or PostToolUseFailure). The tool has run by then, and Claude
// Code keeps its output and shows the model the hook's reason beside it,
// as a blocking error. hookchain does the same: the outcome is not a
// denial, the output is kept, and the reason goes to the model as a note
// under the hook's link name. The prefix is what tells an observer or an
// audit such a note from a plain note, and tells the model that a check
// objected. A hook that must keep the output from the model answers
// updatedToolOutput instead.
const BlockedAfterPrefix = "blocked after the call: "

// BlockedAfter is the outcome of a Claude Code hook's block after the
// call, for reason, beside what else the hook answered (base: a
// replacement, an allow, and their notes): base with the block's note
// first and a reason that starts with BlockedAfterPrefix.
func BlockedAfter(reason string, base hookchain.Outcome) hookchain.Outcome {
	text := BlockedAfterPrefix + reason
	out := base
	out.Notes = append([]hookchain.Note{{Text: text}}, base.Notes...)
	out.Reason = text
	if base.Reason != "" {
		out.Reason += "; " + base.Reason
	}
	return out
}
