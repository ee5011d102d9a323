package mcpgohook_test

import (
	"context"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/mcpgohook"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The adapter's cost per call on the pass path: the same server and client,
// without the middleware and with it, in front of a chain that is asked at
// both hooks and allows (a guard on the input, an auditor of the output).
func BenchmarkPassPath(b *testing.B) {
	chain := hookchain.New(
		hookchain.Before("no-env", hookchain.And(hookchain.Tool("read"), hookchain.InputMatches("path", `\.env$`)),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Deny("no"), nil
			}),
		hookchain.After("audit", hookchain.Any(), allow),
	)
	for _, bc := range []struct {
		name string
		mw   server.ToolHandlerMiddleware
	}{
		{"bare", nil},
		{"mcpgohook", mcpgohook.Middleware(chain)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var opts []server.ServerOption
			if bc.mw != nil {
				opts = append(opts, server.WithToolHandlerMiddleware(bc.mw))
			}
			srv := server.NewMCPServer("bench", "1.0.0", opts...)
			srv.AddTool(mcp.NewTool("read", mcp.WithString("path")),
				func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
					return mcp.NewToolResultText("line one\nline two"), nil
				})
			c := dial(b, srv)
			req := mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "read", Arguments: map[string]any{"path": "src/main.go"}}}
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.CallTool(ctx, req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The same, without the transport: mcp-go's handler called directly, and
// called through the middleware, so that the adapter's own cost is not lost in
// the noise of a round trip.
func BenchmarkHandler(b *testing.B) {
	chain := hookchain.New(
		hookchain.Before("no-env", hookchain.And(hookchain.Tool("read"), hookchain.InputMatches("path", `\.env$`)),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Deny("no"), nil
			}),
		hookchain.After("audit", hookchain.Any(), allow),
	)
	handler := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("line one\nline two"), nil
	}
	req := mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "read", RawArguments: []byte(`{"path":"src/main.go"}`)}}
	ctx := context.Background()
	mw := mcpgohook.Middleware(chain)
	for _, bc := range []struct {
		name string
		h    server.ToolHandlerFunc
	}{
		{"bare", handler},
		// mcp-go applies the middleware to the handler on every call.
		{"mcpgohook", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mw(handler)(ctx, req)
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bc.h(ctx, req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
