package einohook

import (
	"context"
	"slices"

	"github.com/cloudwego/eino/adk"
	"github.com/cloudwego/eino/compose"
	"github.com/hookchain/hookchain"
)

// Guard installs c in conf so that every call the node it builds makes is
// put to c: it adds Middleware, with WithTools for conf.Tools and opts, as
// the last of conf.ToolCallMiddlewares, and puts conf.UnknownToolsHandler,
// if there is one, behind UnknownToolsHandler. Call it once, on the
// finished config, before eino builds the node from it:
//
//	conf := compose.ToolsNodeConfig{Tools: tools, UnknownToolsHandler: unknown}
//	einohook.Guard(ctx, chain, &conf)
//	node, err := compose.NewToolNode(ctx, &conf)
//
// and so for react.AgentConfig's ToolsConfig and adk.ToolsConfig's
// ToolsNodeConfig.
//
// The middleware is the last, the innermost: the chain judges the arguments
// exactly as the tool will run with them — after conf.ToolArgumentsHandler
// and any middleware before it have made them — and is shown the result
// exactly as the tool returned it. Every middleware before it (eino's own
// result offloading among them) only ever gets what the chain let through;
// one that changes it changes what the model reads after the chain has
// judged it. It panics on a nil chain or config, as a wiring mistake.
func Guard(ctx context.Context, c *hookchain.Chain, conf *compose.ToolsNodeConfig, opts ...Option) {
	if c == nil || conf == nil {
		panic("einohook: Guard with a nil chain or config")
	}
	opts = append([]Option{WithTools(ctx, conf.Tools...)}, opts...)
	// Clipped: a slice the caller shares with another config is never written.
	conf.ToolCallMiddlewares = append(slices.Clip(conf.ToolCallMiddlewares), Middleware(c, opts...))
	if conf.UnknownToolsHandler != nil {
		conf.UnknownToolsHandler = UnknownToolsHandler(c, conf.UnknownToolsHandler)
	}
}

// GuardAgent installs c in an adk ChatModelAgent's config, as Guard does in
// a ToolsNodeConfig, and innermost of all: adk puts each of the config's
// Middlewares' WrapToolCall inside the ToolsNodeConfig's middlewares, so a
// chain installed there with Guard would judge arguments such a middleware
// then changes. GuardAgent adds the chain as the last of conf.Middlewares,
// with WithTools for the config's tools and those the middlewares add, and
// puts the config's UnknownToolsHandler behind it. Call it once, on the
// finished config, before adk.NewChatModelAgent. It panics on a nil chain
// or config, as a wiring mistake.
func GuardAgent(ctx context.Context, c *hookchain.Chain, conf *adk.ChatModelAgentConfig, opts ...Option) {
	if c == nil || conf == nil {
		panic("einohook: GuardAgent with a nil chain or config")
	}
	tools := slices.Clip(conf.ToolsConfig.Tools)
	for _, m := range conf.Middlewares {
		tools = append(tools, m.AdditionalTools...)
	}
	opts = append([]Option{WithTools(ctx, tools...)}, opts...)
	conf.Middlewares = append(slices.Clip(conf.Middlewares), adk.AgentMiddleware{WrapToolCall: Middleware(c, opts...)})
	if h := conf.ToolsConfig.UnknownToolsHandler; h != nil {
		conf.ToolsConfig.UnknownToolsHandler = UnknownToolsHandler(c, h)
	}
}
