package mcpgohook_test

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/mcpgohook"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// person is the user at an MCP client, answering elicitations.
type person struct {
	asked   atomic.Int64
	mu      sync.Mutex
	message string
	answer  func() *mcp.ElicitationResult
}

func (p *person) Elicit(ctx context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	p.asked.Add(1)
	p.mu.Lock()
	p.message = req.Params.Message
	p.mu.Unlock()
	return p.answer(), nil
}

func answer(action mcp.ElicitationResponseAction, form map[string]any) func() *mcp.ElicitationResult {
	return func() *mcp.ElicitationResult {
		return &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: action, Content: form}}
	}
}

func askingChain() *hookchain.Chain {
	return hookchain.New(hookchain.Before("push-guard", hookchain.Tool("echo"), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Ask("run it?"), nil
	}))
}

func TestAnAskIsPutToThePersonAtTheClientByElicitation(t *testing.T) {
	tests := []struct {
		name   string
		answer func() *mcp.ElicitationResult
		want   *mcp.CallToolResult
		runs   int
	}{
		{"approved, the call runs", answer(mcp.ElicitationResponseActionAccept, map[string]any{"approve": true}), textResult(`{"path":"a"}`), 1},
		{"declined, it is refused", answer(mcp.ElicitationResponseActionDecline, nil),
			errorResult("refused by the user of test-client: declined (asked by push-guard: run it?)"), 0},
		{"cancelled, it is refused", answer(mcp.ElicitationResponseActionCancel, nil),
			errorResult("refused by the user of test-client: cancelled (asked by push-guard: run it?)"), 0},
		{"accepted without approve, it is refused", answer(mcp.ElicitationResponseActionAccept, map[string]any{"approve": false}),
			errorResult("refused by the user of test-client: not approved (asked by push-guard: run it?)"), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chain := askingChain().WithApprover(mcpgohook.ElicitationApprover(5 * time.Second))
			srv := server.NewMCPServer("test", "1.0.0", server.WithElicitation(), server.WithToolHandlerMiddleware(mcpgohook.Middleware(chain)))
			ts := &tools{}
			addTools(srv, ts)
			p := &person{answer: tt.answer}
			c := dial(t, srv, client.WithElicitationHandler(p))

			res, err := call(t, c, "echo", `{"path":"a"}`)
			require.NoError(t, err)
			assert.Equal(t, tt.want, res)
			assert.Len(t, ts.seen("echo"), tt.runs)
			assert.EqualValues(t, 1, p.asked.Load())
			assert.Equal(t, "Run echo with {\"path\":\"a\"}?\npush-guard asks: run it?", p.message)
		})
	}
}

func TestAClientThatCannotBeAskedHasNotApproved(t *testing.T) {
	chain := askingChain().WithApprover(mcpgohook.ElicitationApprover(5 * time.Second))
	c, ts := connect(t, mcpgohook.Middleware(chain)) // no elicitation on the server
	res, err := call(t, c, "echo", `{"path":"a"}`)
	require.NoError(t, err)
	require.True(t, res.IsError)
	assert.Regexp(t, `^approval needed but not obtained: mcp-client failed: .+ \(asked by push-guard: run it\?\)$`, res.Content[0].(mcp.TextContent).Text)
	assert.Empty(t, ts.seen("echo"))
}

func TestApprovedForTheSessionIsRememberedForThatMCPSessionAlone(t *testing.T) {
	hooks := &server.Hooks{}
	chain := askingChain().WithApprover(mcpgohook.ElicitationApprover(5 * time.Second))
	srv := server.NewMCPServer("test", "1.0.0", server.WithElicitation(), server.WithHooks(hooks),
		server.WithToolHandlerMiddleware(mcpgohook.Middleware(chain, mcpgohook.WithSessions(hooks))))
	ts := &tools{}
	addTools(srv, ts)
	alice := &person{answer: answer(mcp.ElicitationResponseActionAccept, map[string]any{"approve": true, "for_session": true})}
	bob := &person{answer: answer(mcp.ElicitationResponseActionAccept, map[string]any{"approve": true})}
	a := dial(t, srv, client.WithElicitationHandler(alice))
	b := dial(t, srv, client.WithElicitationHandler(bob))

	for range 3 {
		res, err := call(t, a, "echo", `{"path":"a"}`)
		require.NoError(t, err)
		assert.Equal(t, textResult(`{"path":"a"}`), res)
	}
	assert.EqualValues(t, 1, alice.asked.Load(), "alice approved for her session once")

	for range 2 {
		res, err := call(t, b, "echo", `{"path":"b"}`)
		require.NoError(t, err)
		assert.Equal(t, textResult(`{"path":"b"}`), res)
	}
	assert.EqualValues(t, 2, bob.asked.Load(), "bob's session latched nothing")
	assert.Len(t, ts.seen("echo"), 5)
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
	// The host's own middleware, before the chain's, presents the grant.
	presentGrant := func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			mu.Lock()
			g := grant
			mu.Unlock()
			if g != nil {
				ctx = hookchain.WithGrant(ctx, *g)
			}
			return next(ctx, req)
		}
	}
	onPending := mcpgohook.OnPending(func(ctx context.Context, p *hookchain.ApprovalPending) {
		mu.Lock()
		defer mu.Unlock()
		tickets = append(tickets, p.Ticket)
	})
	c, ts := connect(t, mcpgohook.Middleware(chain, onPending), server.WithToolHandlerMiddleware(presentGrant))

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
	require.NoError(t, mcpgohook.ElicitationApprover(0).Validate())
	assert.NotPanics(t, func() { askingChain().WithApprover(mcpgohook.ElicitationApprover(0)) })
	assert.PanicsWithValue(t, `hookchain: approver "mcp-client": Timeout(-1s) must not be negative`,
		func() { askingChain().WithApprover(mcpgohook.ElicitationApprover(-time.Second)) })
}
