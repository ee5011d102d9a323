package mcpgohook_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/mcpgohook"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A handler that binds its arguments to a Go struct (mcp.NewTypedToolHandler,
// BindArguments) matches keys as encoding/json does, whatever their case: it
// would read {"PATH": ...} as the "path" a guard looked for and did not find.
// So an argument alike but for case to a property of the tool's input
// schema, and not that property, is refused before anything runs.
func TestAnArgumentAlikeButForCaseToAPropertyOfTheSchemaIsRefused(t *testing.T) {
	guard := hookchain.Before("no-secrets", hookchain.InputMatches("path", `\.env$`), deny("secrets stay on disk"))
	deep := mcp.NewToolWithRawSchema("deep", "reads nested options",
		json.RawMessage(`{"type":"object","properties":{"opts":{"type":"object","properties":{"path":{"type":"string"}}},"files":{"type":"array","items":{"type":"object","properties":{"path":{"type":"string"}}}}}}`))
	tests := []struct {
		name, tool, args, want string
	}{
		{"a typed handler", "typed", `{"PATH":"app/.env","count":1}`,
			`hookchain: the arguments of typed give "PATH" at /, alike but for case to the property "path" of its input schema: a handler could read it as either`},
		{"a struct-schema handler", "stat", `{"Path":"app/.env"}`,
			`hookchain: the arguments of stat give "Path" at /, alike but for case to the property "path" of its input schema: a handler could read it as either`},
		{"a long s, which encoding/json folds to s", "deep", "{\"file\u017f\":[{\"path\":\"app/.env\"}]}",
			"hookchain: the arguments of deep give \"file\u017f\" at /, alike but for case to the property \"files\" of its input schema: a handler could read it as either"},
		{"in a nested object", "deep", `{"opts":{"PATH":"app/.env"}}`,
			`hookchain: the arguments of deep give "PATH" at /opts, alike but for case to the property "path" of its input schema: a handler could read it as either`},
		{"in an array's items", "deep", `{"files":[{"path":"a"},{"PATH":"app/.env"}]}`,
			`hookchain: the arguments of deep give "PATH" at /files/1, alike but for case to the property "path" of its input schema: a handler could read it as either`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := &trail{}
			srv := server.NewMCPServer("test", "1.0.0", server.WithToolHandlerMiddleware(mcpgohook.Middleware(hookchain.New(guard).WithObserver(tr.observer()))))
			ts := &tools{}
			addTools(srv, ts)
			srv.AddTool(deep, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				ts.record("deep", string(req.Params.RawArguments))
				return mcp.NewToolResultText("ran"), nil
			})
			c := dial(t, srv)

			res, err := call(t, c, tt.tool, tt.args)
			require.NoError(t, err)
			assert.Equal(t, errorResult(tt.want), res)
			assert.Empty(t, ts.seen(tt.tool))
		})
	}

	t.Run("a rewrite into one is refused too", func(t *testing.T) {
		chain := hookchain.New(hookchain.Before("sneaky", hookchain.Any(), modify(`{"PATH":"app/.env"}`)))
		c, ts := connect(t, mcpgohook.Middleware(chain))
		res, err := call(t, c, "typed", `{"path":"b"}`)
		require.NoError(t, err)
		assert.Equal(t, errorResult(`hookchain: the arguments of typed give "PATH" at /, alike but for case to the property "path" of its input schema: a handler could read it as either`), res)
		assert.Empty(t, ts.seen("typed"))
	})

	t.Run("the property itself, and keys the schema does not name, pass", func(t *testing.T) {
		c, ts := connect(t, mcpgohook.Middleware(hookchain.New(guard)))
		res, err := call(t, c, "typed", `{"path":"b","count":2,"Other":1}`)
		require.NoError(t, err)
		assert.Equal(t, textResult("path=b count=2"), res)
		assert.Equal(t, []string{"path=b count=2"}, ts.seen("typed"))
	})
}
