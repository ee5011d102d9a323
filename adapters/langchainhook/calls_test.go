package langchainhook_test

import (
	"context"
	"sync"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/langchainhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tmc/langchaingo/agents"
	"github.com/tmc/langchaingo/chains"
	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/fake"
	"github.com/tmc/langchaingo/schema"
	"github.com/tmc/langchaingo/tools"
)

// toolModel is a fake chat model that calls tools, for the
// OpenAI-functions agent: its n-th answer is answers[n], and once they are
// spent it finishes. It keeps the messages it was sent.
type toolModel struct {
	mu      sync.Mutex
	answers []llms.ContentChoice
	sent    [][]llms.MessageContent
}

func (m *toolModel) GenerateContent(ctx context.Context, msgs []llms.MessageContent, _ ...llms.CallOption) (*llms.ContentResponse, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := len(m.sent)
	m.sent = append(m.sent, msgs)
	answer := llms.ContentChoice{Content: "done"}
	if n < len(m.answers) {
		answer = m.answers[n]
	}
	return &llms.ContentResponse{Choices: []*llms.ContentChoice{&answer}}, nil
}

func (m *toolModel) Call(ctx context.Context, prompt string, opts ...llms.CallOption) (string, error) {
	return llms.GenerateFromSinglePrompt(ctx, m, prompt, opts...)
}

// shown is what the model was last shown of each tool call: the tool
// responses in its last request, by call id.
func (m *toolModel) shown() map[string]string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string]string{}
	last := m.sent[len(m.sent)-1]
	for _, msg := range last {
		for _, p := range msg.Parts {
			if r, ok := p.(llms.ToolCallResponse); ok {
				out[r.ToolCallID] = r.Content
			}
		}
	}
	return out
}

func toolCall(id, name, args string) llms.ToolCall {
	return llms.ToolCall{ID: id, Type: "function", FunctionCall: &llms.FunctionCall{Name: name, Arguments: args}}
}

// callLog records every event the chain's first link is asked about.
type callLog struct {
	mu     sync.Mutex
	events []string
}

func (l *callLog) link(answer hookchain.Interceptor) hookchain.Link {
	return hookchain.Before("deny-all", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		l.mu.Lock()
		l.events = append(l.events, e.Tool+" "+e.CallID+" "+string(e.Input))
		l.mu.Unlock()
		return answer(ctx, e)
	})
}

// execute runs the executor on agent, with the chain installed as the
// README says, and returns the observations of its steps.
func execute(t *testing.T, chain *hookchain.Chain, agent agents.Agent, ctx context.Context) []string {
	t.Helper()
	exec := agents.NewExecutor(langchainhook.Agent(chain, agent), agents.WithReturnIntermediateSteps(), agents.WithMaxIterations(6))
	out, err := chains.Call(ctx, exec, map[string]any{"input": "go"})
	require.NoError(t, err)
	steps, _ := out["intermediateSteps"].([]schema.AgentStep)
	var seen []string
	for _, s := range steps {
		seen = append(seen, s.Observation)
	}
	return seen
}

const denied = "denied by deny-all: nothing runs"

