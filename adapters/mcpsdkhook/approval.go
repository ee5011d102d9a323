package mcpsdkhook

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// callKey carries a call's state in the context the chain's approver is
// given, so that ElicitationApprover can reach the MCP session and the
// client's answers.
type callKey struct{}

type callState struct {
	req *mcp.CallToolRequest
	// Set by ElicitationApprover when it asks the client within the
	// protocol (multi round-trip): the question and the state the client's
	// retry must echo.
	ask   *mcp.ElicitParams
	state string
}

// approvalRequest is the id of the approver's question among a result's
// input requests.
const approvalRequest = "hookchain-approval"

// ElicitationApprover returns an approver, named "mcp-client", that puts
// each question to the person at the MCP client by elicitation: a form with
// "approve" and "for_session" checkboxes. Accepted with approve set, the call
// runs (for_session set latches the asking links for the MCP session);
// declined, cancelled or accepted without approve, it is refused. A client
// that does not support elicitation, or does not answer within timeout, has
// not approved: the call is denied. A timeout of 0 is
// hookchain.DefaultApproverTimeout; a negative one makes WithApprover panic.
//
// How the client is asked depends on the protocol version it speaks. Before
// 2026-07-28 the server sends it an elicitation request while the call waits.
// From 2026-07-28, which has servers ask within the call instead (multi
// round-trip requests), the client is answered with an input-required result
// carrying the question; a client built with the SDK asks its
// ElicitationHandler and calls again with the answer, and the chain decides
// that second call. The answer counts only for the exact question it was
// given: the same tool, the same final input, the same asks.
func ElicitationApprover(timeout time.Duration) hookchain.Approver {
	return hookchain.Approver{Name: "mcp-client", Timeout: timeout, Answer: elicit}
}

func elicit(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) {
	st, _ := ctx.Value(callKey{}).(*callState)
	if st == nil || st.req.Session == nil {
		return hookchain.Approval{}, errors.New("not asked within an MCP session")
	}
	ss := st.req.Session
	init := ss.InitializeParams()
	if init == nil || init.Capabilities == nil || init.Capabilities.Elicitation == nil {
		return hookchain.Approval{}, errors.New("the client does not support elicitation")
	}
	by := "the MCP client's user"
	if init.ClientInfo != nil && init.ClientInfo.Name != "" {
		by = "the user of " + init.ClientInfo.Name
	}
	params := &mcp.ElicitParams{Mode: "form", Message: adapt.Question(q), RequestedSchema: adapt.ApprovalForm()}
	if !speaksMultiRoundTrip(ss) {
		res, err := ss.Elicit(ctx, params)
		if err != nil {
			return hookchain.Approval{}, err
		}
		return decide(res, by), nil
	}
	state := questionState(q)
	if res, ok := st.req.Params.InputResponses[approvalRequest].(*mcp.ElicitResult); ok && st.req.Params.RequestState == state {
		return decide(res, by), nil
	}
	st.ask, st.state = params, state
	return hookchain.Approval{Decision: hookchain.Defer, By: by, Reason: "asked by elicitation"}, nil
}

func decide(res *mcp.ElicitResult, by string) hookchain.Approval {
	return adapt.ApprovalFromForm(res.Action, res.Content, by)
}

// questionState binds the client's answer to the question it was asked:
// a digest of the tool, the final input and the asks.
func questionState(q hookchain.Question) string {
	h := sha256.New()
	var in bytes.Buffer
	if json.Compact(&in, q.Input) != nil {
		in.Write(q.Input)
	}
	fmt.Fprintf(h, "%s\x00%s\x00", q.Tool, in.Bytes())
	for _, a := range q.Asks {
		fmt.Fprintf(h, "%s\x00%s\x00", a.Link, a.Message)
	}
	return "hookchain-approval:" + hex.EncodeToString(h.Sum(nil))
}

// inputRequired is the result that asks the client the approver's question
// within the call. The SDK marks a result input-required only from its JSON.
func inputRequired(ask *mcp.ElicitParams, state string) *mcp.CallToolResult {
	r := new(mcp.CallToolResult)
	_ = json.Unmarshal([]byte(`{"resultType":"input_required"}`), r)
	r.Content = nil
	r.InputRequests = mcp.InputRequestMap{approvalRequest: ask}
	r.RequestState = state
	return r
}
