package gemini

import (
	"context"
	"io"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Main makes a Go program the one hook of Gemini for chain c: it reads
// Gemini's hook input on stdin, runs the chain, writes Gemini's answer
// (OutputFor, after harness.Degrade) and exits with its status. Register
// it in Gemini's settings.json for BeforeTool and AfterTool:
//
//	{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "/path/to/guard"}]}],
//	           "AfterTool": [{"hooks": [{"type": "command", "command": "/path/to/guard"}]}]}}
func Main(c *hookchain.Chain) { harness.Main(Profile(), c) }

// Serve is Main on the given streams: it returns the exit status instead
// of exiting.
func Serve(ctx context.Context, c *hookchain.Chain, stdin io.Reader, stdout, stderr io.Writer) int {
	return harness.Serve(ctx, Profile(), c, stdin, stdout, stderr)
}

// Answer is chain c's answer, as Gemini's hook, to one hook input.
func Answer(ctx context.Context, c *hookchain.Chain, input []byte) harness.Reply {
	return harness.Answer(ctx, Profile(), c, input)
}
