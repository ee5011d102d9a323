package claudecode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/jsonscan"
	"github.com/hookchain/hookchain/process"
)

// Reasons given when the hook blocked without saying why, and the words that
// mark the answers hookchain has no direct form for.
const (
	noStderrReason = "blocked with exit status 2 and nothing on stderr"
	noReason       = "blocked by the hook, which gave no reason"
	stopPrefix     = harness.StopRequested
	noStopReason   = stopPrefix + " (continue: false)"
)

// exitStatusError is Decide's failure for an exit status that is neither 0
// nor 2 and came with no valid JSON answer.
type exitStatusError struct{ msg string }

func (e *exitStatusError) Error() string { return e.msg }

// Decide turns one run of a Claude Code hook — its exit status, stdout and
// stderr — into its answer to event e, by Claude Code's rules (the table is
// in the package documentation):
//
//   - exit status 2 blocks, whatever the hook printed. The reason is the
//     one a valid JSON answer on stdout gives with a blocking decision, and
//     stderr (trimmed) otherwise; a valid JSON answer's additionalContext
//     is kept. Before the call the block is a denial. After it the tool
//     has run, and, as in Claude Code, its output is kept and the reason
//     goes to the model beside it: an allow, or the JSON's replacement,
//     with the reason as a note that starts with BlockedAfterPrefix.
//   - exit status 0: stdout is read by ParseOutput. Nothing, or plain text,
//     is no decision (Allow); a JSON object is answered by Output.Outcome.
//   - any other exit status is a failure, unless stdout is a valid JSON
//     answer: Claude Code then ignores the status and the JSON alone
//     decides, and so does Decide.
//   - stdout that starts with '{' but is not a valid answer is a failure.
//   - JSON that gives a key twice is denied, named, even where one of the
//     values would not read: Claude Code would read the last, another
//     reader the first.
//
// Output cut at a cap (process.Result's StdoutTruncated, StderrTruncated)
// changes what is kept, never what is decided: exit status 2 still blocks,
// with the reason saying that stderr was cut; stdout that starts with '{'
// and was cut is an answer that cannot be read, and the call is denied,
// with a reason that says so; cut plain text is still no decision.
//
// A non-nil error is a failure of the hook: "non-blocking" in Claude Code's
// terms, while in a chain the link's fail mode decides (fail closed unless
// the link was built with FailOpen).
func Decide(e hookchain.Event, r process.Result) (hookchain.Outcome, error) {
	if r.StdoutTruncated && r.ExitCode != 2 && startsJSON(r.Stdout) {
		return hookchain.Deny(fmt.Sprintf("the hook's answer on stdout is longer than the %d bytes hookchain reads, "+
			"so its decision cannot be known; denied rather than guessed", len(r.Stdout))), nil
	}
	switch r.ExitCode {
	case 0:
		return answer(e, r.Stdout, "stdout")
	case 2:
		return blocked(e, r), nil
	}
	if denied, ok := ambiguousAnswer(r.Stdout, "stdout"); ok {
		return denied, nil
	}
	if o, err := parseOutput(r.Stdout, "stdout"); err == nil && o != nil {
		if out, err := o.Outcome(e); err == nil {
			return out, nil
		}
	}
	msg := fmt.Sprintf("exited with status %d", r.ExitCode)
	if excerpt := process.Excerpt(r.Stderr); excerpt != "" {
		msg += fmt.Sprintf("; stderr: %q", excerpt)
	}
	return hookchain.Outcome{}, &exitStatusError{msg}
}

// blocked is Decide for exit status 2. Before the call it is a denial,
// whose reason is the JSON answer's when it blocks too, and stderr's
// otherwise. After the call the tool has run: the block is a note for the
// model (see BlockedAfterPrefix), with the same reason, and what a valid
// JSON answer says beside it — a replacement, additionalContext — is
// kept.
func blocked(e hookchain.Event, r process.Result) hookchain.Outcome {
	var out hookchain.Outcome
	var o *Output
	if parsed, err := parseOutput(r.Stdout, "stdout"); err == nil && parsed != nil {
		if answer, err := parsed.Outcome(e); err == nil {
			o, out = parsed, answer
		}
	}
	if out.Verdict == hookchain.Denied {
		return out
	}
	after := e.Hook != hookchain.BeforeTool
	if after && o != nil && o.Decision == DecisionBlock {
		return out // the JSON's own block, with its reason
	}
	reason := strings.TrimSpace(string(r.Stderr))
	switch {
	case r.StderrTruncated:
		reason += fmt.Sprintf("\n… (stderr cut: only its first %d bytes are kept)", len(r.Stderr))
	case reason == "":
		reason = noStderrReason
	}
	if after {
		return BlockedAfter(reason, out)
	}
	said := out
	out = hookchain.Deny(reason)
	out.Notes, out.Messages = said.Notes, said.Messages
	return out
}

