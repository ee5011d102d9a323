package mcpgohook

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/hookchain/hookchain"
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
// within timeout, has not approved: the call is denied.
func ElicitationApprover(timeout time.Duration) hookchain.Approver {
	return hookchain.Approver{Name: "mcp-client", Timeout: timeout, Answer: elicit}
}

var approvalSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"approve":     map[string]any{"type": "boolean", "title": "Run this call"},
		"for_session": map[string]any{"type": "boolean", "title": "Approve these checks for the rest of the session"},
	},
	"required": []string{"approve"},
}

func elicit(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) {
	srv := server.ServerFromContext(ctx)
	if srv == nil {
		return hookchain.Approval{}, errors.New("no MCP server in the call's context")
	}
	res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Request: mcp.Request{Method: string(mcp.MethodElicitationCreate)},
		Params:  mcp.ElicitationParams{Message: Question(q), RequestedSchema: approvalSchema},
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
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		form, _ := res.Content.(map[string]any)
		if form["approve"] != true {
			return hookchain.Approval{Decision: hookchain.Refuse, By: by, Reason: "not approved"}, nil
		}
		if form["for_session"] == true {
			return hookchain.Approval{Decision: hookchain.ApproveAll, By: by, Reason: "approved for the session"}, nil
		}
		return hookchain.Approval{Decision: hookchain.Approve, By: by}, nil
	case mcp.ElicitationResponseActionDecline:
		return hookchain.Approval{Decision: hookchain.Refuse, By: by, Reason: "declined"}, nil
	}
	return hookchain.Approval{Decision: hookchain.Refuse, By: by, Reason: "cancelled"}, nil
}

// Question words an approval question for a person:
//
//	Run Bash with {"command":"git push"}?
//	push-guard asks: push to a shared remote?
//	The input was rewritten by: pin-timeout.
func Question(q hookchain.Question) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Run %s with %s?", q.Tool, q.Input)
	for _, a := range q.Asks {
		b.WriteString("\n" + a.Link + " asks")
		if a.Message != "" {
			b.WriteString(": " + a.Message)
		}
	}
	if len(q.RewrittenBy) > 0 {
		b.WriteString("\nThe input was rewritten by: " + strings.Join(q.RewrittenBy, ", ") + ".")
	}
	return b.String()
}
