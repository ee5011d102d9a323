package kiro

import (
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Kiro's names for the tool-call events: an agent config's keys and the
// hook_event_name it writes, and a hooks file's triggers.
const (
	PreToolUse  = "preToolUse"
	PostToolUse = "postToolUse"

	TriggerPreToolUse  = "PreToolUse"
	TriggerPostToolUse = "PostToolUse"
)

// DefaultTimeout is the time Kiro gives an agent config's hook that sets
// no timeout_ms (30000 milliseconds).
const DefaultTimeout = 30 * time.Second

// HooksFileTimeout is the time given a hooks file's hook that sets no
// timeout. Kiro does not document it; 60 seconds is a third party's
// reading, and the longer of the two readings, as a hook that outruns its
// time lets the call go on.
const HooksFileTimeout = 60 * time.Second

// Profile is Kiro CLI's profile for package harness, for its agent
// configs' hooks. Kiro reads a tool hook's exit status only: exit 2 blocks
// before the call, with stderr for the model, and nothing else can be
// said — no ask, no rewrite, no replacement, no context — so its
// capabilities are none. Its hooks fail open. Each call returns a new one,
// so that no caller can change another's.
func Profile() harness.Profile {
	return profile(PreToolUse, PostToolUse)
}

// hooksFileProfile is Profile for the hooks of a hooks file, whose input
// names the event as the file's trigger does (an inference: Kiro documents
// the hook context of these hooks only as JSON on stdin).
func hooksFileProfile() harness.Profile {
	return profile(TriggerPreToolUse, TriggerPostToolUse)
}

func profile(pre, post string) harness.Profile {
	return harness.Profile{
		Name:     "kiro",
		Events:   map[hookchain.Hook]string{hookchain.BeforeTool: pre, hookchain.AfterTool: post},
		Tools:    tools(),
		Aliases:  aliases(),
		Can:      harness.Capabilities{},
		FailOpen: true,
		Spec:     CommandSpec,
		Input:    encodeInput(pre, post),
		Read:     Decide,
		Decode:   decode,
		Write:    OutputFor,
		Refuse:   Refusal,
		Halt:     Halt,
	}
}
