package cline

import (
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Cline's names for the tool-call events, which are also the names of
// their hook files.
const (
	PreToolUse  = "PreToolUse"
	PostToolUse = "PostToolUse"
)

// DefaultTimeout is the time Cline gives every hook; its hooks cannot set
// another.
const DefaultTimeout = 30 * time.Second

// Profile is Cline's profile for package harness. Its capabilities: text
// for the model (contextModification), before and after the call, and
// nothing else — no ask, no rewrite, no replaced output; its one block,
// cancel, stops the whole task. Its hooks fail open. Each call returns a
// new one, so that no caller can change another's.
func Profile() harness.Profile {
	return harness.Profile{
		Name:     "cline",
		Events:   map[hookchain.Hook]string{hookchain.BeforeTool: PreToolUse, hookchain.AfterTool: PostToolUse},
		Tools:    tools(),
		Inputs:   harness.InputNames{"Read": {"file_path": {"path"}}, "Write": {"file_path": {"path"}}, "Edit": {"file_path": {"path"}}},
		Can:      harness.Capabilities{Context: true},
		FailOpen: true,
		Spec:     CommandSpec,
		Input:    encodeInput,
		Read:     Decide,
		Decode:   decode,
		Write:    OutputFor,
		Refuse:   Refusal,
		Halt:     Halt,
	}
}
