package mcpsdkhook_test

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/mcpsdkhook"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// person is the user at an MCP client, answering elicitations.
type person struct {
	asked   atomic.Int64
	mu      sync.Mutex
	message string
	answer  *mcp.ElicitResult
}

func (p *person) elicit(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	p.asked.Add(1)
	p.mu.Lock()
	p.message = req.Params.Message
	p.mu.Unlock()
	return p.answer, nil
}

func (p *person) client() *mcp.ClientOptions { return &mcp.ClientOptions{ElicitationHandler: p.elicit} }

func askingChain() *hookchain.Chain {
	return hookchain.New(hookchain.Before("push-guard", hookchain.Tool("echo"), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Ask("run it?"), nil
	}))
}

var protocols = []struct{ name, version string }{
	{"asked by a request to the client (2025-11-25)", "2025-11-25"},
	{"asked within the call (2026-07-28)", ""},
}

func TestAnAskIsPutToThePersonAtTheClientByElicitation(t *testing.T) {
	tests := []struct {
		name   string
		answer *mcp.ElicitResult
		want   func(legacy bool) *mcp.CallToolResult
		runs   int
	}{
		{"approved, the call runs", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": true}},
			func(legacy bool) *mcp.CallToolResult { return textResult(`{"path":"a"}`) }, 1},
		{"declined, it is refused", &mcp.ElicitResult{Action: "decline"},
			func(bool) *mcp.CallToolResult {
				return errorResult("refused by the user of test-client: declined (asked by push-guard: run it?)")
			}, 0},
		{"cancelled, it is refused", &mcp.ElicitResult{Action: "cancel"},
			func(bool) *mcp.CallToolResult {
				return errorResult("refused by the user of test-client: cancelled (asked by push-guard: run it?)")
			}, 0},
		{"accepted without approve, it is refused", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": false}},
			func(bool) *mcp.CallToolResult {
				return errorResult("refused by the user of test-client: not approved (asked by push-guard: run it?)")
			}, 0},
	}
	for _, p := range protocols {
		t.Run(p.name, func(t *testing.T) {
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					chain := askingChain().WithApprover(mcpsdkhook.ElicitationApprover(5 * time.Second))
					srv, ts := newServer(mcpsdkhook.Middleware(chain), nil)
					who := &person{answer: tt.answer}
					c := dial(t, srv, who.client(), p.version)

					res, err := call(t, c, "echo", `{"path":"a"}`)
					require.NoError(t, err)
					want := tt.want(p.version != "")
					if p.version != "" {
						want = legacy(want)
					}
					assert.Equal(t, want, res)
					assert.Len(t, ts.seen("echo"), tt.runs)
					assert.EqualValues(t, 1, who.asked.Load())
					assert.Equal(t, "Run echo with {\"path\":\"a\"}?\npush-guard asks: run it?", who.message)
				})
			}
		})
	}
}

// legacy is r as a client before 2026-07-28 reads it: the SDK marks the
// result's type, and names its server, only from 2026-07-28.
func legacy(r *mcp.CallToolResult) *mcp.CallToolResult {
	b, _ := json.Marshal(r)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	delete(m, "resultType")
	delete(m, "_meta")
	b, _ = json.Marshal(m)
	var u mcp.CallToolResult
	_ = json.Unmarshal(b, &u)
	return &u
}

