package anthropichook_test

import (
	"context"
	"encoding/json"
	"sort"
	"sync"
	"testing"

	anthropic "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/anthropichook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/embedded"
	"go.opentelemetry.io/otel/trace/noop"
)

// asked records the events a chain's link was asked about.
type asked struct {
	mu     sync.Mutex
	events []hookchain.Event
}

func (a *asked) link(name string, answer hookchain.Interceptor) hookchain.Link {
	return hookchain.Before(name, hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		a.mu.Lock()
		a.events = append(a.events, e)
		a.mu.Unlock()
		return answer(ctx, e)
	})
}

// calls are the tool, call id and input of each event, sorted: the runner
// runs a turn's calls in parallel.
func (a *asked) calls() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	var out []string
	for _, e := range a.events {
		out = append(out, e.Tool+" "+e.CallID+" "+string(e.Input))
	}
	sort.Strings(out)
	return out
}

var runners = []struct {
	name   string
	stream bool
}{{"NewToolRunner", false}, {"NewToolRunnerStreaming", true}}

// Every call either runner makes reaches the chain, installed as the
// README says: each tool form (typed, raw, failing, a BetaTool of the
// host's own), parallel tool_use blocks in one turn, and a later turn. A
// call to a tool the runner does not have runs nothing: the runner answers
// it "not found" without calling any tool.
func TestADenyAllChainIsAskedAboutEveryCallTheRunnersMake(t *testing.T) {
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			var a asked
			chain := hookchain.New(a.link("deny-all", deny("nothing runs")))
			rec := &recorder{}
			res := runTurns(t, setup{stream: r.stream, runnerOpts: []option.RequestOption{anthropichook.WithCallIDs(nil)}}, chain, tools(t, rec),
				[]toolUse{
					{id: "toolu_1", name: "read", input: `{"path":"a"}`},
					{id: "toolu_2", name: "raw", input: `{"x":1}`},
					{id: "toolu_3", name: "fails", input: `{}`},
					{id: "toolu_4", name: "rich", input: `{}`},
					{id: "toolu_5", name: "nosuch", input: `{}`},
				},
				[]toolUse{{id: "toolu_6", name: "read", input: `{"path":"b"}`}},
			)
			assert.Equal(t, []string{
				`fails toolu_3 {}`,
				`raw toolu_2 {"x":1}`,
				`read toolu_1 {"path":"a"}`,
				`read toolu_6 {"path":"b"}`,
				`rich toolu_4 {}`,
			}, a.calls())
			assert.Empty(t, rec.got, "no tool ran")
			require.Len(t, res, 6)
			for _, id := range []string{"toolu_1", "toolu_2", "toolu_3", "toolu_4", "toolu_6"} {
				assert.JSONEq(t, withID(id, result(true, textBlock("Error: denied by deny-all: nothing runs"))), string(res[id]), id)
			}
			assert.JSONEq(t, withID("toolu_5", result(true, textBlock("Error: Tool 'nosuch' not found"))), string(res["toolu_5"]))
		})
	}
}

// withID is a tool_result block for the tool-use id id.
func withID(id, block string) string {
	var m map[string]any
	_ = json.Unmarshal([]byte(block), &m)
	m["tool_use_id"] = id
	b, _ := json.Marshal(m)
	return string(b)
}

// spans is a tracer provider of the host's own, which records the names of
// the spans started through it.
type spans struct {
	embedded.TracerProvider
	mu    sync.Mutex
	names []string
}

func (s *spans) Tracer(name string, opts ...trace.TracerOption) trace.Tracer {
	return spanTracer{s: s, Tracer: noop.NewTracerProvider().Tracer(name)}
}

type spanTracer struct {
	trace.Tracer
	s *spans
}

func (t spanTracer) Start(ctx context.Context, name string, opts ...trace.SpanStartOption) (context.Context, trace.Span) {
	t.s.mu.Lock()
	t.s.names = append(t.s.names, name)
	t.s.mu.Unlock()
	return t.Tracer.Start(ctx, name, opts...)
}

func TestWithCallIDsTheChainIsToldTheToolUseIDOfEachCall(t *testing.T) {
	calls := []toolUse{
		{id: "toolu_a", name: "raw", input: `{"n":1}`},
		{id: "toolu_b", name: "raw", input: `{"n":1}`},
		{id: "toolu_c", name: "read", input: `{"path":"p"}`},
	}
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			host := &spans{}
			var a asked
			runTurns(t, setup{stream: r.stream, runnerOpts: []option.RequestOption{anthropichook.WithCallIDs(host)}},
				hookchain.New(a.link("look", allow)), tools(t, &recorder{}), calls)
			assert.Equal(t, []string{`raw toolu_a {"n":1}`, `raw toolu_b {"n":1}`, `read toolu_c {"path":"p"}`}, a.calls())
			host.mu.Lock()
			defer host.mu.Unlock()
			assert.Contains(t, host.names, "anthropic.custom_tool_use raw", "the host's own provider still gets every span")
			assert.Contains(t, host.names, "anthropic.custom_tool_use read")
		})
	}
	t.Run("without it, or with the SDK's traces off, the id is empty and every call is still judged", func(t *testing.T) {
		for _, opts := range [][]option.RequestOption{nil, {anthropichook.WithCallIDs(nil), option.WithOpenTelemetryTraces(false)}} {
			var a asked
			runTurns(t, setup{runnerOpts: opts}, hookchain.New(a.link("look", allow)), tools(t, &recorder{}), calls)
			assert.Equal(t, []string{`raw  {"n":1}`, `raw  {"n":1}`, `read  {"path":"p"}`}, a.calls())
		}
	})
}

// A tool that calls another wrapped tool itself hands it no id: the id is
// of the call the runner made, to the tool it made it to.
func TestAToolThatCallsAnotherWrappedToolHandsItNoIDOfItsOwn(t *testing.T) {
	var a asked
	chain := hookchain.New(a.link("look", allow))
	inner := anthropichook.Wrap(chain, tools(t, &recorder{})[1]) // raw
	outer := &funcTool{name: "outer", run: func(ctx context.Context, in json.RawMessage) ([]anthropic.BetaToolResultBlockParamContentUnion, error) {
		return inner.Execute(ctx, json.RawMessage(`{"from":"outer"}`))
	}}
	runTurns(t, setup{runnerOpts: []option.RequestOption{anthropichook.WithCallIDs(nil)}}, chain, []anthropic.BetaTool{outer},
		[]toolUse{{id: "toolu_1", name: "outer", input: `{}`}})
	assert.Equal(t, []string{`outer toolu_1 {}`, `raw  {"from":"outer"}`}, a.calls())
}

// funcTool is a BetaTool of the host's own, made of a function.
type funcTool struct {
	name string
	run  func(ctx context.Context, in json.RawMessage) ([]anthropic.BetaToolResultBlockParamContentUnion, error)
}

func (f *funcTool) Name() string        { return f.name }
func (f *funcTool) Description() string { return "the " + f.name + " tool" }
func (f *funcTool) InputSchema() anthropic.BetaToolInputSchemaParam {
	return anthropic.BetaToolInputSchemaParam{Properties: map[string]any{}}
}
func (f *funcTool) Execute(ctx context.Context, in json.RawMessage) ([]anthropic.BetaToolResultBlockParamContentUnion, error) {
	return f.run(ctx, in)
}
