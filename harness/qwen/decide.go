package qwen

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// blockingFallback is Qwen's reason for an exit status 2 that gives none.
const blockingFallback = "Hook exited with a blocking error"

// Decide reads what a Qwen hook did about e as Qwen reads it, and returns
// the outcome, or the error that makes the run a failure. See the package
// documentation for the table.
func Decide(e hookchain.Event, r process.Result) (hookchain.Outcome, error) {
	before := e.Hook != hookchain.AfterTool
	// At exit status 2 Qwen reads stderr alone; at any other, stdout, or
	// stderr when stdout is blank.
	text, cut := harness.TrimOutputJS(r.Stderr), r.StderrTruncated
	if r.ExitCode != 2 {
		if out := harness.TrimOutputJS(r.Stdout); out != "" {
			text, cut = out, r.StdoutTruncated
		}
	}
	answer, isJSON := harness.ParseJS(text)
	switch {
	case answer != nil && answer.Ambiguous != "":
		// JavaScript keeps the last of a key given twice; another reader
		// the first: what the hook decided cannot be known.
		return hookchain.Deny("the hook's answer is " + answer.Ambiguous + "; denied rather than guessed"), nil
	case answer == nil && cut && harness.LooksLikeJSON(text):
		// A cap bounds what is read, never what is decided.
		return hookchain.Deny(fmt.Sprintf("the hook's answer is longer than the %d bytes kept, and cannot be read; denied rather than guessed", len(text))), nil
	case answer != nil && before && r.ExitCode == 2:
		return blocking(a(answer), e), nil
	case answer != nil && before:
		return a(answer).before(e), nil
	case answer != nil:
		return a(answer).after(), nil
	case r.ExitCode == 2 && before:
		// Exit status 2 blocks the call, with stderr's text as the reason.
		if text == "" || isJSON {
			return hookchain.Deny(blockingFallback), nil
		}
		if cut {
			text += " [the output was longer, and was cut]"
		}
		return hookchain.Deny(text), nil
	case r.ExitCode == 0:
		return hookchain.Allow(), nil // nothing, or text for Qwen's user
	}
	// Any other status, or exit 2 after the call, without an answer: Qwen
	// logs the error and the call goes on.
	return hookchain.Outcome{}, &harness.StatusError{Code: r.ExitCode}
}

// answer is a hook's JSON answer as Qwen reads it: field by field, as
// JavaScript tests them, with no schema.
type answer struct{ fields map[string]json.RawMessage }

func a(j *harness.JSAnswer) answer { return answer{fields: j.Fields} }

func (a answer) specific() map[string]json.RawMessage {
	f, _ := harness.Fields(a.fields["hookSpecificOutput"])
	return f
}

// text is a field that is a JSON string, and whether it is one.
func text(v json.RawMessage) (string, bool) {
	var s string
	err := json.Unmarshal(v, &s)
	return s, err == nil
}

// effective is Qwen's getEffectiveReason: stopReason, or else reason.
func (a answer) effective() string {
	if r := harness.Truthy(a.fields["stopReason"]); r != "" {
		return r
	}
	if r := harness.Truthy(a.fields["reason"]); r != "" {
		return r
	}
	return "No reason provided"
}

// decisionReason is Qwen's getPermissionDecisionReason: the
// permissionDecisionReason when it is a string, or else the reason.
func (a answer) decisionReason() string {
	if r, ok := text(a.specific()["permissionDecisionReason"]); ok {
		return r
	}
	return harness.Truthy(a.fields["reason"])
}

// decision is Qwen's getPermissionDecision: the permissionDecision when it
// is one of Qwen's three, or else the top-level decision. A word Qwen does
// not know, in either, is returned as unknown: Qwen would let the call
// run past what may be a misspelt denial.
func (a answer) decision() (decision, unknown string) {
	set := func(v json.RawMessage) bool { return len(v) > 0 && string(v) != "null" }
	pd := a.specific()["permissionDecision"]
	if s, _ := text(pd); s == "allow" || s == "deny" || s == "ask" {
		return s, ""
	} else if set(pd) {
		unknown = "permissionDecision " + string(pd)
	}
	d := a.fields["decision"]
	switch s, _ := text(d); s {
	case "allow", "approve":
		decision = "allow"
	case "deny", "block":
		decision = "deny"
	case "ask":
		decision = "ask"
	default:
		if set(d) && unknown == "" {
			unknown = "decision " + string(d)
		}
	}
	return decision, unknown
}

// context is the additionalContext Qwen gives the model, with < and >
// escaped as Qwen escapes them.
func (a answer) context() string {
	s, _ := text(a.specific()["additionalContext"])
	return strings.NewReplacer("<", "&lt;", ">", "&gt;").Replace(s)
}

func (a answer) before(e hookchain.Event) hookchain.Outcome {
	decision, unknown := a.decision()
	if unknown != "" && decision != "deny" {
		return hookchain.Deny("the hook's answer has " + unknown + ", which Qwen does not know; denied rather than guessed")
	}
	if decision == "deny" {
		if r := a.decisionReason(); r != "" {
			return hookchain.Deny(r)
		}
		return hookchain.Deny(a.effective())
	}
	if v, ok := a.specific()["updatedInput"]; ok && string(v) != "null" {
		// Qwen's documentation says updatedInput runs the call with it; its
		// scheduler, as read, never looks at it.
		return hookchain.Deny("the hook's answer has updatedInput, which Qwen's documentation says rewrites the call and its scheduler does not read; denied rather than guessed")
	}
	if decision == "ask" {
		if r := a.decisionReason(); r != "" {
			return hookchain.Ask(r)
		}
		return hookchain.Ask("User confirmation required")
	}
	if string(a.fields["continue"]) == "false" {
		return hookchain.Deny(harness.StopRequested + ": " + a.effective())
	}
	o := hookchain.Allow()
	if c := a.context(); c != "" {
		o = o.WithNote(c)
	}
	return o
}

// after reads an answer to PostToolUse, where Qwen reads "continue": false,
// which shows the model the reason as a failed call in place of the
// output, and additionalContext, which it adds to the output; a decision
// there has no effect.
func (a answer) after() hookchain.Outcome {
	if string(a.fields["continue"]) == "false" {
		return hookchain.Deny(a.effective())
	}
	o := hookchain.Allow()
	if c := a.context(); c != "" {
		o = o.WithNote(c)
	}
	return o
}

// blocking is an answer on stderr at exit status 2, before the call: Qwen
// blocks the call whatever it says, with its denial or stop as it stands,
// else with its reason.
func blocking(a answer, e hookchain.Event) hookchain.Outcome {
	o := a.before(e)
	if o.Verdict == hookchain.Denied {
		return o
	}
	if r, ok := text(a.fields["reason"]); ok && r != "" {
		return hookchain.Deny(r)
	}
	return hookchain.Deny(blockingFallback)
}
