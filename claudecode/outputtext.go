package claudecode

import (
	"fmt"

	"github.com/hookchain/hookchain"
)

// MaxOutputText is the most of a hook's answer text DecideOutput reads: 1
// MiB, as much as a command hook's stdout is read by default.
const MaxOutputText = 1 << 20

// DecideOutput turns the answer text of a hook that is not a program —
// the text content an MCP tool returns to an mcp_tool hook — into its
// answer to event e, as Decide reads a command hook's stdout at exit status
// 0: nothing, or text that does not start with '{', is no decision
// (Allow); a JSON object is answered by Output.Outcome; text that starts
// with '{' and is not a valid answer is a failure. what names the text in
// errors ("the tool's text").
//
// An answer two readers would read apart is denied, named, as HTTP denies
// it: a key given twice, or two deciding keys alike but for case. Text over
// MaxOutputText that starts with '{' is denied, since its decision cannot
// be known; plain text over it is still no decision.
func DecideOutput(e hookchain.Event, text []byte, what string) (hookchain.Outcome, error) {
	if len(text) > MaxOutputText {
		if startsJSON(text) {
			return hookchain.Deny(fmt.Sprintf("the hook's answer (%s) is longer than the %d bytes hookchain reads, "+
				"so its decision cannot be known; denied rather than guessed", what, MaxOutputText)), nil
		}
		return hookchain.Allow(), nil
	}
	if startsJSON(text) {
		if fault := ambiguity(text); fault != "" {
			return hookchain.Deny(fmt.Sprintf("the hook's answer (%s) is %s: its decision cannot be known; denied rather than guessed", what, fault)), nil
		}
	}
	return answer(e, text, what)
}
