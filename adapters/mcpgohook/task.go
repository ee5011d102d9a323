package mcpgohook

import (
	"context"

	"github.com/hookchain/hookchain"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// TaskMiddleware puts the calls of a task tool to c, as Middleware does for
// regular tools. mcp-go runs a handler registered with AddTaskTool on a
// goroutine of its own, past its tool-handler middlewares, so such a
// handler is judged only when it is wrapped:
//
//	srv.AddTaskTool(tool, mcpgohook.TaskMiddleware(chain)(handler))
//
// The chain sees the call as it sees any other, before the handler runs
// and after it returns, with Event.Output the task's result (its content
// and structuredContent) in the form Middleware describes. What the client
// reads through tasks/result follows the same rules: a denial is a result
// with isError set holding the chain's reason, and the handler does not
// run; an allowed result is exactly the handler's. TaskMiddleware panics
// on a nil chain, as a wiring mistake.
func TaskMiddleware(c *hookchain.Chain, opts ...Option) func(server.TaskToolHandlerFunc) server.TaskToolHandlerFunc {
	m := newMiddleware(c, "TaskMiddleware", opts)
	return func(next server.TaskToolHandlerFunc) server.TaskToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CreateTaskResult, error) {
			return m.handleTask(ctx, req, next)
		}
	}
}

func (m *middleware) handleTask(ctx context.Context, req mcp.CallToolRequest, next server.TaskToolHandlerFunc) (*mcp.CreateTaskResult, error) {
	var (
		task *mcp.CreateTaskResult // what the handler returned, to hand back untouched
		seen *mcp.CallToolResult   // the same, as the tool result the chain judged
	)
	r, err := m.handle(ctx, req, func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		t, err := next(ctx, req)
		if err != nil || t == nil {
			return nil, err
		}
		task = t
		seen = &mcp.CallToolResult{Content: t.Content, StructuredContent: t.StructuredContent, IsError: t.IsError}
		return seen, nil
	})
	switch {
	case r == nil:
		return nil, err
	case r == seen:
		return task, err
	}
	out := &mcp.CreateTaskResult{Content: r.Content, StructuredContent: r.StructuredContent, IsError: r.IsError}
	if task != nil {
		out.Result, out.Task = task.Result, task.Task
	}
	return out, err
}
