package mcpgohook_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/mcpgohook"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func Example() {
	chain := hookchain.New(
		hookchain.Before("no-env-files", hookchain.InputMatches("path", `\.env$`),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Deny("secrets stay on disk"), nil
			}),
		hookchain.After("redact", hookchain.Any(),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				if !strings.Contains(string(e.Output), "hunter2") {
					return hookchain.Allow(), nil
				}
				out := strings.ReplaceAll(string(e.Output), "hunter2", "[redacted]")
				return hookchain.Replace(json.RawMessage(out), e.IsError, "a password"), nil
			}),
	)

	srv := server.NewMCPServer("files", "1.0.0",
		server.WithToolHandlerMiddleware(mcpgohook.Middleware(chain,
			mcpgohook.WithToolName(func(tool string) string { return "mcp__files__" + tool }))))
	srv.AddTool(mcp.NewTool("read", mcp.WithString("path", mcp.Required())),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("password: hunter2"), nil
		})

	ctx := context.Background()
	c, _ := client.NewInProcessClient(srv)
	defer c.Close()
	_ = c.Start(ctx)
	_, _ = c.Initialize(ctx, mcp.InitializeRequest{Params: mcp.InitializeParams{ProtocolVersion: mcp.LATEST_LEGACY_PROTOCOL_VERSION}})

	for _, path := range []string{"app/.env", "app/config.yaml"} {
		res, err := c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{
			Name: "read", Arguments: map[string]any{"path": path},
		}})
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Printf("%s: isError=%v %q\n", path, res.IsError, res.Content[0].(mcp.TextContent).Text)
	}
	// Output:
	// app/.env: isError=true "denied by no-env-files: secrets stay on disk"
	// app/config.yaml: isError=false "password: [redacted]"
}
