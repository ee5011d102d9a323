package factory

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/jsonscan"
	"github.com/hookchain/hookchain/process"
)

// Reasons given where a hook gave none.
const (
	blockedNoReason = "blocked by a Factory Droid hook that gave no reason"
	stoppedNoReason = "a Factory Droid hook stopped the run"
)

// Decide reads what a Droid hook did about e as Droid reads it, and
// returns the outcome, or the error that makes the run a failure. See the
// package documentation for the table.
func Decide(e hookchain.Event, r process.Result) (hookchain.Outcome, error) {
	switch r.ExitCode {
	case 0:
	case 2:
		// Status 2 blocks whatever stdout says, and stderr is the reason.
		reason := strings.TrimSpace(strings.ToValidUTF8(string(r.Stderr), "\uFFFD"))
		if reason == "" {
			reason = blockedNoReason
		}
		if r.StderrTruncated {
			reason += " [stderr was longer, and was cut]"
		}
		return hookchain.Deny(reason), nil
	default:
		return hookchain.Outcome{}, &harness.StatusError{Code: r.ExitCode}
	}
	stdout := bytes.TrimSpace([]byte(strings.ToValidUTF8(string(r.Stdout), "\uFFFD")))
	switch {
	case len(stdout) == 0:
		return hookchain.Allow(), nil
	case stdout[0] != '{' && stdout[0] != '[':
		return hookchain.Allow(), nil // plain text: Droid shows it in the transcript
	}
	if f := jsonscan.Fault(stdout); strings.HasPrefix(f, "ambiguous") {
		// One reader keeps the first of a key given twice, another the
		// last: what the hook decided cannot be known. It is not a
		// failure, which a link that reproduces Droid would let through.
		return hookchain.Deny("the hook's answer is " + f + "; denied rather than guessed"), nil
	}
	fields, err := harness.Fields(stdout)
	switch {
	case err != nil && r.StdoutTruncated:
		// A cap bounds what is read, never what is decided: Droid would
		// have read the whole answer, which may block.
		return hookchain.Deny(fmt.Sprintf("the hook's answer is longer than the %d bytes kept, and cannot be read; denied rather than guessed", len(r.Stdout))), nil
	case err != nil:
		return hookchain.Outcome{}, errors.New("stdout looks like JSON but is not one JSON object")
	}
	a := answer(fields)
	o, guess := a.outcome(e)
	if guess != "" {
		return hookchain.Deny("the hook's answer " + guess + "; denied rather than guessed"), nil
	}
	return o, nil
}

// answer is a hook's JSON answer, field by field.
type answer map[string]json.RawMessage

// str is the string at key in fields: ok is false when the key is absent
// or null, bad when it holds another type.
func str(fields map[string]json.RawMessage, key string) (s string, ok bool, bad string) {
	v, given := fields[key]
	if !given || string(v) == "null" {
		return "", false, ""
	}
	if json.Unmarshal(v, &s) != nil {
		return "", false, "has a " + key + " that is not a string"
	}
	return s, true, ""
}

// outcome is the answer's outcome for e, or, in guess, why Droid's reading
// of it cannot be known.
func (a answer) outcome(e hookchain.Event) (o hookchain.Outcome, guess string) {
	if v, ok := a["continue"]; ok && string(v) != "null" {
		var goOn bool
		if json.Unmarshal(v, &goOn) != nil {
			return o, "has a continue that is not a boolean"
		}
		if !goOn {
			why, _, _ := str(a, "stopReason")
			if strings.TrimSpace(why) == "" {
				why = stoppedNoReason
			}
			return hookchain.Deny(harness.StopRequested + ": " + why), ""
		}
	}
	var specific map[string]json.RawMessage
	if v, ok := a["hookSpecificOutput"]; ok && string(v) != "null" {
		f, err := harness.Fields(v)
		if err != nil {
			return o, "has a hookSpecificOutput that is not an object"
		}
		specific = f
	}
	reason, _, bad := str(a, "reason")
	decision, hasDecision, bad2 := str(a, "decision")
	if bad = cmp.Or(bad, bad2); bad != "" {
		return o, bad
	}
	context, _, bad := str(specific, "additionalContext")
	if bad != "" {
		return o, bad
	}
	noted := func(o hookchain.Outcome) (hookchain.Outcome, string) {
		if strings.TrimSpace(context) != "" && e.Hook == hookchain.AfterTool {
			o = o.WithNote(context)
		}
		return o, ""
	}
	if e.Hook == hookchain.AfterTool {
		switch {
		case !hasDecision:
			return noted(hookchain.Allow())
		case decision == "block":
			return noted(hookchain.Deny(harness.NonBlank(reason, blockedNoReason)))
		}
		return o, fmt.Sprintf("gives the decision %q, which Droid does not have after a call", decision)
	}
	permission, hasPermission, bad := str(specific, "permissionDecision")
	why, _, bad2 := str(specific, "permissionDecisionReason")
	if bad = cmp.Or(bad, bad2); bad != "" {
		return o, bad
	}
	if hasDecision {
		// The deprecated decision words stand for the current ones.
		legacy := map[string]string{"approve": "allow", "block": "deny"}[decision]
		switch {
		case legacy == "":
			return o, fmt.Sprintf("gives the decision %q, which Droid does not have", decision)
		case hasPermission && permission != legacy:
			// Which of the two Droid reads is not documented.
			return o, fmt.Sprintf("gives the permissionDecision %q and the decision %q, which disagree", permission, decision)
		case !hasPermission:
			permission, hasPermission = legacy, true
			if legacy == "deny" {
				why = reason
			}
		}
	}
	input, bad := patched(e.Input, specific["updatedInput"])
	if bad != "" {
		return o, bad
	}
	switch {
	case !hasPermission && input == nil:
		return hookchain.Allow(), ""
	case !hasPermission || permission == "allow":
		if input != nil {
			return hookchain.Modify(input, ""), ""
		}
		return hookchain.Allow(), ""
	case permission == "deny":
		return hookchain.Deny(harness.NonBlank(why, blockedNoReason)), ""
	case permission == "ask":
		message := harness.NonBlank(why, "a Factory Droid hook asks about this call")
		if input != nil {
			return hookchain.AskAbout(input, message), ""
		}
		return hookchain.Ask(message), ""
	}
	return o, fmt.Sprintf("gives the permissionDecision %q, which Droid does not have", permission)
}

// patched is the call's input with updatedInput's fields changed or
// added, as Droid documents it; nil when there is no updatedInput.
func patched(input, update json.RawMessage) (json.RawMessage, string) {
	if len(update) == 0 || string(update) == "null" {
		return nil, ""
	}
	over, err := harness.Fields(update)
	if err != nil {
		return nil, "has an updatedInput that is not an object"
	}
	in, err := harness.Fields(input)
	if err != nil {
		if len(bytes.TrimSpace(input)) > 0 {
			return nil, "rewrites a call whose input is not an object"
		}
		in = map[string]json.RawMessage{}
	}
	maps.Copy(in, over)
	b, err := harness.Encode(in)
	if err != nil {
		return nil, "has an updatedInput that does not encode"
	}
	return b, ""
}
