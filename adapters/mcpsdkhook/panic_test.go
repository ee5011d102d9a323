package mcpsdkhook_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/mcpsdkhook"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recovering is a host's own receiving middleware that turns a panic into an
// error, as servers do to outlive one bad call. Added after the chain's, it
// runs outside it.
func recovering(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = nil, fmt.Errorf("recovered: %v", r)
			}
		}()
		return next(ctx, method, req)
	}
}

// A handler that panics has run, judged; what its panic says is shown to
// the after-chain as its error, like any error, and never reaches the client
// unjudged through a recovery outside the chain.
func TestAHandlersPanicIsAnErrorTheAfterChainJudges(t *testing.T) {
	noSecrets := hookchain.After("no-secrets", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		if strings.Contains(string(e.Output), "s3cr3t") {
			return hookchain.Deny("the result holds a secret"), nil
		}
		return hookchain.Allow(), nil
	})
	tests := []struct {
		name    string
		chain   *hookchain.Chain
		want    *mcp.CallToolResult
		wantErr string
	}{
		{"denied, the client reads the reason", hookchain.New(noSecrets), errorResult("denied by no-secrets: the result holds a secret"), ""},
		{"allowed, it is the handler's error", hookchain.New(hookchain.After("a", hookchain.Any(), allow)), nil, "hookchain: the handler of boom panicked: token=s3cr3t"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "1.0.0"}, nil)
			srv.AddTool(&mcp.Tool{Name: "boom", InputSchema: objectSchema}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				panic("token=s3cr3t")
			})
			srv.AddReceivingMiddleware(mcpsdkhook.Middleware(tt.chain))
			srv.AddReceivingMiddleware(recovering)
			res, err := call(t, dial(t, srv, nil, ""), "boom", `{}`)
			if tt.wantErr == "" {
				require.NoError(t, err)
				assert.Equal(t, tt.want, res)
				return
			}
			assert.Nil(t, res)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantErr)
			assert.NotContains(t, err.Error(), "recovered:")
		})
	}
}
