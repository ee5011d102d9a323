package anthropichook

import (
	"context"

	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/embedded"
)

// WithCallIDs returns a request option, for the client or for the runner,
// that tells wrapped tools the tool-use id of each call, so that the chain's
// Event.CallID is the id of the model's tool_use block.
//
// The runners hand a tool only its input; the one place they name the call
// is the OpenTelemetry span they start around it. So the option sets the
// runner's tracer provider to one that reads the id as the span starts and
// otherwise passes everything to tp (the registered provider when tp is
// nil). Give it in place of option.WithTracerProvider, never beside it: a
// provider set after it replaces it, and then, as when the SDK's traces are
// turned off, no span is started and Event.CallID stays empty.
//
// A grant covers the call its ticket names: with the option, that tool_use
// block only, however often it is run again — which the runners do only for
// a turn the host replays; a call the model makes again has an id of its
// own and is asked about again. Without it, a grant covers the first
// identical call that presents it, once.
func WithCallIDs(tp trace.TracerProvider) option.RequestOption {
	return option.WithTracerProvider(idProvider{inner: tp})
}

// The attributes the SDK gives the span of a tool run.
const (
	callIDKey   = attribute.Key("gen_ai.tool.call.id")
	toolNameKey = attribute.Key("gen_ai.tool.name")
)

type idProvider struct {
	embedded.TracerProvider
	inner trace.TracerProvider
}

func (p idProvider) Tracer(name string, opts ...trace.TracerOption) trace.Tracer {
	inner := p.inner
	if inner == nil {
		inner = otel.GetTracerProvider()
	}
	return idTracer{inner: inner.Tracer(name, opts...)}
}

type idTracer struct {
	embedded.Tracer
	inner trace.Tracer
}

// callKey carries the call a tool span was started for.
type callKey struct{}

type call struct{ id, tool string }

func (t idTracer) Start(ctx context.Context, name string, opts ...trace.SpanStartOption) (context.Context, trace.Span) {
	var c call
	cfg := trace.NewSpanStartConfig(opts...)
	for _, a := range cfg.Attributes() {
		switch a.Key {
		case callIDKey:
			c.id = a.Value.AsString()
		case toolNameKey:
			c.tool = a.Value.AsString()
		}
	}
	ctx, span := t.inner.Start(ctx, name, opts...)
	if c.id != "" {
		ctx = context.WithValue(ctx, callKey{}, c)
	}
	return ctx, span
}

// callID is the tool-use id of the call of tool that ctx was started for,
// and ctx without it: a tool that calls another wrapped tool directly hands
// it no id that is not its own.
func callID(ctx context.Context, tool string) (string, context.Context) {
	c, ok := ctx.Value(callKey{}).(call)
	if !ok {
		return "", ctx
	}
	ctx = context.WithValue(ctx, callKey{}, nil)
	if c.tool != tool {
		return "", ctx
	}
	return c.id, ctx
}
