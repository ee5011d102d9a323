package hookchain_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

// writerAfterTimeout is a link's interceptor that ignores its deadline: it
// waits until the chain has given up on it, then writes into the bytes it
// was handed, as a slow in-place normaliser would, and says when it has.
func writerAfterTimeout(wrote chan<- struct{}) hc.Interceptor {
	return func(ctx context.Context, e hc.Event) (hc.Outcome, error) {
		<-ctx.Done()
		copy(e.Input, `{"cmd":"rm"}`)
		if len(e.Output) > 0 {
			copy(e.Output, `"secret"`)
		}
		close(wrote)
		return hc.Allow(), nil
	}
}

func TestALinkWhoseTimeIsUpCannotWriteIntoTheCall(t *testing.T) {
	t.Run("before the call: the tool runs what the fold decided", func(t *testing.T) {
		wrote := make(chan struct{})
		c := hc.New(hc.Before("slow", hc.Any(), writerAfterTimeout(wrote)).Timeout(10 * time.Millisecond).FailOpen())
		var ran string
		res, err := c.Wrap(func(ctx context.Context, call hc.Call) (hc.Result, error) {
			select {
			case <-wrote: // the abandoned link has written by now
			case <-time.After(5 * time.Second):
				t.Error("the abandoned link never wrote")
			}
			ran = string(call.Input)
			return hc.TextResult("ok"), nil
		})(context.Background(), hc.Call{Tool: "Bash", ID: "toolu_1", Input: json.RawMessage(`{"cmd":"ls"}`)})
		require.NoError(t, err)
		assert.Equal(t, hc.Result{Output: json.RawMessage(`"ok"`), Verdict: hc.Allowed}, res)
		assert.Equal(t, `{"cmd":"ls"}`, ran)
	})
	t.Run("the caller's bytes stay as the fold judged them", func(t *testing.T) {
		wrote := make(chan struct{})
		c := hc.New(hc.Before("slow", hc.Any(), writerAfterTimeout(wrote)).Timeout(10 * time.Millisecond).FailOpen())
		in := json.RawMessage(`{"cmd":"ls"}`)
		out := c.Run(context.Background(), hc.Event{Hook: hc.BeforeTool, Tool: "Bash", Input: in})
		assert.Equal(t, hc.Outcome{Trail: []hc.Step{{Name: "slow", Verdict: hc.Allowed, Fault: "timed out after 10ms"}}}, out)
		<-wrote
		assert.Equal(t, `{"cmd":"ls"}`, string(in))
	})
	t.Run("after the call: the model is shown what the fold decided", func(t *testing.T) {
		wrote := make(chan struct{})
		c := hc.New(hc.After("slow", hc.Any(), writerAfterTimeout(wrote)).Timeout(10 * time.Millisecond).FailOpen())
		output := json.RawMessage(`"public"`)
		out := c.Run(context.Background(), hc.Event{Hook: hc.AfterTool, Tool: "Bash", Input: json.RawMessage(`{"cmd":"ls"}`), Output: output})
		assert.Equal(t, hc.Outcome{Trail: []hc.Step{{Name: "slow", Verdict: hc.Allowed, Fault: "timed out after 10ms"}}}, out)
		<-wrote
		assert.Equal(t, `"public"`, string(output))
	})
	t.Run("an approver whose time is up cannot write into the call", func(t *testing.T) {
		wrote := make(chan struct{})
		c := hc.New(hc.Before("push-guard", hc.Any(), askAboutPush)).WithApprover(hc.Approver{Name: "human", Timeout: 10 * time.Millisecond,
			Answer: func(ctx context.Context, q hc.Question) (hc.Approval, error) {
				<-ctx.Done()
				copy(q.Input, `{"cmd":"rm"}`)
				close(wrote)
				return hc.Approval{Decision: hc.Approve}, nil
			}})
		in := json.RawMessage(`{"cmd":"ls"}`)
		out := c.Run(context.Background(), hc.Event{Hook: hc.BeforeTool, Tool: "Bash", Input: in})
		assert.Equal(t, hc.Outcome{Verdict: hc.Denied, Reason: "approval needed but not obtained: human did not answer within 10ms (asked by push-guard: push?)",
			DecidedBy: "human", Cause: hc.CauseNoApproval, Trail: []hc.Step{
				{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"},
				{Name: "human", Approver: true, Verdict: hc.Denied, Fault: "human did not answer within 10ms"},
			}}, out)
		<-wrote
		assert.Equal(t, `{"cmd":"ls"}`, string(in))
	})
}
