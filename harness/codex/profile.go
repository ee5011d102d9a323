package codex

import (
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Codex's names for the tool-call events.
const (
	PreToolUse  = "PreToolUse"
	PostToolUse = "PostToolUse"
)

// DefaultTimeout is the time Codex gives a command hook whose
// configuration sets none.
const DefaultTimeout = 600 * time.Second

// Profile is Codex CLI's profile for package harness. Its capabilities: no
// ask, a rewrite only with permissionDecision "allow", a replacement only
// as text the model is shown as a failed call, and additionalContext at
// both events; its hooks fail open. Each call returns a new one, so that no
// caller can change another's.
func Profile() harness.Profile {
	return harness.Profile{
		Name:     "codex",
		Events:   map[hookchain.Hook]string{hookchain.BeforeTool: PreToolUse, hookchain.AfterTool: PostToolUse},
		Tools:    tools(),
		Can:      harness.Capabilities{Ask: false, Rewrite: true, Replace: harness.ReplaceText, Context: true},
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
