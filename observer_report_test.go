package hookchain_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

func approving(name string) hc.Approver {
	return hc.Approver{Name: name, Timeout: time.Second, Answer: func(context.Context, hc.Question) (hc.Approval, error) {
		return hc.Approval{Decision: hc.Approve, By: "alice"}, nil
	}}
}

func TestAStepReportSaysWhetherItIsTheApproversAsTheTrailDoes(t *testing.T) {
	r := &reportsOf{}
	c := hc.New(hc.Before("human", hc.Any(), answering(hc.Ask("push?")))).
		WithApprover(approving("human")).WithObserver(r.observer())

	out := c.Run(context.Background(), before(bashIn))
	require.Equal(t, []hc.Step{
		{Name: "human", Verdict: hc.Asked, Reason: "push?"},
		{Name: "human", Verdict: hc.Allowed, By: "alice", Approver: true},
	}, out.Trail)
	require.Len(t, r.steps, 2)
	for i := range r.steps {
		r.steps[i].Start, r.steps[i].Duration = time.Time{}, 0
	}
	assert.Equal(t, []hc.StepReport{
		{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_1", Name: "human", Verdict: hc.Asked, Reason: "push?"},
		{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_1", Name: "human", Verdict: hc.Allowed, By: "alice", Approver: true},
	}, r.steps, "a link and an approver of one name report apart")
}

func TestARunReportNamesEveryLinkThatChangedTheCall(t *testing.T) {
	shorter := json.RawMessage(`{"command":"ls","timeout":5}`)
	tests := []struct {
		name     string
		links    []hc.Link
		event    hc.Event
		verdict  hc.Verdict
		reason   string
		changers []string
	}{
		{"nobody changed it", []hc.Link{hc.Before("ok", hc.Any(), answering(hc.Allow()))},
			before(bashIn), hc.Allowed, "", nil},
		{"a Modify", []hc.Link{hc.Before("pin", hc.Any(), answering(hc.Modify(pinnedIn, "pinned")))},
			before(bashIn), hc.Modified, "pin: pinned", []string{"pin"}},
		{"a Replace", []hc.Link{hc.After("redact", hc.Any(), answering(hc.Replace(hc.Text("x"), false, "a key")))},
			after(toolOut, false), hc.Replaced, "redact: a key", []string{"redact"}},
		{"a rewrite and an ask in one answer, beside a Modify and a plain Ask", []hc.Link{
			hc.Before("pin", hc.Any(), answering(hc.Modify(pinnedIn, "pinned"))),
			hc.Before("ask", hc.Any(), answering(hc.Ask("sure?"))),
			hc.Before("shorten", hc.Any(), answering(hc.AskAbout(shorter, "shorter?"))),
		}, before(bashIn), hc.Modified, "pin: pinned; shorten: shorter?", []string{"pin", "shorten"}},
		{"a rewrite and an ask in one answer, then denied: it still changed what the denier saw", []hc.Link{
			hc.Before("shorten", hc.Any(), answering(hc.AskAbout(shorter, "shorter?"))),
			hc.Before("no", hc.Any(), answering(hc.Deny("no"))),
		}, before(bashIn), hc.Denied, "denied by no: no", []string{"shorten"}},
		{"a fail-open link's void rewrite is not a change", []hc.Link{
			hc.Before("broken", hc.Any(), answering(hc.Modify(json.RawMessage(`[1]`), "not an object"))).FailOpen(),
			hc.Before("audit", hc.Any(), failing(errors.New("down"))).FailOpen(),
		}, before(bashIn), hc.Allowed, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &reportsOf{}
			c := hc.New(tt.links...).WithApprover(approving("human")).WithObserver(r.observer())
			out := c.Run(context.Background(), tt.event)
			assert.Equal(t, tt.verdict, out.Verdict)
			assert.Equal(t, tt.reason, out.Reason)
			require.Len(t, r.runs, 1)
			assert.Equal(t, tt.changers, r.runs[0].ChangedBy)
		})
	}
}
