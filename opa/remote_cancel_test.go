package opa_test

import (
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
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
		{"Embedded", "opa: evaluating data.hookchain.decision: eval_cancel_error: context canceled", embeddedExample(t)},
		{"Fleet", "opa: evaluating hookchain/decision: context canceled", fleet.Intercept},
		{"Remote", "opa: POST " + server + "/v1/data/hookchain/decision: context canceled", remote(t, server, "hookchain/decision")},
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
