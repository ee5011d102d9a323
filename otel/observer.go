// Package hookchainotel records what a hookchain chain does as OpenTelemetry
// spans: one span for every run of the chain, and one for every link it
// asks. It is a module of its own, so that importing the core never pulls in
// OpenTelemetry.
//
// The package is named hookchainotel rather than otel so that it can sit
// beside go.opentelemetry.io/otel in the same file without an alias:
//
//	import hookchainotel "github.com/hookchain/hookchain/otel"
//
//	chain = chain.WithObserver(hookchainotel.Observer(tp))
//
// # Spans
//
// A run's span is a child of the span in the context the chain is run with:
// the runtime's span around the tool call. Start one there (a traced runtime
// already does) and pass its context to Chain.Run or to the executor
// Chain.Wrap returns; without one, each run is the root of a trace of its
// own. Each step's span is a child of its run's span.
//
//	hookchain.run HOOK    one per Run, e.g. "hookchain.run before_tool"
//	hookchain.step LINK   one per link asked, allows included, e.g. "hookchain.step no-rm"
//
// Attributes, with names that queries can rely on:
//
//	attribute             on     value
//	hookchain.hook        both   "before_tool" or "after_tool"
//	hookchain.tool        both   the tool's name as the model called it
//	hookchain.call_id     both   the tool-use id ("" when the runtime has none)
//	hookchain.verdict     both   the wire word: "allow", "deny", "modify", "replace", "ask"
//	hookchain.reason      both   step: the link's own words; run: the Outcome's Reason
//	hookchain.link        step   the step's Name: the link's registered name, or the approver's
//	hookchain.by          step   the approver's step: who answered; only then
//	hookchain.fault       step   why the link could not answer; only when it failed
//	hookchain.trail       run    the names of the links in the Outcome's Trail, in order
//	hookchain.decided_by  run    Outcome.DecidedBy: the link whose denial or failure
//	                             stopped the chain, or the approver; absent when empty
//	hookchain.cause       run    Outcome.Cause as its word ("link", "failure",
//	                             "approver", "no_approval", "chain", "caller"); absent when none
//	hookchain.changed_by  run    the links that changed the call; only when some did
//	hookchain.failed      run    the links that could not answer; only when some did
//
// A run span is self-sufficient for an audit: its reason and trail say who
// decided what and why without the step spans, which add every link's
// timing, the links that allowed included.
//
// # Status
//
// A step span whose link failed has status Error, described by the fault. A
// run span has status Error when any link in its trail failed — the one that
// denied by failing, or one that failed open and changed nothing — described
// as "NAME failed: FAULT" for each, "; "-joined. Every other span's status is
// Unset. A denial by policy is not an error: the chain did its job, and a
// trace full of red for every refused rm -rf would hide the links that are
// actually broken. Query hookchain.verdict for denials.
//
// # Timing
//
// A chain reports a run to its observers when it ends, with every step of
// the run and when each started (hookchain.RunReport.Steps). The spans are
// recorded then, with the times the chain measured: the run's span from its
// start to its end, and each step's inside it, from when the link was asked
// to when it answered. The observer keeps no state between reports, so
// concurrent runs — which may share a context, a tool and even a call id —
// can never mix their steps.
package hookchainotel

import (
	"context"
	"strings"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/hookchain/hookchain"
)

// ScopeName is the instrumentation scope the spans are recorded under.
const ScopeName = "github.com/hookchain/hookchain/otel"

const (
	hookKey      = attribute.Key("hookchain.hook")
	toolKey      = attribute.Key("hookchain.tool")
	callIDKey    = attribute.Key("hookchain.call_id")
	verdictKey   = attribute.Key("hookchain.verdict")
	reasonKey    = attribute.Key("hookchain.reason")
	linkKey      = attribute.Key("hookchain.link")
	faultKey     = attribute.Key("hookchain.fault")
	byKey        = attribute.Key("hookchain.by")
	trailKey     = attribute.Key("hookchain.trail")
	decidedByKey = attribute.Key("hookchain.decided_by")
	causeKey     = attribute.Key("hookchain.cause")
	changedByKey = attribute.Key("hookchain.changed_by")
	failedKey    = attribute.Key("hookchain.failed")
)

