// Package mcpgohook puts a hookchain.Chain in front of the tools of an
// MCP server built with github.com/mark3labs/mcp-go, as one tool-handler
// middleware:
//
//	srv := server.NewMCPServer("files", "1.0.0",
//		server.WithToolHandlerMiddleware(mcpgohook.Middleware(chain)))
//
// Every tools/call is put to the chain before the handler runs and after it
// returns. Other requests never reach a tool-handler middleware, so they pass
// untouched.
//
// # What the chain sees
//
// Before the call, Event.Tool is the tool's name (mapped by WithToolName,
// so that a matcher written for Claude Code, such as mcp__github__.*,
// applies) and Event.Input is the arguments exactly as the client sent them
// (a JSON object, {} when absent): the bytes off the wire, never a round trip
// through float64. A map handler (GetArguments, the Require* helpers) reads
// the map mcp-go decoded from those bytes, whose numbers are float64: an
// integer past 2^53 is rounded there, and the chain saw its exact digits. A
// guard on such numbers must be written for both, or the tool typed (its
// struct fields bind exactly). mcp-go has no tool-use id; Event.CallID is
// empty, and a grant covers the one run that presents it.
//
// Arguments a handler could read otherwise than the chain are refused before
// the chain is asked, and the handler does not run: a handler that binds
// them to a Go struct matches keys whatever their case, so where the tool's
// input schema names its properties (nested ones, a map's values and array
// items included), a key alike but for case to one of them and not that
// one — {"PATH": ...} against a property "path" — is an error result naming
// it. A rewrite is
// checked the same way. Keys the schema does not name are not checked: a
// tool with no properties in its schema must read its keys exactly.
//
// After the call, Event.Output is the result in its MCP JSON form,
//
//	{"content":[...],"structuredContent":{...},"_meta":{...}}
//
// (structuredContent and _meta only when present), and Event.IsError is the
// result's isError. A Go error from the handler is shown as an error result:
// IsError set, the error's text as the Output string.
//
// # What the client gets
//
//   - Allowed at both hooks: exactly what the handler returned, images,
//     resources and structuredContent included — the same *CallToolResult, or
//     the same error, which mcp-go turns into a JSON-RPC error as it would
//     without the chain. A result the handler returned beside its error is
//     dropped: the after-chain was shown the error alone.
//   - Denied, before or after the call: a result with isError set whose one
//     text block is the chain's reason. Before the call the handler does not
//     run; after it the output is withheld. A refusal is a tool result the
//     model reads and can act on, never a protocol error.
//   - Modified: the handler runs with the rewritten arguments, in every form
//     it may read them — Params.Arguments for a map handler, and
//     Params.RawArguments, which mcp.NewTypedToolHandler and BindArguments
//     read first. The rewrite is checked against the tool's input schema
//     first (see WithoutSchemaCheck): mcp-go validates the client's arguments
//     before any middleware runs, so a rewrite would otherwise bypass it.
//   - Replaced: a JSON string becomes one text block; a JSON object is read as
//     a CallToolResult (content, structuredContent, _meta), which is how a
//     link redacts structuredContent; any other JSON value becomes one text
//     block holding it. The replacement's IsError, or an isError in the
//     object, makes it an error result. A replacement that is not a tool
//     result (an unknown content type, say) is refused, never half-applied.
//   - Asked and deferred (*hookchain.ApprovalPending): an error result saying
//     approval is pending; the handler did not run. OnPending hands the host
//     the ticket.
//
// A handler that panics has its panic made an error, shown to the
// after-chain as any error is, so that no recovery outside the chain
// (server.WithRecovery added before this middleware) sends its text to the
// client unjudged. A handler that ends its goroutine (runtime.Goexit) leaves
// the call unanswered, as it would without the chain.
//
// Notes that links leave for the model (Outcome.WithNote) are appended to
// the content as text blocks, one per note, after the result's own content:
// content is what a client shows the model, _meta is not. When the handler's
// Go error is returned as is, its text carries the notes.
//
// # Approval
//
// A link that answers Ask is resolved by the chain's Approver.
// ElicitationApprover asks the person at the MCP client, by elicitation.
// WithSessions gives every MCP session its own hookchain.Session, so an
// "approve for this session" latches for that session alone.
//
// # Tasks
//
// A regular tool called as a task (a tools/call with task params, for a
// tool whose TaskSupport allows it) passes through Middleware like any
// other call. A tool registered with AddTaskTool does not: mcp-go runs its
// handler past the tool-handler middlewares, so wrap each such handler with
// TaskMiddleware.
//
// mcp-go v1.2.1 ends a task's context as soon as the tools/call that
// started it is answered, before the task has run (mark3labs/mcp-go#897).
// A call made as a task is therefore put to the chain, and its handler run,
// under that context's values without its end: the chain judges the task
// rather than refusing it for an end no client asked for, and tasks/cancel
// does not reach the handler, as it does not without the chain.
package mcpgohook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapt"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Option configures Middleware.
type Option func(*config)

