package claudecode

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/hookchain/hookchain"
)

// maxServeInput bounds what Serve reads from stdin. Claude Code puts the
// tool's whole output in a PostToolUse input, so the bound is generous; it
// exists so that a runaway writer cannot exhaust the hook's memory.
const maxServeInput = 256 << 20

// OutputFor is what a Claude Code hook program answers for outcome o of
// event e — the reverse of Decide — or nil when it has nothing to say (o
// allowed the call), in which case the program prints nothing and exits 0.
//
//   - Denied before the call: permissionDecision "deny" with the outcome's
//     reason as permissionDecisionReason, which Claude Code shows the model.
//   - Modified: updatedInput with no permissionDecision, so that the new input
//     still goes through the user's permission rules and prompts; "allow"
//     would skip the prompt, which a rewrite must not do on its own.
//   - Denied after the call: decision "block" with the reason.
//   - Replaced: updatedMCPToolOutput for an mcp__ tool (the field every
//     Claude Code version with output replacement reads for MCP tools),
//     updatedToolOutput for any other. Claude Code has no way to mark a
//     replacement as an error, so the outcome's IsError is not carried.
//
// hookSpecificOutput names HookEventName(e), as Claude Code requires.
func OutputFor(e hookchain.Event, o hookchain.Outcome) *Output {
	event := HookEventName(e)
	switch {
	case o.Verdict == hookchain.Denied && e.Hook == hookchain.BeforeTool:
		return &Output{HookSpecificOutput: &HookSpecificOutput{
			HookEventName:            event,
			PermissionDecision:       PermissionDeny,
			PermissionDecisionReason: o.Reason,
		}}
	case o.Verdict == hookchain.Denied:
		return &Output{Decision: DecisionBlock, Reason: o.Reason}
	case o.Verdict == hookchain.Modified:
		return &Output{HookSpecificOutput: &HookSpecificOutput{HookEventName: event, UpdatedInput: o.Input}}
	case o.Verdict == hookchain.Replaced && IsMCPTool(e.Tool):
		return &Output{HookSpecificOutput: &HookSpecificOutput{HookEventName: event, UpdatedMCPToolOutput: o.Output}}
	case o.Verdict == hookchain.Replaced:
		return &Output{HookSpecificOutput: &HookSpecificOutput{HookEventName: event, UpdatedToolOutput: o.Output}}
	}
	return nil
}

// Serve makes a chain a Claude Code hook program: it reads one hook input
// from stdin, runs the chain on it, writes Claude Code's JSON answer (see
// OutputFor) to stdout, and returns the exit status to use — 0 whenever the
// chain answered, denials included, because the answer is in the JSON.
//
// When it cannot answer — stdin is not a tool-call hook input, or stdout
// cannot be written — Serve says why on stderr and returns 1, which Claude
// Code reports as a non-blocking error: the call goes on. Register the
// program only for PreToolUse, PostToolUse and PostToolUseFailure.
func Serve(ctx context.Context, c *hookchain.Chain, stdin io.Reader, stdout, stderr io.Writer) int {
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "hookchain: "+format+"\n", args...)
		return 1
	}
	data, err := io.ReadAll(io.LimitReader(stdin, maxServeInput+1))
	if err != nil {
		return fail("reading the hook input: %v", err)
	}
	if len(data) > maxServeInput {
		return fail("the hook input is larger than %d bytes", maxServeInput)
	}
	var in Input
	if err := json.Unmarshal(data, &in); err != nil {
		return fail("the hook input is not a Claude Code hook input: %v", err)
	}
	e, err := in.Event()
	if err != nil {
		return fail("%v", err)
	}
	answer := OutputFor(e, c.Run(ctx, e))
	if answer == nil {
		return 0
	}
	b, err := marshal(answer)
	if err != nil {
		return fail("encoding the answer: %v", err)
	}
	if _, err := stdout.Write(b); err != nil {
		return fail("writing the answer: %v", err)
	}
	return 0
}

// Main runs Serve on the process's stdin, stdout and stderr and exits with
// its status: the whole main function of a Claude Code hook written in Go.
// An interrupt or SIGTERM cancels the chain's context, so links that honour
// it stop and the program still answers.
func Main(c *hookchain.Chain) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := Serve(ctx, c, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