func TestAnAnswerCountsOnlyForTheQuestionItWasGiven(t *testing.T) {
	chain := askingChain().WithApprover(mcpsdkhook.ElicitationApprover(5 * time.Second))
	srv, ts := newServer(mcpsdkhook.Middleware(chain), nil)
	who := &person{answer: &mcp.ElicitResult{Action: "decline"}}
	c := dial(t, srv, who.client(), "")

	// A client that presents an approval it was never asked for, for a
	// question it was never given, is asked all the same.
	res, err := c.CallTool(context.Background(), &mcp.CallToolParams{
		Name: "echo", Arguments: json.RawMessage(`{"path":"a"}`),
		InputResponses: mcp.InputResponseMap{"hookchain-approval": &mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": true}}},
		RequestState:   "hookchain-approval:forged",
	})
	require.NoError(t, err)
	assert.Equal(t, errorResult("refused by the user of test-client: declined (asked by push-guard: run it?)"), res)
	assert.EqualValues(t, 1, who.asked.Load())
	assert.Empty(t, ts.seen("echo"))
}

func TestAClientThatCannotBeAskedHasNotApproved(t *testing.T) {
	for _, p := range protocols {
		t.Run(p.name, func(t *testing.T) {
			chain := askingChain().WithApprover(mcpsdkhook.ElicitationApprover(5 * time.Second))
			srv, ts := newServer(mcpsdkhook.Middleware(chain), nil)
			c := dial(t, srv, nil, p.version) // no elicitation handler
			res, err := call(t, c, "echo", `{"path":"a"}`)
			require.NoError(t, err)
			require.True(t, res.IsError)
			assert.Equal(t, "approval needed but not obtained: mcp-client failed: the client does not support elicitation (asked by push-guard: run it?)",
				res.Content[0].(*mcp.TextContent).Text)
			assert.Empty(t, ts.seen("echo"))
		})
	}
}

func TestApprovedForTheSessionIsRememberedForThatMCPSessionAlone(t *testing.T) {
	for _, p := range protocols {
		t.Run(p.name, func(t *testing.T) {
			chain := askingChain().WithApprover(mcpsdkhook.ElicitationApprover(5 * time.Second))
			srv, ts := newServer(mcpsdkhook.Middleware(chain), nil)
			alice := &person{answer: &mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": true, "for_session": true}}}
			bob := &person{answer: &mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": true}}}
			a := dial(t, srv, alice.client(), p.version)
			b := dial(t, srv, bob.client(), p.version)

			for range 3 {
				res, err := call(t, a, "echo", `{"path":"a"}`)
				require.NoError(t, err)
				assert.False(t, res.IsError)
			}
			assert.EqualValues(t, 1, alice.asked.Load(), "alice approved for her session once")
			for range 2 {
				res, err := call(t, b, "echo", `{"path":"b"}`)
				require.NoError(t, err)
				assert.False(t, res.IsError)
			}
			assert.EqualValues(t, 2, bob.asked.Load(), "bob's session latched nothing")
			assert.Len(t, ts.seen("echo"), 5)
		})
	}
}

// An approver that needs longer than a call should wait defers: the client
// reads that approval is pending, the host gets the ticket, and once a
// person has decided, the client's next attempt at the same call runs.
func TestADeferredCallIsPendingUntilTheHostGrantsIt(t *testing.T) {
	var mu sync.Mutex
	var tickets []*hookchain.Ticket
	var grant *hookchain.Grant
	chain := askingChain().WithApprover(hookchain.Approver{Name: "queue", Timeout: time.Second,
		Answer: func(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) {
			return hookchain.Approval{Decision: hookchain.Defer}, nil
		}})
	onPending := mcpsdkhook.OnPending(func(ctx context.Context, p *hookchain.ApprovalPending) {
		mu.Lock()
		defer mu.Unlock()
		tickets = append(tickets, p.Ticket)
	})
	srv, ts := newServer(mcpsdkhook.Middleware(chain, onPending), nil)
	// The host's own middleware, added after the chain's and so run before
	// it, presents the grant.
	srv.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			mu.Lock()
			g := grant
			mu.Unlock()
			if g != nil {
				ctx = hookchain.WithGrant(ctx, *g)
			}
			return next(ctx, method, req)
		}
	})
	c := dial(t, srv, nil, "")

	res, err := call(t, c, "echo", `{"path":"a"}`)
	require.NoError(t, err)
	assert.Equal(t, errorResult("approval pending (asked by push-guard: run it?)"), res)
	assert.Empty(t, ts.seen("echo"))
	require.Len(t, tickets, 1)
	queued, err := json.Marshal(tickets[0])
	require.NoError(t, err)
	assert.Contains(t, string(queued), `"tool":"echo","input":{"path":"a"}`)

	// A person approves, out of band; the ticket may have waited as JSON.
	var ticket hookchain.Ticket
	require.NoError(t, json.Unmarshal(queued, &ticket))
	g := ticket.Grant(hookchain.Approval{Decision: hookchain.Approve, By: "alice"})
	mu.Lock()
	grant = &g
	mu.Unlock()

	res, err = call(t, c, "echo", `{"path":"b"}`)
	require.NoError(t, err)
	assert.Equal(t, errorResult("approval pending (asked by push-guard: run it?)"), res, "the grant is for another input")

	res, err = call(t, c, "echo", `{"path":"a"}`)
	require.NoError(t, err)
	assert.Equal(t, textResult(`{"path":"a"}`), res)
	assert.Equal(t, []string{`{"path":"a"}`}, ts.seen("echo"))

	// MCP has no call id, so the grant covers that one run: the same call
	// again, with the same grant, is a new call, and is asked about again.
	res, err = call(t, c, "echo", `{"path":"a"}`)
	require.NoError(t, err)
	assert.Equal(t, errorResult("approval pending (asked by push-guard: run it?)"), res, "the grant was spent")
	assert.Equal(t, []string{`{"path":"a"}`}, ts.seen("echo"))
}

func TestAnElicitationApproverWithoutATimeoutIsValidAndANegativeOneIsNot(t *testing.T) {
	require.NoError(t, mcpsdkhook.ElicitationApprover(0).Validate())
	assert.NotPanics(t, func() { askingChain().WithApprover(mcpsdkhook.ElicitationApprover(0)) })
	assert.PanicsWithValue(t, `hookchain: approver "mcp-client": Timeout(-1s) must not be negative`,
		func() { askingChain().WithApprover(mcpsdkhook.ElicitationApprover(-time.Second)) })
}