type config struct {
	toolName  func(string) string
	noSchema  bool
	sessions  *sessions
	onPending func(context.Context, *hookchain.ApprovalPending)
}

// WithToolName maps the MCP tool name to the name the chain sees, e.g.
//
//	mcpgohook.WithToolName(func(tool string) string { return "mcp__github__" + tool })
//
// so that matchers written for Claude Code's names apply. A mapping that
// returns "" leaves the chain no name, and the chain refuses such calls.
func WithToolName(f func(tool string) string) Option {
	return func(c *config) { c.toolName = f }
}

// WithoutSchemaCheck lets a rewritten input reach the handler without being
// checked against the tool's input schema. Use it for tools whose schema is
// known not to describe what their handler accepts.
func WithoutSchemaCheck() Option {
	return func(c *config) { c.noSchema = true }
}

// OnPending is called, before the client is answered, for every call whose
// approval the chain's approver deferred: p.Ticket is the question to put to
// a person out of band. Once they have answered, the host presents
// hookchain.WithGrant(ctx, p.Ticket.Grant(approval)) in the context of the
// client's next attempt at the same call (a tool-handler middleware placed
// before this one can add it), and the chain lets that call, and only that
// call, run.
func OnPending(f func(ctx context.Context, p *hookchain.ApprovalPending)) Option {
	return func(c *config) { c.onPending = f }
}

// Middleware returns mcp-go tool-handler middleware that puts every tool call
// to c, before and after the handler runs. It is safe for concurrent calls.
// Middleware panics on a nil chain, as a wiring mistake.
func Middleware(c *hookchain.Chain, opts ...Option) server.ToolHandlerMiddleware {
	return newMiddleware(c, "Middleware", opts).wrap
}

func newMiddleware(c *hookchain.Chain, ctor string, opts []Option) *middleware {
	if c == nil {
		panic("mcpgohook: " + ctor + " on a nil *hookchain.Chain")
	}
	m := &middleware{chain: c}
	for _, o := range opts {
		o(&m.config)
	}
	return m
}

type middleware struct {
	chain *hookchain.Chain
	config
	schemas schemaCache
	shapes  shapes
}

// wrap is called by mcp-go for every call, to build that call's handler, so
// it only captures next.
func (m *middleware) wrap(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return m.handle(ctx, req, next)
	}
}

