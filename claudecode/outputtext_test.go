package claudecode

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
)

func TestDecideOutputReadsATextAsACommandHooksStdoutAtExitZero(t *testing.T) {
	pre := hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`)}
	post := hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`), Output: json.RawMessage(`"a"`)}
	long := strings.Repeat("x", MaxOutputText)
	tests := []struct {
		name, text string
		e          hookchain.Event
		want       hookchain.Outcome
		err        string
	}{
		{"nothing is no decision", "", pre, hookchain.Allow(), ""},
		{"plain text is no decision", "scanned: clean\n", pre, hookchain.Allow(), ""},
		{"a deny decides", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}`, pre, hookchain.Deny("no"), ""},
		{"a block after the call keeps the output and tells the model why", `{"decision":"block","reason":"leak"}`, post, BlockedAfter("leak", hookchain.Allow()), ""},
		{"keys alike but for case are denied", `{"decision":"block","Decision":"approve"}`, pre,
			hookchain.Deny(`the hook's answer (the tool's text) is ambiguous: an object in it has the keys "decision" and "Decision", which Go's encoding/json reads as one: its decision cannot be known; denied rather than guessed`), ""},
		{"an answer too long to read is denied", `{"reason":"` + long + `"}`, pre,
			hookchain.Deny("the hook's answer (the tool's text) is longer than the 1048576 bytes hookchain reads, so its decision cannot be known; denied rather than guessed"), ""},
		{"plain text too long is still no decision", long + "!", pre, hookchain.Allow(), ""},
		{"broken JSON is a failure", `{"decision":`, pre, hookchain.Outcome{}, "the tool's text starts with '{' but is not valid JSON: unexpected end of JSON input"},
		{"another event's answer is a failure", `{"hookSpecificOutput":{"hookEventName":"PostToolUse"}}`, pre, hookchain.Outcome{},
			`hookSpecificOutput.hookEventName is "PostToolUse", want "PreToolUse"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecideOutput(tt.e, []byte(tt.text), "the tool's text")
			if tt.err != "" {
				require.EqualError(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
