package mcpsdkhook_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/mcpsdkhook"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The SDK sends a *jsonrpc.Error a tool returns as it is, its data
// included, while the after-chain is shown the error's text, which is its
// message alone. So the data goes on only if the chain is shown it: it is
// dropped, and the client reads the code and the message the after-chain
// judged.
func TestAToolsJSONRPCErrorGoesOnWithoutTheDataTheAfterChainWasNotShown(t *testing.T) {
	var shown []string
	guard := hookchain.New(hookchain.After("no-tokens", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		shown = append(shown, string(e.Output))
		if strings.Contains(string(e.Output), "s3cr3t") {
			return hookchain.Deny("a token in the output"), nil
		}
		return hookchain.Allow(), nil
	}))
	srv := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "1.0.0"}, nil)
	srv.AddTool(&mcp.Tool{Name: "lookup", InputSchema: json.RawMessage(`{"type":"object"}`)}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, &jsonrpc.Error{Code: -32001, Message: "lookup failed", Data: json.RawMessage(`{"token":"s3cr3t"}`)}
	})
	srv.AddReceivingMiddleware(mcpsdkhook.Middleware(guard))
	cs := dial(t, srv, nil, "")

	_, err := call(t, cs, "lookup", `{}`)
	var got *jsonrpc.Error
	require.True(t, errors.As(err, &got), "%v", err)
	assert.Equal(t, jsonrpc.Error{Code: -32001, Message: "lookup failed"}, *got)
	assert.Equal(t, []string{`"lookup failed"`}, shown)
}