func (m *middleware) handle(ctx context.Context, req mcp.CallToolRequest, next server.ToolHandlerFunc) (*mcp.CallToolResult, error) {
	if req.Params.Task != nil {
		// mcp-go v1.2.1 runs a task under the context of the tools/call that
		// started it, and ends that context once the call is answered, with
		// the task's work still to do (mark3labs/mcp-go#897): the end is not
		// the client's. Under it the chain would refuse every task.
		ctx = context.WithoutCancel(ctx)
	}
	input, err := arguments(req)
	if err != nil {
		return errorResult("hookchain: the arguments of " + req.Params.Name + " cannot be read as JSON: " + err.Error()), nil
	}
	if fault := m.alikeFault(ctx, req.Params.Name, input); fault != "" {
		return errorResult(fault), nil
	}
	tool := req.Params.Name
	if m.toolName != nil {
		tool = m.toolName(tool)
	}
	if m.sessions != nil {
		ctx = hookchain.WithSession(ctx, m.sessions.of(ctx))
	}
	var (
		got    *mcp.CallToolResult // what the handler returned, to hand back untouched
		gotErr error
	)
	exec := func(ctx context.Context, call hookchain.Call) (hookchain.Result, error) {
		if !adapt.Same(call.Input, input) {
			if fault := m.alikeFault(ctx, req.Params.Name, call.Input); fault != "" {
				got = errorResult(fault)
				return hookchain.ErrorResult(fault), nil
			}
			if err := m.checkRewrite(ctx, req.Params.Name, call.Input); err != nil {
				got = errorResult(err.Error())
				return hookchain.ErrorResult(err.Error()), nil
			}
			req = withArguments(req, call.Input)
		}
		got, gotErr = run(ctx, next, req)
		if gotErr != nil {
			// The after-chain is shown the error alone, so the error is all
			// that goes on: a result beside it is never handed back.
			got = nil
			return hookchain.Result{}, gotErr
		}
		if got == nil {
			return hookchain.Result{}, nil
		}
		out, err := encodeResult(got)
		if err != nil {
			got, gotErr = nil, adapt.Unencodable(req.Params.Name, err)
			return hookchain.Result{}, gotErr
		}
		return hookchain.Result{Output: out, IsError: got.IsError}, nil
	}
	res, err := m.chain.Execute(ctx, hookchain.Call{Tool: tool, Input: input}, exec)
	switch res.Verdict {
	case hookchain.Allowed:
		if len(res.Notes) == 0 {
			return got, err
		}
		if err != nil {
			return got, adapt.Noted(err, res.Notes)
		}
		return withNotes(got, res.Notes), nil
	case hookchain.Replaced:
		r, derr := decodeResult(req.Params.Name, res.Output, res.IsError)
		if derr != nil {
			r = errorResult(derr.Error())
		}
		return withNotes(r, res.Notes), nil
	case hookchain.Asked:
		var p *hookchain.ApprovalPending
		if errors.As(err, &p) && m.onPending != nil {
			m.onPending(ctx, p)
		}
	}
	// Denied, or Asked: the chain's own words, as an error result.
	return withNotes(errorResult(adapt.TextOf(res.Output)), res.Notes), nil
}

// run calls the handler, its panic made an error: the handler has run, and
// what its panic says is shown to the after-chain, as any error is, rather
// than unwinding past the chain to a recovery (server.WithRecovery added
// before this middleware) that would send it to the client unjudged.
func run(ctx context.Context, next server.ToolHandlerFunc, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("hookchain: the handler of %s panicked: %v", req.Params.Name, r)
		}
	}()
	return next(ctx, req)
}

// arguments returns the call's arguments as JSON: the bytes the client sent
// when mcp-go kept them, {} when there are none.
func arguments(req mcp.CallToolRequest) (json.RawMessage, error) {
	if raw := req.Params.RawArguments; len(raw) > 0 && string(raw) != "null" {
		return raw, nil
	}
	switch a := req.Params.Arguments.(type) {
	case nil:
		return json.RawMessage("{}"), nil
	case json.RawMessage:
		if len(a) == 0 || string(a) == "null" {
			return json.RawMessage("{}"), nil
		}
		return a, nil
	default:
		return json.Marshal(a)
	}
}

// withArguments returns req with its arguments replaced in both of the forms
// handlers read: RawArguments (the typed handlers and BindArguments read it
// first) and Arguments (GetArguments and the Require* helpers), decoded as
// mcp-go decodes the wire.
func withArguments(req mcp.CallToolRequest, in json.RawMessage) mcp.CallToolRequest {
	var args any
	_ = json.Unmarshal(in, &args) // the chain accepted in as JSON
	req.Params.RawArguments = in
	req.Params.Arguments = args
	return req
}

// withNotes returns r with one text block appended per note. r is the
// handler's, and may be shared, so it is copied, never changed.
func withNotes(r *mcp.CallToolResult, notes []hookchain.Note) *mcp.CallToolResult {
	if len(notes) == 0 || r == nil {
		return r
	}
	c := *r
	c.Content = make([]mcp.Content, 0, len(r.Content)+len(notes))
	c.Content = append(c.Content, r.Content...)
	for _, n := range notes {
		c.Content = append(c.Content, mcp.NewTextContent(n.Text))
	}
	return &c
}

func errorResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(text)}, IsError: true}
}
