package hookchain_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

// timeoutAdder rewrites every Bash call to carry a timeout.
func timeoutAdder(_ context.Context, e hc.Event) (hc.Outcome, error) {
	return hc.Modify(json.RawMessage(`{"command":"make","timeout":60}`), "added a timeout"), nil
}

// timeoutRefuser denies a call that carries a timeout: it sees what the
// links before it left.
func timeoutRefuser(_ context.Context, e hc.Event) (hc.Outcome, error) {
	if strings.Contains(string(e.Input), "timeout") {
		return hc.Deny("no timeouts here"), nil
	}
	return hc.Allow(), nil
}

func TestALinkAddedToABuiltChainIsAskedAfterItsOwnAndSeesTheirRewrite(t *testing.T) {
	c := hc.New(hc.Before("timeout", hc.Tool("Bash"), timeoutAdder))
	n, err := c.WithLinks(hc.Before("policy", hc.Any(), timeoutRefuser))
	require.NoError(t, err)

	e := hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "c1", Input: json.RawMessage(`{"command":"make"}`)}
	out := n.Run(context.Background(), e)
	assert.Equal(t, hc.Denied, out.Verdict)
	assert.Equal(t, "denied by policy: no timeouts here", out.Reason)
	assert.Equal(t, "policy", out.DecidedBy)
	assert.Equal(t, []hc.Step{
		{Name: "timeout", Verdict: hc.Modified, Reason: "added a timeout"},
		{Name: "policy", Verdict: hc.Denied, Reason: "no timeouts here"},
	}, out.Trail)

	// The chain it was made from is as it was.
	before := c.Run(context.Background(), e)
	assert.Equal(t, hc.Modified, before.Verdict)
	assert.Equal(t, []hc.Step{{Name: "timeout", Verdict: hc.Modified, Reason: "added a timeout"}}, before.Trail)
	assert.NotEqual(t, c.ID(), n.ID(), "another policy, another identity")
}

func TestAChainWithLinksAddedKeepsItsApproverObserversAndInputChecks(t *testing.T) {
	var runs atomic.Int32
	c := hc.New(hc.Before("asker", hc.Tool("Bash"), func(context.Context, hc.Event) (hc.Outcome, error) {
		return hc.Ask("run make?"), nil
	})).WithApprover(hc.Approver{Name: "person", Answer: func(context.Context, hc.Question) (hc.Approval, error) {
		return hc.Approval{Decision: hc.Approve, By: "alice", Reason: "fine"}, nil
	}}).WithObserver(hc.Observer{Run: func(context.Context, hc.RunReport) { runs.Add(1) }}).
		WithInputCheck(func(_ string, input json.RawMessage) error {
			if strings.Contains(string(input), "timeout") {
				return errors.New("the tool takes no timeout")
			}
			return nil
		}).WithID("settings-v1")

	n, err := c.WithLinks(hc.Before("rewriter", hc.Tool("Bash"), timeoutAdder))
	require.NoError(t, err)
	assert.NotEqual(t, "settings-v1", n.ID(), "an ID given for the links before is not the new policy's")

	e := hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "c1", Input: json.RawMessage(`{"command":"make"}`)}
	out := n.Run(context.Background(), e)
	assert.Equal(t, hc.Denied, out.Verdict, "the input check refuses the new link's rewrite")
	assert.Equal(t, "rewriter", out.DecidedBy)
	require.Len(t, out.Trail, 2)
	assert.Equal(t, hc.Step{Name: "asker", Verdict: hc.Asked, Reason: "run make?"}, out.Trail[0])
	assert.Equal(t, "rewriter", out.Trail[1].Name)
	assert.Contains(t, out.Trail[1].Fault, "the tool takes no timeout")
	assert.Equal(t, int32(1), runs.Load(), "the observer was told")

	asked, err := c.WithLinks(hc.Before("quiet", hc.Tool("Read"), timeoutAdder))
	require.NoError(t, err)
	out = asked.Run(context.Background(), e)
	assert.Equal(t, hc.Allowed, out.Verdict, "the approver answered the ask")
	assert.Equal(t, []hc.Step{
		{Name: "asker", Verdict: hc.Asked, Reason: "run make?"},
		{Name: "person", Verdict: hc.Allowed, Reason: "fine", By: "alice", Approver: true},
	}, out.Trail)
	assert.Equal(t, int32(2), runs.Load())
}

func TestWithLinksRefusesANameTheChainHasAndAChainNeverBuilt(t *testing.T) {
	c := hc.New(hc.Before("policy", hc.Any(), allow))
	n, err := c.WithLinks(hc.Before("first", hc.Any(), allow), hc.Before("policy", hc.Any(), timeoutRefuser))
	assert.Nil(t, n)
	var be *hc.BuildError
	require.ErrorAs(t, err, &be)
	assert.Equal(t, hc.BuildError{Index: 2, First: 0, Name: "policy", Kind: hc.ErrDuplicateName}, *be)

	for name, zero := range map[string]*hc.Chain{"nil": nil, "zero": {}} {
		n, err := zero.WithLinks(hc.Before("policy", hc.Any(), allow))
		assert.Nil(t, n, name)
		assert.EqualError(t, err, "hookchain: WithLinks on a Chain that New or Build did not make", name)
	}
}
