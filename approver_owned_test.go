package hookchain_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	hc "github.com/hookchain/hookchain"
)

// The approver is handed its own Question. What it writes there — or goes
// on writing once it has answered — is not which links asked: an
// "approve all" latches the links that asked, and the reason names them,
// whatever the approver did with its copy.
func TestWhatAnApproverWritesIntoItsQuestionNeverChangesWhichLinksItLatches(t *testing.T) {
	scribbler := hc.Approver{Name: "human", Timeout: time.Second, Answer: func(_ context.Context, q hc.Question) (hc.Approval, error) {
		q.Asks[0].Link, q.Asks[0].Message = "deploy-guard", "deploy?"
		return hc.Approval{Decision: hc.ApproveAll, By: "alice"}, nil
	}}
	var asked []hc.Question
	refuser := approverThat(hc.Approval{Decision: hc.Refuse, By: "bob"}, nil, &asked)
	links := []hc.Link{
		hc.Before("push-guard", hc.InputMatches("command", `git push`), answering(hc.Ask("push?"))),
		hc.Before("deploy-guard", hc.InputMatches("command", `deploy`), answering(hc.Ask("deploy?"))),
	}
	ctx := hc.WithSession(context.Background(), hc.NewSession())
	assert.Equal(t, hc.Outcome{DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{
		{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"},
		{Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice"},
	}}, hc.New(links...).WithApprover(scribbler).Run(ctx, pushCall()))

	deploy := pushCall()
	deploy.Input = []byte(`{"command":"deploy prod"}`)
	assert.Equal(t, hc.Outcome{Verdict: hc.Denied, Reason: "refused by bob (asked by deploy-guard: deploy?)", DecidedBy: "human", Cause: hc.CauseApprover,
		Trail: []hc.Step{
			{Name: "deploy-guard", Verdict: hc.Asked, Reason: "deploy?"},
			{Name: "human", Approver: true, Verdict: hc.Denied, By: "bob"},
		}}, hc.New(links...).WithApprover(refuser).Run(ctx, deploy), "deploy-guard never asked before: the approver is asked")
	assert.Len(t, asked, 1)
}