// startsJSON reports whether b, past leading white space, starts with '{':
// what Claude Code reads as a JSON answer.
func startsJSON(b []byte) bool {
	b = bytes.TrimLeft(b, " \t\r\n")
	return len(b) > 0 && b[0] == '{'
}

// answer is Decide for a hook that succeeded and answered with b, which
// arrived as what (stdout, or an HTTP response body).
func answer(e hookchain.Event, b []byte, what string) (hookchain.Outcome, error) {
	if denied, ok := ambiguousAnswer(b, what); ok {
		return denied, nil
	}
	o, err := parseOutput(b, what)
	if err != nil {
		return hookchain.Outcome{}, err
	}
	if o == nil {
		return hookchain.Allow(), nil
	}
	return o.Outcome(e)
}

// ambiguousAnswer is the denial for a hook output, which arrived as what,
// that is valid JSON but gives a key twice, anywhere in it, a rewrite's
// included. Claude Code keeps the last; other readers keep the first: the
// hook's decision cannot be known. It is looked for before the output is
// read, because a value that does not read (the last "decision" a
// number, the first "block") would make it the hook's failure, which a
// link that fails open lets through.
func ambiguousAnswer(b []byte, what string) (hookchain.Outcome, bool) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' {
		return hookchain.Outcome{}, false
	}
	f := jsonscan.Fault(b)
	if !strings.HasPrefix(f, "ambiguous") { // JSON that is not valid is parseOutput's to name
		return hookchain.Outcome{}, false
	}
	return hookchain.Deny(fmt.Sprintf("the hook's answer (%s) is %s; denied rather than guessed", what, f)), true
}

// Outcome is the answer that a hook's JSON output gives to event e.
//
// Before the call (PreToolUse): hookSpecificOutput.permissionDecision — or,
// when it is absent, the legacy top-level decision ("block" is deny,
// "approve" is allow) — decides. deny is Deny; ask is Ask, which the chain
// puts to its approver; defer is Allow; allow, or no decision at all, is
// Modify when updatedInput is given (it replaces the whole input) and Allow
// otherwise. The reason, or the ask's message, is permissionDecisionReason,
// or the top-level reason.
//
// ask with an updatedInput that differs from the call's input is AskAbout:
// the input is rewritten and the approver is asked about the rewritten call,
// as Claude Code asks its user about it. With the same input, it is Ask.
//
// After the call (PostToolUse, PostToolUseFailure): updatedToolOutput, or
// updatedMCPToolOutput for an mcp__ tool, is Replace, keeping the event's
// IsError. An updatedToolOutput for one of Claude Code's own tools that
// does not have its output shape is ignored, as Claude Code ignores it, and
// the reason says so: "updatedToolOutput ignored: …" (see shapeFault).
// decision "block" does not deny: the tool has run, and Claude Code keeps
// its output and shows the model the reason. The outcome is the
// replacement, or an allow, with the top-level reason as a note that
// starts with BlockedAfterPrefix, and the same words as the outcome's
// reason.
//
// At both hooks, "continue": false comes first: it is Deny, with a reason
// that starts "stop requested" and carries stopReason.
//
// Whatever the verdict, additionalContext (unless it is blank) is carried
// on the outcome as a note (Outcome.WithNote), for the model to
// read next to the call, and systemMessage as a message
// (Outcome.WithMessage), for the user.
//
// Outcome fails when hookSpecificOutput names another event than e's (or
// none), or when decision or permissionDecision is not one of Claude Code's
// values.
func (o *Output) Outcome(e hookchain.Event) (hookchain.Outcome, error) {
	event := HookEventName(e)
	if event == "" {
		return hookchain.Outcome{}, fmt.Errorf("cannot answer an event with unknown hook %d", uint8(e.Hook))
	}
	h := o.HookSpecificOutput
	if h == nil {
		h = &HookSpecificOutput{}
	} else if h.HookEventName != event {
		if h.HookEventName == "" {
			return hookchain.Outcome{}, fmt.Errorf("hookSpecificOutput has no hookEventName (want %q)", event)
		}
		return hookchain.Outcome{}, fmt.Errorf("hookSpecificOutput.hookEventName is %q, want %q", h.HookEventName, event)
	}
	switch o.Decision {
	case "", DecisionBlock, DecisionApprove:
	default:
		return hookchain.Outcome{}, fmt.Errorf("decision is %q, want %q or %q", o.Decision, DecisionBlock, DecisionApprove)
	}
	switch h.PermissionDecision {
	case "", PermissionAllow, PermissionDeny, PermissionAsk, PermissionDefer:
	default:
		return hookchain.Outcome{}, fmt.Errorf("hookSpecificOutput.permissionDecision is %q, want %q, %q, %q or %q",
			h.PermissionDecision, PermissionAllow, PermissionDeny, PermissionAsk, PermissionDefer)
	}

	var out hookchain.Outcome
	switch {
	case o.Continue != nil && !*o.Continue:
		// Claude Code stops the whole agent here, whatever else the output
		// says. hookchain answers for one call, so the call is what stops.
		out = hookchain.Deny(stopReason(o.StopReason))
	case e.Hook == hookchain.BeforeTool:
		out = o.before(e, h)
	default:
		out = o.after(e, h)
	}
	if strings.TrimSpace(h.AdditionalContext) != "" {
		out = out.WithNote(h.AdditionalContext)
	}
	if strings.TrimSpace(o.SystemMessage) != "" {
		out = out.WithMessage(o.SystemMessage) // Claude Code shows it its user, not the model
	}
	return out, nil
}

