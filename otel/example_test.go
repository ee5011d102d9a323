package hookchainotel_test

import (
	"context"
	"encoding/json"
	"fmt"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	hc "github.com/hookchain/hookchain"
	hookchainotel "github.com/hookchain/hookchain/otel"
)

// The runtime's span around the tool call is the parent of the chain's spans:
// one per link asked, then one for the run, which says who decided and why.
// A policy denial leaves the status Unset; only a failing link is an Error.
func ExampleObserver() {
	rec := tracetest.NewSpanRecorder() // in production: a batching exporter
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))

	chain := hc.New(
		hc.Before("pin-timeout", hc.And(hc.Tool("Bash"), hc.Not(hc.InputExists("timeout"))),
			func(ctx context.Context, e hc.Event) (hc.Outcome, error) {
				return hc.Modify(json.RawMessage(`{"command":"rm -rf /","timeout":60}`), "added a 60s timeout"), nil
			}),
		hc.Before("no-rm-root", hc.And(hc.Tool("Bash"), hc.InputMatches("command", `rm -rf /(\s|$)`)),
			func(ctx context.Context, e hc.Event) (hc.Outcome, error) {
				return hc.Deny("deleting the root directory is never right"), nil
			}),
	).WithObserver(hookchainotel.Observer(tp))

	ctx, call := tp.Tracer("my-agent").Start(context.Background(), "execute_tool Bash")
	chain.Run(ctx, hc.Event{
		Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_01",
		Input: json.RawMessage(`{"command":"rm -rf /"}`),
	})
	call.End()

	names := map[trace.SpanID]string{call.SpanContext().SpanID(): "execute_tool Bash"}
	for _, s := range rec.Ended() {
		names[s.SpanContext().SpanID()] = s.Name()
	}
	for _, s := range rec.Ended() {
		if s.InstrumentationScope().Name != hookchainotel.ScopeName {
			continue
		}
		parent := "under " + names[s.Parent().SpanID()]
		fmt.Printf("%s (%s) status=%s\n", s.Name(), parent, s.Status().Code)
		for _, a := range s.Attributes() {
			fmt.Printf("    %s=%s\n", a.Key, a.Value.String())
		}
	}
	// Output:
	// hookchain.step pin-timeout (under hookchain.run before_tool) status=Unset
	//     hookchain.hook=before_tool
	//     hookchain.tool=Bash
	//     hookchain.call_id=toolu_01
	//     hookchain.link=pin-timeout
	//     hookchain.verdict=modify
	//     hookchain.reason=added a 60s timeout
	// hookchain.step no-rm-root (under hookchain.run before_tool) status=Unset
	//     hookchain.hook=before_tool
	//     hookchain.tool=Bash
	//     hookchain.call_id=toolu_01
	//     hookchain.link=no-rm-root
	//     hookchain.verdict=deny
	//     hookchain.reason=deleting the root directory is never right
	// hookchain.run before_tool (under execute_tool Bash) status=Unset
	//     hookchain.hook=before_tool
	//     hookchain.tool=Bash
	//     hookchain.call_id=toolu_01
	//     hookchain.verdict=deny
	//     hookchain.reason=denied by no-rm-root: deleting the root directory is never right
	//     hookchain.trail=["pin-timeout","no-rm-root"]
	//     hookchain.decided_by=no-rm-root
	//     hookchain.cause=link
	//     hookchain.changed_by=["pin-timeout"]
}
