package copilot

import (
	"context"
	"io"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Main makes a Go program the one hook of Copilot for chain c: it reads
// Copilot's hook input on stdin, runs the chain, writes Copilot's answer
// (OutputFor, after harness.Degrade) and exits with its status. Register
// it in a .github/hooks/*.json file for the camelCase events:
//
//	{"version": 1, "hooks": {
//	  "preToolUse":  [{"type": "command", "bash": "/path/to/guard"}],
//	  "postToolUse": [{"type": "command", "bash": "/path/to/guard"}]}}
func Main(c *hookchain.Chain) { harness.Main(Profile(), c) }

// Serve is Main on the given streams: it returns the exit status instead
// of exiting.
func Serve(ctx context.Context, c *hookchain.Chain, stdin io.Reader, stdout, stderr io.Writer) int {
	return harness.Serve(ctx, Profile(), c, stdin, stdout, stderr)
}

// Answer is chain c's answer, as Copilot's hook, to one hook input.
func Answer(ctx context.Context, c *hookchain.Chain, input []byte) harness.Reply {
	return harness.Answer(ctx, Profile(), c, input)
}
