package anthropichook_test

import (
	"context"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/anthropichook"
	"github.com/hookchain/hookchain/internal/testfiles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const pendingText = "Error: approval pending (asked by guard: deploy?)"

func TestOnPendingIsHandedTheTicketOfEveryDeferredCall(t *testing.T) {
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			var k testfiles.Tickets
			rec := &recorder{}
			res := runTurns(t, setup{stream: r.stream, runnerOpts: []option.RequestOption{anthropichook.WithCallIDs(nil)}, wrapOpts: []anthropichook.Option{anthropichook.OnPending(k.Add)}},
				testfiles.Deferring("deploy?"), tools(t, rec), []toolUse{{id: "toolu_1", name: "raw", input: `{"service":"web"}`}})
			assert.JSONEq(t, result(true, textBlock(pendingText)), string(res["toolu_1"]), "the model is told, as without the hook")
			assert.Empty(t, rec.seen("raw"))
			require.Len(t, k.Got(), 1)
			q := k.Got()[0].Ticket.Question
			assert.Equal(t, "raw", q.Tool)
			assert.Equal(t, "toolu_1", q.CallID)
			assert.Equal(t, `{"service":"web"}`, string(q.Input))
			assert.Equal(t, "approval pending (asked by guard: deploy?)", k.Got()[0].Reason)
		})
	}
}

// A grant presented in the runner's context covers the call it was made
// for: with no call id, the first identical call, once; with call ids, that
// tool_use block, and not the model's next call of the same tool with the
// same input.
func TestAGrantInTheRunnersContextCoversTheOneCallItWasMadeFor(t *testing.T) {
	deploy := func(id string) []toolUse { return []toolUse{{id: id, name: "raw", input: `{"service":"web"}`}} }
	tests := []struct {
		name     string
		opts     []option.RequestOption
		ticketID string
		turns    [][]toolUse
		want     map[string]string // tool-use id -> what the model read
	}{
		{"with no call id, the first identical call", nil, "", [][]toolUse{deploy("toolu_2"), deploy("toolu_3")},
			map[string]string{"toolu_2": result(false, textBlock(`{"service":"web"}`)), "toolu_3": result(true, textBlock(pendingText))}},
		{"with call ids, the call it names", []option.RequestOption{anthropichook.WithCallIDs(nil)}, "toolu_1", [][]toolUse{deploy("toolu_2"), deploy("toolu_1")},
			map[string]string{"toolu_2": result(true, textBlock(pendingText)), "toolu_1": result(false, textBlock(`{"service":"web"}`))}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chain := testfiles.Deferring("deploy?")
			var k testfiles.Tickets
			rec := &recorder{}
			s := setup{runnerOpts: tt.opts, wrapOpts: []anthropichook.Option{anthropichook.OnPending(k.Add)}}
			runTurns(t, s, chain, tools(t, rec), deploy("toolu_1"))
			require.Len(t, k.Got(), 1)
			require.Equal(t, tt.ticketID, k.Got()[0].Ticket.Question.CallID)

			s.ctx = hookchain.WithGrant(context.Background(), k.Got()[0].Ticket.Grant(hookchain.Approval{Decision: hookchain.Approve, By: "alice"}))
			res := runTurns(t, s, chain, tools(t, rec), tt.turns...)
			for id, want := range tt.want {
				assert.JSONEq(t, withID(id, want), string(res[id]), id)
			}
			assert.Equal(t, []string{`{"service":"web"}`}, rec.seen("raw"), "deployed once")
		})
	}
}
