package opa

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"

	"github.com/open-policy-agent/opa/v1/logging"
	"github.com/open-policy-agent/opa/v1/plugins"
	"github.com/open-policy-agent/opa/v1/sdk"

	"github.com/hookchain/hookchain"
)

// ErrNotReady is wrapped by the error of a Fleet link asked before its
// bundles were first activated: there is no policy yet, and no policy is
// not consent.
var ErrNotReady = errors.New("no policy yet: the configured bundles have not been activated")

// ErrClosed is wrapped by the error of a Fleet link asked after Close, which
// is marked hookchain.NotOwn: the chain denies it whatever the link's
// failure policy.
var ErrClosed = errors.New("the fleet link is closed")

// Fleet is a link's policy as a fleet of agents shares it: OPA configured
// the way an OPA server is (services, bundles and their signing keys,
// decision_logs, status, labels), run inside the agent with OPA's SDK. OPA
// downloads the bundles from the bundle server and polls it for new ones
// (with ETags, so an unchanged bundle is not downloaded again), verifies
// their signatures, and activates a new bundle only when it verifies and
// compiles: a bad bundle is refused and the last good one keeps deciding,
// as it does while the server is down. Each decision is sent to the
// decision log service, and the agent's bundle status to the status
// service, as the configuration says.
//
// Use [Fleet.Intercept] as a link's interceptor. A Fleet is safe for
// concurrent use; close it with [Fleet.Close] when the agent stops.
type Fleet struct {
	opa    *sdk.OPA
	path   string
	ready  chan struct{}
	o      *options
	closed atomic.Bool
	cancel context.CancelFunc
	once   sync.Once
	// deciding lets one decision through OPA's SDK at a time. The SDK
	// (v1.22) caches a prepared query with the rule tracker of the call
	// that prepared it, and every decision after writes to that tracker:
	// asked concurrently, it races, and a map written from two goroutines
	// stops the process. A decision takes tens of microseconds; a tool call
	// takes milliseconds.
	deciding chan struct{}
}

// NewFleet starts OPA with config, OPA's configuration file (JSON or
// YAML, as an OPA server reads it), and returns the Fleet whose links ask
// for the decision at path, a slash-separated path under data as in OPA's
// Data API ("hookchain/decision" for data.hookchain.decision).
//
// NewFleet does not wait for the bundles: it returns once OPA has started,
// and until every configured bundle has been activated once (see
// [Fleet.Ready]) the link fails with [ErrNotReady], so the chain denies.
// A host that would rather wait at start-up waits on Ready. ctx bounds the
// start; the Fleet runs until Close, whatever becomes of ctx.
//
// A configuration OPA refuses, or a path that is not one, is an error. It
// takes WithLogger, WithSessionValues and WithTimeout.
func NewFleet(ctx context.Context, config []byte, path string, opts ...Option) (*Fleet, error) {
	o, err := newOptions("NewFleet", opts)
	if err != nil {
		return nil, err
	}
	if err := checkPath(path); err != nil {
		return nil, fmt.Errorf("opa: NewFleet: %w", err)
	}
	// OPA's background work (bundle polling, log uploads, caches) lives as
	// long as the context it is started with: the Fleet's own, ended by
	// Close, which carries ctx's values but not its end.
	run, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, cancel) // an abandoned start ends at once
	defer stop()
	f := &Fleet{path: path, ready: make(chan struct{}), o: o, cancel: cancel, deciding: make(chan struct{}, 1)}
	logger := logging.NewLoggerFromSlogHandler(o.logger.Handler(), logging.Info)
	// The SDK does not stop the plugin manager of a configuration it
	// refuses; it is taken here so that a refused start leaves nothing
	// running.
	var manager *plugins.Manager
	f.opa, err = sdk.New(run, sdk.Options{
		Config:        bytes.NewReader(config),
		Logger:        logger,
		ConsoleLogger: logger,
		Ready:         f.ready,
		ManagerOpts: []func(*plugins.Manager){
			func(m *plugins.Manager) { manager = m },
			// Rego's print output goes where Embedded's does, as "opa
			// print" records naming the call, rather than as OPA's own
			// log lines that do not.
			plugins.EnablePrintStatements(true),
			plugins.PrintHook(printer{log: o.logger}),
		},
	})
	if err == nil && ctx.Err() != nil {
		f.opa.Stop(context.Background())
		err = ctx.Err()
	}
	if err != nil {
		if manager != nil {
			manager.Stop(context.Background())
		}
		cancel()
		return nil, fmt.Errorf("opa: NewFleet: %w", err)
	}
	return f, nil
}

// Ready is closed when every bundle the configuration names has been
// activated once; from then on the link decides, with the last good
// bundles if the server goes away.
func (f *Fleet) Ready() <-chan struct{} { return f.ready }

