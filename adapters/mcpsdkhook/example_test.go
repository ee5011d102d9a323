package mcpsdkhook_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/mcpsdkhook"
	"github.com/modelcontextprotocol/go-sdk/mcp"
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

	server := mcp.NewServer(&mcp.Implementation{Name: "files", Version: "1.0.0"}, nil)
	server.AddReceivingMiddleware(mcpsdkhook.Middleware(chain,
		mcpsdkhook.WithToolName(func(tool string) string { return "mcp__files__" + tool })))
	type readArgs struct {
		Path string `json:"path"`
	}
	mcp.AddTool(server, &mcp.Tool{Name: "read"}, func(ctx context.Context, req *mcp.CallToolRequest, in readArgs) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "password: hunter2"}}}, nil, nil
	})

	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, _ := server.Connect(ctx, st, nil)
	defer ss.Wait()
	cs, _ := mcp.NewClient(&mcp.Implementation{Name: "agent"}, nil).Connect(ctx, ct, nil)
	defer cs.Close()

	for _, path := range []string{"app/.env", "app/config.yaml"} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "read", Arguments: map[string]any{"path": path}})
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Printf("%s: isError=%v %q\n", path, res.IsError, res.Content[0].(*mcp.TextContent).Text)
	}
	// Output:
	// app/.env: isError=true "denied by no-env-files: secrets stay on disk"
	// app/config.yaml: isError=false "password: [redacted]"
}
