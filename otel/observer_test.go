package hookchainotel_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"

	hc "github.com/hookchain/hookchain"
	hookchainotel "github.com/hookchain/hookchain/otel"
)

func answer(out hc.Outcome, err error) hc.Interceptor {
	return func(context.Context, hc.Event) (hc.Outcome, error) { return out, err }
}

var (
	bashIn = json.RawMessage(`{"command":"rm -rf build"}`)
	pinned = json.RawMessage(`{"command":"rm -rf build","timeout":60}`)
)

func before(in json.RawMessage) hc.Event {
	return hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_1", Input: in}
}

// tracing is a real SDK provider recording into memory, with a span standing
// for the runtime's own span around the tool call.
type tracing struct {
	rec  *tracetest.SpanRecorder
	tp   *sdktrace.TracerProvider
	ctx  context.Context // carries the tool call's span
	call trace.Span
}

func newTracing(t *testing.T) *tracing {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	t.Cleanup(func() { _ = tp.Shutdown(context.Background()) })
	ctx, call := tp.Tracer("runtime").Start(context.Background(), "execute_tool Bash")
	return &tracing{rec: rec, tp: tp, ctx: ctx, call: call}
}

// chainSpans ends the tool call's span and returns the chain's spans, in the
// order they ended.
func (tr *tracing) chainSpans(t *testing.T) []sdktrace.ReadOnlySpan {
	t.Helper()
	tr.call.End()
	var out []sdktrace.ReadOnlySpan
	for _, s := range tr.rec.Ended() {
		if s.InstrumentationScope().Name == hookchainotel.ScopeName {
			out = append(out, s)
		}
	}
	return out
}

// reports records what the chain reported, so that spans can be checked
// against the exact durations the observer was given.
type reports struct {
	mu    sync.Mutex
	steps []hc.StepReport
	runs  []hc.RunReport
}

func (r *reports) observer() hc.Observer {
	return hc.Observer{
		Step: func(_ context.Context, s hc.StepReport) { r.mu.Lock(); r.steps = append(r.steps, s); r.mu.Unlock() },
		Run:  func(_ context.Context, x hc.RunReport) { r.mu.Lock(); r.runs = append(r.runs, x); r.mu.Unlock() },
	}
}

type wantSpan struct {
	name   string
	attrs  []attribute.KeyValue
	status sdktrace.Status
}

func stepAttrs(hook, link, verdict, reason string, fault ...string) []attribute.KeyValue {
	a := []attribute.KeyValue{
		attribute.String("hookchain.hook", hook),
		attribute.String("hookchain.tool", "Bash"),
		attribute.String("hookchain.call_id", "toolu_1"),
		attribute.String("hookchain.link", link),
		attribute.String("hookchain.verdict", verdict),
		attribute.String("hookchain.reason", reason),
	}
	for _, f := range fault {
		a = append(a, attribute.String("hookchain.fault", f))
	}
	return a
}

func runAttrs(hook, verdict, reason string, trail []string, extra ...attribute.KeyValue) []attribute.KeyValue {
	return append([]attribute.KeyValue{
		attribute.String("hookchain.hook", hook),
		attribute.String("hookchain.tool", "Bash"),
		attribute.String("hookchain.call_id", "toolu_1"),
		attribute.String("hookchain.verdict", verdict),
		attribute.String("hookchain.reason", reason),
		attribute.StringSlice("hookchain.trail", trail),
	}, extra...)
}

var unset = sdktrace.Status{Code: codes.Unset}

func failedWith(d string) sdktrace.Status { return sdktrace.Status{Code: codes.Error, Description: d} }

