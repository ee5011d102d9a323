package einohook_test

import (
	"context"
	"sync"
	"testing"

	"github.com/cloudwego/eino/callbacks"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/flow/agent"
	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"
	ucb "github.com/cloudwego/eino/utils/callbacks"
	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// eino calls a tool's callbacks (its tracing) around the tool itself,
// inside every middleware: a handler is given the tool's own result before
// the after-chain has judged it, while the model reads only what the chain
// decided. The package documentation says so; this pins it.
func TestEinosToolCallbacksAreGivenTheToolsOwnResultInsideTheChain(t *testing.T) {
	ctx := context.Background()
	var mu sync.Mutex
	var traced []string
	handler := ucb.NewHandlerHelper().Tool(&ucb.ToolCallbackHandler{
		OnEnd: func(ctx context.Context, info *callbacks.RunInfo, out *tool.CallbackOutput) context.Context {
			mu.Lock()
			defer mu.Unlock()
			traced = append(traced, out.Response)
			return ctx
		},
	}).Handler()
	chain := hookchain.New(hookchain.After("redact", hookchain.Any(), replace(`"[redacted]"`, false)))
	m := &script{turns: []*schema.Message{message(call{"c1", "read", `{"path":"a"}`})}}
	ag, err := react.NewAgent(ctx, &react.AgentConfig{ToolCallingModel: m, ToolsConfig: guarded(t, ctx, chain, tools(t, &recorder{})...)})
	require.NoError(t, err)
	_, err = ag.Generate(ctx, []*schema.Message{schema.UserMessage("read a")}, agent.WithComposeOptions(compose.WithCallbacks(handler)))
	require.NoError(t, err)
	assert.Equal(t, []string{"read path=a count=0"}, traced)
	assert.Equal(t, map[string]string{"c1": "[redacted]"}, m.toolResults())
}
