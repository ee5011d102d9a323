package einohook_test

import (
	"context"
	"testing"

	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"
	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pendingOf is the deferred approval an interrupted run stopped at.
func pendingOf(t testing.TB, err error) *hookchain.ApprovalPending {
	info, ok := compose.ExtractInterruptInfo(err)
	require.True(t, ok, "%v", err)
	for _, ic := range info.InterruptContexts {
		if p, ok := ic.Info.(*hookchain.ApprovalPending); ok && ic.IsRootCause {
			return p
		}
	}
	require.FailNow(t, "no pending approval", "%v", err)
	return nil
}

// A model that gives no call id leaves nothing to tell one call from the
// next with the same input, so a grant in the agent's context covers the
// one call it was made for: the same call asked for again, in the next
// turn or beside it in one message, is pending again and does not run. A
// call with an id is granted as that call, however often it is rerun.
func TestWithNoCallIDAGrantRunsOneCallNeverEveryIdenticalOne(t *testing.T) {
	ctx := context.Background()
	deploy := call{"", "read", `{"path":"web"}`}
	tests := []struct {
		name    string
		turns   []*schema.Message
		wantRan []string
	}{
		{"the same call in the next turn", []*schema.Message{message(deploy), message(deploy)}, []string{"path=web count=0"}},
		{"the same call twice in one message", []*schema.Message{message(deploy, deploy)}, []string{"path=web count=0"}},
	}
	for _, tt := range tests {
		for _, streaming := range []bool{false, true} {
			t.Run(tt.name+", "+mode(streaming), func(t *testing.T) {
				_, err := runReact(t, ctx, guarded(t, ctx, deferring(), tools(t, &recorder{})...), streaming, deploy)
				pending := pendingOf(t, err)
				assert.Equal(t, "", pending.Ticket.Question.CallID)
				granted := hookchain.WithGrant(ctx, pending.Ticket.Grant(hookchain.Approval{Decision: hookchain.Approve, By: "alice"}))

				rec := &recorder{}
				m := &script{turns: tt.turns}
				ag, err := react.NewAgent(ctx, &react.AgentConfig{ToolCallingModel: m, ToolsConfig: guarded(t, ctx, deferring(), tools(t, rec)...)})
				require.NoError(t, err)
				in := []*schema.Message{schema.UserMessage("deploy")}
				if streaming {
					_, err = ag.Stream(granted, in)
				} else {
					_, err = ag.Generate(granted, in)
				}
				again := pendingOf(t, err)
				assert.Equal(t, pending.Ticket.Question, again.Ticket.Question)
				assert.Equal(t, tt.wantRan, rec.seen("read"))
			})
		}
	}

	t.Run("a call with an id, rerun", func(t *testing.T) {
		withID := call{"c1", "read", `{"path":"web"}`}
		_, err := runReact(t, ctx, guarded(t, ctx, deferring(), tools(t, &recorder{})...), false, withID)
		granted := hookchain.WithGrant(ctx, pendingOf(t, err).Ticket.Grant(hookchain.Approval{Decision: hookchain.Approve, By: "alice"}))
		rec := &recorder{}
		for range 2 {
			_, err := runReact(t, granted, guarded(t, ctx, deferring(), tools(t, rec)...), false, withID)
			require.NoError(t, err)
		}
		assert.Equal(t, []string{"path=web count=0", "path=web count=0"}, rec.seen("read"))
	})
}
