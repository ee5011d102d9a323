package peers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tidwall/sjson"
)

// A way is the policy written for one framework: a call through the
// framework's own call path, without the policy (bare) and with it. Each
// returns the text the model is shown and whether the call was refused.
type way struct {
	name   string
	bare   func(args string) (string, bool, error)
	policy func(args string) (string, bool, error)
	// wire is the policy behind the framework's client and transport, for
	// the check that the middleware holds where a real client calls; nil
	// for hookchain, whose call path is the executor.
	wire func(args string) (string, bool, error)
}

var errNotText = errors.New("the result is not one text")

// ways builds the three, each with its own server or chain.
func ways(tb testing.TB) []way {
	return []way{hookchainWay(), mcpgoWay(tb), sdkWay(tb)}
}

// hookchainWay: a chain of three links around an executor, called as a
// runtime calls it, with the model's raw arguments.
func hookchainWay() way {
	exec := func(_ context.Context, c hookchain.Call) (hookchain.Result, error) {
		var in shellInput
		if err := json.Unmarshal(c.Input, &in); err != nil {
			return hookchain.Result{}, err
		}
		return hookchain.TextResult(runShell(in)), nil
	}
	chain := hookchain.New(
		hookchain.Before("no-rm-rf", hookchain.And(hookchain.Tool("shell"), hookchain.InputMatches("command", rmRF.String())),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Deny("rm -rf is not allowed"), nil
			}),
		hookchain.Before("pin-timeout", hookchain.And(hookchain.Tool("shell"), hookchain.Not(hookchain.InputExists("timeout"))),
			func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				in, err := sjson.SetRawBytes(e.Input, "timeout", []byte("30"))
				if err != nil {
					return hookchain.Outcome{}, err
				}
				return hookchain.Modify(in, "timeout pinned"), nil
			}),
		hookchain.After("redact", hookchain.Any(),
			func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				if !bytes.Contains(e.Output, []byte(secret)) {
					return hookchain.Allow(), nil
				}
				return hookchain.Replace(bytes.ReplaceAll(e.Output, []byte(secret), []byte(redacted)), e.IsError, "secret redacted"), nil
			}),
	)
	through := func(ex hookchain.Executor) func(string) (string, bool, error) {
		return func(args string) (string, bool, error) {
			res, err := ex(context.Background(), hookchain.Call{Tool: "shell", ID: "call-1", Input: json.RawMessage(args)})
			if err != nil {
				return "", false, err
			}
			var text string
			if err := json.Unmarshal(res.Output, &text); err != nil {
				return "", false, errNotText
			}
			return text, res.IsError, nil
		}
	}
	wrapped := chain.Wrap(exec)
	return way{name: "hookchain", bare: through(exec), policy: through(wrapped), wire: through(wrapped)}
}

// mcpgoWay: mcp-go's tool-handler middleware, called through an in-process
// client, so that the server decodes the arguments as it does for a real
// client.
func mcpgoWay(tb testing.TB) way {
	handler := func(_ context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		var in shellInput
		if err := req.BindArguments(&in); err != nil {
			return mcpgo.NewToolResultError(err.Error()), nil
		}
		return mcpgo.NewToolResultText(runShell(in)), nil
	}
	middleware := func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
			if req.Params.Name == "shell" {
				// The arguments arrive as the client sent them; BindArguments
				// decodes whichever form they are in.
				var args map[string]any
				if err := req.BindArguments(&args); err != nil {
					return mcpgo.NewToolResultError(err.Error()), nil
				}
				if cmd, _ := args["command"].(string); rmRF.MatchString(cmd) {
					return mcpgo.NewToolResultError("rm -rf is not allowed"), nil
				}
				if _, ok := args["timeout"]; !ok {
					args["timeout"] = float64(pinned)
					// The handler reads RawArguments, the bytes off the wire,
					// before Arguments: a rewrite must drop them, or the tool
					// runs the call as the client sent it.
					req.Params.Arguments, req.Params.RawArguments = args, nil
				}
			}
			res, err := next(ctx, req)
			if err != nil || res == nil {
				return res, err
			}
			for i, c := range res.Content {
				if t, ok := c.(mcpgo.TextContent); ok && strings.Contains(t.Text, secret) {
					t.Text = strings.ReplaceAll(t.Text, secret, redacted)
					res.Content[i] = t
				}
			}
			return res, nil
		}
	}
	read := func(res *mcpgo.CallToolResult, err error) (string, bool, error) {
		if err != nil {
			return "", false, err
		}
		if len(res.Content) != 1 {
			return "", false, errNotText
		}
		t, ok := res.Content[0].(mcpgo.TextContent)
		if !ok {
			return "", false, errNotText
		}
		return t.Text, res.IsError, nil
	}
	// mcp-go applies the middleware to the handler on every call, with the
	// arguments as the client sent them.
	direct := func(h server.ToolHandlerFunc) func(string) (string, bool, error) {
		return func(args string) (string, bool, error) {
			return read(h(context.Background(), mcpgo.CallToolRequest{Params: mcpgo.CallToolParams{Name: "shell", Arguments: json.RawMessage(args)}}))
		}
	}
	wrapped := func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		return middleware(handler)(ctx, req)
	}
	dial := func(opts ...server.ServerOption) func(string) (string, bool, error) {
		srv := server.NewMCPServer("peers", "1.0.0", opts...)
		srv.AddTool(mcpgo.NewTool("shell", mcpgo.WithString("command"), mcpgo.WithNumber("timeout")), handler)
		c, err := client.NewInProcessClient(srv)
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() { c.Close() })
		ctx := context.Background()
		if err := c.Start(ctx); err != nil {
			tb.Fatal(err)
		}
		if _, err := c.Initialize(ctx, mcpgo.InitializeRequest{Params: mcpgo.InitializeParams{
			ProtocolVersion: mcpgo.LATEST_LEGACY_PROTOCOL_VERSION,
			ClientInfo:      mcpgo.Implementation{Name: "peers", Version: "1.0.0"},
		}}); err != nil {
			tb.Fatal(err)
		}
		return func(args string) (string, bool, error) {
			return read(c.CallTool(ctx, mcpgo.CallToolRequest{Params: mcpgo.CallToolParams{Name: "shell", Arguments: json.RawMessage(args)}}))
		}
	}
	return way{name: "mcp-go", bare: direct(handler), policy: direct(wrapped),
		wire: dial(server.WithToolHandlerMiddleware(middleware))}
}

