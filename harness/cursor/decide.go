package cursor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/jsonscan"
	"github.com/hookchain/hookchain/process"
)

// noReason is the reason of a denial whose hook gave none.
const noReason = "blocked by a Cursor hook"

// Decide reads what a hook of event did about e as Cursor reads it, and
// returns the outcome, or the error that makes the run a failure (its
// entry's failClosed decides what that leads to; Link). See the package
// documentation for the table.
func Decide(event string, e hookchain.Event, r process.Result) (hookchain.Outcome, error) {
	text := bytes.TrimSpace(r.Stdout)
	switch r.ExitCode {
	case 0:
	case 2:
		if toolEvents[event].hook == hookchain.AfterTool {
			return hookchain.Allow(), nil // nothing is left to block
		}
		// Exit 2 is Cursor's permission "deny", whatever stdout says; a
		// message it gives is the reason, else stderr.
		reason := strings.TrimSpace(string(r.Stderr))
		if a, err := parse(text, r.StdoutTruncated); err == nil && a != nil {
			reason = harness.NonBlank(a.message(), reason)
		}
		return hookchain.Deny(harness.NonBlank(reason, noReason)), nil
	default:
		return hookchain.Outcome{}, &harness.StatusError{Code: r.ExitCode}
	}
	if len(text) == 0 {
		return hookchain.Allow(), nil
	}
	a, err := parse(text, r.StdoutTruncated)
	if err != nil {
		if ambiguous, ok := err.(denial); ok {
			return hookchain.Deny(string(ambiguous)), nil
		}
		return hookchain.Outcome{}, err
	}
	if a == nil {
		return hookchain.Outcome{}, fmt.Errorf("the hook's answer is not a JSON object")
	}
	return a.outcome(event, e)
}

// denial is a reading that denies rather than guesses.
type denial string

func (d denial) Error() string { return string(d) }

// parse reads a hook's stdout as one JSON object: nil for JSON that is not
// an object; a denial for an answer that gives a key twice or is cut at
// the cap; an error, the hook's failure, for one that is not JSON.
func parse(text []byte, truncated bool) (*answer, error) {
	if truncated {
		// A cap bounds what is read, never what is decided.
		return nil, denial(fmt.Sprintf("the hook's answer is longer than the %d bytes kept, and cannot be read; denied rather than guessed", len(text)))
	}
	switch f := jsonscan.Fault(text); {
	case f == "":
	case strings.HasPrefix(f, "ambiguous"):
		// JavaScript keeps the last of a key given twice, another reader
		// the first: what the hook decided cannot be known.
		return nil, denial("the hook's answer is " + f + "; denied rather than guessed")
	default:
		return nil, fmt.Errorf("the hook's answer is %s", f)
	}
	fields, err := harness.Fields(text)
	if err != nil {
		return nil, nil //nolint:nilerr // valid JSON that is not an object
	}
	return &answer{fields}, nil
}

// answer is a hook's JSON answer, field by field.
type answer struct{ fields map[string]json.RawMessage }

func (a *answer) str(key string) (string, bool) {
	v, ok := a.fields[key]
	if !ok || string(v) == "null" {
		return "", true
	}
	var s string
	return s, json.Unmarshal(v, &s) == nil
}

// message is the text a denial gives the model: agent_message, or else
// user_message.
func (a *answer) message() string {
	m, _ := a.str("agent_message")
	if strings.TrimSpace(m) == "" {
		m, _ = a.str("user_message")
	}
	return m
}

// permissions are the decisions each gate of Cursor's reads.
var permissions = map[string][]string{
	PreToolUse:           {"allow", "deny", "ask"},
	BeforeShellExecution: {"allow", "deny", "ask"},
	BeforeMCPExecution:   {"allow", "deny", "ask"},
	BeforeReadFile:       {"allow", "deny"},
}

func (a *answer) outcome(event string, e hookchain.Event) (hookchain.Outcome, error) {
	if toolEvents[event].hook == hookchain.AfterTool {
		return a.after(event, e), nil
	}
	permission, ok := a.str("permission")
	if !ok {
		return hookchain.Deny("the hook's permission is not a string: " + string(a.fields["permission"]) + "; denied rather than guessed"), nil
	}
	if permission != "" && !slices.Contains(permissions[event], permission) {
		return hookchain.Deny(fmt.Sprintf("the hook's permission %q is not one Cursor's %s reads; denied rather than guessed", permission, event)), nil
	}
	for _, key := range []string{"user_message", "agent_message"} {
		if _, ok := a.str(key); !ok {
			return hookchain.Deny("the hook's " + key + " is not a string; denied rather than guessed"), nil
		}
	}
	var input json.RawMessage
	if v, ok := a.fields["updated_input"]; ok && string(v) != "null" && event == PreToolUse {
		if _, err := harness.Fields(v); err != nil {
			return hookchain.Deny("the hook's updated_input is not an object: " + string(v) + "; denied rather than guessed"), nil
		}
		input = v
	}
	switch permission {
	case "deny":
		return hookchain.Deny(harness.NonBlank(a.message(), noReason)), nil
	case "ask":
		if event != PreToolUse {
			user, _ := a.str("user_message")
			return hookchain.Ask(harness.NonBlank(user, harness.NonBlank(a.message(), "a Cursor hook asks about this call"))), nil
		}
		// preToolUse takes "ask" and does not enforce it: the call goes on.
	}
	if input != nil {
		return hookchain.Modify(input, ""), nil
	}
	return hookchain.Allow(), nil
}

// after reads postToolUse's answer; Cursor's other events after the call
// read none.
func (a *answer) after(event string, e hookchain.Event) hookchain.Outcome {
	o := hookchain.Allow()
	if event != PostToolUse {
		return o
	}
	if v, ok := a.fields["updated_mcp_tool_output"]; ok && string(v) != "null" && isMCP(e.Tool) {
		o = hookchain.Replace(v, false, "")
	}
	if context, ok := a.str("additional_context"); ok && strings.TrimSpace(context) != "" {
		o = o.WithNote(context)
	}
	return o
}
