package replay

import (
	"encoding/json"

	"github.com/hookchain/hookchain"
)

var nullOutput = json.RawMessage("null")

// Before is the event the chain is asked about before the call: its tool,
// its id and its input as recorded.
func (c Call) Before() hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: c.Tool, CallID: c.ID, Input: c.Input}
}

// After is the event the chain is asked about after the call, once before
// was its answer before it, and false when there is none to ask: the
// transcript holds no result, or the chain denied the call (or asked for an
// approval no replay can give), so the call would not have run. The input
// is the one the chain left (a Modified outcome's), which is what the tool
// would have run with; the output is the recorded result, the structured
// one where the format keeps it (Claude Code's toolUseResult, what its
// PostToolUse hooks are sent as tool_response) and otherwise what the model
// was shown; a recorded error is an error result, which Claude Code's hooks
// are sent as PostToolUseFailure.
func (c Call) After(before hookchain.Outcome) (hookchain.Event, bool) {
	if c.Result == nil || before.Verdict == hookchain.Denied || before.Verdict == hookchain.Asked {
		return hookchain.Event{}, false
	}
	e := hookchain.Event{Hook: hookchain.AfterTool, Tool: c.Tool, CallID: c.ID, Input: c.Input,
		Output: c.Result.Content, IsError: c.Result.IsError}
	if before.Verdict == hookchain.Modified {
		e.Input = before.Input
	}
	if len(c.Result.Structured) > 0 {
		e.Output = c.Result.Structured
	}
	if len(e.Output) == 0 {
		e.Output = nullOutput
	}
	return e, true
}
