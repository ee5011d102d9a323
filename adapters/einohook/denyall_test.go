package einohook_test

import (
	"context"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/cloudwego/eino/adk"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/einohook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refuser is a chain that never lets a call run: it denies every call,
// except that it first defers the calls named in asking (its approver
// always defers), so that a run stops at eino's interrupt, and denies them
// when they are asked about again on resume. It remembers every call it
// was asked about.
type refuser struct {
	mu     sync.Mutex
	asking map[string]bool
	asked  []string
}

func (r *refuser) chain() *hookchain.Chain {
	return hookchain.New(hookchain.Before("deny-all", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.asked = append(r.asked, e.CallID+" "+e.Tool)
		if r.asking[e.CallID] {
			r.asking[e.CallID] = false
			return hookchain.Ask("later"), nil
		}
		return hookchain.Deny("no"), nil
	})).WithApprover(hookchain.Approver{Name: "queue", Timeout: time.Second, Answer: func(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) {
		return hookchain.Approval{Decision: hookchain.Defer}, nil
	}})
}

func (r *refuser) calls() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := append([]string(nil), r.asked...)
	sort.Strings(out)
	return out
}

// shownByID is what a node's caller was shown of each call, by call id.
func shownByID(ms []*schema.Message) map[string]string {
	out := map[string]string{}
	for _, m := range ms {
		if m != nil {
			out[m.ToolCallID] += contentOf(m)
		}
	}
	return out
}

// nodeRun runs one message through a ToolsNode built from conf, invoked or
// streamed, and returns what its caller was shown of each call.
func nodeRun(t testing.TB, conf compose.ToolsNodeConfig, streaming bool, msg *schema.Message, opts ...compose.ToolsNodeOption) map[string]string {
	ctx := context.Background()
	n, err := compose.NewToolNode(ctx, &conf)
	require.NoError(t, err)
	if !streaming {
		out, err := n.Invoke(ctx, msg, opts...)
		require.NoError(t, err)
		return shownByID(out)
	}
	r, err := n.Stream(ctx, msg, opts...)
	require.NoError(t, err)
	chunks, err := drainAll(r)
	require.NoError(t, err)
	var ms []*schema.Message
	for _, c := range chunks {
		ms = append(ms, c...)
	}
	return shownByID(ms)
}