// Every call langchaingo's executor can make reaches the chain: with the
// MRKL (one-shot) agent, the conversational agent and the OpenAI-functions
// agent (parallel tool calls, arguments with and without __arg1, a legacy
// function call), under the tool's name in any case, to a text tool and to
// a JSON tool; and a tool called directly. A call to a tool the agent does
// not have runs nothing: the executor answers it itself.
func TestADenyAllChainIsAskedAboutEveryCallTheExecutorMakes(t *testing.T) {
	notValid := "nosuch is not a valid tool, try another one"
	setup := func() (*callLog, *hookchain.Chain, *fn, *fn, []tools.Tool) {
		var log callLog
		chain := hookchain.New(log.link(deny("nothing runs")))
		shell, read := echo("shell"), echo("read")
		return &log, chain, shell, read, []tools.Tool{shell, langchainhook.WrapJSON(chain, read)}
	}
	text := []string{
		"Action: shell\nAction Input: rm -rf /",
		"Action: SHELL\nAction Input: {\"x\":\"$(id)\"}",
		"Action: read\nAction Input: {\"path\":\"/etc/shadow\"}",
		"Action: nosuch\nAction Input: x",
	}
	wantText := []string{
		`shell  {"input":"rm -rf /"}`,
		`shell  {"input":"{\"x\":\"$(id)\"}"}`,
		`read  {"path":"/etc/shadow"}`,
	}
	t.Run("MRKL", func(t *testing.T) {
		log, chain, shell, read, ts := setup()
		got := execute(t, chain, agents.NewOneShotAgent(fake.NewFakeLLM(append(text, "Final Answer: done")), ts), context.Background())
		assert.Equal(t, []string{denied, denied, denied, notValid}, got)
		assert.Equal(t, wantText, log.events)
		assert.Empty(t, shell.seen())
		assert.Empty(t, read.seen())
	})
	t.Run("conversational", func(t *testing.T) {
		log, chain, shell, read, ts := setup()
		got := execute(t, chain, agents.NewConversationalAgent(fake.NewFakeLLM(append(text, "AI: done")), ts), context.Background())
		assert.Equal(t, []string{denied, denied, denied, notValid}, got)
		assert.Equal(t, wantText, log.events)
		assert.Empty(t, shell.seen())
		assert.Empty(t, read.seen())
	})
	t.Run("OpenAI functions", func(t *testing.T) {
		log, chain, shell, read, ts := setup()
		model := &toolModel{answers: []llms.ContentChoice{
			{ToolCalls: []llms.ToolCall{
				toolCall("call_1", "shell", `{"__arg1":"rm -rf /"}`),
				toolCall("call_2", "shell", `{"x":"$(id)"}`),
				toolCall("call_3", "read", `{"__arg1":"{\"path\":\"/etc/shadow\"}"}`),
				toolCall("call_4", "nosuch", `{}`),
			}},
			{FuncCall: &llms.FunctionCall{Name: "Shell", Arguments: `{"__arg1":"ls"}`}},
		}}
		got := execute(t, chain, agents.NewOpenAIFunctionsAgent(model, ts), context.Background())
		assert.Equal(t, []string{denied, denied, denied, notValid, denied}, got)
		assert.Equal(t, []string{
			`shell call_1 {"input":"rm -rf /"}`,
			`shell call_2 {"input":"{\"x\":\"$(id)\"}"}`,
			`read call_3 {"path":"/etc/shadow"}`,
			`shell  {"input":"ls"}`,
		}, log.events)
		assert.Equal(t, map[string]string{"call_1": denied, "call_2": denied, "call_3": denied, "call_4": notValid, "": denied}, model.shown(),
			"what the model read of each call (the legacy call's has no id)")
		assert.Empty(t, shell.seen())
		assert.Empty(t, read.seen())
	})
	t.Run("called directly", func(t *testing.T) {
		log, chain, shell, read, ts := setup()
		for _, tool := range langchainhook.Agent(chain, agents.NewOneShotAgent(fake.NewFakeLLM(nil), ts)).GetTools() {
			got, err := tool.Call(context.Background(), `{"path":"x"}`)
			require.NoError(t, err)
			assert.Equal(t, denied, got)
		}
		got, err := langchainhook.Wrap(chain, shell).Call(context.Background(), "ls")
		require.NoError(t, err)
		assert.Equal(t, denied, got)
		assert.Equal(t, []string{`shell  {"input":"{\"path\":\"x\"}"}`, `read  {"path":"x"}`, `shell  {"input":"ls"}`}, log.events)
		assert.Empty(t, shell.seen())
		assert.Empty(t, read.seen())
	})
}

// Identical calls in one plan each take their own id, in the order the
// executor makes them; a plan's ids do not reach a run with another
// context.
func TestEachCallTakesTheIDOfTheToolCallItWasMadeFor(t *testing.T) {
	var log callLog
	chain := hookchain.New(log.link(allow))
	shell := echo("shell")
	model := &toolModel{answers: []llms.ContentChoice{{ToolCalls: []llms.ToolCall{
		toolCall("call_a", "shell", `{"__arg1":"ls"}`),
		toolCall("call_b", "shell", `{"__arg1":"ls"}`),
		toolCall("call_c", "shell", `{"__arg1":"pwd"}`),
	}}}}
	agent := langchainhook.Agent(chain, agents.NewOpenAIFunctionsAgent(model, []tools.Tool{shell}))
	got := execute(t, chain, agent, context.Background())
	assert.Equal(t, []string{"got ls", "got ls", "got pwd"}, got)
	assert.Equal(t, []string{`shell call_a {"input":"ls"}`, `shell call_b {"input":"ls"}`, `shell call_c {"input":"pwd"}`}, log.events)
	assert.Equal(t, map[string]string{"call_a": "got ls", "call_b": "got ls", "call_c": "got pwd"}, model.shown())

	log.events = nil
	_, err := agent.GetTools()[0].Call(context.Background(), "ls")
	require.NoError(t, err)
	assert.Equal(t, []string{`shell  {"input":"ls"}`}, log.events, "the run's plan is spent")
}
