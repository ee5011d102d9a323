package einohook_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/cloudwego/eino/compose"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/einohook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// eino runs its UnknownToolsHandler without the node's middlewares, so a
// call to a tool the node does not have reaches the chain only through
// UnknownToolsHandler.
func TestACallToAToolTheNodeDoesNotHaveIsPutToTheChain(t *testing.T) {
	var ran atomic.Int64
	handler := func(ctx context.Context, name, input string) (string, error) {
		ran.Add(1)
		return "no tool " + name + " for " + input, nil
	}
	var seen []hookchain.Event
	look := func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		seen = append(seen, e)
		return hookchain.Allow(), nil
	}
	tests := []struct {
		name     string
		chain    *hookchain.Chain
		want     string
		wantRuns int64
	}{
		{"denied, the handler does not run", hookchain.New(hookchain.Before("deny-all", hookchain.Any(), deny("no"))), "denied by deny-all: no", 0},
		{"allowed, the handler's answer", hookchain.New(hookchain.After("look", hookchain.Any(), look)), `no tool nope for {"path":"p"}`, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ran.Store(0)
			seen = nil
			n, err := compose.NewToolNode(context.Background(), &compose.ToolsNodeConfig{
				Tools:               tools(t, &recorder{}),
				ToolCallMiddlewares: []compose.ToolMiddleware{einohook.Middleware(tt.chain)},
				UnknownToolsHandler: einohook.UnknownToolsHandler(tt.chain, handler),
			})
			require.NoError(t, err)
			m, err := invoke(t, n, "nope", `{"path":"p"}`)
			require.NoError(t, err)
			assert.Equal(t, tt.want, contentOf(m))
			assert.Equal(t, tt.wantRuns, ran.Load())

			ms, err := stream(t, n, "nope", `{"path":"p"}`)
			require.NoError(t, err)
			assert.Equal(t, tt.want, streamed(ms))
			assert.Equal(t, 2*tt.wantRuns, ran.Load())
		})
	}
	require.Len(t, seen, 2)
	assert.Equal(t, hookchain.Event{Hook: hookchain.AfterTool, Tool: "nope", CallID: "call_1", Input: []byte(`{"path":"p"}`),
		Output: []byte(`"no tool nope for {\"path\":\"p\"}"`)}, seen[0])
}

// Guard puts a config's own UnknownToolsHandler behind the chain: a handler
// given bare, as eino's users write it, is never run for a call the chain
// denies, through eino's react agent invoked or streamed.
func TestAGuardedConfigPutsItsUnknownToolsHandlerBehindTheChain(t *testing.T) {
	ctx := context.Background()
	for _, streaming := range []bool{false, true} {
		t.Run(mode(streaming), func(t *testing.T) {
			var ran []string
			var asked []hookchain.Event
			chain := hookchain.New(hookchain.Before("deny-all", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				asked = append(asked, e)
				return hookchain.Deny("no"), nil
			}))
			conf := compose.ToolsNodeConfig{Tools: tools(t, &recorder{}), UnknownToolsHandler: func(ctx context.Context, name, input string) (string, error) {
				ran = append(ran, input)
				return "ran " + input, nil
			}}
			einohook.Guard(ctx, chain, &conf)
			m, err := runReact(t, ctx, conf, streaming, call{"c1", "sh", `{"command":"rm -rf /"}`})
			require.NoError(t, err)
			assert.Empty(t, ran)
			assert.Equal(t, []hookchain.Event{{Hook: hookchain.BeforeTool, Tool: "sh", CallID: "c1", Input: []byte(`{"command":"rm -rf /"}`)}}, asked)
			assert.Equal(t, map[string]string{"c1": "denied by deny-all: no"}, m.toolResults())
		})
	}
}
