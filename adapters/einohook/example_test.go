package einohook_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/einohook"
)

func Example() {
	type logArgs struct {
		Service string `json:"service"`
	}
	// A tool that only streams: a middleware for Invokable tools alone
	// would never see it.
	logs, _ := utils.InferStreamTool("logs", "streams a service's logs",
		func(ctx context.Context, in logArgs) (*schema.StreamReader[string], error) {
			return schema.StreamReaderFromArray([]string{"db: connected\n", "db: password=hunter2\n"}), nil
		})

	chain := hookchain.New(
		hookchain.After("no-passwords", hookchain.Any(),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				// The stream is decided on once it is complete: e.Output is all of it.
				if strings.Contains(string(e.Output), "password=") {
					return hookchain.Deny("the logs hold a password"), nil
				}
				return hookchain.Allow(), nil
			}),
	)
	ctx := context.Background()
	tools := []tool.BaseTool{logs}
	node, _ := compose.NewToolNode(ctx, &compose.ToolsNodeConfig{
		Tools:               tools,
		ToolCallMiddlewares: []compose.ToolMiddleware{einohook.Middleware(chain, einohook.WithTools(ctx, tools...))},
	})

	out, err := node.Invoke(ctx, schema.AssistantMessage("", []schema.ToolCall{
		{ID: "call_1", Function: schema.FunctionCall{Name: "logs", Arguments: `{"service":"db"}`}},
	}))
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(out[0].ToolCallID, out[0].Content)
	// Output:
	// call_1 denied by no-passwords: the logs hold a password
}
