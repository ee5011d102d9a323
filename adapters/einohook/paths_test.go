package einohook_test

import (
	"context"
	"testing"

	"github.com/cloudwego/eino/compose"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/einohook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every way a ToolsNode can be handed a tool reaches the chain: tools given
// for one run (compose.WithToolList) are wrapped by the node's middleware as
// its own are, and parallel calls in one message are each put to it.
func TestADenyAllChainSeesEveryCallOfANode(t *testing.T) {
	var seen []string
	chain := hookchain.New(hookchain.Before("deny-all", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("no"), nil
	}))
	rec := &recorder{}
	n, err := compose.NewToolNode(context.Background(), &compose.ToolsNodeConfig{
		Tools:               tools(t, rec)[:1],
		ToolCallMiddlewares: []compose.ToolMiddleware{einohook.Middleware(chain)},
	})
	require.NoError(t, err)
	calls := []call{{"c1", "read", `{}`}, {"c2", "tail", `{}`}, {"c3", "shot", `{}`}, {"c4", "feed", `{}`}}

	out, err := n.Invoke(context.Background(), message(calls...), compose.WithToolList(tools(t, rec)...))
	require.NoError(t, err)
	require.Len(t, out, 4)
	for i, m := range out {
		seen = append(seen, m.ToolCallID+": "+contentOf(m))
		assert.Equal(t, calls[i].id, m.ToolCallID)
	}
	assert.Equal(t, []string{"c1: denied by deny-all: no", "c2: denied by deny-all: no", "c3: denied by deny-all: no", "c4: denied by deny-all: no"}, seen)

	// Streamed, one enhanced call at a time: eino's ToolsNode.Stream writes
	// one error variable from the converter of every enhanced stream, which
	// races when two of them run in one message.
	streamCalls := []call{calls[0], calls[1], calls[2]}
	r, err := n.Stream(context.Background(), message(streamCalls...), compose.WithToolList(tools(t, rec)...))
	require.NoError(t, err)
	got := map[string]string{}
	for {
		ms, err := r.Recv()
		if err != nil {
			break
		}
		for _, m := range ms {
			if m != nil {
				got[m.ToolCallID] += contentOf(m)
			}
		}
	}
	assert.Equal(t, map[string]string{"c1": "denied by deny-all: no", "c2": "denied by deny-all: no", "c3": "denied by deny-all: no"}, got)
	for _, k := range kinds {
		assert.Empty(t, rec.seen(k))
	}
}