func TestEveryRunIsASpanUnderTheToolCallsSpanWithEveryLinkAskedInside(t *testing.T) {
	tests := []struct {
		name  string
		links []hc.Link
		event hc.Event
		steps []wantSpan
		run   wantSpan
	}{
		{
			name:  "an allow",
			links: []hc.Link{hc.Before("ok", hc.Any(), answer(hc.Allow(), nil))},
			event: before(bashIn),
			steps: []wantSpan{{"hookchain.step ok", stepAttrs("before_tool", "ok", "allow", ""), unset}},
			run:   wantSpan{"hookchain.run before_tool", runAttrs("before_tool", "allow", "", []string{}), unset},
		},
		{
			name:  "a denial by policy is not an error",
			links: []hc.Link{hc.Before("no-rm", hc.Any(), answer(hc.Deny("rm -rf is not allowed here"), nil))},
			event: before(bashIn),
			steps: []wantSpan{{"hookchain.step no-rm", stepAttrs("before_tool", "no-rm", "deny", "rm -rf is not allowed here"), unset}},
			run: wantSpan{"hookchain.run before_tool", runAttrs("before_tool", "deny", "denied by no-rm: rm -rf is not allowed here",
				[]string{"no-rm"}, attribute.String("hookchain.decided_by", "no-rm"), attribute.String("hookchain.cause", "link")), unset},
		},
		{
			name:  "a modify",
			links: []hc.Link{hc.Before("pin-timeout", hc.Any(), answer(hc.Modify(pinned, "added a 60s timeout"), nil))},
			event: before(bashIn),
			steps: []wantSpan{{"hookchain.step pin-timeout", stepAttrs("before_tool", "pin-timeout", "modify", "added a 60s timeout"), unset}},
			run: wantSpan{"hookchain.run before_tool", runAttrs("before_tool", "modify", "pin-timeout: added a 60s timeout",
				[]string{"pin-timeout"}, attribute.StringSlice("hookchain.changed_by", []string{"pin-timeout"})), unset},
		},
		{
			name:  "a replace",
			links: []hc.Link{hc.After("redact", hc.Any(), answer(hc.Replace(hc.Text("[REDACTED]"), false, "an AWS key"), nil))},
			event: hc.Event{Hook: hc.AfterTool, Tool: "Bash", CallID: "toolu_1", Input: bashIn, Output: hc.Text("AKIAIOSFODNN7EXAMPLE")},
			steps: []wantSpan{{"hookchain.step redact", stepAttrs("after_tool", "redact", "replace", "an AWS key"), unset}},
			run: wantSpan{"hookchain.run after_tool", runAttrs("after_tool", "replace", "redact: an AWS key",
				[]string{"redact"}, attribute.StringSlice("hookchain.changed_by", []string{"redact"})), unset},
		},
		{
			name: "a fail-open failure is an error on its step and on the run it did not change",
			links: []hc.Link{
				hc.Before("audit", hc.Any(), answer(hc.Outcome{}, errors.New("audit service down"))).FailOpen(),
				hc.Before("ok", hc.Any(), answer(hc.Allow(), nil)),
			},
			event: before(bashIn),
			steps: []wantSpan{
				{"hookchain.step audit", stepAttrs("before_tool", "audit", "allow", "", "audit service down"), failedWith("audit service down")},
				{"hookchain.step ok", stepAttrs("before_tool", "ok", "allow", ""), unset},
			},
			run: wantSpan{"hookchain.run before_tool", runAttrs("before_tool", "allow", "",
				[]string{"audit"}, attribute.StringSlice("hookchain.failed", []string{"audit"})), failedWith("audit failed: audit service down")},
		},
		{
			name: "a fail-closed failure is an error on its step and on the run it denied",
			links: []hc.Link{
				hc.Before("policy", hc.Any(), answer(hc.Outcome{}, errors.New("policy server unreachable"))),
				hc.Before("never-asked", hc.Any(), answer(hc.Allow(), nil)),
			},
			event: before(bashIn),
			steps: []wantSpan{{"hookchain.step policy", stepAttrs("before_tool", "policy", "deny", "", "policy server unreachable"), failedWith("policy server unreachable")}},
			run: wantSpan{"hookchain.run before_tool", runAttrs("before_tool", "deny", "policy failed and denies on failure: policy server unreachable",
				[]string{"policy"}, attribute.String("hookchain.decided_by", "policy"), attribute.String("hookchain.cause", "failure"), attribute.StringSlice("hookchain.failed", []string{"policy"})),
				failedWith("policy failed: policy server unreachable")},
		},
		{
			name: "a guard that refuses a rewritten call is named beside the rewriter",
			links: []hc.Link{
				hc.Before("ok", hc.Any(), answer(hc.Allow(), nil)),
				hc.Before("pin-timeout", hc.Any(), answer(hc.Modify(pinned, "added a 60s timeout"), nil)),
				hc.Before("no-rm", hc.InputExists("timeout"), answer(hc.Deny("rm -rf is not allowed here"), nil)),
			},
			event: before(bashIn),
			steps: []wantSpan{
				{"hookchain.step ok", stepAttrs("before_tool", "ok", "allow", ""), unset},
				{"hookchain.step pin-timeout", stepAttrs("before_tool", "pin-timeout", "modify", "added a 60s timeout"), unset},
				{"hookchain.step no-rm", stepAttrs("before_tool", "no-rm", "deny", "rm -rf is not allowed here"), unset},
			},
			run: wantSpan{"hookchain.run before_tool", runAttrs("before_tool", "deny", "denied by no-rm: rm -rf is not allowed here",
				[]string{"pin-timeout", "no-rm"}, attribute.String("hookchain.decided_by", "no-rm"), attribute.String("hookchain.cause", "link"),
				attribute.StringSlice("hookchain.changed_by", []string{"pin-timeout"})), unset},
		},
		{
			name:  "the chain's own refusal is a run with no step and no decider, and says why",
			links: []hc.Link{hc.Before("ok", hc.Any(), answer(hc.Allow(), nil))},
			event: before(json.RawMessage(`{"command":`)),
			run: wantSpan{"hookchain.run before_tool", runAttrs("before_tool", "deny", "hookchain: the input is not valid JSON", []string{},
				attribute.String("hookchain.cause", "chain")), unset},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := newTracing(t)
			var seen reports
			chain := hc.New(tt.links...).WithObserver(hookchainotel.Observer(tr.tp)).WithObserver(seen.observer())

			chain.Run(tr.ctx, tt.event)

			spans := tr.chainSpans(t)
			require.Len(t, seen.steps, len(tt.steps))
			require.Len(t, seen.runs, 1)
			require.Len(t, spans, len(tt.steps)+1, "a span per step, then one for the run")
			want := append(append([]wantSpan(nil), tt.steps...), tt.run)
			durations := []time.Duration{}
			for _, s := range seen.steps {
				durations = append(durations, s.Duration)
			}
			durations = append(durations, seen.runs[0].Duration)
			for i, s := range spans {
				assert.Equal(t, want[i].name, s.Name())
				assert.Equal(t, want[i].attrs, s.Attributes())
				assert.Equal(t, want[i].status, s.Status())
				assert.Empty(t, s.Events())
				assert.Equal(t, trace.SpanKindInternal, s.SpanKind())
				assert.Equal(t, tr.call.SpanContext().TraceID(), s.SpanContext().TraceID())
				if i == len(spans)-1 {
					assert.Equal(t, tr.call.SpanContext().SpanID(), s.Parent().SpanID(), "the run is a child of the tool call's span")
				} else {
					assert.Equal(t, spans[len(spans)-1].SpanContext().SpanID(), s.Parent().SpanID(), "a step is a child of its run")
				}
				assert.Equal(t, durations[i], s.EndTime().Sub(s.StartTime()), "lasts exactly as long as reported")
			}
		})
	}
}

