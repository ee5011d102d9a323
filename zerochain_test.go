package hookchain_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

// zeroChainReason is the refusal of every run on a Chain that New or Build
// did not make.
const zeroChainReason = "hookchain: Run on the zero Chain, which was not built: make a Chain with New or Build"

// runs records the RunReports an observer is told.
type runs struct {
	mu      sync.Mutex
	reports []hc.RunReport
	steps   []hc.StepReport
}

func (r *runs) observer() hc.Observer {
	return hc.Observer{
		Step: func(_ context.Context, s hc.StepReport) { r.mu.Lock(); r.steps = append(r.steps, s); r.mu.Unlock() },
		Run: func(_ context.Context, rr hc.RunReport) {
			r.mu.Lock()
			r.reports = append(r.reports, rr)
			r.mu.Unlock()
		},
	}
}

func TestAZeroChainRefusesEveryCall(t *testing.T) {
	want := hc.Outcome{Verdict: hc.Denied, Reason: zeroChainReason, Cause: hc.CauseChain}
	tests := []struct {
		name  string
		chain func() *hc.Chain
	}{
		{"a zero Chain value", func() *hc.Chain { var c hc.Chain; return &c }},
		{"a zero Chain with an approver", func() *hc.Chain {
			return (&hc.Chain{}).WithApprover(hc.Approver{Name: "human", Timeout: time.Second,
				Answer: func(context.Context, hc.Question) (hc.Approval, error) { return hc.Approval{Decision: hc.Approve}, nil }})
		}},
		{"a zero Chain given an ID", func() *hc.Chain { return (&hc.Chain{}).WithID("policy-v1") }},
		{"a zero Chain with an input check", func() *hc.Chain {
			return (&hc.Chain{}).WithInputCheck(func(string, json.RawMessage) error { return nil })
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.chain()
			assert.Equal(t, want, c.Run(context.Background(), before(bashIn)), "before the call")
			assert.Equal(t, want, c.Run(context.Background(), after(bashIn, false)), "after the call")
			assert.Equal(t, want, c.Run(context.Background(), hc.Event{Hook: hc.BeforeTool}), "even an event it would refuse anyway")
		})
	}
}

func TestAZeroChainNeverRunsTheTool(t *testing.T) {
	tool := func(t *testing.T) hc.Executor {
		return func(context.Context, hc.Call) (hc.Result, error) {
			t.Error("the tool ran behind a zero Chain")
			return hc.TextResult("ran"), nil
		}
	}
	want := hc.Result{Output: hc.Text(zeroChainReason), IsError: true, Verdict: hc.Denied}
	call := hc.Call{Tool: "Bash", ID: "call-1", Input: bashIn}

	t.Run("Wrap", func(t *testing.T) {
		res, err := (&hc.Chain{}).Wrap(tool(t))(context.Background(), call)
		require.NoError(t, err, "a refusal is a result the model reads, not an error")
		assert.Equal(t, want, res)
	})
	t.Run("Execute", func(t *testing.T) {
		var c hc.Chain
		res, err := c.Execute(context.Background(), call, tool(t))
		require.NoError(t, err)
		assert.Equal(t, want, res)
	})
}

func TestAZeroChainWithAnObserverRefusesAndReportsTheRefusal(t *testing.T) {
	r := &runs{}
	c := (&hc.Chain{}).WithObserver(r.observer())
	want := hc.Outcome{Verdict: hc.Denied, Reason: zeroChainReason, Cause: hc.CauseChain}

	assert.Equal(t, want, c.Run(context.Background(), before(bashIn)))
	res, err := c.Wrap(func(context.Context, hc.Call) (hc.Result, error) {
		t.Error("the tool ran behind a zero Chain")
		return hc.Result{}, nil
	})(context.Background(), hc.Call{Tool: "Bash", ID: "call-2", Input: bashIn})
	require.NoError(t, err)
	assert.Equal(t, hc.Result{Output: hc.Text(zeroChainReason), IsError: true, Verdict: hc.Denied}, res)

	require.Len(t, r.reports, 2, "one run report per run, Wrap's before-run included; no after-run, for the tool never ran")
	for i, rep := range r.reports {
		assert.Equal(t, want, rep.Outcome, "report %d", i)
		assert.Empty(t, rep.Steps, "report %d: no link was asked", i)
	}
	assert.Equal(t, hc.BeforeTool, r.reports[1].Event.Hook)
	assert.Equal(t, "call-2", r.reports[1].Event.CallID)
	assert.Empty(t, r.steps)
}

func TestAChainBuiltFromNoLinksStillAllowsEveryCall(t *testing.T) {
	c := hc.New()
	assert.Equal(t, hc.Outcome{}, c.Run(context.Background(), before(bashIn)))
	assert.Equal(t, hc.Outcome{}, c.WithID("x").Run(context.Background(), after(bashIn, false)))
}
