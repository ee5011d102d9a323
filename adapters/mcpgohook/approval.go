package mcpgohook

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapt"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// WithSessions gives every MCP session a hookchain.Session of its own, so
// that an approver's ApproveAll latches for that session alone. hooks must
// be the hooks the server was given (server.WithHooks(hooks)): a session's
// latches are dropped when mcp-go unregisters it. Calls outside any MCP
// session run without a hookchain.Session, unless the context already
// carries one.
func WithSessions(hooks *server.Hooks) Option {
	s := &sessions{m: map[string]*hookchain.Session{}}
	hooks.AddOnUnregisterSession(func(_ context.Context, cs server.ClientSession) {
		s.forget(cs.SessionID())
	})
	return func(c *config) { c.sessions = s }
}

type sessions struct {
	mu sync.Mutex
	m  map[string]*hookchain.Session
}

// of returns the hookchain.Session of the call's MCP session, or nil.
func (s *sessions) of(ctx context.Context) *hookchain.Session {
	cs := server.ClientSessionFromContext(ctx)
	if cs == nil || cs.SessionID() == "" {
		return nil
	}
	id := cs.SessionID()
	s.mu.Lock()
	defer s.mu.Unlock()
	hs, ok := s.m[id]
	if !ok {
		hs = hookchain.NewSession()
		s.m[id] = hs
	}
	return hs
}

func (s *sessions) forget(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, id)
}

// ElicitationApprover returns an approver, named "mcp-client", that puts
// each question to the person at the MCP client by elicitation: a form with
// "approve" and "for_session" checkboxes. Accepted with approve set, the call
// runs (for_session set latches the asking links for the session: see
// WithSessions); declined, cancelled or accepted without approve, it is
// refused. A client that does not support elicitation, or does not answer
// within timeout, has not approved: the call is denied. A timeout of 0 is
// hookchain.DefaultApproverTimeout; a negative one makes WithApprover panic.
func ElicitationApprover(timeout time.Duration) hookchain.Approver {
	return hookchain.Approver{Name: "mcp-client", Timeout: timeout, Answer: elicit}
}

func elicit(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) {
	srv := server.ServerFromContext(ctx)
	if srv == nil {
		return hookchain.Approval{}, errors.New("no MCP server in the call's context")
	}
	res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Request: mcp.Request{Method: string(mcp.MethodElicitationCreate)},
		Params:  mcp.ElicitationParams{Message: adapt.Question(q), RequestedSchema: adapt.ApprovalForm()},
	})
	if err != nil {
		return hookchain.Approval{}, err
	}
	by := "the MCP client's user"
	if cs, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		if n := cs.GetClientInfo().Name; n != "" {
			by = "the user of " + n
		}
	}
	form, _ := res.Content.(map[string]any)
	return adapt.ApprovalFromForm(string(res.Action), form, by), nil
}
