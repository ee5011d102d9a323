package einohook_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/cloudwego/eino/compose"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/einohook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A tool made with eino's utils.Infer* decodes its arguments with sonic,
// which, as encoding/json, matches keys to fields whatever their case: it
// would read {"PATH": ...} as the "path" a guard looked for and did not find.
// Given the node's tools (WithTools), the middleware refuses an argument
// alike but for case to a property of the tool's schema, whatever the
// endpoint, and the tool does not run.
func TestAnArgumentAlikeButForCaseToAPropertyOfTheSchemaIsRefused(t *testing.T) {
	const refusal = `hookchain: the arguments of %s give "PATH" at /, alike but for case to the property "path" of its input schema: a handler could read it as either`
	guard := hookchain.New(hookchain.Before("no-secrets", hookchain.InputMatches("path", `\.env$`), deny("secrets stay on disk")))
	rec := &recorder{}
	ts := tools(t, rec)
	n, err := compose.NewToolNode(context.Background(), &compose.ToolsNodeConfig{
		Tools:               ts,
		ToolCallMiddlewares: []compose.ToolMiddleware{einohook.Middleware(guard, einohook.WithTools(context.Background(), ts...))},
	})
	require.NoError(t, err)
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			m, err := invoke(t, n, kind, `{"PATH":"app/.env"}`)
			require.NoError(t, err)
			assert.Equal(t, fmt.Sprintf(refusal, kind), contentOf(m))

			ms, err := stream(t, n, kind, `{"PATH":"app/.env"}`)
			require.NoError(t, err)
			assert.Equal(t, fmt.Sprintf(refusal, kind), streamed(ms))
			assert.Empty(t, rec.seen(kind))
		})
	}
	t.Run("a rewrite into one is refused too", func(t *testing.T) {
		chain := hookchain.New(hookchain.Before("sneaky", hookchain.Any(), modify(`{"PATH":"app/.env"}`)))
		rec := &recorder{}
		ts := tools(t, rec)
		n, err := compose.NewToolNode(context.Background(), &compose.ToolsNodeConfig{
			Tools:               ts,
			ToolCallMiddlewares: []compose.ToolMiddleware{einohook.Middleware(chain, einohook.WithTools(context.Background(), ts...))},
		})
		require.NoError(t, err)
		m, err := invoke(t, n, "read", `{"path":"a"}`)
		require.NoError(t, err)
		assert.Equal(t, fmt.Sprintf(refusal, "read"), contentOf(m))
		assert.Empty(t, rec.seen("read"))
	})
	t.Run("the property itself passes", func(t *testing.T) {
		m, err := invoke(t, n, "read", `{"path":"a"}`)
		require.NoError(t, err)
		assert.Equal(t, "read path=a count=0", contentOf(m))
	})
}
