package qwen

import (
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Qwen Code's names for the tool-call events, Claude Code's.
const (
	PreToolUse  = "PreToolUse"
	PostToolUse = "PostToolUse"
)

// DefaultTimeout is the time Qwen gives a command hook whose configuration
// sets none (60000 milliseconds).
const DefaultTimeout = 60 * time.Second

// Profile is Qwen Code's profile for package harness. Its capabilities:
// an ask (permissionDecision "ask", before the call), no rewrite (its
// scheduler does not read updatedInput), a replacement only as text the
// model is shown as a failed call ("continue": false after the call), and
// additionalContext on both sides of the call; its hooks fail open. Each
// call returns a new one, so that no caller can change another's.
func Profile() harness.Profile {
	return harness.Profile{
		Name:     "qwen",
		Events:   map[hookchain.Hook]string{hookchain.BeforeTool: PreToolUse, hookchain.AfterTool: PostToolUse},
		Tools:    tools(),
		Inputs:   harness.InputNames{"Read": {"file_path": {"file_path", "absolute_path", "path"}}},
		Can:      harness.Capabilities{Ask: true, Replace: harness.ReplaceText, Context: true},
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
