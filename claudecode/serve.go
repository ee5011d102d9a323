package claudecode

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/apart"
	"github.com/hookchain/hookchain/internal/validutf8"
)

// maxServeInput bounds what Serve reads from stdin. Claude Code puts the
// tool's whole output in a PostToolUse input, so the bound is generous; it
// exists so that a runaway writer cannot exhaust the hook's memory.
const maxServeInput = 256 << 20

// OutputFor is what a Claude Code hook program answers for outcome o of
// event e — the reverse of Decide — or nil when it has nothing to say (o
// allowed the call and carries no note), in which case the program
// prints nothing and exits 0.
//
//   - Denied before the call: permissionDecision "deny" with the outcome's
//     reason as permissionDecisionReason, which Claude Code shows the model.
//   - Asked (the chain's approver deferred the question; see UserApprover):
//     permissionDecision "ask" with the outcome's reason, so that Claude Code
//     asks its user. When links rewrote the input, the final input goes with
//     it as updatedInput: Claude Code then asks about, and runs, the input
//     the chain would have run.
//   - Modified: updatedInput with no permissionDecision, so that the new input
//     still goes through the user's permission rules and prompts; "allow"
//     would skip the prompt, which a rewrite must not do on its own.
//   - Denied after the call: decision "block" with the reason, and the
//     output withheld (see replacementFor): after the call Claude Code's
//     block keeps the output, and the chain's denial means the model must
//     not see it.
//   - Replaced: updatedMCPToolOutput for an mcp__ tool (the field every
//     Claude Code version with output replacement reads for MCP tools),
//     updatedToolOutput for any other. A replacement that Claude Code would
//     ignore because it does not have a built-in tool's output shape is put
//     in that shape when it is text for Bash, and otherwise answered as a
//     denial is, with the output withheld, so that what the chain hid stays
//     hidden. Claude Code has no way to mark a replacement as an error, so
//     the outcome's IsError is not carried.
//   - Allowed after the call, with notes: additionalContext. A Claude Code
//     hook's block after the call is such a note (BlockedAfterPrefix), and
//     is answered as a note rather than as decision "block": both keep
//     the output and show the model the words, and the chain's outcome,
//     folded from every link, is an allow.
//
// Whatever the verdict, the outcome's notes become additionalContext
// (see AdditionalContext), and its messages systemMessage, written as
// AdditionalContext writes notes; an Allowed outcome with notes is
// answered with additionalContext alone.
//
// A chain never gives an outcome that does not fit its hook, but one built
// by hand might: Modified or Asked after the call, Replaced before it, or an
// unknown verdict. Such an outcome is answered as a denial naming it (after
// the call, with the output withheld), because it must not read as consent.
//
// hookSpecificOutput names HookEventName(e), as Claude Code requires.
func OutputFor(e hookchain.Event, o hookchain.Outcome) *Output {
	h := &HookSpecificOutput{HookEventName: HookEventName(e), AdditionalContext: AdditionalContext(o.Notes)}
	var out Output
	before := e.Hook == hookchain.BeforeTool
	switch {
	case o.Verdict == hookchain.Allowed:
	case before && o.Verdict == hookchain.Denied:
		h.PermissionDecision, h.PermissionDecisionReason = PermissionDeny, o.Reason
	case before && o.Verdict == hookchain.Asked:
		in, _ := harness.AskedInput(o)
		h.PermissionDecision, h.PermissionDecisionReason, h.UpdatedInput = PermissionAsk, o.Reason, in
	case before && o.Verdict == hookchain.Modified:
		h.UpdatedInput = o.Input
	case !before && o.Verdict == hookchain.Denied:
		out.Decision, out.Reason = DecisionBlock, o.Reason
		h.replace(e, withheld(e.Output))
	case !before && o.Verdict == hookchain.Replaced:
		output, ok := replacementFor(e, o.Output)
		h.replace(e, output)
		if !ok {
			out.Decision, out.Reason = DecisionBlock, "hookchain: the chain replaced "+e.Tool+
				"'s output with one that does not have its output shape, which Claude Code would ignore; the output is withheld instead"
		}
	default:
		reason := fmt.Sprintf("hookchain: the outcome is %v, which cannot be answered at %s", o.Verdict, h.HookEventName)
		if before {
			h.PermissionDecision, h.PermissionDecisionReason = PermissionDeny, reason
		} else {
			out.Decision, out.Reason = DecisionBlock, reason
			h.replace(e, withheld(e.Output))
		}
	}
	if h.says() {
		out.HookSpecificOutput = h
	}
	out.SystemMessage = harness.NoteText(o.Messages)
	if out == (Output{}) {
		return nil
	}
	return &out
}