// sdkWay: the go-sdk's receiving middleware, called through in-memory
// transports, which is how the SDK's own tests reach a server.
func sdkWay(tb testing.TB) way {
	handler := func(_ context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		var in shellInput
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return nil, err
		}
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: runShell(in)}}}, nil
	}
	middleware := func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			call, ok := req.(*sdk.CallToolRequest)
			if !ok || method != "tools/call" || call.Params.Name != "shell" {
				return next(ctx, method, req)
			}
			var args map[string]any
			if err := json.Unmarshal(call.Params.Arguments, &args); err != nil {
				return nil, err
			}
			if cmd, _ := args["command"].(string); rmRF.MatchString(cmd) {
				return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: "rm -rf is not allowed"}}}, nil
			}
			if _, ok := args["timeout"]; !ok {
				args["timeout"] = float64(pinned)
				raw, err := json.Marshal(args)
				if err != nil {
					return nil, err
				}
				call.Params.Arguments = raw
			}
			res, err := next(ctx, method, req)
			if r, ok := res.(*sdk.CallToolResult); ok && err == nil {
				for _, c := range r.Content {
					if t, ok := c.(*sdk.TextContent); ok {
						t.Text = strings.ReplaceAll(t.Text, secret, redacted)
					}
				}
			}
			return res, err
		}
	}
	read := func(r sdk.Result, err error) (string, bool, error) {
		if err != nil {
			return "", false, err
		}
		res, ok := r.(*sdk.CallToolResult)
		if !ok || len(res.Content) != 1 {
			return "", false, errNotText
		}
		t, ok := res.Content[0].(*sdk.TextContent)
		if !ok {
			return "", false, errNotText
		}
		return t.Text, res.IsError, nil
	}
	next := func(ctx context.Context, _ string, req sdk.Request) (sdk.Result, error) {
		return handler(ctx, req.(*sdk.CallToolRequest))
	}
	// The server's method handler, without and with the middleware, given
	// the arguments as the client sent them.
	direct := func(h sdk.MethodHandler) func(string) (string, bool, error) {
		return func(args string) (string, bool, error) {
			req := &sdk.CallToolRequest{Params: &sdk.CallToolParamsRaw{Name: "shell", Arguments: json.RawMessage(args)}}
			return read(h(context.Background(), "tools/call", req))
		}
	}
	dial := func(mw ...sdk.Middleware) func(string) (string, bool, error) {
		srv := sdk.NewServer(&sdk.Implementation{Name: "peers", Version: "1.0.0"}, nil)
		srv.AddTool(&sdk.Tool{Name: "shell", InputSchema: json.RawMessage(`{"type":"object"}`)}, handler)
		srv.AddReceivingMiddleware(mw...)
		ctx := context.Background()
		st, ct := sdk.NewInMemoryTransports()
		ss, err := srv.Connect(ctx, st, nil)
		if err != nil {
			tb.Fatal(err)
		}
		cs, err := sdk.NewClient(&sdk.Implementation{Name: "peers", Version: "1.0.0"}, nil).Connect(ctx, ct, nil)
		if err != nil {
			tb.Fatal(err)
		}
		tb.Cleanup(func() {
			cs.Close()
			ss.Wait()
		})
		return func(args string) (string, bool, error) {
			res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "shell", Arguments: json.RawMessage(args)})
			return read(res, err)
		}
	}
	return way{name: "go-sdk", bare: direct(next), policy: direct(middleware(next)), wire: dial(middleware)}
}
