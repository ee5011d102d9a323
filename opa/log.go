package opa

import (
	"context"
	"log/slog"

	"github.com/open-policy-agent/opa/v1/topdown/print"

	"github.com/hookchain/hookchain"
)

// printer hands the output of Rego's print calls to the link's logger,
// with the call it was printed for: e, or, when e is nil, the event the
// evaluation's context carries (see withEvent).
type printer struct {
	log *slog.Logger
	e   *hookchain.Event
}

// eventKey is the context key under which a Fleet's evaluation carries its
// event, for the printer OPA's plugin manager holds for every evaluation.
type eventKey struct{}

// withEvent returns ctx carrying e, for a printer with no event of its own.
func withEvent(ctx context.Context, e *hookchain.Event) context.Context {
	return context.WithValue(ctx, eventKey{}, e)
}

func (p printer) Print(pc print.Context, msg string) error {
	ctx := pc.Context
	if ctx == nil {
		ctx = context.Background()
	}
	if !p.log.Enabled(ctx, slog.LevelInfo) {
		return nil
	}
	attrs := []slog.Attr{slog.String("text", msg)}
	if pc.Location != nil {
		attrs = append(attrs, slog.String("location", pc.Location.String()))
	}
	e := p.e
	if e == nil {
		e, _ = ctx.Value(eventKey{}).(*hookchain.Event)
	}
	if e != nil {
		attrs = append(attrs, eventAttrs(e)...)
	}
	p.log.LogAttrs(ctx, slog.LevelInfo, "opa print", attrs...)
	return nil
}

// failed logs a decision the link could not make, and returns err for the
// chain to record as the link's failure.
func failed(ctx context.Context, log *slog.Logger, e *hookchain.Event, err error) (hookchain.Outcome, error) {
	if log.Enabled(ctx, slog.LevelWarn) {
		attrs := append(eventAttrs(e), slog.String("error", err.Error()))
		log.LogAttrs(ctx, slog.LevelWarn, "opa decision failed", attrs...)
	}
	return hookchain.Outcome{}, err
}

// eventAttrs names the call, with the attribute names of
// hookchain.LogObserver, so that one grep finds both.
func eventAttrs(e *hookchain.Event) []slog.Attr {
	return []slog.Attr{
		slog.String("hook", e.Hook.String()),
		slog.String("tool", e.Tool),
		slog.String("call_id", e.CallID),
	}
}