// Intercept is the Fleet's interceptor: it asks OPA for the decision at
// the Fleet's path, with the event as input, and reads the answer with
// [Decode]. Each decision is logged to the decision log service, if one is
// configured, with the event as input (the call id included) and the
// decision document as result; mask what must not leave the agent (a
// tool's output, a file's content) with OPA's decision_logs.mask_decision
// policy.
//
// It fails — so that the chain denies unless the link is FailOpen — before
// the bundles are ready ([ErrNotReady]), after Close ([ErrClosed]), when
// ctx ends before the decision is made (with ctx's error), when the
// decision outlasts WithTimeout, DefaultTimeout when not given (marked
// hookchain.NotOwn when the time ran out waiting behind another call's
// decision), when evaluation fails, when the decision is undefined
// ([ErrUndefined]), and when the answer is not a decision. Rego's print output goes to the
// logger given with WithLogger.
func (f *Fleet) Intercept(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
	if f.closed.Load() {
		// A Fleet closed under its calls (a shutdown, a reload) is not
		// the call's failure, which a fail-open link would forgive.
		return failed(ctx, f.o.logger, &e, hookchain.NotOwn(fmt.Errorf("opa: %s: %w", f.path, ErrClosed)))
	}
	select {
	case <-f.ready:
	default:
		return failed(ctx, f.o.logger, &e, fmt.Errorf("opa: %s: %w", f.path, ErrNotReady))
	}
	req, err := newRequest(ctx, e, f.o)
	if err != nil {
		return failed(ctx, f.o.logger, &e, fmt.Errorf("opa: %s: not evaluated: %w", f.path, err))
	}
	input, err := req.value()
	if err != nil {
		return failed(ctx, f.o.logger, &e, fmt.Errorf("opa: %s: not evaluated: %w", f.path, err))
	}
	if err := ctx.Err(); err != nil {
		return failed(ctx, f.o.logger, &e, fmt.Errorf("opa: %s: not evaluated: %w", f.path, err))
	}
	res, err := f.decide(withEvent(ctx, &e), sdk.DecisionOptions{Path: f.path, Input: input, StrictBuiltinErrors: true})
	if err == nil {
		err = ctx.Err() // as for Embedded: a decision made after the caller went is none
	}
	switch {
	case sdk.IsUndefinedErr(err):
		return failed(ctx, f.o.logger, &e, fmt.Errorf("opa: %s: %w", f.path, ErrUndefined))
	case err != nil:
		return failed(ctx, f.o.logger, &e, fmt.Errorf("opa: evaluating %s: %w", f.path, err))
	}
	out, err := Decode(e, res.Result)
	if err != nil {
		return failed(ctx, f.o.logger, &e, fmt.Errorf("opa: %s is not a decision: %w", f.path, err))
	}
	return out, nil
}

// decide asks OPA's SDK for a decision, one at a time (see Fleet.deciding),
// within the Fleet's timeout; a caller who goes away while waiting its
// turn is not evaluated. Time that runs out while another
// call holds OPA is that call's doing, not this one's: NotOwn.
func (f *Fleet) decide(ctx context.Context, opts sdk.DecisionOptions) (*sdk.DecisionResult, error) {
	var timedOut error
	if d := f.o.timeout; d > 0 {
		timedOut = fmt.Errorf("no decision within %v", d)
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, d, timedOut)
		defer cancel()
	}
	select {
	case f.deciding <- struct{}{}:
	case <-ctx.Done():
		if timedOut != nil && context.Cause(ctx) == timedOut {
			return nil, hookchain.NotOwn(fmt.Errorf("no turn within %v: another call's decision held OPA", f.o.timeout))
		}
		return nil, ctx.Err()
	}
	defer func() { <-f.deciding }()
	res, err := f.opa.Decision(ctx, opts)
	if err != nil && timedOut != nil && context.Cause(ctx) == timedOut {
		return nil, timedOut
	}
	return res, err
}

// Close stops OPA: polling ends, and decisions still waiting to be logged
// are sent if ctx has a deadline, until it passes (without one, they are
// dropped). Calls asked after Close fail with ErrClosed. Close returns
// ctx's error if ctx ended before OPA stopped, and nil on a second call.
func (f *Fleet) Close(ctx context.Context) error {
	err := error(nil)
	f.once.Do(func() {
		f.closed.Store(true)
		f.opa.Stop(ctx)
		f.cancel()
		err = ctx.Err()
		if err != nil {
			f.o.logger.LogAttrs(ctx, slog.LevelWarn, "opa stopped before its decision logs were sent", slog.String("error", err.Error()))
		}
	})
	return err
}
