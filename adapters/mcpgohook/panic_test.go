package mcpgohook_test

import (
	"context"
	"strings"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/mcpgohook"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A handler that panics has run, judged; what its panic says is shown to
// the after-chain as its error, like any error, and never reaches the
// client unjudged — even where server.WithRecovery, added before the
// chain's middleware and so outside it, would send the panic's text on.
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
			srv := server.NewMCPServer("test", "1.0.0", server.WithRecovery(), server.WithToolHandlerMiddleware(mcpgohook.Middleware(tt.chain)))
			srv.AddTool(mcp.NewTool("boom"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				panic("token=s3cr3t")
			})
			res, err := call(t, dial(t, srv), "boom", `{}`)
			assert.Equal(t, tt.want, res)
			if tt.wantErr == "" {
				require.NoError(t, err)
			} else {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				assert.NotContains(t, err.Error(), "panic recovered")
			}
		})
	}
}
