// Package mcpsdkhook puts a hookchain.Chain in front of the tools of an MCP
// server built with the official Go SDK, github.com/modelcontextprotocol/go-sdk,
// as one receiving middleware:
//
//	server := mcp.NewServer(&mcp.Implementation{Name: "files", Version: "1.0.0"}, nil)
//	server.AddReceivingMiddleware(mcpsdkhook.Middleware(chain))
//
// Every tools/call request is put to the chain before the tool runs and after
// it returns. Every other request passes through untouched.
//
// # What the chain sees
//
// Before the call, Event.Tool is the tool's name (mapped by WithToolName, so
// that a matcher written for Claude Code, such as mcp__github__.*, applies)
// and Event.Input is the arguments exactly as the client sent them (a JSON
// object, {} when absent): the bytes off the wire, never a round trip through
// float64. MCP has no tool-use id; Event.CallID is empty.
//
// A tool added with mcp.AddTool is bound by the SDK, which matches keys
// exactly and, for an In struct, allows no others: an argument alike but for
// case to a field ({"PATH": ...} against "path") is refused, never read as
// the field the chain saw absent. A ToolHandler added with Server.AddTool
// reads the raw arguments itself, and must read keys exactly too (not with
// encoding/json into a struct, which matches them whatever their case).
//
// After the call, Event.Output is the result in its MCP JSON form,
//
//	{"content":[...],"structuredContent":{...},"_meta":{...}}
//
// (structuredContent and _meta only when present), and Event.IsError is the
// result's isError. A Go error from the tool's handler is shown as an error
// result: IsError set, the error's text as the Output string. (A handler
// added with mcp.AddTool returns most errors as isError results itself; a
// ToolHandler added with Server.AddTool returns them as Go errors, which the
// SDK sends as JSON-RPC errors.)
//
// # What the client gets
//
//   - Allowed at both hooks: exactly what the handler returned, images,
//     resources and structuredContent included — the same *CallToolResult, or
//     the same error. A result the handler returned beside its error is
//     dropped: the after-chain was shown the error alone, which is its text,
//     so a *jsonrpc.Error, which the SDK sends as it is, goes on with its
//     code and message and without its data.
//   - Denied, before or after the call: a result with isError set whose one
//     text block is the chain's reason. Before the call the tool does not run;
//     after it the output is withheld. A refusal is a tool result the model
//     reads, never a protocol error.
//   - Modified: the tool runs with the rewritten arguments. A tool added with
//     mcp.AddTool validates them against its input schema as it does the
//     client's (its In struct allows no other fields) and answers a rewrite it
//     rejects with an isError result; a ToolHandler reads them raw.
//   - Replaced: a JSON string becomes one text block; a JSON object is read as
//     a CallToolResult (content, structuredContent, _meta), which is how a
//     link redacts structuredContent; any other JSON value becomes one text
//     block holding it. The replacement's IsError, or an isError in the
//     object, makes it an error result. A replacement that is not a tool
//     result is refused, never half-applied.
//   - Asked and deferred (*hookchain.ApprovalPending): an error result saying
//     approval is pending; the tool did not run. OnPending hands the host
//     the ticket.
//
// A tool that panics has its panic made an error, shown to the after-chain
// as any error is, so that no recovery outside the chain sends its text to
// the client unjudged. A tool that ends its goroutine (runtime.Goexit)
// leaves the call unanswered, as it would without the chain.
//
// Notes that links leave for the model (Outcome.WithNote) are appended to the
// content as text blocks, one per note, after the result's own content:
// content is what a client shows the model, _meta is not. When the handler's
// Go error is returned as is, its text carries the notes.
//
// # Approval
//
// Every MCP session gets a hookchain.Session of its own, dropped when the
// session ends, so an approver's ApproveAll latches for that session alone.
// ElicitationApprover asks the person at the MCP client, by elicitation.
package mcpsdkhook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapt"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Option configures Middleware.
type Option func(*config)

type config struct {
	toolName  func(string) string
	onPending func(context.Context, *hookchain.ApprovalPending)
}

