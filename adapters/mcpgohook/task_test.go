package mcpgohook_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/mcpgohook"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// taskServer is a server with the chain installed as the package says: the
// middleware for every regular tool, TaskMiddleware on each task tool. It
// has one tool of each kind mcp-go calls: a plain tool, a typed one, a
// regular tool that may run as a task, a task tool, and a session tool.
type taskServer struct {
	srv *server.MCPServer
	ran atomic.Int32 // handlers that ran
}

func newTaskServer(t *testing.T, chain *hookchain.Chain) *taskServer {
	ts := &taskServer{}
	ts.srv = server.NewMCPServer("test", "1.0.0", server.WithTaskCapabilities(true, true, true),
		server.WithToolHandlerMiddleware(mcpgohook.Middleware(chain)))
	plain := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ts.ran.Add(1)
		return mcp.NewToolResultText("ran " + req.Params.Name), nil
	}
	ts.srv.AddTool(mcp.NewTool("plain"), plain)
	ts.srv.AddTool(mcp.NewTool("typed", mcp.WithString("path")), mcp.NewTypedToolHandler(
		func(ctx context.Context, req mcp.CallToolRequest, in struct{ Path string }) (*mcp.CallToolResult, error) {
			ts.ran.Add(1)
			return mcp.NewToolResultText("ran typed on " + in.Path), nil
		}))
	ts.srv.AddTool(mcp.NewTool("hybrid", mcp.WithTaskSupport(mcp.TaskSupportOptional)), plain)
	task, ran := taskHandler(chain)
	ts.srv.AddTaskTool(mcp.NewTool("task", mcp.WithTaskSupport(mcp.TaskSupportRequired)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CreateTaskResult, error) {
		defer func() { ts.ran.Add(ran.Swap(0)) }()
		return task(ctx, req)
	})
	return ts
}

// taskAnswer is what the task tool's handler returns.
var taskAnswer = &mcp.CreateTaskResult{Content: []mcp.Content{mcp.NewTextContent("ran task secret-42")},
	StructuredContent: map[string]any{"token": "secret-42"}}

// taskHandler returns the task tool's handler wrapped with TaskMiddleware,
// and how many times the handler ran.
func taskHandler(chain *hookchain.Chain) (server.TaskToolHandlerFunc, *atomic.Int32) {
	var ran atomic.Int32
	return mcpgohook.TaskMiddleware(chain)(func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CreateTaskResult, error) {
		ran.Add(1)
		return taskAnswer, nil
	}), &ran
}

// relatedTask returns the _meta mcp-go adds to a task's result, naming the
// task.
func relatedTask(t *testing.T, res json.RawMessage) string {
	var r struct {
		Meta json.RawMessage `json:"_meta"`
	}
	require.NoError(t, json.Unmarshal(res, &r))
	require.Contains(t, string(r.Meta), "io.modelcontextprotocol/related-task")
	return string(r.Meta)
}

func taskCall(args string) mcp.CallToolRequest {
	return mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "task", Arguments: json.RawMessage(args)}}
}

// send hands the server one JSON-RPC message, as its transports do, and
// returns the result it answers with.
func (ts *taskServer) send(t *testing.T, ctx context.Context, method, params string) json.RawMessage {
	t.Helper()
	msg := fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":%q,"params":%s}`, method, params)
	resp := ts.srv.HandleMessage(ctx, []byte(msg))
	out, err := json.Marshal(resp)
	require.NoError(t, err)
	var r struct {
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	require.NoError(t, json.Unmarshal(out, &r))
	require.Empty(t, r.Error, "%s %s", method, params)
	return r.Result
}

// callAsTask starts a task-augmented call and returns what tasks/result
// answers for it once it is done.
func (ts *taskServer) callAsTask(t *testing.T, ctx context.Context, tool, args string) json.RawMessage {
	t.Helper()
	created := ts.send(t, ctx, "tools/call", fmt.Sprintf(`{"name":%q,"arguments":%s,"task":{"ttl":60000}}`, tool, args))
	var c struct {
		Task struct {
			TaskID string `json:"taskId"`
		} `json:"task"`
	}
	require.NoError(t, json.Unmarshal(created, &c), "%s", created)
	require.NotEmpty(t, c.Task.TaskID, "%s", created)
	return ts.send(t, ctx, "tasks/result", fmt.Sprintf(`{"taskId":%q}`, c.Task.TaskID))
}

// content returns the text of a result's content blocks and its isError.
func content(t *testing.T, res json.RawMessage) ([]string, bool) {
	t.Helper()
	var r struct {
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
		IsError bool `json:"isError"`
	}
	require.NoError(t, json.Unmarshal(res, &r), "%s", res)
	var texts []string
	for _, c := range r.Content {
		texts = append(texts, c.Text)
	}
	return texts, r.IsError
}

func TestADenyAllChainIsAskedAboutEveryCallFormOfMcpGoAndNoToolRuns(t *testing.T) {
	var asked []string
	chain := hookchain.New(hookchain.Before("deny-all", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		asked = append(asked, e.Tool)
		return hookchain.Deny("nothing runs"), nil
	}))
	ts := newTaskServer(t, chain)
	ctx := context.Background()
	session := &testSession{id: "s1", ch: make(chan mcp.JSONRPCNotification, 8)}
	require.NoError(t, ts.srv.RegisterSession(ctx, session))
	require.NoError(t, ts.srv.AddSessionTool("s1", mcp.NewTool("own", mcp.WithTaskSupport(mcp.TaskSupportOptional)),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			ts.ran.Add(1)
			return mcp.NewToolResultText("ran own"), nil
		}))
	inSession := ts.srv.WithContext(ctx, session)

	forms := []struct {
		name string
		call func() json.RawMessage
	}{
		{"plain", func() json.RawMessage { return ts.send(t, ctx, "tools/call", `{"name":"plain","arguments":{}}`) }},
		{"typed", func() json.RawMessage {
			return ts.send(t, ctx, "tools/call", `{"name":"typed","arguments":{"path":"/etc"}}`)
		}},
		{"hybrid", func() json.RawMessage { return ts.send(t, ctx, "tools/call", `{"name":"hybrid","arguments":{}}`) }},
		{"hybrid", func() json.RawMessage { return ts.callAsTask(t, ctx, "hybrid", `{}`) }},
		{"task", func() json.RawMessage { return ts.callAsTask(t, ctx, "task", `{}`) }},
		{"own", func() json.RawMessage { return ts.send(t, inSession, "tools/call", `{"name":"own","arguments":{}}`) }},
		{"own", func() json.RawMessage { return ts.callAsTask(t, inSession, "own", `{}`) }},
	}
	var want []string
	for _, f := range forms {
		texts, isError := content(t, f.call())
		assert.Equal(t, []string{"denied by deny-all: nothing runs"}, texts, f.name)
		assert.True(t, isError, f.name)
		want = append(want, f.name)
	}
	assert.Equal(t, want, asked)
	assert.Zero(t, ts.ran.Load(), "a tool ran past a deny-all chain")
}

