package langchainhook_test

import (
	"context"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/langchainhook"
	"github.com/hookchain/hookchain/internal/testfiles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tmc/langchaingo/agents"
	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/fake"
	"github.com/tmc/langchaingo/tools"
)

const pending = "approval pending (asked by guard: deploy?)"

// The agents of the test: the MRKL agent, whose calls have no id, and the
// OpenAI-functions agent, whose calls have the ids given.
func mrkl(ts []tools.Tool, ids ...string) agents.Agent {
	var out []string
	for range ids {
		out = append(out, "Action: deploy\nAction Input: web")
	}
	return agents.NewOneShotAgent(fake.NewFakeLLM(append(out, "Final Answer: done")), ts)
}

func functions(ts []tools.Tool, ids ...string) agents.Agent {
	var answers []llms.ContentChoice
	for _, id := range ids {
		answers = append(answers, llms.ContentChoice{ToolCalls: []llms.ToolCall{toolCall(id, "deploy", `{"__arg1":"web"}`)}})
	}
	return agents.NewOpenAIFunctionsAgent(&toolModel{answers: answers}, ts)
}

func TestOnPendingIsHandedTheTicketOfEveryDeferredCall(t *testing.T) {
	var k testfiles.Tickets
	chain := testfiles.Deferring("deploy?")
	tool := echo("deploy")
	got := execute(t, chain, functions([]tools.Tool{langchainhook.Wrap(chain, tool, langchainhook.OnPending(k.Add))}, "call_1"), context.Background())
	assert.Equal(t, []string{pending}, got, "the agent is told, as without the hook")
	assert.Empty(t, tool.seen())
	require.Len(t, k.Got(), 1)
	q := k.Got()[0].Ticket.Question
	assert.Equal(t, "deploy", q.Tool)
	assert.Equal(t, "call_1", q.CallID)
	assert.Equal(t, `{"input":"web"}`, string(q.Input))
	assert.Equal(t, pending, k.Got()[0].Reason)
}

// A grant in the executor's context covers the call it was made for: with
// no call id (the MRKL agent), the first identical call, once; with call
// ids, the call the ticket names, and not the model's next call of the same
// tool with the same input.
func TestAGrantInTheExecutorsContextCoversTheOneCallItWasMadeFor(t *testing.T) {
	tests := []struct {
		name     string
		agent    func([]tools.Tool, ...string) agents.Agent
		ticketID string
		ids      []string
		want     []string
	}{
		{"with no call id, the first identical call", mrkl, "", []string{"", ""}, []string{"got web", pending}},
		{"with call ids, the call it names", functions, "call_1", []string{"call_2", "call_1"}, []string{pending, "got web"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var k testfiles.Tickets
			chain := testfiles.Deferring("deploy?")
			tool := echo("deploy")
			ts := []tools.Tool{langchainhook.Wrap(chain, tool, langchainhook.OnPending(k.Add))}
			require.Equal(t, []string{pending}, execute(t, chain, tt.agent(ts, tt.ticketID), context.Background()))
			require.Len(t, k.Got(), 1)
			require.Equal(t, tt.ticketID, k.Got()[0].Ticket.Question.CallID)

			ctx := hookchain.WithGrant(context.Background(), k.Got()[0].Ticket.Grant(hookchain.Approval{Decision: hookchain.Approve, By: "alice"}))
			assert.Equal(t, tt.want, execute(t, chain, tt.agent(ts, tt.ids...), ctx))
			assert.Equal(t, []string{"web"}, tool.seen(), "deployed once")
		})
	}
}
