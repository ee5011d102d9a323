package gemini

import (
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Gemini's names for the tool-call events.
const (
	BeforeTool = "BeforeTool"
	AfterTool  = "AfterTool"
)

// DefaultTimeout is the time Gemini gives a command hook whose
// configuration sets none (60000 milliseconds).
const DefaultTimeout = 60 * time.Second

// Profile is Gemini CLI's profile for package harness. Its capabilities:
// an ask (decision "ask", before the call), a rewrite
// (hookSpecificOutput.tool_input), a replacement only as text the model is
// shown in place of the output, and additionalContext after the call only;
// its hooks fail open. Each call returns a new one, so that no caller can
// change another's.
func Profile() harness.Profile {
	return harness.Profile{
		Name:     "gemini",
		Events:   map[hookchain.Hook]string{hookchain.BeforeTool: BeforeTool, hookchain.AfterTool: AfterTool},
		Tools:    tools(),
		Inputs:   harness.InputNames{"Read": {"file_path": {"file_path", "absolute_path", "path"}}},
		Can:      harness.Capabilities{Ask: true, Rewrite: true, Replace: harness.ReplaceText, Context: true},
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
