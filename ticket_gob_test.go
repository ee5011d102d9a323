package hookchain_test

import (
	"bytes"
	"context"
	"encoding/gob"
	"testing"

	hc "github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A framework that saves a pending approval with encoding/gob, as eino's
// checkpoints do, reads back a ticket that still grants its call, and only
// that call.
func TestATicketSavedWithGobStillGrantsItsCall(t *testing.T) {
	chain := hc.New(hc.Before("push-guard", hc.Any(), answering(hc.Ask("push?")))).
		WithApprover(approverThat(hc.Approval{Decision: hc.Defer}, nil, new([]hc.Question)))
	pending := &hc.ApprovalPending{Ticket: chain.Run(context.Background(), pushCall()).Pending, Reason: "approval pending"}
	require.NotNil(t, pending.Ticket)

	var buf bytes.Buffer
	require.NoError(t, gob.NewEncoder(&buf).Encode(pending))
	var back hc.ApprovalPending
	require.NoError(t, gob.NewDecoder(&buf).Decode(&back))
	assert.Equal(t, pending.Ticket.Question, back.Ticket.Question)
	assert.Equal(t, chain.ID(), back.Ticket.ChainID())

	out := chain.Run(hc.WithGrant(context.Background(), back.Ticket.Grant(hc.Approval{Decision: hc.Approve, By: "alice"})), pushCall())
	assert.Equal(t, hc.Allowed, out.Verdict)
	assert.Equal(t, "human", out.DecidedBy)

	other := pushCall()
	other.Input = []byte(`{"command":"git push --force origin main"}`)
	out = chain.Run(hc.WithGrant(context.Background(), back.Ticket.Grant(hc.Approval{Decision: hc.Approve, By: "alice"})), other)
	assert.Equal(t, hc.Asked, out.Verdict, "another input is asked about again")
}
