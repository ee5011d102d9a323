package hookchain_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

// A ticket waits for a person long after its run returned, while the
// caller is free to reuse the buffer its call's input was read into. The
// ticket shows whoever decides the input its grant is bound to, so it
// holds its own copy: what the person reads and what the grant runs are
// one call.
func TestATicketShowsTheInputItBindsWhateverTheCallerDoesWithItsBuffer(t *testing.T) {
	var asked []hc.Question
	c := hc.New(hc.Before("push-guard", hc.Any(), askAboutPush)).WithApprover(approverThat(hc.Approval{Decision: hc.Defer}, nil, &asked))
	buf := []byte(`{"command":"git push origin main"}`)
	ticket := c.Run(context.Background(), hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_7", Input: buf}).Pending
	require.NotNil(t, ticket)
	copy(buf, `{"command":"git push origin dev!"}`) // the caller reads its next call into the same buffer

	assert.JSONEq(t, `{"command":"git push origin main"}`, string(ticket.Question.Input), "the person is shown the call the grant runs")
	b, err := json.Marshal(ticket)
	require.NoError(t, err)
	var back hc.Ticket
	require.NoError(t, json.Unmarshal(b, &back), "the ticket's input still matches its hash")
}
