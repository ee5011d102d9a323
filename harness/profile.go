package harness

import (
	"errors"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// Profile is what one agent CLI does its own way. Everything else — running
// a hook, reading the run, judging a call, degrading an answer — is this
// package's, and is the same for every CLI.
type Profile struct {
	// Name is the CLI's short name, as `hookchain --harness` spells it
	// ("codex"). Reasons and errors start with it.
	Name string
	// Events names the CLI's event for each tool-call hook
	// (hookchain.BeforeTool: "PreToolUse" for Codex).
	Events map[hookchain.Hook]string
	// Tools maps the CLI's tool names to Claude Code's.
	Tools ToolNames
	// Aliases maps a tool name of the CLI to another of its names for the
	// same tool, which its matchers select alike (Kiro's shell is its
	// execute_bash): a call named either is judged by the same hooks, so the
	// two are one name, not a choice between two, when a call of another
	// CLI is given the CLI's name for it.
	Aliases map[string]string
	// Inputs names the input fields of the CLI's tools that Claude Code
	// names otherwise, so that a policy of another CLI reads a call's
	// input by the names it knows.
	Inputs InputNames
	// Can says what the CLI's answers can express (see Degrade).
	Can Capabilities
	// FailOpen is the CLI's own policy for a hook that fails: true when the
	// call goes on. Links built to reproduce the CLI (see Link) take it.
	FailOpen bool

	// Spec is a hook's command as the CLI runs it for a session: its shell,
	// its working directory, its environment.
	Spec func(spec process.Spec, s SessionInfo) process.Spec
	// Input is the JSON the CLI writes on a hook's stdin for e.
	Input func(e hookchain.Event, s SessionInfo) ([]byte, error)
	// Read is the CLI's reading of what a hook did: its exit status and
	// output, as an outcome. An error is the hook's failure; a *StatusError
	// says the exit status alone made it one.
	Read func(e hookchain.Event, r process.Result) (hookchain.Outcome, error)

	// Decode reads a hook input as the CLI writes it, for a chain that is
	// the CLI's hook. An input of an event that is not a tool call is an
	// error that wraps ErrNotToolCall.
	Decode func(input []byte) (hookchain.Event, SessionInfo, error)
	// Write is the CLI's answer for an outcome that Degrade has made
	// expressible.
	Write func(e hookchain.Event, o hookchain.Outcome) Reply
	// Refuse is the answer to a hook input hookchain will not judge — not
	// valid, too large — in the form the CLI reads as a block.
	Refuse func(reason string) Reply
	// Halt is the answer to the input of an event that is not a tool call,
	// which has no call to block: the form that stops the CLI's run.
	Halt func(reason string) Reply
}

// ErrNotToolCall is wrapped by a Profile's Decode for an event that is not
// a tool call.
var ErrNotToolCall = errors.New("not a tool call")

// Reply is an answer exactly as a hook program gives it.
type Reply struct {
	Stdout []byte
	Stderr []byte
	Exit   int
}

// StatusError is a hook run that the CLI counts as failed for its exit
// status alone: Command reports it as a *process.Error of Kind ExitStatus.
type StatusError struct {
	Code int
}

func (e *StatusError) Error() string { return "exited with a status the harness counts as a failure" }
