package windsurf

import (
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Windsurf's events of a tool call: one before and one after each kind of
// action Cascade takes, and no event of a tool call as such.
const (
	PreRunCommand  = "pre_run_command"
	PostRunCommand = "post_run_command"
	PreReadCode    = "pre_read_code"
	PostReadCode   = "post_read_code"
	PreWriteCode   = "pre_write_code"
	PostWriteCode  = "post_write_code"
	PreMCPToolUse  = "pre_mcp_tool_use"
	PostMCPToolUse = "post_mcp_tool_use"
)

// DefaultTimeout is the time given a Windsurf hook. Windsurf documents no
// timeout and hooks.json has no key for one; this is Claude Code's, a long
// one, as a hook that outruns its time lets the action go on (an
// inference).
const DefaultTimeout = 600 * time.Second

// Profile is Windsurf Cascade's profile for package harness. Windsurf reads
// a hook's exit status only: exit 2 blocks before the action, with stderr
// for Cascade, and nothing else can be said — no ask, no rewrite, no
// replacement, no context — so its capabilities are none. Its hooks fail
// open. Windsurf names an event per action (pre_run_command, …), not per
// tool call: Events gives each hook's as alternatives, and Event names the
// one of a call. Each call returns a new one, so that no caller can change
// another's.
func Profile() harness.Profile {
	return harness.Profile{
		Name: "windsurf",
		Events: map[hookchain.Hook]string{
			hookchain.BeforeTool: PreRunCommand + "|" + PreReadCode + "|" + PreWriteCode + "|" + PreMCPToolUse,
			hookchain.AfterTool:  PostRunCommand + "|" + PostReadCode + "|" + PostWriteCode + "|" + PostMCPToolUse,
		},
		Tools:    tools(),
		Inputs:   harness.InputNames{"Bash": {"command": {"command_line"}}},
		Can:      harness.Capabilities{},
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
