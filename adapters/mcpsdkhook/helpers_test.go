package mcpsdkhook_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"
)

// tools is a server's tools and what their handlers were given.
type tools struct {
	mu    sync.Mutex
	calls map[string][]string // tool -> the arguments each call ran with, as the handler read them
	runs  atomic.Int64
}

func (ts *tools) record(tool, got string) {
	ts.runs.Add(1)
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.calls == nil {
		ts.calls = map[string][]string{}
	}
	ts.calls[tool] = append(ts.calls[tool], got)
}

func (ts *tools) seen(tool string) []string {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return append([]string(nil), ts.calls[tool]...)
}

type fileArgs struct {
	Path  string `json:"path"`
	Count int64  `json:"count,omitempty"`
}

type fileInfo struct {
	Path  string `json:"path"`
	Lines int64  `json:"lines"`
}

var objectSchema = json.RawMessage(`{"type":"object"}`)

// richResult is a result with every kind of content, structured content and
// _meta: what an allowed call must hand back exactly.
func richResult() *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Meta: mcp.Meta{"io.example/trace": "t-1"},
		Content: []mcp.Content{
			&mcp.TextContent{Text: "a <b> & c"},
			&mcp.ImageContent{Data: []byte("png!"), MIMEType: "image/png"},
			&mcp.AudioContent{Data: []byte("wav!"), MIMEType: "audio/wav"},
			&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///notes.txt", MIMEType: "text/plain", Text: "hello"}},
			&mcp.ResourceLink{URI: "file:///big.bin", Name: "big", Description: "a big file", MIMEType: "application/octet-stream"},
		},
		StructuredContent: json.RawMessage(`{"user":"ann","token":"s3cr3t","n":9007199254740993}`),
	}
}

// addTools registers the tools every test server has, in every handler form
// the SDK offers.
func addTools(srv *mcp.Server, ts *tools) {
	// A ToolHandler: reads the raw arguments.
	srv.AddTool(&mcp.Tool{Name: "echo", InputSchema: objectSchema},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			got := string(req.Params.Arguments)
			ts.record("echo", got)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: got}}}, nil
		})
	// A typed handler: the SDK validates and binds the arguments to an In
	// struct whose schema allows no other fields.
	mcp.AddTool(srv, &mcp.Tool{Name: "typed"}, func(ctx context.Context, req *mcp.CallToolRequest, a fileArgs) (*mcp.CallToolResult, any, error) {
		got := fmt.Sprintf("path=%s count=%d", a.Path, a.Count)
		ts.record("typed", got)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: got}}}, nil, nil
	})
	// Typed both ways: structured output too.
	mcp.AddTool(srv, &mcp.Tool{Name: "stat"}, func(ctx context.Context, req *mcp.CallToolRequest, a fileArgs) (*mcp.CallToolResult, fileInfo, error) {
		ts.record("stat", fmt.Sprintf("path=%s count=%d", a.Path, a.Count))
		return nil, fileInfo{Path: a.Path, Lines: a.Count * 10}, nil
	})
	srv.AddTool(&mcp.Tool{Name: "rich", InputSchema: objectSchema}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ts.record("rich", "")
		return richResult(), nil
	})
	srv.AddTool(&mcp.Tool{Name: "whoami", InputSchema: objectSchema}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ts.record("whoami", "")
		return &mcp.CallToolResult{
			Content:           []mcp.Content{&mcp.TextContent{Text: `{"user":"ann","token":"s3cr3t"}`}},
			StructuredContent: map[string]any{"user": "ann", "token": "s3cr3t"},
		}, nil
	})
	srv.AddTool(&mcp.Tool{Name: "fails", InputSchema: objectSchema}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ts.record("fails", "")
		return nil, errors.New("disk full")
	})
}

// server returns a server with the test tools and the middleware (none when
// nil).
func newServer(mw mcp.Middleware, opts *mcp.ServerOptions) (*mcp.Server, *tools) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "1.0.0"}, opts)
	ts := &tools{}
	addTools(srv, ts)
	if mw != nil {
		srv.AddReceivingMiddleware(mw)
	}
	return srv, ts
}

// connect starts a server with the middleware (nil: none) and returns a
// client session of it, and the server's tools.
func connect(t testing.TB, mw mcp.Middleware) (*mcp.ClientSession, *tools) {
	t.Helper()
	srv, ts := newServer(mw, nil)
	return dial(t, srv, nil, ""), ts
}

// dial connects a client to srv over the SDK's in-memory transports, at the
// given protocol version ("" for the newest).
func dial(t testing.TB, srv *mcp.Server, opts *mcp.ClientOptions, version string) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	require.NoError(t, err)
	c := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1.0.0"}, opts)
	cs, err := c.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
	require.NoError(t, err)
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
	})
	return cs
}

// call calls a tool with raw JSON arguments, so that the bytes on the wire
// are exactly the test's.
func call(t testing.TB, cs *mcp.ClientSession, tool, args string) (*mcp.CallToolResult, error) {
	t.Helper()
	p := &mcp.CallToolParams{Name: tool}
	if args != "" {
		p.Arguments = json.RawMessage(args)
	}
	return cs.CallTool(context.Background(), p)
}

func text(s string) mcp.Content { return &mcp.TextContent{Text: s} }

// want is the result a client of the test server reads for the wire JSON
// js: the SDK adds its server's name to _meta and, at protocol 2026-07-28,
// marks the result complete.
func want(js string) *mcp.CallToolResult {
	var m map[string]any
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		panic(err)
	}
	meta, _ := m["_meta"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
	}
	meta["io.modelcontextprotocol/serverInfo"] = map[string]any{"name": "test", "version": "1.0.0"}
	m["_meta"] = meta
	m["resultType"] = "complete"
	b, _ := json.Marshal(m)
	var r mcp.CallToolResult
	if err := json.Unmarshal(b, &r); err != nil {
		panic(err)
	}
	return &r
}

func texts(isError bool, ss ...string) *mcp.CallToolResult {
	content := make([]map[string]string, len(ss))
	for i, s := range ss {
		content[i] = map[string]string{"type": "text", "text": s}
	}
	b, _ := json.Marshal(map[string]any{"content": content, "isError": isError})
	return want(string(b))
}

func errorResult(ss ...string) *mcp.CallToolResult { return texts(true, ss...) }

func textResult(ss ...string) *mcp.CallToolResult { return texts(false, ss...) }

// trail records every run of a chain.
type trail struct {
	mu   sync.Mutex
	runs []hookchain.RunReport
}

func (tr *trail) observer() hookchain.Observer {
	return hookchain.Observer{Run: func(ctx context.Context, r hookchain.RunReport) {
		tr.mu.Lock()
		defer tr.mu.Unlock()
		tr.runs = append(tr.runs, r)
	}}
}

func (tr *trail) all() []hookchain.RunReport {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return append([]hookchain.RunReport(nil), tr.runs...)
}

func allow(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
	return hookchain.Allow(), nil
}

func deny(reason string) hookchain.Interceptor {
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny(reason), nil
	}
}

func modify(in string) hookchain.Interceptor {
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Modify(json.RawMessage(in), "pinned"), nil
	}
}

func replace(out string, isError bool) hookchain.Interceptor {
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Replace(json.RawMessage(out), isError, "redacted"), nil
	}
}
