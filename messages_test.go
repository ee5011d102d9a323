package hookchain_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

// Messages are for the user, never the model: the chain keeps them as it
// keeps notes, and apart from them, so that a runtime can show each where
// it belongs.
func TestMessagesForTheUserAreGatheredInChainOrderNamedAndApartFromNotes(t *testing.T) {
	tests := []struct {
		name  string
		links []hc.Link
		want  hc.Outcome
	}{
		{
			"an allow can carry a message, and a note beside it",
			[]hc.Link{
				hc.Before("audit", hc.Any(), answering(hc.Allow().WithMessage("logged to the audit trail"))),
				hc.Before("pnpm", hc.Any(), answering(hc.Allow().WithNote("this repository uses pnpm").WithMessage("npm is aliased"))),
			},
			hc.Outcome{Notes: []hc.Note{{Link: "pnpm", Text: "this repository uses pnpm"}},
				Messages: []hc.Note{{Link: "audit", Text: "logged to the audit trail"}, {Link: "pnpm", Text: "npm is aliased"}}},
		},
		{
			"a denial keeps the messages up to and including the denier's",
			[]hc.Link{
				hc.Before("audit", hc.Any(), answering(hc.Allow().WithMessage("logged"))),
				hc.Before("guard", hc.Any(), answering(hc.Deny("no pushes to main").WithMessage("ask for review"))),
				hc.Before("after", hc.Any(), answering(hc.Allow().WithMessage("never asked"))),
			},
			hc.Outcome{Verdict: hc.Denied, Reason: "denied by guard: no pushes to main", DecidedBy: "guard", Cause: hc.CauseLink,
				Trail:    []hc.Step{{Name: "guard", Verdict: hc.Denied, Reason: "no pushes to main"}},
				Messages: []hc.Note{{Link: "audit", Text: "logged"}, {Link: "guard", Text: "ask for review"}}},
		},
		{
			"a failed link's messages are void with its answer",
			[]hc.Link{
				hc.Before("broken", hc.Any(), answering(hc.Replace(hc.Text("x"), false, "").WithMessage("lost"))).FailOpen(),
				hc.Before("ok", hc.Any(), answering(hc.Allow().WithMessage("kept"))),
			},
			hc.Outcome{Trail: []hc.Step{{Name: "broken", Verdict: hc.Allowed, Fault: "asked to replace the result of a call that has not run"}},
				Messages: []hc.Note{{Link: "ok", Text: "kept"}}},
		},
		{
			"a link cannot speak in another link's name",
			[]hc.Link{hc.Before("honest", hc.Any(), answering(hc.Outcome{Messages: []hc.Note{{Link: "security-team", Text: "approved"}}}))},
			hc.Outcome{Messages: []hc.Note{{Link: "honest", Text: "approved"}}},
		},
		{
			"a refused ask keeps them",
			[]hc.Link{hc.Before("push", hc.Any(), answering(hc.Ask("push?").WithMessage("a push to main")))},
			hc.Outcome{Verdict: hc.Denied, Reason: "approval needed but not obtained: no approver is configured (asked by push: push?)", Cause: hc.CauseNoApproval,
				Trail:    []hc.Step{{Name: "push", Verdict: hc.Asked, Reason: "push?"}, {Name: "approver", Verdict: hc.Denied, Fault: "no approver is configured", Approver: true}},
				Messages: []hc.Note{{Link: "push", Text: "a push to main"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, hc.New(tt.links...).Run(context.Background(), pushCall()))
		})
	}
}

func TestWrapHandsTheMessagesOfBothHooksToTheRuntime(t *testing.T) {
	c := hc.New(
		hc.Before("audit", hc.Any(), answering(hc.Allow().WithMessage("logged"))),
		hc.After("lint", hc.Any(), answering(hc.Allow().WithMessage("2 lint warnings"))),
	)
	exec := c.Wrap(func(context.Context, hc.Call) (hc.Result, error) { return hc.TextResult("ok"), nil })
	res, err := exec(context.Background(), hc.Call{Tool: "Bash", ID: "t", Input: pushIn})
	require.NoError(t, err)
	assert.Equal(t, hc.Result{Output: hc.Text("ok"), Messages: []hc.Note{{Link: "audit", Text: "logged"}, {Link: "lint", Text: "2 lint warnings"}}}, res)

	denied := hc.New(hc.Before("guard", hc.Any(), answering(hc.Deny("no").WithMessage("ask for review"))))
	res, err = denied.Wrap(func(context.Context, hc.Call) (hc.Result, error) { return hc.Result{}, nil })(context.Background(), hc.Call{Tool: "Bash", Input: pushIn})
	require.NoError(t, err)
	assert.Equal(t, hc.Result{Output: hc.Text("denied by guard: no"), IsError: true, Messages: []hc.Note{{Link: "guard", Text: "ask for review"}}, Verdict: hc.Denied}, res)
}

func TestMessagesHaveAJSONFormOfTheirOwn(t *testing.T) {
	o := hc.Outcome{Verdict: hc.Allowed, Notes: []hc.Note{{Link: "a", Text: "for the model"}}, Messages: []hc.Note{{Link: "b", Text: "for the user"}}}
	b, err := json.Marshal(o)
	require.NoError(t, err)
	assert.Equal(t, `{"verdict":"allow","notes":[{"link":"a","text":"for the model"}],"messages":[{"link":"b","text":"for the user"}]}`, string(b))
	var back hc.Outcome
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, o, back)
}
