package gemini

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Decide reads what a Gemini hook did about e as Gemini reads it, and
// returns the outcome, or the error that makes the run a failure. See the
// package documentation for the table.
func Decide(e hookchain.Event, r process.Result) (hookchain.Outcome, error) {
	// Gemini reads stdout, or stderr when stdout is blank, whatever the
	// exit status.
	text, cut := harness.TrimOutputJS(r.Stdout), r.StdoutTruncated
	if text == "" {
		text, cut = harness.TrimOutputJS(r.Stderr), r.StderrTruncated
	}
	answer, isJSON := parse(text)
	switch {
	case answer != nil && answer.ambiguous != "":
		// Gemini keeps the last of a key given twice; another reader keeps
		// the first: what the hook decided cannot be known. It is not a
		// failure, which a link that reproduces Gemini would let through.
		return hookchain.Deny("the hook's answer is " + answer.ambiguous + "; denied rather than guessed"), nil
	case answer != nil:
		return answer.outcome(e)
	case isJSON || text == "":
		// Gemini takes JSON that is not an object, or nothing, as no
		// answer: the call goes on, even past a failed run.
		if r.ExitCode == 0 {
			return hookchain.Allow(), nil
		}
		return hookchain.Outcome{}, &harness.StatusError{Code: r.ExitCode}
	case cut && harness.LooksLikeJSON(text):
		// A cap bounds what is read, never what is decided: Gemini would
		// have read the whole answer, which may block.
		return hookchain.Deny(fmt.Sprintf("the hook's answer is longer than the %d bytes kept, and cannot be read; denied rather than guessed", len(text))), nil
	}
	switch r.ExitCode {
	case 0:
		return hookchain.Allow(), nil // plain text: a message for Gemini's user
	case 1:
		return hookchain.Outcome{}, &harness.StatusError{Code: 1} // Gemini warns its user and runs the call
	}
	if cut {
		text += " [the output was longer, and was cut]"
	}
	return hookchain.Deny(text), nil
}

// parse reads text as Gemini does (harness.ParseJS).
func parse(text string) (answer *hookAnswer, isJSON bool) {
	a, isJSON := harness.ParseJS(text)
	if a == nil {
		return nil, isJSON
	}
	return &hookAnswer{fields: a.Fields, ambiguous: a.Ambiguous}, isJSON
}

// hookAnswer is a hook's JSON answer as Gemini reads it: field by field, as
// JavaScript tests them, with no schema. A field of an unexpected type is
// read as JavaScript would read it in its place.
type hookAnswer struct {
	fields    map[string]json.RawMessage
	ambiguous string // what jsonscan says of an answer that gives a key twice
}

func (a *hookAnswer) str(key string) string { return harness.Truthy(a.fields[key]) }

// specific is hookSpecificOutput's fields, nil unless it is an object.
func (a *hookAnswer) specific() map[string]json.RawMessage {
	f, _ := harness.Fields(a.fields["hookSpecificOutput"])
	return f
}

// reason is Gemini's effective reason: stopReason, or else reason.
func (a *hookAnswer) reason() string {
	if r := a.str("stopReason"); r != "" {
		return r
	}
	if r := a.str("reason"); r != "" {
		return r
	}
	return "No reason provided"
}

func (a *hookAnswer) outcome(e hookchain.Event) (hookchain.Outcome, error) {
	if string(a.fields["continue"]) == "false" {
		return hookchain.Deny(harness.StopRequested + ": " + a.reason()), nil
	}
	decision := ""
	_ = json.Unmarshal(a.fields["decision"], &decision)
	if decision == "deny" || decision == "block" {
		return hookchain.Deny(a.reason()), nil
	}
	s := a.specific()
	if e.Hook == hookchain.AfterTool {
		o := hookchain.Allow()
		var replacement string
		if json.Unmarshal(s["tool_output"], &replacement) == nil {
			o = hookchain.Replace(hookchain.Text(replacement), false, "")
		}
		var context string
		if json.Unmarshal(s["additionalContext"], &context) == nil && strings.TrimSpace(context) != "" {
			o = o.WithNote(context)
		}
		return o, nil
	}
	input, err := merged(e.Input, s["tool_input"])
	if err != nil {
		return hookchain.Outcome{}, err
	}
	if decision == "ask" {
		message := a.str("systemMessage")
		if message == "" {
			message = a.reason()
		}
		if input != nil {
			return hookchain.AskAbout(input, message), nil
		}
		return hookchain.Ask(message), nil
	}
	if input != nil {
		return hookchain.Modify(input, ""), nil
	}
	return hookchain.Allow(), nil
}

// merged is the call's input with a hook's tool_input merged over it, key
// by key, as Gemini documents; nil when tool_input is not an object,
// which Gemini ignores.
func merged(input, over json.RawMessage) (json.RawMessage, error) {
	o, err := harness.Fields(over)
	if err != nil {
		return nil, nil
	}
	in, err := harness.Fields(input)
	if err != nil {
		if len(bytes.TrimSpace(input)) > 0 {
			return nil, errors.New("tool_input rewrites a call whose input is not an object")
		}
		in = map[string]json.RawMessage{}
	}
	maps.Copy(in, o)
	return harness.Encode(in)
}
