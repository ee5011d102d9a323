package copilot

import (
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Copilot's camelCase names for the tool-call events.
const (
	PreToolUse  = "preToolUse"
	PostToolUse = "postToolUse"
)

// DefaultTimeout is the time Copilot gives a command hook whose entry sets
// no timeoutSec.
const DefaultTimeout = 30 * time.Second

// Profile is GitHub Copilot CLI's profile for package harness. Its
// capabilities: an ask (permissionDecision "ask"), a rewrite
// (modifiedArgs), a replacement as text (modifiedResult), and
// additionalContext after the call only. Its FailOpen is false: Copilot
// denies a call whose preToolUse hook errored, and only a timeout, or any
// failure after the call, goes on — which Link reproduces, and
// Profile.Link, a single policy for both, cannot. Each call returns a new
// one, so that no caller can change another's.
func Profile() harness.Profile {
	return harness.Profile{
		Name:   "copilot",
		Events: map[hookchain.Hook]string{hookchain.BeforeTool: PreToolUse, hookchain.AfterTool: PostToolUse},
		Tools:  platformTools(),
		Inputs: harness.InputNames{"Read": {"file_path": {"path"}}, "Write": {"file_path": {"path"}, "content": {"file_text"}}, "Edit": {"file_path": {"path"}, "old_string": {"old_str"}, "new_string": {"new_str"}}},
		Can:    harness.Capabilities{Ask: true, Rewrite: true, Replace: harness.ReplaceText, Context: true},
		Spec:   CommandSpec,
		Input:  encodeInput,
		Read:   Decide,
		Decode: decode,
		Write:  OutputFor,
		Refuse: Refusal,
		Halt:   Halt,
	}
}
