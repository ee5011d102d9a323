package opa_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/opa"
)

// A caller who goes away while the server thinks gets an error, never the
// zero Outcome as an answer, and the chain refuses the call even when the
// link is FailOpen: it is the caller's doing, not the link's.
func TestACallerWhoGoesAwayGetsAnErrorFromARemoteLinkNeverAnAllow(t *testing.T) {
	asked := make(chan struct{}, 1)
	stalls := fakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		asked <- struct{}{}
		<-r.Context().Done()
	})
	fn := remote(t, stalls, "hookchain/decision")

	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-asked; cancel() }()
	out, err := fn(ctx, lsCall)
	require.EqualError(t, err, "opa: POST "+stalls+"/v1/data/hookchain/decision: context canceled")
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, hookchain.Outcome{}, out)

	ctx, cancel = context.WithCancel(context.Background())
	go func() { <-asked; cancel() }()
	chain := hookchain.New(hookchain.Before("policy", hookchain.Any(), fn).FailOpen().Timeout(time.Minute))
	assert.Equal(t, hookchain.Outcome{
		Verdict: hookchain.Denied,
		Reason:  "hookchain: the context ended while policy was asked: context canceled", Cause: hookchain.CauseCaller,
		Trail: []hookchain.Step{{Name: "policy", Verdict: hookchain.Denied, Fault: "the context ended while it was asked (context canceled)"}},
	}, chain.Run(ctx, lsCall))
}

// Whatever link is asked, a caller whose context has already ended gets an
// error, never an answer: the chain refuses the call either way, but a
// host that calls a link on its own must not read consent in it.
func TestACallerWhoseContextHasEndedGetsAnErrorFromEveryLink(t *testing.T) {
	server, _ := startOPAServer(t)
	_, _, fleet := readyFleet(t, examplePolicy(t))
	for _, l := range []struct {
		name, fault string
		fn          hookchain.Interceptor
	}{
		{"Embedded", "opa: data.hookchain.decision: not evaluated: context canceled", embeddedExample(t)},
		{"Fleet", "opa: hookchain/decision: not evaluated: context canceled", fleet.Intercept},
		{"Remote", "opa: POST " + server + "/v1/data/hookchain/decision: not sent: context canceled", remote(t, server, "hookchain/decision")},
	} {
		t.Run(l.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			out, err := l.fn(ctx, lsCall)
			require.EqualError(t, err, l.fault)
			assert.Equal(t, hookchain.Outcome{}, out)
		})
	}
}

// An evaluation that ends after its caller has gone is no answer: OPA
// notices a cancellation only now and then, and a policy that is done
// before it looks would otherwise allow a call nobody waits for.
func TestAnInProcessLinkWhoseCallerLeftDuringTheEvaluationErrs(t *testing.T) {
	const policy = `package hookchain

decision := {"verdict": "allow"} if print("deciding")
`
	var cancel atomic.Pointer[context.CancelFunc]
	leaves := slog.New(cancelOnPrint{&cancel})
	embedded, err := opa.Embedded("data.hookchain.decision", map[string]string{"p.rego": policy}, opa.WithLogger(leaves))
	require.NoError(t, err)
	_, _, fleet := readyFleet(t, policy, opa.WithLogger(leaves))
	for _, l := range []struct {
		name, fault string
		fn          hookchain.Interceptor
	}{
		{"Embedded", "opa: evaluating data.hookchain.decision: ", embedded},
		{"Fleet", "opa: evaluating hookchain/decision: ", fleet.Intercept},
	} {
		t.Run(l.name, func(t *testing.T) {
			for range 50 {
				ctx, end := context.WithCancel(context.Background())
				cancel.Store(&end)
				out, err := l.fn(ctx, lsCall)
				require.Error(t, err)
				assert.True(t, strings.HasPrefix(err.Error(), l.fault) && strings.HasSuffix(err.Error(), "context canceled"), err.Error())
				assert.Equal(t, hookchain.Outcome{}, out)
				end()
			}
		})
	}
}

// cancelOnPrint is a log handler that ends the call's context when the
// policy prints: the caller leaves in the middle of the evaluation.
type cancelOnPrint struct {
	cancel *atomic.Pointer[context.CancelFunc]
}

func (h cancelOnPrint) Enabled(context.Context, slog.Level) bool { return true }
func (h cancelOnPrint) Handle(_ context.Context, r slog.Record) error {
	if f := h.cancel.Load(); r.Message == "opa print" && f != nil {
		(*f)()
	}
	return nil
}
func (h cancelOnPrint) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h cancelOnPrint) WithGroup(string) slog.Handler      { return h }