// Observer returns an Observer that records the chain's runs and steps as
// spans from tp's tracer for ScopeName. A nil tp means the global provider
// as it is when each span is recorded, otel.GetTracerProvider(), so that a
// chain built before the host installs its provider still reports to it.
func Observer(tp trace.TracerProvider) hookchain.Observer {
	tracer := func() trace.Tracer { return otel.GetTracerProvider().Tracer(ScopeName) }
	if tp != nil {
		t := tp.Tracer(ScopeName)
		tracer = func() trace.Tracer { return t }
	}
	return hookchain.Observer{Run: func(ctx context.Context, r hookchain.RunReport) {
		t := tracer()
		ctx, run := t.Start(ctx, "hookchain.run "+r.Event.Hook.String(),
			trace.WithSpanKind(trace.SpanKindInternal),
			trace.WithTimestamp(r.Start),
			trace.WithAttributes(runAttributes(r)...))
		for _, s := range r.Steps {
			_, step := t.Start(ctx, "hookchain.step "+s.Name,
				trace.WithSpanKind(trace.SpanKindInternal),
				trace.WithTimestamp(s.Start),
				trace.WithAttributes(stepAttributes(s)...))
			if s.Fault != "" {
				step.SetStatus(codes.Error, s.Fault)
			}
			step.End(trace.WithTimestamp(s.Start.Add(s.Duration)))
		}
		if faults := faultsOf(r.Outcome); faults != "" {
			run.SetStatus(codes.Error, faults)
		}
		run.End(trace.WithTimestamp(r.Start.Add(r.Duration)))
	}}
}

func stepAttributes(s hookchain.StepReport) []attribute.KeyValue {
	attrs := make([]attribute.KeyValue, 0, 7)
	attrs = append(attrs,
		hookKey.String(s.Hook.String()),
		toolKey.String(s.Tool),
		callIDKey.String(s.CallID),
		linkKey.String(s.Name),
		verdictKey.String(verdictWord(s.Verdict)),
		reasonKey.String(s.Reason),
	)
	if s.By != "" {
		attrs = append(attrs, byKey.String(s.By))
	}
	if s.Fault != "" {
		attrs = append(attrs, faultKey.String(s.Fault))
	}
	return attrs
}

func runAttributes(r hookchain.RunReport) []attribute.KeyValue {
	out := r.Outcome
	names := make([]string, len(out.Trail))
	var changedBy, failed []string
	for i, s := range out.Trail {
		names[i] = s.Name
		if s.Fault != "" {
			failed = append(failed, s.Name)
		} else if s.Verdict == hookchain.Modified || s.Verdict == hookchain.Replaced {
			changedBy = append(changedBy, s.Name)
		}
	}
	attrs := make([]attribute.KeyValue, 0, 10)
	attrs = append(attrs,
		hookKey.String(r.Event.Hook.String()),
		toolKey.String(r.Event.Tool),
		callIDKey.String(r.Event.CallID),
		verdictKey.String(verdictWord(out.Verdict)),
		reasonKey.String(out.Reason),
		trailKey.StringSlice(names),
	)
	if out.DecidedBy != "" {
		attrs = append(attrs, decidedByKey.String(out.DecidedBy))
	}
	if out.Cause != hookchain.CauseNone {
		attrs = append(attrs, causeKey.String(out.Cause.String()))
	}
	if changedBy != nil {
		attrs = append(attrs, changedByKey.StringSlice(changedBy))
	}
	if failed != nil {
		attrs = append(attrs, failedKey.StringSlice(failed))
	}
	return attrs
}

// faultsOf describes every failure in the trail, "NAME failed: FAULT",
// "; "-joined, or "" when nothing failed.
func faultsOf(out hookchain.Outcome) string {
	var faults []string
	for _, s := range out.Trail {
		if s.Fault != "" {
			faults = append(faults, s.Name+" failed: "+s.Fault)
		}
	}
	return strings.Join(faults, "; ")
}

// verdictWord is the verdict as queries spell it: its wire word, or its
// String form for a verdict that has none, so that a span is never lost to
// an encoding error.
func verdictWord(v hookchain.Verdict) string {
	if b, err := v.MarshalText(); err == nil {
		return string(b)
	}
	return v.String()
}
