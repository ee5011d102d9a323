package factory

import (
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Factory Droid's names for the tool-call events.
const (
	PreToolUse  = "PreToolUse"
	PostToolUse = "PostToolUse"
)

// DefaultTimeout is the time Droid gives a command hook whose
// configuration sets none (60 seconds).
const DefaultTimeout = 60 * time.Second

// Profile is Factory Droid's profile for package harness. Its
// capabilities: an ask (permissionDecision "ask"), a rewrite (updatedInput,
// a patch over the call's input), no replacement of a tool's output, and
// additionalContext after the call only; its hooks fail open. Each call
// returns a new one, so that no caller can change another's.
func Profile() harness.Profile {
	return harness.Profile{
		Name:     "factory",
		Events:   map[hookchain.Hook]string{hookchain.BeforeTool: PreToolUse, hookchain.AfterTool: PostToolUse},
		Tools:    tools(),
		Can:      harness.Capabilities{Ask: true, Rewrite: true, Replace: harness.ReplaceNone, Context: true},
		FailOpen: true,
		Spec:     CommandSpec,
		Input:    encodeInput,
		Read:     Decide,
		Decode:   decode,
		Write:    OutputFor,
		Refuse:   Refusal,
		Halt:     Halt,
	}.Showing("systemMessage")
}