func TestSpansAreTimedByTheReportsAndEachRunCoversItsStepsAroundTheTool(t *testing.T) {
	tr := newTracing(t)
	var toolRan time.Time
	chain := hc.New(
		hc.Before("ok", hc.Any(), answer(hc.Allow(), nil)),
		hc.Before("pin-timeout", hc.Any(), answer(hc.Modify(pinned, "added a 60s timeout"), nil)),
		hc.After("redact", hc.Any(), answer(hc.Replace(hc.Text("[REDACTED]"), false, "an AWS key"), nil)),
	).WithObserver(hookchainotel.Observer(tr.tp))
	exec := chain.Wrap(func(ctx context.Context, c hc.Call) (hc.Result, error) {
		toolRan = time.Now()
		return hc.TextResult("AKIAIOSFODNN7EXAMPLE"), nil
	})

	res, err := exec(tr.ctx, hc.Call{Tool: "Bash", ID: "toolu_1", Input: bashIn})
	require.NoError(t, err)
	require.Equal(t, hc.Text("[REDACTED]"), res.Output)

	spans := tr.chainSpans(t)
	var names []string
	for _, s := range spans {
		names = append(names, s.Name())
	}
	require.Equal(t, []string{
		"hookchain.step ok", "hookchain.step pin-timeout", "hookchain.run before_tool",
		"hookchain.step redact", "hookchain.run after_tool",
	}, names)
	ok, pin, beforeRun, redact, afterRun := spans[0], spans[1], spans[2], spans[3], spans[4]

	call := tr.rec.Ended()[len(tr.rec.Ended())-1]
	require.Equal(t, "execute_tool Bash", call.Name())
	instants := []struct {
		name string
		at   time.Time
	}{
		{"the tool call's span starts", call.StartTime()},
		{"the before run starts", beforeRun.StartTime()},
		{"ok starts", ok.StartTime()},
		{"ok ends", ok.EndTime()},
		{"pin-timeout starts", pin.StartTime()},
		{"pin-timeout ends", pin.EndTime()},
		{"the before run ends", beforeRun.EndTime()},
		{"the tool runs", toolRan},
		{"the after run starts", afterRun.StartTime()},
		{"redact starts", redact.StartTime()},
		{"redact ends", redact.EndTime()},
		{"the after run ends", afterRun.EndTime()},
		{"the tool call's span ends", call.EndTime()},
	}
	for i := 1; i < len(instants); i++ {
		assert.False(t, instants[i].at.Before(instants[i-1].at), "%s before %s", instants[i].name, instants[i-1].name)
	}
	for _, s := range []sdktrace.ReadOnlySpan{beforeRun, afterRun} {
		assert.Equal(t, call.SpanContext().SpanID(), s.Parent().SpanID(), s.Name())
	}
	for _, s := range []sdktrace.ReadOnlySpan{ok, pin} {
		assert.Equal(t, beforeRun.SpanContext().SpanID(), s.Parent().SpanID(), s.Name())
	}
	assert.Equal(t, afterRun.SpanContext().SpanID(), redact.Parent().SpanID(), redact.Name())
}

