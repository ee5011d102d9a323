package adapt

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
)

func TestAQuestionNamesTheCallEveryAskAndWhoRewroteTheInput(t *testing.T) {
	in := json.RawMessage(`{"command":"git push"}`)
	for _, tc := range []struct {
		name string
		q    hookchain.Question
		want string
	}{
		{"an ask with a message", hookchain.Question{Tool: "Bash", Input: in, Asks: []hookchain.Asking{{Link: "push-guard", Message: "push to a shared remote?"}}},
			"Run Bash with {\"command\":\"git push\"}?\npush-guard asks: push to a shared remote?"},
		{"an ask without one", hookchain.Question{Tool: "Bash", Input: in, Asks: []hookchain.Asking{{Link: "push-guard"}}},
			"Run Bash with {\"command\":\"git push\"}?\npush-guard asks"},
		{"two asks and two rewrites", hookchain.Question{Tool: "Bash", Input: in,
			Asks:        []hookchain.Asking{{Link: "a", Message: "sure?"}, {Link: "b", Message: "really?"}},
			RewrittenBy: []string{"pin-timeout", "redact"}},
			"Run Bash with {\"command\":\"git push\"}?\na asks: sure?\nb asks: really?\nThe input was rewritten by: pin-timeout, redact."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Question(tc.q))
		})
	}
}

func TestOnlyAnAcceptedFormThatSaysApproveApproves(t *testing.T) {
	const by = "the user of Claude Desktop"
	for _, tc := range []struct {
		name    string
		action  string
		content map[string]any
		want    hookchain.Approval
	}{
		{"accepted with approve", "accept", map[string]any{"approve": true}, hookchain.Approval{Decision: hookchain.Approve, By: by}},
		{"accepted with approve for the session", "accept", map[string]any{"approve": true, "for_session": true},
			hookchain.Approval{Decision: hookchain.ApproveAll, By: by, Reason: "approved for the session"}},
		{"accepted without approve", "accept", map[string]any{"for_session": true}, hookchain.Approval{Decision: hookchain.Refuse, By: by, Reason: "not approved"}},
		{"accepted with approve as a string", "accept", map[string]any{"approve": "true"}, hookchain.Approval{Decision: hookchain.Refuse, By: by, Reason: "not approved"}},
		{"accepted with no content", "accept", nil, hookchain.Approval{Decision: hookchain.Refuse, By: by, Reason: "not approved"}},
		{"declined, approve set or not", "decline", map[string]any{"approve": true}, hookchain.Approval{Decision: hookchain.Refuse, By: by, Reason: "declined"}},
		{"cancelled", "cancel", map[string]any{"approve": true}, hookchain.Approval{Decision: hookchain.Refuse, By: by, Reason: "cancelled"}},
		{"an action the form never offered", "Accept", map[string]any{"approve": true}, hookchain.Approval{Decision: hookchain.Refuse, By: by, Reason: "cancelled"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, ApprovalFromForm(tc.action, tc.content, by))
		})
	}
}

func TestTheApprovalFormRequiresApproveAndIsTheCallersOwn(t *testing.T) {
	form := ApprovalForm()
	b, err := json.Marshal(form)
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"object","required":["approve"],"properties":{
		"approve":{"type":"boolean","title":"Run this call"},
		"for_session":{"type":"boolean","title":"Approve these checks for the rest of the session"}}}`, string(b))
	form["required"] = []string{}
	assert.Equal(t, []string{"approve"}, ApprovalForm()["required"], "a caller's change is its own")
}