// WithToolName maps the MCP tool name to the name the chain sees, e.g.
//
//	mcpsdkhook.WithToolName(func(tool string) string { return "mcp__github__" + tool })
//
// so that matchers written for Claude Code's names apply. A mapping that
// returns "" leaves the chain no name, and the chain refuses such calls.
func WithToolName(f func(tool string) string) Option {
	return func(c *config) { c.toolName = f }
}

// OnPending is called, before the client is answered, for every call whose
// approval the chain's approver deferred: p.Ticket is the question to put to
// a person out of band. Once they have answered, the host presents
// hookchain.WithGrant(ctx, p.Ticket.Grant(approval)) in the context of the
// client's next attempt at the same call (a receiving middleware added after
// this one, and so run before it, can add it), and the chain lets that call,
// and only that call, run.
func OnPending(f func(ctx context.Context, p *hookchain.ApprovalPending)) Option {
	return func(c *config) { c.onPending = f }
}

// Middleware returns receiving middleware that puts every tools/call request
// to c, before and after the tool runs. It is safe for concurrent calls, and
// for use by several servers. Middleware panics on a nil chain, as a wiring
// mistake.
func Middleware(c *hookchain.Chain, opts ...Option) mcp.Middleware {
	if c == nil {
		panic("mcpsdkhook: Middleware on a nil *hookchain.Chain")
	}
	m := &middleware{chain: c, sessions: map[*mcp.ServerSession]*hookchain.Session{}}
	for _, o := range opts {
		o(&m.config)
	}
	return m.wrap
}

type middleware struct {
	chain *hookchain.Chain
	config

	mu       sync.Mutex
	sessions map[*mcp.ServerSession]*hookchain.Session
}

func (m *middleware) wrap(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if call, ok := req.(*mcp.CallToolRequest); ok && method == "tools/call" && call.Params != nil {
			return m.handle(ctx, call, next)
		}
		return next(ctx, method, req)
	}
}

func (m *middleware) handle(ctx context.Context, req *mcp.CallToolRequest, next mcp.MethodHandler) (mcp.Result, error) {
	name := req.Params.Name
	input := arguments(req.Params.Arguments)
	tool := name
	if m.toolName != nil {
		tool = m.toolName(tool)
	}
	st := &callState{req: req}
	ctx = context.WithValue(ctx, callKey{}, st)
	if s := m.session(req.Session); s != nil {
		ctx = hookchain.WithSession(ctx, s)
	}
	var (
		got    mcp.Result // what the tool returned, to hand back untouched
		gotErr error
	)
	exec := func(ctx context.Context, call hookchain.Call) (hookchain.Result, error) {
		r := req
		if !adapt.Same(call.Input, input) {
			r = withArguments(req, call.Input)
		}
		got, gotErr = run(ctx, next, r)
		if gotErr != nil {
			// The after-chain is shown the error alone, so the error is all
			// that goes on: a result beside it is never handed back.
			got, gotErr = nil, textOnly(gotErr)
			return hookchain.Result{}, gotErr
		}
		res, ok := got.(*mcp.CallToolResult)
		if !ok && got != nil {
			// Whatever it is, the after-chain cannot be shown it as a tool
			// result, so it is never handed back.
			got, gotErr = nil, fmt.Errorf("hookchain: the result of %s is a %T, not a tool result", name, got)
			return hookchain.Result{}, gotErr
		}
		if res == nil {
			return hookchain.Result{}, nil
		}
		out, err := encodeResult(res)
		if err != nil {
			got, gotErr = nil, adapt.Unencodable(name, err)
			return hookchain.Result{}, gotErr
		}
		return hookchain.Result{Output: out, IsError: res.IsError}, nil
	}
	res, err := m.chain.Execute(ctx, hookchain.Call{Tool: tool, Input: input}, exec)
	modern := speaksMultiRoundTrip(req.Session)
	switch res.Verdict {
	case hookchain.Allowed:
		if len(res.Notes) == 0 {
			return got, err
		}
		if err != nil {
			return got, adapt.Noted(err, res.Notes)
		}
		if r, ok := got.(*mcp.CallToolResult); ok {
			return withNotes(r, res.Notes), nil
		}
		return got, nil
	case hookchain.Replaced:
		r, derr := decodeResult(name, res.Output, res.IsError)
		if derr != nil {
			r = errorResult(derr.Error())
		}
		return complete(withNotes(r, res.Notes), modern), nil
	case hookchain.Asked:
		if st.ask != nil {
			// The approver is asking the client within the protocol: the
			// client answers and calls again (see ElicitationApprover).
			return inputRequired(st.ask, st.state), nil
		}
		var p *hookchain.ApprovalPending
		if errors.As(err, &p) && m.onPending != nil {
			m.onPending(ctx, p)
		}
	}
	// Denied, or Asked: the chain's own words, as an error result.
	return complete(withNotes(errorResult(adapt.TextOf(res.Output)), res.Notes), modern), nil
}

