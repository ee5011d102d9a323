package mcpsdkhook_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/mcpsdkhook"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every way the SDK calls a tool goes through one receiving middleware:
// the kinds of handler (raw, typed, typed with structured output, failing),
// at the oldest and newest protocol versions, in memory and over
// streamable HTTP on loopback.
func TestADenyAllChainIsAskedAboutEveryCallFormOfTheSDKAndNoToolRuns(t *testing.T) {
	var (
		mu    sync.Mutex
		asked []string
	)
	chain := hookchain.New(hookchain.Before("deny-all", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		mu.Lock()
		defer mu.Unlock()
		asked = append(asked, e.Tool)
		return hookchain.Deny("nothing runs"), nil
	}))
	srv, ts := newServer(mcpsdkhook.Middleware(chain), nil)
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	web := httptest.NewServer(handler)
	t.Cleanup(web.Close)
	overHTTP := func(t *testing.T) *mcp.ClientSession {
		c := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1.0.0"}, nil)
		cs, err := c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: web.URL}, nil)
		require.NoError(t, err)
		t.Cleanup(func() { cs.Close() })
		return cs
	}
	sessions := map[string]func(t *testing.T) *mcp.ClientSession{
		"in memory, newest":     func(t *testing.T) *mcp.ClientSession { return dial(t, srv, nil, "") },
		"in memory, 2024-11-05": func(t *testing.T) *mcp.ClientSession { return dial(t, srv, nil, "2024-11-05") },
		"streamable HTTP":       overHTTP,
	}
	calls := []struct{ tool, args string }{
		{"echo", `{"x":1}`}, {"typed", `{"path":"/etc","count":1}`}, {"stat", `{"path":"/etc","count":1}`},
		{"rich", `{}`}, {"whoami", ``}, {"fails", `{}`},
	}
	for name, session := range sessions {
		t.Run(name, func(t *testing.T) {
			mu.Lock()
			asked = nil
			mu.Unlock()
			cs := session(t)
			var want []string
			for _, c := range calls {
				res, err := call(t, cs, c.tool, c.args)
				require.NoError(t, err, c.tool)
				// The envelope (_meta, the result type) is the protocol
				// version's; what the model reads is the content.
				assert.True(t, res.IsError, c.tool)
				assert.Equal(t, []mcp.Content{text("denied by deny-all: nothing runs")}, res.Content, c.tool)
				want = append(want, c.tool)
			}
			mu.Lock()
			assert.Equal(t, want, asked)
			mu.Unlock()
		})
	}
	for _, c := range calls {
		assert.Empty(t, ts.seen(c.tool), "%s ran past a deny-all chain", c.tool)
	}
}
