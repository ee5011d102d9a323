package mcpsdkhook_test

import (
	"context"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/mcpsdkhook"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func benchChain() *hookchain.Chain {
	return hookchain.New(
		hookchain.Before("no-env", hookchain.And(hookchain.Tool("read"), hookchain.InputMatches("path", `\.env$`)),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Deny("no"), nil
			}),
		hookchain.After("audit", hookchain.Any(), allow),
	)
}

func readTool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "line one\nline two"}}}, nil
}

// The adapter's cost per call on the pass path: the same server and client,
// without the middleware and with it, in front of a chain that is asked at
// both hooks and allows (a guard on the input, an auditor of the output).
func BenchmarkPassPath(b *testing.B) {
	for _, bc := range []struct {
		name string
		mw   mcp.Middleware
	}{
		{"bare", nil},
		{"mcpsdkhook", mcpsdkhook.Middleware(benchChain())},
	} {
		b.Run(bc.name, func(b *testing.B) {
			srv := mcp.NewServer(&mcp.Implementation{Name: "bench", Version: "1.0.0"}, nil)
			srv.AddTool(&mcp.Tool{Name: "read", InputSchema: objectSchema}, readTool)
			if bc.mw != nil {
				srv.AddReceivingMiddleware(bc.mw)
			}
			c := dial(b, srv, nil, "")
			params := &mcp.CallToolParams{Name: "read", Arguments: map[string]any{"path": "src/main.go"}}
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.CallTool(ctx, params); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The same, without the transport: the SDK's method handler called
// directly, and through the middleware, so that the adapter's own cost is not
// lost in the noise of a round trip.
func BenchmarkHandler(b *testing.B) {
	next := func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		return readTool(ctx, req.(*mcp.CallToolRequest))
	}
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "read", Arguments: []byte(`{"path":"src/main.go"}`)}}
	ctx := context.Background()
	for _, bc := range []struct {
		name string
		h    mcp.MethodHandler
	}{
		{"bare", next},
		{"mcpsdkhook", mcpsdkhook.Middleware(benchChain())(next)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bc.h(ctx, "tools/call", req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