func (o *Output) before(e hookchain.Event, h *HookSpecificOutput) hookchain.Outcome {
	decision, reason := h.PermissionDecision, h.PermissionDecisionReason
	if decision == "" {
		switch o.Decision {
		case DecisionBlock:
			decision = PermissionDeny
		case DecisionApprove:
			decision = PermissionAllow
		}
	}
	if reason == "" {
		reason = o.Reason
	}
	switch decision {
	case PermissionDeny:
		if reason == "" {
			reason = noReason
		}
		return hookchain.Deny(reason)
	case PermissionAsk:
		if len(h.UpdatedInput) > 0 && !sameJSON(h.UpdatedInput, e.Input) {
			// Claude Code asks its user about the rewritten call; the chain
			// asks its approver about the final input.
			return hookchain.AskAbout(h.UpdatedInput, reason)
		}
		return hookchain.Ask(reason)
	case PermissionDefer:
		// Claude Code ignores updatedInput with defer: the call goes on to
		// its ordinary permission flow as the model wrote it.
		return hookchain.Outcome{Reason: reason}
	}
	if len(h.UpdatedInput) > 0 {
		if reason == "" {
			reason = "updatedInput"
		}
		return hookchain.Modify(h.UpdatedInput, reason)
	}
	return hookchain.Outcome{Reason: reason}
}

func (o *Output) after(e hookchain.Event, h *HookSpecificOutput) hookchain.Outcome {
	out := replacement(e, h)
	if o.Decision == DecisionBlock {
		reason := o.Reason
		if reason == "" {
			reason = noReason
		}
		return BlockedAfter(reason, out)
	}
	return out
}

// replacement is what a hook's answer after the call does to the tool's
// output: Replace with updatedToolOutput when it has the tool's output
// shape (see shapeFault), or updatedMCPToolOutput for an mcp__ tool; an
// allow whose reason says why otherwise.
func replacement(e hookchain.Event, h *HookSpecificOutput) hookchain.Outcome {
	switch {
	case len(h.UpdatedToolOutput) > 0:
		if fault := shapeFault(e, h.UpdatedToolOutput); fault != "" {
			return hookchain.Outcome{Reason: ignoredReplacement(fault)}
		}
		return hookchain.Replace(h.UpdatedToolOutput, e.IsError, "updatedToolOutput")
	case len(h.UpdatedMCPToolOutput) > 0 && IsMCPTool(e.Tool):
		return hookchain.Replace(h.UpdatedMCPToolOutput, e.IsError, "updatedMCPToolOutput")
	case len(h.UpdatedMCPToolOutput) > 0:
		// Claude Code applies it to MCP tools only; say so to observers
		// rather than pretend the hook said nothing.
		return hookchain.Outcome{Reason: "updatedMCPToolOutput ignored: " + e.Tool + " is not an MCP tool"}
	}
	return hookchain.Outcome{}
}

// IsMCPTool reports whether tool is an MCP tool by Claude Code's naming,
// mcp__<server>__<tool>.
func IsMCPTool(tool string) bool { return strings.HasPrefix(tool, "mcp__") }

func stopReason(s string) string {
	if s == "" {
		return noStopReason
	}
	return stopPrefix + ": " + s
}

// sameJSON reports whether a and b are the same JSON text once the white
// space between tokens is removed; an empty input counts as {}, as the chain
// reads it. Key order counts: a hook that echoes the input back writes it as
// it read it.
func sameJSON(a, b json.RawMessage) bool {
	if len(b) == 0 {
		b = emptyObject
	}
	var ca, cb bytes.Buffer
	if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil {
		return false
	}
	return bytes.Equal(ca.Bytes(), cb.Bytes())
}
