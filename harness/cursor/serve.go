package cursor

import (
	"context"
	"io"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Main makes a Go program the one hook of Cursor for chain c: it reads
// Cursor's hook input on stdin, runs the chain, writes Cursor's answer for
// the input's event (OutputFor) and exits with its status. Register it in
// a hooks.json for the tool-call events it is to judge:
//
//	{"version": 1, "hooks": {"preToolUse": [{"command": "/path/to/guard"}],
//	                         "beforeShellExecution": [{"command": "/path/to/guard"}],
//	                         "postToolUse": [{"command": "/path/to/guard"}]}}
func Main(c *hookchain.Chain) { harness.Main(Profile(), c) }

// Serve is Main on the given streams: it returns the exit status instead
// of exiting.
func Serve(ctx context.Context, c *hookchain.Chain, stdin io.Reader, stdout, stderr io.Writer) int {
	return harness.Serve(ctx, Profile(), c, stdin, stdout, stderr)
}

// Answer is chain c's answer, as Cursor's hook, to one hook input.
func Answer(ctx context.Context, c *hookchain.Chain, input []byte) harness.Reply {
	return harness.Answer(ctx, Profile(), c, input)
}