// replace sets the field Claude Code reads a replacement of e's output
// from: updatedMCPToolOutput for an mcp__ tool (the field every Claude
// Code version with output replacement reads for MCP tools),
// updatedToolOutput for any other.
func (h *HookSpecificOutput) replace(e hookchain.Event, output json.RawMessage) {
	if IsMCPTool(e.Tool) {
		h.UpdatedMCPToolOutput = output
	} else {
		h.UpdatedToolOutput = output
	}
}

// says reports whether h says anything beyond the event it answers.
func (h *HookSpecificOutput) says() bool {
	return h.PermissionDecision != "" || h.PermissionDecisionReason != "" || len(h.UpdatedInput) > 0 ||
		h.AdditionalContext != "" || len(h.UpdatedToolOutput) > 0 || len(h.UpdatedMCPToolOutput) > 0
}

// AdditionalContext writes a chain's notes as one additionalContext, the
// field of Claude Code's answer it is named for: each as "LINK: TEXT" (or
// TEXT alone for a note no link is named on), in chain order, separated by
// a blank line. The model reads every note and whose it
// is, as a reviewer would. Blank notes are left out; no notes, or only blank
// ones, give "".
func AdditionalContext(notes []hookchain.Note) string { return harness.NoteText(notes) }

// UserApprover is the approver for a chain that runs as a Claude Code hook
// program (Serve, Main): it puts every question to Claude Code's user, by
// deferring it, so that the outcome is Asked and Serve answers
// permissionDecision "ask". Claude Code shows its user the reason — which
// names the links that asked and their messages — and runs the call only if
// the user approves. A hook program lives for one call, so a Session latch
// would outlive nothing: whatever Claude Code remembers of the user's
// answers is Claude Code's.
//
//	claudecode.Main(hookchain.New(links...).WithApprover(claudecode.UserApprover()))
//
// A chain with no approver denies every call a link asks about (approval
// needed but not obtained), in a hook program as anywhere. A chain with
// another approver is answered as that approver decides: approved calls go
// on to Claude Code's own permission rules, refused ones are denied.
//
// UserApprover's step in the trail is named "claude-code" and marked as the
// approver's (hookchain.Step.Approver), so a link of the same name — a hook
// whose command is claude-code — is still told apart from it.
func UserApprover() hookchain.Approver {
	return hookchain.Approver{
		Name: userApprover,
		Answer: func(context.Context, hookchain.Question) (hookchain.Approval, error) {
			return hookchain.Approval{Decision: hookchain.Defer, Reason: "Claude Code asks its user"}, nil
		},
	}
}

// userApprover names UserApprover's step in the trail.
const userApprover = "claude-code"

// Serve makes a chain a Claude Code hook program: it reads one hook input
// from stdin, runs the chain on it, writes Claude Code's JSON answer (see
// OutputFor) to stdout, and returns the exit status to use — 0 whenever it
// answered, denials included, because the answer is in the JSON.
//
// The chain's asks are answered by its approver. For Claude Code to ask its
// user, give the chain UserApprover; without an approver, a call a link asks
// about is denied.
//
// The chain is run with the input's session (Input.SessionInfo, through
// WithSessionInfo), so that Claude Code hooks among its links are told
// about the conversation Claude Code runs the program for, every field of
// the input included.
//
// An input it will not judge — not valid UTF-8, not JSON, too large, one
// read two ways (see Answer), a tool-call input without its tool — is
// answered with Refusal: Claude Code
// goes on with any call whose hook fails, so a call hookchain could not
// judge is blocked, never let through. When it cannot answer at all —
// stdin cannot be read, or stdout cannot be written — Serve says why on
// stderr and returns 2, which blocks the call too. An input for an event
// other than a tool call, which has no call to block, is answered with
// Halt, which stops Claude Code: register the program only for
// PreToolUse, PostToolUse and PostToolUseFailure.
func Serve(ctx context.Context, c *hookchain.Chain, stdin io.Reader, stdout, stderr io.Writer) int {
	fail := func(code int, format string, args ...any) int {
		fmt.Fprintf(stderr, "hookchain: "+format+"\n", args...)
		return code
	}
	data, err := io.ReadAll(io.LimitReader(stdin, maxServeInput+1))
	if err != nil {
		return fail(2, "reading the hook input: %v", err)
	}
	var answer []byte
	if len(data) > maxServeInput {
		answer = Refusal(fmt.Sprintf("the hook input is larger than %d bytes", maxServeInput))
	} else if answer, err = Answer(ctx, c, data); err != nil {
		// Not a tool call: exit 1 would be a non-blocking error, and the
		// event would go on unjudged.
		answer = Halt(err.Error() + "; this hook program judges tool calls only")
	}
	if answer == nil {
		return 0
	}
	if _, err := stdout.Write(answer); err != nil {
		return fail(2, "writing the answer: %v", err)
	}
	return 0
}