func TestConcurrentRunsOnOneContextNeverMixTheirSpans(t *testing.T) {
	tr := newTracing(t)
	chain := hc.New(
		hc.Before("odd-calls", hc.InputEquals("odd", true), answer(hc.Deny("odd"), nil)),
		hc.Before("ok", hc.Any(), answer(hc.Allow(), nil)),
	).WithObserver(hookchainotel.Observer(tr.tp))

	const calls = 32
	var wg sync.WaitGroup
	for i := range calls {
		wg.Go(func() {
			in := json.RawMessage(fmt.Sprintf(`{"odd":%t}`, i%2 == 1))
			chain.Run(tr.ctx, hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: fmt.Sprint("toolu_", i), Input: in})
		})
	}
	wg.Wait()

	perCall := map[string][]string{}
	for _, s := range tr.chainSpans(t) {
		var id, verdict string
		for _, a := range s.Attributes() {
			switch a.Key {
			case "hookchain.call_id":
				id = a.Value.AsString()
			case "hookchain.verdict":
				verdict = a.Value.AsString()
			}
		}
		perCall[id] = append(perCall[id], s.Name()+" "+verdict)
	}
	require.Len(t, perCall, calls)
	for i := range calls {
		want := []string{"hookchain.step ok allow", "hookchain.run before_tool allow"}
		if i%2 == 1 {
			want = []string{"hookchain.step odd-calls deny", "hookchain.run before_tool deny"}
		}
		assert.Equal(t, want, perCall[fmt.Sprint("toolu_", i)], "call %d", i)
	}
}

func TestANilTracerProviderMeansTheGlobalOne(t *testing.T) {
	obs := hookchainotel.Observer(nil) // before the global provider is set
	tr := newTracing(t)
	otel.SetTracerProvider(tr.tp)
	t.Cleanup(func() { otel.SetTracerProvider(noop.NewTracerProvider()) })

	hc.New(hc.Before("ok", hc.Any(), answer(hc.Allow(), nil))).WithObserver(obs).Run(tr.ctx, before(bashIn))

	var names []string
	for _, s := range tr.chainSpans(t) {
		names = append(names, s.Name())
	}
	assert.Equal(t, []string{"hookchain.step ok", "hookchain.run before_tool"}, names)
}
