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

// Guard installs the chain in a finished config: the tools' middleware, and
// the config's own UnknownToolsHandler behind the chain.
func ExampleGuard() {
	ctx := context.Background()
	chain := hookchain.New(hookchain.Before("no-rm", hookchain.InputMatches("command", `\brm\b`),
		func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Deny("rm is not allowed"), nil
		}))
	var tools []tool.BaseTool
	unknown := func(ctx context.Context, name, input string) (string, error) {
		return "ran " + name + " " + input, nil // a shell, say: it must not run unjudged
	}

	conf := compose.ToolsNodeConfig{Tools: tools, UnknownToolsHandler: unknown}
	einohook.Guard(ctx, chain, &conf) // last, on the finished config
	node, err := compose.NewToolNode(ctx, &conf)

	if err != nil {
		fmt.Println("error:", err)
		return
	}
	out, err := node.Invoke(ctx, schema.AssistantMessage("", []schema.ToolCall{
		{ID: "call_1", Function: schema.FunctionCall{Name: "sh", Arguments: `{"command":"rm -rf /"}`}},
		{ID: "call_2", Function: schema.FunctionCall{Name: "sh", Arguments: `{"command":"ls"}`}},
	}))
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	for _, m := range out {
		fmt.Println(m.ToolCallID, m.Content)
	}
	// Output:
	// call_1 denied by no-rm: rm is not allowed
	// call_2 ran sh {"command":"ls"}
}