func TestATaskToolsResultIsJudgedBeforeTheClientReadsIt(t *testing.T) {
	redact := hookchain.After("redact", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		assert.JSONEq(t, `{"content":[{"type":"text","text":"ran task secret-42"}],"structuredContent":{"token":"secret-42"}}`, string(e.Output))
		return hookchain.Replace(json.RawMessage(`{"content":[{"type":"text","text":"ran task [redacted]"}]}`), false, "redacted"), nil
	})
	ts := newTaskServer(t, hookchain.New(redact))
	res := ts.callAsTask(t, context.Background(), "task", `{}`)
	assert.JSONEq(t, `{"content":[{"type":"text","text":"ran task [redacted]"}],"_meta":`+relatedTask(t, res)+`}`, string(res))
	assert.EqualValues(t, 1, ts.ran.Load())
}

func TestATaskToolAllowedByTheChainAnswersExactlyWhatItsHandlerReturned(t *testing.T) {
	tr := &trail{}
	chain := hookchain.New(hookchain.Before("allow", hookchain.Any(), allow)).WithObserver(tr.observer())
	ts := newTaskServer(t, chain)
	res := ts.callAsTask(t, context.Background(), "task", `{"n":1}`)
	assert.JSONEq(t, `{"content":[{"type":"text","text":"ran task secret-42"}],"structuredContent":{"token":"secret-42"},"_meta":`+relatedTask(t, res)+`}`, string(res))
	handler, _ := taskHandler(chain)
	direct, err := handler(context.Background(), taskCall(`{"n":1}`))
	require.NoError(t, err)
	assert.Same(t, taskAnswer, direct, "the handler's own result, untouched")
	runs := tr.all()[:2]
	require.Len(t, runs, 2)
	for i, hook := range []hookchain.Hook{hookchain.BeforeTool, hookchain.AfterTool} {
		assert.Equal(t, hook, runs[i].Event.Hook)
		assert.Equal(t, "task", runs[i].Event.Tool)
		assert.JSONEq(t, `{"n":1}`, string(runs[i].Event.Input))
		assert.Equal(t, hookchain.Allowed, runs[i].Outcome.Verdict)
	}
}

func TestTaskMiddlewarePanicsOnANilChain(t *testing.T) {
	assert.PanicsWithValue(t, "mcpgohook: TaskMiddleware on a nil *hookchain.Chain", func() { mcpgohook.TaskMiddleware(nil) })
}

// testSession is a client session the test registers itself, so that the
// server can hold tools of its own for it.
type testSession struct {
	id    string
	ch    chan mcp.JSONRPCNotification
	tools map[string]server.ServerTool
}

func (s *testSession) SessionID() string                                   { return s.id }
func (s *testSession) NotificationChannel() chan<- mcp.JSONRPCNotification { return s.ch }
func (s *testSession) Initialize()                                         {}
func (s *testSession) Initialized() bool                                   { return true }
func (s *testSession) GetSessionTools() map[string]server.ServerTool       { return s.tools }
func (s *testSession) SetSessionTools(tools map[string]server.ServerTool)  { s.tools = tools }
