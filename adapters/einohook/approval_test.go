package einohook_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type checkpoints struct {
	mu sync.Mutex
	m  map[string][]byte
}

func (c *checkpoints) Get(ctx context.Context, id string) ([]byte, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.m[id]
	return b, ok, nil
}

func (c *checkpoints) Set(ctx context.Context, id string, b []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[id] = b
	return nil
}

// A deferred approval is eino's own interrupt: the graph stops and saves a
// checkpoint, the host reads the ticket from the interrupt, and once a person
// has approved, the run resumes with the grant and the call goes ahead.
func TestADeferredCallInterruptsTheGraphUntilTheHostGrantsIt(t *testing.T) {
	chain := hookchain.New(hookchain.Before("guard", hookchain.Tool("read"), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Ask("read it?"), nil
	})).WithApprover(hookchain.Approver{Name: "queue", Timeout: time.Second, Answer: func(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) {
		return hookchain.Approval{Decision: hookchain.Defer}, nil
	}})
	rec := &recorder{}
	g := compose.NewGraph[*schema.Message, []*schema.Message]()
	require.NoError(t, g.AddToolsNode("tools", node(t, chain, rec)))
	require.NoError(t, g.AddEdge(compose.START, "tools"))
	require.NoError(t, g.AddEdge("tools", compose.END))
	ctx := context.Background()
	run, err := g.Compile(ctx, compose.WithCheckPointStore(&checkpoints{m: map[string][]byte{}}))
	require.NoError(t, err)

	_, err = run.Invoke(ctx, message(call{"call_1", "read", `{"path":"a"}`}), compose.WithCheckPointID("run-1"))
	info, interrupted := compose.ExtractInterruptInfo(err)
	require.True(t, interrupted, "%v", err)
	var pending *hookchain.ApprovalPending
	for _, ic := range info.InterruptContexts {
		if p, ok := ic.Info.(*hookchain.ApprovalPending); ok && ic.IsRootCause {
			pending = p
		}
	}
	require.NotNil(t, pending)
	assert.Equal(t, "read", pending.Ticket.Question.Tool)
	assert.Equal(t, "call_1", pending.Ticket.Question.CallID)
	assert.Empty(t, rec.seen("read"))

	grant := pending.Ticket.Grant(hookchain.Approval{Decision: hookchain.Approve, By: "alice"})
	out, err := run.Invoke(hookchain.WithGrant(ctx, grant), message(call{"call_1", "read", `{"path":"a"}`}), compose.WithCheckPointID("run-1"))
	require.NoError(t, err)
	require.Len(t, out, 1)
	assert.Equal(t, "read path=a count=0", out[0].Content)
	assert.Equal(t, []string{"path=a count=0"}, rec.seen("read"))
}

// When one call of a message is interrupted, eino keeps the results of the
// others in its checkpoint and does not rerun them on resume: what it keeps
// is what the middleware returned, judged, never the tool's own output.
func TestACheckpointKeepsOnlyWhatTheAfterChainLetThrough(t *testing.T) {
	chain := hookchain.New(
		hookchain.Before("guard", hookchain.Tool("read"), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Ask("read it?"), nil
		}),
		hookchain.After("redact", hookchain.Tool("tail"), replace(`"[redacted]"`, false)),
	).WithApprover(hookchain.Approver{Name: "queue", Timeout: time.Second, Answer: func(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) {
		return hookchain.Approval{Decision: hookchain.Defer}, nil
	}})
	rec := &recorder{}
	store := &checkpoints{m: map[string][]byte{}}
	g := compose.NewGraph[*schema.Message, []*schema.Message]()
	require.NoError(t, g.AddToolsNode("tools", node(t, chain, rec)))
	require.NoError(t, g.AddEdge(compose.START, "tools"))
	require.NoError(t, g.AddEdge("tools", compose.END))
	ctx := context.Background()
	run, err := g.Compile(ctx, compose.WithCheckPointStore(store))
	require.NoError(t, err)
	msg := message(call{"call_1", "tail", `{"path":"a"}`}, call{"call_2", "read", `{"path":"a"}`})

	_, err = run.Invoke(ctx, msg, compose.WithCheckPointID("run-1"))
	info, interrupted := compose.ExtractInterruptInfo(err)
	require.True(t, interrupted, "%v", err)
	store.mu.Lock()
	require.NotEmpty(t, store.m)
	for id, b := range store.m {
		assert.NotContains(t, string(b), "<secret>", "checkpoint %s", id)
		assert.Contains(t, string(b), "[redacted]", "checkpoint %s", id)
	}
	store.mu.Unlock()
	var pending *hookchain.ApprovalPending
	for _, ic := range info.InterruptContexts {
		if p, ok := ic.Info.(*hookchain.ApprovalPending); ok && ic.IsRootCause {
			pending = p
		}
	}
	require.NotNil(t, pending)

	grant := pending.Ticket.Grant(hookchain.Approval{Decision: hookchain.Approve, By: "alice"})
	out, err := run.Invoke(hookchain.WithGrant(ctx, grant), msg, compose.WithCheckPointID("run-1"))
	require.NoError(t, err)
	require.Len(t, out, 2)
	assert.Equal(t, "[redacted]", out[0].Content)
	assert.Equal(t, "read path=a count=0", out[1].Content)
	assert.Equal(t, []string{"path=a count=0"}, rec.seen("tail"), "not rerun on resume")
	assert.Equal(t, []string{"path=a count=0"}, rec.seen("read"))
}
