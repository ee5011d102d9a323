package hookchain_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

// Wrap does not build the trail of a call that links only rewrote, which
// nobody reads; whatever reads it later in the same run — an approver's
// question, an observer's report — must still find every rewrite, in order.
func TestWrapStillShowsEveryRewriteToWhateverReadsTheTrail(t *testing.T) {
	in := json.RawMessage(`{"command":"ls"}`)
	step := func(name, field string) hc.Link {
		return hc.Before(name, hc.Any(), func(_ context.Context, e hc.Event) (hc.Outcome, error) {
			var m map[string]any
			if err := json.Unmarshal(e.Input, &m); err != nil {
				return hc.Outcome{}, err
			}
			m[field] = 1
			b, err := json.Marshal(m)
			return hc.Modify(b, "sets "+field), err
		})
	}
	rewriters := []hc.Link{step("a", "x"), step("b", "y"), step("c", "z")} // more than are held at once
	final := json.RawMessage(`{"command":"ls","x":1,"y":1,"z":1}`)
	asker := hc.Before("gate", hc.Any(), answering(hc.Ask("run it?")))
	denier := hc.Before("freeze", hc.Any(), answering(hc.Deny("deploy freeze")))
	tests := []struct {
		name      string
		links     []hc.Link
		wantRes   hc.Result
		wantRan   json.RawMessage // nil: the tool must not run
		questions []hc.Question
	}{
		{
			name:    "RewritesAloneRunTheToolWithTheFinalInput",
			links:   rewriters,
			wantRes: hc.Result{Output: json.RawMessage(`"done"`), Verdict: hc.Allowed},
			wantRan: final,
		},
		{
			name:    "AnApproverAskedAfterTheRewritesIsToldEveryRewriterInOrder",
			links:   append(append([]hc.Link(nil), rewriters...), asker),
			wantRes: hc.Result{Output: json.RawMessage(`"done"`), Verdict: hc.Allowed},
			wantRan: final,
			questions: []hc.Question{{Tool: "Bash", CallID: "toolu_1", Input: final,
				Asks: []hc.Asking{{Link: "gate", Message: "run it?"}}, RewrittenBy: []string{"a", "b", "c"}}},
		},
		{
			name:    "ADenialAfterTheRewritesIsTheResultAndTheToolDoesNotRun",
			links:   append(append([]hc.Link(nil), rewriters...), denier),
			wantRes: hc.Result{Output: hc.Text("denied by freeze: deploy freeze"), IsError: true, Verdict: hc.Denied},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var questions []hc.Question
			c := hc.New(tt.links...).WithApprover(hc.Approver{Name: "human", Answer: func(_ context.Context, q hc.Question) (hc.Approval, error) {
				questions = append(questions, q)
				return hc.Approval{Decision: hc.Approve}, nil
			}})
			var ran json.RawMessage
			exec := c.Wrap(func(_ context.Context, call hc.Call) (hc.Result, error) {
				ran = call.Input
				return hc.TextResult("done"), nil
			})
			res, err := exec(context.Background(), hc.Call{Tool: "Bash", ID: "toolu_1", Input: in})
			require.NoError(t, err)
			assert.Equal(t, tt.wantRes, res)
			assert.Equal(t, string(tt.wantRan), string(ran))
			assert.Equal(t, tt.questions, questions)
		})
	}
}

// An observer reads the outcome whole: under Wrap, its report of a run that
// links only rewrote has every rewrite in the trail and the reason.
func TestWrapReportsEveryRewriteToAnObserver(t *testing.T) {
	var got []hc.RunReport
	c := hc.New(
		hc.Before("a", hc.Any(), answering(hc.Modify(json.RawMessage(`{"x":1}`), "first"))),
		hc.Before("b", hc.Any(), answering(hc.Modify(json.RawMessage(`{"x":2}`), "second"))),
		hc.Before("c", hc.Any(), answering(hc.Modify(json.RawMessage(`{"x":3}`), "third"))),
	).WithObserver(hc.Observer{Run: func(_ context.Context, r hc.RunReport) { got = append(got, r) }})
	_, err := c.Wrap(func(context.Context, hc.Call) (hc.Result, error) { return hc.TextResult("done"), nil })(
		context.Background(), hc.Call{Tool: "Bash", Input: json.RawMessage(`{}`)})
	require.NoError(t, err)
	require.Len(t, got, 2)
	before := got[0].Outcome
	assert.Equal(t, hc.Modified, before.Verdict)
	assert.Equal(t, "a: first; b: second; c: third", before.Reason)
	assert.Equal(t, []hc.Step{
		{Name: "a", Verdict: hc.Modified, Reason: "first"},
		{Name: "b", Verdict: hc.Modified, Reason: "second"},
		{Name: "c", Verdict: hc.Modified, Reason: "third"},
	}, before.Trail)
	assert.Equal(t, []string{"a", "b", "c"}, got[0].ChangedBy)
}
