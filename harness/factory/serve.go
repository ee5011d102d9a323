package factory

import (
	"context"
	"io"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Main makes a Go program the one hook of Droid for chain c: it reads
// Droid's hook input on stdin, runs the chain, writes Droid's answer
// (OutputFor, after harness.Degrade) and exits with its status. Register
// it in Droid's hooks.json for PreToolUse and PostToolUse:
//
//	{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "/path/to/guard"}]}],
//	           "PostToolUse": [{"hooks": [{"type": "command", "command": "/path/to/guard"}]}]}}
func Main(c *hookchain.Chain) { harness.Main(Profile(), c) }

// Serve is Main on the given streams: it returns the exit status instead
// of exiting.
func Serve(ctx context.Context, c *hookchain.Chain, stdin io.Reader, stdout, stderr io.Writer) int {
	return harness.Serve(ctx, Profile(), c, stdin, stdout, stderr)
}

// Answer is chain c's answer, as Droid's hook, to one hook input.
func Answer(ctx context.Context, c *hookchain.Chain, input []byte) harness.Reply {
	return harness.Answer(ctx, Profile(), c, input)
}
