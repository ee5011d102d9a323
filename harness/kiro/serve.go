package kiro

import (
	"context"
	"io"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Main makes a Go program the one hook of Kiro for chain c: it reads
// Kiro's hook input on stdin, runs the chain, answers as Kiro reads a hook
// (OutputFor, after harness.Degrade) and exits with its status. Register
// it in the agent config, for every tool:
//
//	{"hooks": {
//	  "preToolUse":  [{"matcher": "*", "command": "/path/to/guard"}],
//	  "postToolUse": [{"matcher": "*", "command": "/path/to/guard"}]}}
func Main(c *hookchain.Chain) { harness.Main(Profile(), c) }

// Serve is Main on the given streams: it returns the exit status instead
// of exiting.
func Serve(ctx context.Context, c *hookchain.Chain, stdin io.Reader, stdout, stderr io.Writer) int {
	return harness.Serve(ctx, Profile(), c, stdin, stdout, stderr)
}

// Answer is chain c's answer, as Kiro's hook, to one hook input.
func Answer(ctx context.Context, c *hookchain.Chain, input []byte) harness.Reply {
	return harness.Answer(ctx, Profile(), c, input)
}
