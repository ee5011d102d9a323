package einohook_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/cloudwego/eino/adk"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/einohook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deferring is a chain that asks about every call to read, and whose
// approver always defers: each call to read is pending until granted.
func deferring() *hookchain.Chain {
	return hookchain.New(hookchain.Before("guard", hookchain.Tool("read"), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Ask("read it?"), nil
	})).WithApprover(hookchain.Approver{Name: "queue", Timeout: time.Second, Answer: func(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) {
		return hookchain.Approval{Decision: hookchain.Defer}, nil
	}})
}

// adkRunner is adk's Runner over a ChatModelAgent whose model asks for
// calls, with the chain installed as the README says.
func adkRunner(t testing.TB, ctx context.Context, chain *hookchain.Chain, m *script, rec *recorder, store adk.CheckPointStore, streaming bool) *adk.Runner {
	conf := &adk.ChatModelAgentConfig{Name: "agent", Description: "reads", Model: m,
		ToolsConfig: adk.ToolsConfig{ToolsNodeConfig: compose.ToolsNodeConfig{Tools: tools(t, rec)}}}
	einohook.GuardAgent(ctx, chain, conf)
	ag, err := adk.NewChatModelAgent(ctx, conf)
	require.NoError(t, err)
	return adk.NewRunner(ctx, adk.RunnerConfig{Agent: ag, CheckPointStore: store, EnableStreaming: streaming})
}

// events reads a run to its end: the pending approval it was interrupted
// by, if any, and the errors it reported.
func events(t testing.TB, it *adk.AsyncIterator[*adk.AgentEvent]) (*hookchain.ApprovalPending, []error) {
	var pending *hookchain.ApprovalPending
	var errs []error
	for {
		ev, ok := it.Next()
		if !ok {
			return pending, errs
		}
		if ev.Err != nil {
			errs = append(errs, ev.Err)
		}
		if ev.Output != nil && ev.Output.MessageOutput != nil && ev.Output.MessageOutput.IsStreaming {
			_, err := drainAll(ev.Output.MessageOutput.MessageStream)
			require.NoError(t, err)
		}
		if ev.Action == nil || ev.Action.Interrupted == nil {
			continue
		}
		for _, ic := range ev.Action.Interrupted.InterruptContexts {
			if p, ok := ic.Info.(*hookchain.ApprovalPending); ok && ic.IsRootCause {
				pending = p
			}
		}
	}
}

// A deferred call stops adk's Runner at a checkpoint its CheckPointStore
// keeps, with no line from the user to make it savable. After a restart —
// chain, agent and runner built again over the same store — a resume
// without the grant is still pending and runs nothing; one with the grant
// the host queued runs the call once, and the model reads its result.
func TestAPendingCallSurvivesAnAdkCheckpointAndRunsOnceGranted(t *testing.T) {
	ctx := context.Background()
	for _, streaming := range []bool{false, true} {
		t.Run(mode(streaming), func(t *testing.T) {
			store := &checkpoints{m: map[string][]byte{}}
			rec := &recorder{}
			first := &script{turns: []*schema.Message{message(call{"c1", "read", `{"path":"a"}`})}}
			pending, errs := events(t, adkRunner(t, ctx, deferring(), first, rec, store, streaming).Query(ctx, "read a", adk.WithCheckPointID("run-1")))
			require.Empty(t, errs)
			require.NotNil(t, pending)
			assert.Equal(t, "read", pending.Ticket.Question.Tool)
			assert.Equal(t, "c1", pending.Ticket.Question.CallID)
			assert.JSONEq(t, `{"path":"a"}`, string(pending.Ticket.Question.Input))
			assert.Len(t, store.m, 1)
			assert.Empty(t, rec.seen("read"))
			queued, err := json.Marshal(pending.Ticket)
			require.NoError(t, err)

			// The process restarts.
			again := &script{}
			it, err := adkRunner(t, ctx, deferring(), again, rec, store, streaming).Resume(ctx, "run-1")
			require.NoError(t, err)
			stillPending, errs := events(t, it)
			require.Empty(t, errs)
			require.NotNil(t, stillPending)
			assert.Equal(t, pending.Ticket.Question, stillPending.Ticket.Question)
			assert.Empty(t, rec.seen("read"))

			var ticket hookchain.Ticket
			require.NoError(t, json.Unmarshal(queued, &ticket))
			granted := hookchain.WithGrant(ctx, ticket.Grant(hookchain.Approval{Decision: hookchain.Approve, By: "alice"}))
			last := &script{}
			it, err = adkRunner(t, ctx, deferring(), last, rec, store, streaming).Resume(granted, "run-1")
			require.NoError(t, err)
			donePending, errs := events(t, it)
			require.Empty(t, errs)
			assert.Nil(t, donePending)
			assert.Equal(t, []string{"path=a count=0"}, rec.seen("read"))
			assert.Equal(t, map[string]string{"c1": "read path=a count=0"}, last.toolResults())
		})
	}
}
