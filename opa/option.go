package opa

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"
)

// DefaultTimeout bounds a Remote link's request, and a Fleet link's
// decision, its wait for its turn included, when no WithTimeout is given.
// A policy beside the agent answers in milliseconds; one that takes
// seconds is broken, and the call it holds up is denied.
const DefaultTimeout = 2 * time.Second

// MaxResponseSize caps what a Remote link reads of the server's answer.
// An answer past it is the link's failure, named, never a partial read.
const MaxResponseSize = 16 << 20

// An Option configures a link built by [Embedded], [NewFleet] or [Remote].
// Each option says which of them it applies to; given to another, it is an
// error from the constructor rather than a setting silently ignored.
type Option func(*options)

type options struct {
	logger  *slog.Logger
	session func(context.Context) map[string]any

	data    map[string]any // Embedded
	hasData bool

	timeout time.Duration // Remote
	client  *http.Client

	mistake error // the first option given a value it cannot take
}

// WithLogger sends the link's log records to l: the output of Rego's print
// calls (at Info, with where in the policy it was printed), and every
// decision the link could not make (at Warn, with the reason it returns to
// the chain). A Fleet also sends OPA's own logs there: bundle downloads,
// activations, and failures to reach the services. Without it, or with
// nil, records go to slog.Default() as it is when the link is built;
// slog.New(slog.DiscardHandler) logs nothing. It applies to every link.
func WithLogger(l *slog.Logger) Option {
	return func(o *options) { o.logger = l }
}

// WithSessionValues adds values to the input document's "session", next to
// what the runtime says with claudecode.WithSessionInfo: f is called with
// the context of each call, and its keys are added to (and replace) those.
// It is not hookchain.WithSession, which gives a call the approver's
// latch for its conversation.
// Use it for what a policy decides by that the event does not carry — the
// user, the repository, the agent's role. It applies to every link.
func WithSessionValues(f func(ctx context.Context) map[string]any) Option {
	return func(o *options) {
		if f == nil {
			o.fail("WithSessionValues(nil)")
			return
		}
		o.session = f
	}
}

// WithData gives an Embedded link's policy the data document (data.…
// beside the policies), as JSON-like Go values: lists of allowed hosts, the
// paths nobody writes to. A Fleet's data comes from its bundles, and a
// Remote server has its own.
func WithData(data map[string]any) Option {
	return func(o *options) {
		o.data, o.hasData = data, true
	}
}

// WithTimeout bounds each request of a Remote link, DefaultTimeout when not
// given. A request that outlasts it is the link's failure: the chain denies
// the call. d must be positive.
//
// Given to NewFleet, it bounds each decision of the Fleet's link, its wait
// for its turn included (a Fleet decides one call at a time), and is
// DefaultTimeout when not given. A decision that outlasts it is the link's
// own failure; a
// call whose time runs out while another call's decision holds OPA has not
// failed, the other call has held it up, and its error is marked
// hookchain.NotOwn: the chain denies it whatever the link's failure policy.
// Bound a fail-open Fleet link this way rather than with the chain's
// Link.Timeout, which counts the wait as the link's own and forgives it.
func WithTimeout(d time.Duration) Option {
	return func(o *options) {
		if d <= 0 {
			o.fail(fmt.Sprintf("WithTimeout(%v): must be positive", d))
			return
		}
		o.timeout = d
	}
}

// WithHTTPClient makes a Remote link send its requests with c instead of a
// client of its own: for TLS settings, a proxy, or a transport that adds
// the bearer token an OPA server run with --authentication=token asks for.
// Its Timeout, if any, applies on top of WithTimeout's. Its CheckRedirect
// does not apply: the link follows no redirect, whatever c would do. Remote
// keeps a copy of c made when it is called, with its own CheckRedirect, and
// leaves c as it is: a field of c set later does not reach the link (a
// change inside its Transport does).
func WithHTTPClient(c *http.Client) Option {
	return func(o *options) {
		if c == nil {
			o.fail("WithHTTPClient(nil)")
			return
		}
		o.client = c
	}
}

func (o *options) fail(what string) {
	if o.mistake == nil {
		o.mistake = fmt.Errorf("opa: %s", what)
	}
}

// newOptions applies opts for the constructor ctor, refusing the options
// that ctor does not take.
func newOptions(ctor string, opts []Option) (*options, error) {
	o := &options{}
	for _, opt := range opts {
		if opt == nil {
			return nil, fmt.Errorf("opa: %s: a nil Option", ctor)
		}
		opt(o)
	}
	if o.mistake != nil {
		return nil, fmt.Errorf("%w (given to %s)", o.mistake, ctor)
	}
	if o.hasData && ctor != "Embedded" {
		whose := "a Fleet's data comes from its bundles"
		if ctor == "Remote" {
			whose = "a Remote server has its own"
		}
		return nil, fmt.Errorf("opa: %s: WithData applies to Embedded only; %s", ctor, whose)
	}
	if ctor == "Embedded" && o.timeout != 0 {
		return nil, fmt.Errorf("opa: %s: WithTimeout applies to Remote and NewFleet only; bound an Embedded link with the chain's Link.Timeout", ctor)
	}
	if ctor != "Remote" && o.client != nil {
		return nil, fmt.Errorf("opa: %s: WithHTTPClient applies to Remote only", ctor)
	}
	if o.logger == nil {
		o.logger = slog.Default()
	}
	if o.timeout == 0 && ctor != "Embedded" {
		o.timeout = DefaultTimeout
	}
	return o, nil
}
