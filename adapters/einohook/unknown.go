package einohook

import (
	"context"

	"github.com/cloudwego/eino/compose"
	"github.com/hookchain/hookchain"
)

// UnknownToolsHandler returns h, for compose.ToolsNodeConfig's
// UnknownToolsHandler, with every call put to c as Middleware puts a tool's:
// eino runs that handler, for a tool the node does not have, without the
// node's middlewares, so a handler given bare is a way to run code the
// chain never judges. The chain sees the name the model wrote, the model's
// tool-call id and the arguments; a denial is the handler's answer, and a
// deferred approval eino's interrupt. Guard and GuardAgent use it on the
// config's own handler. It panics on a nil chain or handler, as a wiring
// mistake.
func UnknownToolsHandler(c *hookchain.Chain, h func(ctx context.Context, name, input string) (string, error)) func(ctx context.Context, name, input string) (string, error) {
	if c == nil || h == nil {
		panic("einohook: UnknownToolsHandler with a nil chain or handler")
	}
	m := &middleware{chain: c}
	run := m.invokable(func(ctx context.Context, in *compose.ToolInput) (*compose.ToolOutput, error) {
		out, err := h(ctx, in.Name, in.Arguments)
		if err != nil {
			return nil, err
		}
		return &compose.ToolOutput{Result: out}, nil
	})
	return func(ctx context.Context, name, input string) (string, error) {
		out, err := run(ctx, &compose.ToolInput{Name: name, Arguments: input, CallID: compose.GetToolCallID(ctx)})
		if err != nil || out == nil {
			return "", err
		}
		return out.Result, nil
	}
}