// A chain that refuses everything, installed with Guard as the README says,
// is asked about every call eino can make, and no tool, handler or unknown
// tool runs: each of the four kinds of tool and a failing and a breaking
// one, invoked and streamed by the ToolsNode; a tool the node does not have
// (its UnknownToolsHandler); calls whose arguments a ToolArgumentsHandler
// made; parallel calls of one message and calls run one after another;
// tools given for one run; eino's react agent; and adk's Runner (with
// GuardAgent), whose
// interrupted call is put to the chain again on resume from its
// CheckPointStore.
//
// eino's ToolsNode.Stream writes one error variable from the converter of
// every enhanced stream of a message, a race when two of them run at once:
// so a streamed message here holds at most one enhanced call.
func TestADenyAllChainIsAskedAboutEveryCallFormEinoHas(t *testing.T) {
	ctx := context.Background()
	const no = "denied by deny-all: no"
	every := []call{{"c1", "read", `{}`}, {"c2", "tail", `{}`}, {"c3", "shot", `{}`}, {"c4", "feed", `{}`}, {"c5", "fails", `{}`}, {"c6", "breaks", `{}`}, {"c7", "nope", `{}`}}
	oneEnhanced := []call{every[0], every[1], every[2], every[4], every[5], every[6]}
	bare := func(rec *recorder) compose.ToolsNodeConfig {
		return compose.ToolsNodeConfig{Tools: tools(t, rec), UnknownToolsHandler: func(ctx context.Context, name, input string) (string, error) {
			rec.record("nope", name)
			return "ran " + name, nil
		}}
	}
	config := func(rec *recorder, r *refuser, edit func(*compose.ToolsNodeConfig)) compose.ToolsNodeConfig {
		conf := bare(rec)
		if edit != nil {
			edit(&conf)
		}
		// Guard last, on the finished config, as its documentation says.
		einohook.Guard(ctx, r.chain(), &conf)
		return conf
	}
	type run func(t *testing.T, rec *recorder, r *refuser) map[string]string
	node := func(streaming bool, calls []call, edit func(*compose.ToolsNodeConfig), opts ...compose.ToolsNodeOption) run {
		return func(t *testing.T, rec *recorder, r *refuser) map[string]string {
			return nodeRun(t, config(rec, r, edit), streaming, message(calls...), opts...)
		}
	}
	argumentsHandler := func(c *compose.ToolsNodeConfig) {
		c.ToolArgumentsHandler = func(ctx context.Context, name, arguments string) (string, error) { return `{"path":"made"}`, nil }
	}
	sequentially := func(c *compose.ToolsNodeConfig) { c.ExecuteSequentially = true }
	reactAgent := func(streaming bool, calls []call) run {
		return func(t *testing.T, rec *recorder, r *refuser) map[string]string {
			m, err := runReact(t, ctx, config(rec, r, nil), streaming, calls...)
			require.NoError(t, err)
			return m.toolResults()
		}
	}
	adkRunner := func(streaming bool, calls []call) run {
		return func(t *testing.T, rec *recorder, r *refuser) map[string]string {
			r.asking = map[string]bool{"c2": true}
			store := &checkpoints{m: map[string][]byte{}}
			m := &script{turns: []*schema.Message{message(calls...)}}
			conf := &adk.ChatModelAgentConfig{Name: "agent", Description: "d", Model: m,
				ToolsConfig: adk.ToolsConfig{ToolsNodeConfig: bare(rec)}}
			einohook.GuardAgent(ctx, r.chain(), conf)
			ag, err := adk.NewChatModelAgent(ctx, conf)
			require.NoError(t, err)
			runner := adk.NewRunner(ctx, adk.RunnerConfig{Agent: ag, CheckPointStore: store, EnableStreaming: streaming})
			pending, errs := events(t, runner.Query(ctx, "go", adk.WithCheckPointID("run-1")))
			require.Empty(t, errs)
			require.NotNil(t, pending)
			assert.Equal(t, "c2", pending.Ticket.Question.CallID)
			it, err := runner.Resume(ctx, "run-1")
			require.NoError(t, err)
			pending, errs = events(t, it)
			require.Empty(t, errs)
			require.Nil(t, pending)
			return m.toolResults()
		}
	}
	asked := func(calls []call, twice ...string) []string {
		var out []string
		for _, c := range calls {
			out = append(out, c.id+" "+c.name)
		}
		out = append(out, twice...)
		sort.Strings(out)
		return out
	}
	tests := []struct {
		name  string
		run   run
		calls []call
		twice []string // asked again on resume
	}{
		{"ToolsNode.Invoke, parallel calls of every kind", node(false, every, nil), every, nil},
		{"ToolsNode.Stream, parallel calls", node(true, oneEnhanced, nil), oneEnhanced, nil},
		{"ToolsNode.Stream, an enhanced streaming tool", node(true, every[3:4], nil), every[3:4], nil},
		{"ToolsNode.Invoke, one after another", node(false, every, sequentially), every, nil},
		{"ToolsNode.Stream, one after another", node(true, oneEnhanced, sequentially), oneEnhanced, nil},
		{"ToolsNode.Invoke, arguments made by a ToolArgumentsHandler", node(false, every, argumentsHandler), every, nil},
		{"ToolsNode.Stream, arguments made by a ToolArgumentsHandler", node(true, oneEnhanced, argumentsHandler), oneEnhanced, nil},
		{"ToolsNode.Invoke, tools given for one run", node(false, every, nil, compose.WithToolList(tools(t, &recorder{})...)), every, nil},
		{"react agent, invoked", reactAgent(false, every), every, nil},
		{"react agent, streamed", reactAgent(true, oneEnhanced), oneEnhanced, nil},
		{"adk Runner, interrupted and resumed, invoked", adkRunner(false, every), every, []string{"c2 tail"}},
		{"adk Runner, interrupted and resumed, streamed", adkRunner(true, oneEnhanced), oneEnhanced, []string{"c2 tail"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{}
			r := &refuser{asking: map[string]bool{}}
			shown := tt.run(t, rec, r)
			assert.Equal(t, asked(tt.calls, tt.twice...), r.calls())
			want := map[string]string{}
			for _, c := range tt.calls {
				want[c.id] = no
			}
			assert.Equal(t, want, shown)
			for _, k := range append(kinds, "fails", "breaks", "nope") {
				assert.Empty(t, rec.seen(k), k)
			}
		})
	}
}
