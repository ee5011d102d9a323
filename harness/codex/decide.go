package codex

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/jsonscan"
	"github.com/hookchain/hookchain/process"
)

// Decide reads what a Codex hook did about e as Codex reads it, and
// returns the outcome, or the error that makes the run a failure. See the
// package documentation for the table.
func Decide(e hookchain.Event, r process.Result) (hookchain.Outcome, error) {
	switch r.ExitCode {
	case 0:
		stdout := strings.ToValidUTF8(string(r.Stdout), "\uFFFD")
		if strings.TrimSpace(stdout) == "" {
			return hookchain.Allow(), nil
		}
		if o, ok := ambiguous(stdout); ok {
			return o, nil
		}
		event := PreToolUse
		if e.Hook == hookchain.AfterTool {
			event = PostToolUse
		}
		out, ok, err := ParseOutput(event, stdout)
		switch {
		case !ok && looksLikeJSON(stdout) && r.StdoutTruncated:
			// A cap bounds what is read, never what is decided: Codex
			// would have read the whole answer, which may block.
			return hookchain.Deny(fmt.Sprintf("the hook's answer is longer than the %d bytes kept, and cannot be read; denied rather than guessed", len(r.Stdout))), nil
		case !ok && looksLikeJSON(stdout):
			return hookchain.Outcome{}, errors.New("stdout looks like JSON but is not one JSON object")
		case !ok:
			return hookchain.Allow(), nil // plain text: Codex ignores it
		case err != nil:
			return hookchain.Outcome{}, fmt.Errorf("the answer is not in Codex's schema: %v", err)
		}
		if e.Hook == hookchain.AfterTool {
			return out.after()
		}
		return out.before()
	case 2:
		reason := strings.TrimSpace(strings.ToValidUTF8(string(r.Stderr), "\uFFFD"))
		if reason == "" {
			return hookchain.Outcome{}, errors.New("exited with status 2 but wrote no reason on stderr")
		}
		if r.StderrTruncated {
			reason += " [stderr was longer, and was cut]"
		}
		return hookchain.Deny(reason), nil
	}
	return hookchain.Outcome{}, &harness.StatusError{Code: r.ExitCode}
}

// ambiguous is the denial for an answer that gives a key twice, anywhere
// in it. Codex keeps the last; another reader keeps the first: what the
// hook decided cannot be known. It is not a failure, which a link that
// reproduces Codex would let through.
func ambiguous(stdout string) (hookchain.Outcome, bool) {
	b := bytes.TrimSpace([]byte(stdout))
	if len(b) == 0 || b[0] != '{' {
		return hookchain.Outcome{}, false
	}
	if f := jsonscan.Fault(b); strings.HasPrefix(f, "ambiguous") {
		return hookchain.Deny("the hook's answer is " + f + "; denied rather than guessed"), true
	}
	return hookchain.Outcome{}, false
}

// looksLikeJSON is Codex's test for stdout that was meant as an answer.
func looksLikeJSON(stdout string) bool {
	t := strings.TrimLeft(stdout, " \t\r\n")
	return strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[")
}

func given(s *string) bool { return s != nil }

func blank(s *string) bool { return s == nil || strings.TrimSpace(*s) == "" }

// withContext is o with the answer's additionalContext as a note, unless
// it is blank.
func (out Output) withContext(o hookchain.Outcome) hookchain.Outcome {
	if out.Specific != nil && !blank(out.Specific.AdditionalContext) {
		o = o.WithNote(*out.Specific.AdditionalContext)
	}
	return o
}

// before is a valid PreToolUse answer as Codex reads it.
func (out Output) before() (hookchain.Outcome, error) {
	switch {
	case !out.Continue:
		return hookchain.Outcome{}, errors.New(`"continue": false is not supported at PreToolUse`)
	case given(out.StopReason):
		return hookchain.Outcome{}, errors.New("stopReason is not supported at PreToolUse")
	case out.SuppressOutput:
		return hookchain.Outcome{}, errors.New("suppressOutput is not supported at PreToolUse")
	}
	s := out.Specific
	if s != nil && (s.PermissionDecision != nil || s.PermissionDecisionReason != nil || s.UpdatedInput != nil) {
		// The hookSpecificOutput decides, and the legacy decision and
		// reason beside it are not read at all.
		decision := ""
		if s.PermissionDecision != nil {
			decision = *s.PermissionDecision
		}
		switch {
		case s.UpdatedInput != nil && decision != "allow":
			return hookchain.Outcome{}, errors.New(`updatedInput comes without permissionDecision "allow"`)
		case decision == "allow" && s.UpdatedInput == nil:
			return hookchain.Outcome{}, errors.New(`permissionDecision "allow" without updatedInput is not supported`)
		case decision == "allow":
			return out.withContext(hookchain.Modify(s.UpdatedInput, "")), nil
		case decision == "ask":
			return hookchain.Outcome{}, errors.New(`permissionDecision "ask" is not supported`)
		case decision == "deny" && blank(s.PermissionDecisionReason):
			return hookchain.Outcome{}, errors.New(`permissionDecision "deny" without a permissionDecisionReason`)
		case decision == "deny":
			return out.withContext(hookchain.Deny(strings.TrimSpace(*s.PermissionDecisionReason))), nil
		default:
			return hookchain.Outcome{}, errors.New("permissionDecisionReason without permissionDecision")
		}
	}
	switch {
	case out.Decision == nil && given(out.Reason):
		return hookchain.Outcome{}, errors.New("reason without decision")
	case out.Decision == nil:
		return out.withContext(hookchain.Allow()), nil
	case *out.Decision == "approve":
		return hookchain.Outcome{}, errors.New(`decision "approve" is not supported`)
	case blank(out.Reason):
		return hookchain.Outcome{}, errors.New(`decision "block" without a reason`)
	}
	return out.withContext(hookchain.Deny(strings.TrimSpace(*out.Reason))), nil
}

// after is a valid PostToolUse answer as Codex reads it. Codex shows the
// model a block's reason in place of the tool's output, as a failed call:
// hookchain's Deny after the call.
func (out Output) after() (hookchain.Outcome, error) {
	badBlock := ""
	switch {
	case out.Decision != nil && blank(out.Reason):
		badBlock = `decision "block" without a reason`
	case out.Decision == nil && out.Continue && given(out.Reason):
		badBlock = "reason without decision"
	}
	var bad string
	switch {
	case out.SuppressOutput:
		bad = "suppressOutput is not supported at PostToolUse"
	case out.Specific != nil && out.Specific.UpdatedMCPToolOutput != nil:
		bad = "updatedMCPToolOutput is not supported"
	}
	if !out.Continue {
		// Codex ends the turn, and tells the model the reason, or else the
		// stopReason; the context goes with it only from a valid answer.
		text := "PostToolUse hook stopped execution"
		if !blank(out.Reason) {
			text = strings.TrimSpace(*out.Reason)
		} else if out.StopReason != nil {
			text = *out.StopReason
		}
		o := hookchain.Deny(harness.StopRequested + ": " + text)
		if bad == "" && badBlock == "" {
			o = out.withContext(o)
		}
		return o, nil
	}
	switch {
	case bad != "":
		return hookchain.Outcome{}, errors.New(bad)
	case badBlock != "":
		return hookchain.Outcome{}, errors.New(badBlock)
	case out.Decision != nil:
		return out.withContext(hookchain.Deny(*out.Reason)), nil
	}
	return out.withContext(hookchain.Allow()), nil
}
