package codex

import (
	"context"
	"io"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Main makes a Go program the one hook of Codex for chain c: it reads
// Codex's hook input on stdin, runs the chain, writes Codex's answer
// (OutputFor, after harness.Degrade) and exits with its status. Register
// it in Codex's hooks.json for PreToolUse and PostToolUse:
//
//	{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "/path/to/guard"}]}],
//	           "PostToolUse": [{"hooks": [{"type": "command", "command": "/path/to/guard"}]}]}}
func Main(c *hookchain.Chain) { harness.Main(Profile(), c) }

// Serve is Main on the given streams: it returns the exit status instead
// of exiting.
func Serve(ctx context.Context, c *hookchain.Chain, stdin io.Reader, stdout, stderr io.Writer) int {
	return harness.Serve(ctx, Profile(), c, stdin, stdout, stderr)
}

// Answer is chain c's answer, as Codex's hook, to one hook input.
func Answer(ctx context.Context, c *hookchain.Chain, input []byte) harness.Reply {
	return harness.Answer(ctx, Profile(), c, input)
}
