package adapt

import (
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
)

// Question words an approval question for a person, the same in every
// adapter that asks one:
//
//	Run Bash with {"command":"git push"}?
//	push-guard asks: push to a shared remote?
//	The input was rewritten by: pin-timeout.
func Question(q hookchain.Question) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Run %s with %s?", q.Tool, q.Input)
	for _, a := range q.Asks {
		b.WriteString("\n" + a.Link + " asks")
		if a.Message != "" {
			b.WriteString(": " + a.Message)
		}
	}
	if len(q.RewrittenBy) > 0 {
		b.WriteString("\nThe input was rewritten by: " + strings.Join(q.RewrittenBy, ", ") + ".")
	}
	return b.String()
}

// ApprovalForm is the JSON schema of the form a Question is put to a
// person in where a framework asks by form (an MCP elicitation): an
// "approve" checkbox, which must be answered, and a "for_session" one. Each
// call returns a new map, the caller's to hand to its SDK.
func ApprovalForm() map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"approve":     map[string]any{"type": "boolean", "title": "Run this call"},
			"for_session": map[string]any{"type": "boolean", "title": "Approve these checks for the rest of the session"},
		},
		"required": []string{"approve"},
	}
}

// ApprovalFromForm reads what a person did with an ApprovalForm: action is
// how they closed it ("accept", "decline"; anything else is a cancel),
// content its values, by who they are. Only an accepted form whose approve
// is true approves, for the session when for_session is true too; every
// other answer refuses, saying how.
func ApprovalFromForm(action string, content map[string]any, by string) hookchain.Approval {
	switch action {
	case "accept":
		if content["approve"] != true {
			return hookchain.Approval{Decision: hookchain.Refuse, By: by, Reason: "not approved"}
		}
		if content["for_session"] == true {
			return hookchain.Approval{Decision: hookchain.ApproveAll, By: by, Reason: "approved for the session"}
		}
		return hookchain.Approval{Decision: hookchain.Approve, By: by}
	case "decline":
		return hookchain.Approval{Decision: hookchain.Refuse, By: by, Reason: "declined"}
	}
	return hookchain.Approval{Decision: hookchain.Refuse, By: by, Reason: "cancelled"}
}
