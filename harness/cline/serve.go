package cline

import (
	"context"
	"io"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Main makes a Go program the one hook of Cline for chain c: it reads
// Cline's hook input on stdin, runs the chain, writes Cline's answer
// (OutputFor, after harness.Degrade) and exits with its status. Install
// it as the executable files .clinerules/hooks/PreToolUse and
// .clinerules/hooks/PostToolUse (a link to the program, or a script that
// execs it).
func Main(c *hookchain.Chain) { harness.Main(Profile(), c) }

// Serve is Main on the given streams: it returns the exit status instead
// of exiting.
func Serve(ctx context.Context, c *hookchain.Chain, stdin io.Reader, stdout, stderr io.Writer) int {
	return harness.Serve(ctx, Profile(), c, stdin, stdout, stderr)
}

// Answer is chain c's answer, as Cline's hook, to one hook input.
func Answer(ctx context.Context, c *hookchain.Chain, input []byte) harness.Reply {
	return harness.Answer(ctx, Profile(), c, input)
}
