package claudecode

import "github.com/hookchain/hookchain"

// blockedAfterIn is a chain's outcome when the Claude Code hook of link
// blocked after the call, for reason: an allow, the output kept, and the
// reason a note under the link's name.
func blockedAfterIn(link, reason string) hookchain.Outcome {
	return hookchain.Outcome{Notes: []hookchain.Note{{Link: link, Text: BlockedAfterPrefix + reason}}}
}