// Refusal is Claude Code's answer for a tool-call hook input that hookchain
// will not judge: a block, {"decision":"block","reason":"hookchain: …"},
// the one form Claude Code reads at every tool-call event — before the call
// it denies it. Claude Code treats a hook that fails (a status other than 0
// or 2, an HTTP error) as a non-blocking error and runs the call unjudged;
// an input the chain refuses must not become that.
func Refusal(reason string) []byte {
	b, _ := marshal(Output{Decision: DecisionBlock, Reason: "hookchain: " + reason}) // two strings always encode
	return b
}

// Halt is Claude Code's answer for a hook input of an event hookchain does
// not judge — not a tool call — where a block would mean something else
// or nothing: {"continue":false,"stopReason":"hookchain: …"}, which every
// event reads, and which stops Claude Code. Some events cannot be stopped
// or blocked at all (SessionEnd, Notification, StopFailure: Claude Code
// ignores their hooks' answers); none of them runs a call.
func Halt(reason string) []byte {
	stop := false
	b, _ := marshal(Output{Continue: &stop, StopReason: "hookchain: " + reason}) // a string and a bool always encode
	return b
}

// Answer is what Serve does with one hook input, for a program that gets
// the input some other way — an HTTP server answering Claude Code's http
// hooks, say: it checks and decodes input, runs the chain on it with the
// input's session (WithSessionInfo), and returns Claude Code's answer as
// one line of JSON (see OutputFor), or nil when the chain has nothing to
// say. An input it will not judge — not valid UTF-8, not JSON, one that
// gives a key twice or, at its top level, keys alike but for case
// ("Tool_Name" beside or instead of "tool_name"), with no
// hook_event_name, or a tool-call input with no tool_name — is answered
// with Refusal, a block. It fails, saying why, only for an input of an
// event other than PreToolUse, PostToolUse and PostToolUseFailure, which
// has no call to block.
func Answer(ctx context.Context, c *hookchain.Chain, input []byte) ([]byte, error) {
	e, in, refusal, err := decodeInput(input)
	switch {
	case err != nil:
		return nil, err
	case refusal != "":
		return Refusal(refusal), nil
	}
	// Run apart: a link that ended the goroutine it ran on would take the
	// answer with it, and Claude Code runs a call its hook never answers.
	// The session is given both ways, so that the hooks of another CLI in
	// the chain (package harness) are told about the conversation too.
	s := in.SessionInfo()
	ctx = harness.WithSessionInfo(WithSessionInfo(ctx, s), harnessSession(s))
	return encode(OutputFor(e, apart.Run(ctx, c, e))), nil
}

// decodeInput reads a Claude Code hook input as Answer does: the call, or
// the reason it is refused, or an error for an input of an event that is
// not a tool call.
func decodeInput(input []byte) (e hookchain.Event, in Input, refusal string, err error) {
	if err := validutf8.CheckJSON(input); err != nil {
		return e, in, fmt.Sprintf("the hook input is %v", err), nil
	}
	if err := json.Unmarshal(input, &in); err != nil {
		if _, ok := errors.AsType[readTwoWays](err); ok {
			return e, in, err.Error(), nil
		}
		return e, in, fmt.Sprintf("the hook input is not a Claude Code hook input: %v", err), nil
	}
	e, err = in.Event()
	switch {
	case err == nil:
		return e, in, "", nil
	case in.HookEventName != "" && !isToolEvent(in.HookEventName):
		return e, in, "", err
	}
	return e, in, err.Error(), nil
}

// encode is answer as one line of JSON, or nil when there is none. An
// answer that does not encode is a Refusal: failing instead would let
// Claude Code run the call.
func encode(answer *Output) []byte {
	if answer == nil {
		return nil
	}
	b, err := marshal(answer)
	if err != nil {
		return Refusal("encoding the answer: " + err.Error())
	}
	return b
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

// isToolEvent reports whether name is one of the tool-call events a chain
// judges.
func isToolEvent(name string) bool {
	return name == PreToolUse || name == PostToolUse || name == PostToolUseFailure
}
