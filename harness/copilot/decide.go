package copilot

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Decide reads what a Copilot command hook did about e as Copilot reads
// it, and returns the outcome, or the error that makes the run a failure.
// See the package documentation for the table.
func Decide(e hookchain.Event, r process.Result) (hookchain.Outcome, error) {
	if r.ExitCode != 0 {
		// Before the call, any status but 0 denies (Link); after it, the
		// output goes on. Either way Copilot reads no answer.
		return hookchain.Outcome{}, &harness.StatusError{Code: r.ExitCode}
	}
	text := answerText(r.Stdout)
	if text == "" {
		return hookchain.Allow(), nil
	}
	var v json.RawMessage
	if json.Unmarshal([]byte(text), &v) != nil {
		if r.StdoutTruncated {
			// A cap bounds what is read, never what is decided.
			return hookchain.Deny(fmt.Sprintf("the hook's answer is longer than the %d bytes kept, and cannot be read; denied rather than guessed", len(text))), nil
		}
		return hookchain.Allow(), nil // Copilot takes output that is not JSON as none
	}
	if v[0] != '{' {
		return hookchain.Allow(), nil // JSON that is not an object says nothing
	}
	fields, err := harness.Fields(v)
	if err != nil {
		// JavaScript keeps the last of a key given twice; another reader
		// keeps the first: what the hook decided cannot be known.
		return hookchain.Deny("the hook's answer is ambiguous (" + err.Error() + "); denied rather than guessed"), nil
	}
	if e.Hook == hookchain.AfterTool {
		return after(fields), nil
	}
	return before(fields), nil
}

// answerText is stdout as Copilot parses it: every line that is one JSON
// object of type "progress" taken out, the rest joined and trimmed.
func answerText(stdout []byte) string {
	lines := strings.Split(string(stdout), "\n")
	kept := lines[:0]
	for _, l := range lines {
		var p struct {
			Type string `json:"type"`
		}
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "{") && json.Unmarshal([]byte(t), &p) == nil && p.Type == "progress" {
			continue
		}
		kept = append(kept, l)
	}
	return strings.TrimSpace(strings.Join(kept, "\n"))
}

func before(fields map[string]json.RawMessage) hookchain.Outcome {
	var decision, reason string
	if v, ok := fields["permissionDecision"]; ok && json.Unmarshal(v, &decision) != nil {
		return hookchain.Deny("the hook's permissionDecision is not a string: " + string(v) + "; denied rather than guessed")
	}
	_ = json.Unmarshal(fields["permissionDecisionReason"], &reason)
	var input json.RawMessage
	if v, ok := fields["modifiedArgs"]; ok && string(v) != "null" {
		if _, err := harness.Fields(v); err != nil {
			return hookchain.Deny("the hook's modifiedArgs is not an object: " + string(v) + "; denied rather than guessed")
		}
		input = v
	}
	switch decision {
	case "deny":
		if strings.TrimSpace(reason) == "" {
			reason = "Denied by preToolUse hook"
		}
		return hookchain.Deny(reason)
	case "ask":
		if input != nil {
			return hookchain.AskAbout(input, reason)
		}
		return hookchain.Ask(reason)
	case "allow", "":
		if input != nil {
			return hookchain.Modify(input, reason)
		}
		return hookchain.Allow()
	}
	return hookchain.Deny(fmt.Sprintf("the hook's permissionDecision %q is not one Copilot documents; denied rather than guessed", decision))
}

func after(fields map[string]json.RawMessage) hookchain.Outcome {
	o := hookchain.Allow()
	if v, ok := fields["modifiedResult"]; ok && string(v) != "null" {
		var r ToolResult
		if json.Unmarshal(v, &r) != nil {
			return hookchain.Deny("the hook's modifiedResult is not a result: " + string(v) + "; the output is withheld rather than guessed")
		}
		o = hookchain.Replace(hookchain.Text(r.TextResultForLlm), r.ResultType != "success", "")
	}
	var context string
	if json.Unmarshal(fields["additionalContext"], &context) == nil && strings.TrimSpace(context) != "" {
		o = o.WithNote(context)
	}
	return o
}
