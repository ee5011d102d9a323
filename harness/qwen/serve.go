package qwen

import (
	"context"
	"io"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// Main makes a Go program the one hook of Qwen Code for chain c: it reads
// Qwen's hook input on stdin, runs the chain, writes Qwen's answer
// (OutputFor, after harness.Degrade) and exits with its status. Register
// it in .qwen/settings.json for PreToolUse and PostToolUse, and as the
// only hook of those events: Qwen merges several hooks' answers field by
// field, the last to finish winning some of them.
//
//	{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "/path/to/guard"}]}],
//	           "PostToolUse": [{"hooks": [{"type": "command", "command": "/path/to/guard"}]}]}}
func Main(c *hookchain.Chain) { harness.Main(Profile(), c) }

// Serve is Main on the given streams: it returns the exit status instead
// of exiting.
func Serve(ctx context.Context, c *hookchain.Chain, stdin io.Reader, stdout, stderr io.Writer) int {
	return harness.Serve(ctx, Profile(), c, stdin, stdout, stderr)
}

// Answer is chain c's answer, as Qwen's hook, to one hook input.
func Answer(ctx context.Context, c *hookchain.Chain, input []byte) harness.Reply {
	return harness.Answer(ctx, Profile(), c, input)
}
