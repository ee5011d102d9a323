package mcpgohook_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stretchr/testify/require"
)

// tools is a server's tools and what their handlers were given.
type tools struct {
	mu    sync.Mutex
	calls map[string][]string // tool -> the arguments each call was run with, as the handler read them
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
	Count int64  `json:"count"`
}

type fileInfo struct {
	Path  string `json:"path"`
	Lines int64  `json:"lines"`
}

// richResult is a result with every kind of content, structured content and
// _meta: what an allowed call must hand back byte for byte.
func richResult() *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Result: mcp.Result{Meta: mcp.NewMetaFromMap(map[string]any{"io.example/trace": "t-1"})},
		Content: []mcp.Content{
			mcp.NewTextContent("a <b> & c"),
			mcp.NewImageContent("iVBORw0KGgo=", "image/png"),
			mcp.NewAudioContent("UklGRg==", "audio/wav"),
			mcp.NewEmbeddedResource(mcp.TextResourceContents{URI: "file:///notes.txt", MIMEType: "text/plain", Text: "hello"}),
			mcp.NewResourceLink("file:///big.bin", "big", "a big file", "application/octet-stream"),
		},
		StructuredContent: map[string]any{"user": "ann", "token": "s3cr3t", "n": json.Number("9007199254740993")},
	}
}

// addTools registers the tools every test server has, in every handler form
// mcp-go offers.
func addTools(srv *server.MCPServer, ts *tools) {
	// A map handler: reads GetArguments.
	srv.AddTool(mcp.NewTool("echo", mcp.WithString("path"), mcp.WithNumber("count")),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			b, _ := json.Marshal(req.GetArguments())
			ts.record("echo", string(b))
			return mcp.NewToolResultText(string(b)), nil
		})
	// A typed handler: binds RawArguments into a struct.
	srv.AddTool(mcp.NewTool("typed", mcp.WithString("path"), mcp.WithNumber("count")),
		mcp.NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, a fileArgs) (*mcp.CallToolResult, error) {
			got := fmt.Sprintf("path=%s count=%d", a.Path, a.Count)
			ts.record("typed", got)
			return mcp.NewToolResultText(got), nil
		}))
	// A schema-bound In struct: the input schema is generated from the
	// struct, which forbids other fields, and the output is structured.
	srv.AddTool(mcp.NewTool("stat", mcp.WithInputSchema[fileArgs](), mcp.WithOutputSchema[fileInfo]()),
		mcp.NewStructuredToolHandler(func(ctx context.Context, req mcp.CallToolRequest, a fileArgs) (fileInfo, error) {
			ts.record("stat", fmt.Sprintf("path=%s count=%d", a.Path, a.Count))
			return fileInfo{Path: a.Path, Lines: a.Count * 10}, nil
		}))
	srv.AddTool(mcp.NewTool("rich"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ts.record("rich", "")
		return richResult(), nil
	})
	srv.AddTool(mcp.NewTool("whoami"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ts.record("whoami", "")
		return mcp.NewToolResultStructured(map[string]any{"user": "ann", "token": "s3cr3t"}, `{"user":"ann","token":"s3cr3t"}`), nil
	})
	srv.AddTool(mcp.NewTool("fails"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ts.record("fails", "")
		return nil, fmt.Errorf("disk full")
	})
}

// connect starts a server with the middleware (nil: none) and returns an
// initialised in-process client of it, and the server's tools.
func connect(t testing.TB, mw server.ToolHandlerMiddleware, opts ...server.ServerOption) (*client.Client, *tools) {
	t.Helper()
	if mw != nil {
		opts = append(opts, server.WithToolHandlerMiddleware(mw))
	}
	srv := server.NewMCPServer("test", "1.0.0", opts...)
	ts := &tools{}
	addTools(srv, ts)
	return dial(t, srv), ts
}

func dial(t testing.TB, srv *server.MCPServer, copts ...client.ClientOption) *client.Client {
	t.Helper()
	c, err := client.NewInProcessClientWithOptions(srv, copts...)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	ctx := context.Background()
	require.NoError(t, c.Start(ctx))
	_, err = c.Initialize(ctx, mcp.InitializeRequest{Params: mcp.InitializeParams{
		ProtocolVersion: mcp.LATEST_LEGACY_PROTOCOL_VERSION,
		ClientInfo:      mcp.Implementation{Name: "test-client", Version: "1.0.0"},
		Capabilities:    mcp.ClientCapabilities{Elicitation: &mcp.ElicitationCapability{}},
	}})
	require.NoError(t, err)
	return c
}

// call calls a tool with raw JSON arguments, so that the bytes on the wire
// are exactly the test's.
func call(t testing.TB, c *client.Client, tool, args string) (*mcp.CallToolResult, error) {
	t.Helper()
	p := mcp.CallToolParams{Name: tool}
	if args != "" {
		p.Arguments = json.RawMessage(args)
	}
	return c.CallTool(context.Background(), mcp.CallToolRequest{Params: p})
}

func text(s string) mcp.Content { return mcp.NewTextContent(s) }

// errorResult is what the client reads for a result with isError set.
func errorResult(texts ...string) *mcp.CallToolResult {
	r := &mcp.CallToolResult{IsError: true}
	for _, s := range texts {
		r.Content = append(r.Content, text(s))
	}
	return r
}

func textResult(texts ...string) *mcp.CallToolResult {
	r := errorResult(texts...)
	r.IsError = false
	return r
}

// trail records every run of a chain, for asserting what it was shown and
// decided.
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