// run calls the tool, its panic made an error: the tool has run, and what
// its panic says is shown to the after-chain, as any error is, rather than
// unwinding past the chain to a recovery outside it that would send it to
// the client unjudged.
func run(ctx context.Context, next mcp.MethodHandler, req *mcp.CallToolRequest) (res mcp.Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("hookchain: the handler of %s panicked: %v", req.Params.Name, r)
		}
	}()
	return next(ctx, "tools/call", req)
}

// textOnly returns err as the after-chain is shown it, its text: a
// *jsonrpc.Error, which the SDK sends as it is, without the data beside its
// message, which its text leaves out. Any other error the SDK sends as its
// text (and a wrapped *jsonrpc.Error's code), so it goes on as it is.
func textOnly(err error) error {
	if w, ok := err.(*jsonrpc.Error); ok && w.Data != nil {
		return &jsonrpc.Error{Code: w.Code, Message: w.Message}
	}
	return err
}

// speaksMultiRoundTrip reports whether the session's client speaks protocol
// 2026-07-28 or later, which has every tool result say whether it is
// complete, and has servers ask the client within a call.
func speaksMultiRoundTrip(ss *mcp.ServerSession) bool {
	if ss == nil {
		return false
	}
	p := ss.InitializeParams()
	return p != nil && p.ProtocolVersion >= "2026-07-28"
}

// completed is a result the SDK reads as complete: it sets a result's type
// only from JSON (or for the handler's own results).
var completed = func() mcp.CallToolResult {
	var r mcp.CallToolResult
	_ = json.Unmarshal([]byte(`{"content":[],"resultType":"complete"}`), &r)
	return r
}()

// complete marks a result the chain made, at protocol 2026-07-28 and later,
// as complete, as the SDK marks the results of tools.
func complete(r *mcp.CallToolResult, modern bool) *mcp.CallToolResult {
	if !modern {
		return r
	}
	c := completed
	c.Meta, c.Content, c.StructuredContent, c.IsError = r.Meta, r.Content, r.StructuredContent, r.IsError
	return &c
}

// session returns the hookchain.Session of an MCP session, made on its first
// call and dropped when it ends.
func (m *middleware) session(ss *mcp.ServerSession) *hookchain.Session {
	if ss == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.sessions[ss]
	if !ok {
		s = hookchain.NewSession()
		m.sessions[ss] = s
		go func() {
			_ = ss.Wait()
			m.mu.Lock()
			defer m.mu.Unlock()
			delete(m.sessions, ss)
		}()
	}
	return s
}

// arguments returns the call's arguments as the client sent them, {} when
// there are none.
func arguments(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || string(raw) == "null" {
		return json.RawMessage("{}")
	}
	return raw
}

// withArguments returns a copy of req with the rewritten arguments. The
// request is the SDK's, and middleware outside this one may read it after the
// call, so it is not changed.
func withArguments(req *mcp.CallToolRequest, in json.RawMessage) *mcp.CallToolRequest {
	p := *req.Params
	p.Arguments = in
	r := *req
	r.Params = &p
	return &r
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
		c.Content = append(c.Content, &mcp.TextContent{Text: n.Text})
	}
	return &c
}

func errorResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}, IsError: true}
}
