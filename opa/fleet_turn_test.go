package opa_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/opa"
)

// A Fleet decides one call at a time: a call whose time runs out while it
// waits its turn behind another call's decision has not failed, the other
// call held it up, and a fail-open link must not let it through. A decision
// that is itself too slow is the link's own failure, which FailOpen
// forgives, by choice.
func TestAFleetCallWhoseTimeRunsOutWaitingItsTurnIsDeniedNotFailedOpen(t *testing.T) {
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	t.Cleanup(slow.Close)
	policy := `package hookchain

default decision := {"verdict": "deny", "reason": "nothing runs"}

decision := {"verdict": "allow"} if {
	input.input.command == "slow"
	http.send({"method": "GET", "url": "` + slow.URL + `"}).status_code == 200
}
`
	// Long enough for a loaded machine to decide "in time" in time; the
	// other two wait it out, on a held turn and on a server that never
	// answers.
	_, _, f := readyFleet(t, policy, opa.WithTimeout(2*time.Second))
	chain := hookchain.New(hookchain.Before("policy", hookchain.Any(), f.Intercept).FailOpen())
	failure := func(fault string) hookchain.Outcome {
		return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "policy failed and denies on failure: " + fault,
			DecidedBy: "policy", Cause: hookchain.CauseFailure, Trail: []hookchain.Step{{Name: "policy", Verdict: hookchain.Denied, Fault: fault}}}
	}

	t.Run("waiting behind another call", func(t *testing.T) {
		release := opa.HoldTurn(f)
		defer release()
		want := failure("opa: evaluating hookchain/decision: no turn within 2s: another call's decision held OPA")
		got := make(chan hookchain.Outcome, 200)
		var wg sync.WaitGroup
		for i := range 200 {
			wg.Go(func() {
				got <- chain.Run(context.Background(), bash(hookchain.BeforeTool, fmt.Sprintf("toolu_rm%d", i), `{"command":"rm -rf /"}`))
			})
		}
		wg.Wait()
		close(got)
		for out := range got {
			assert.Equal(t, want, out)
		}
	})
	t.Run("a decision of its own too slow", func(t *testing.T) {
		assert.Equal(t, hookchain.Outcome{Trail: []hookchain.Step{{Name: "policy", Fault: "opa: evaluating hookchain/decision: no decision within 2s"}}},
			chain.Run(context.Background(), bash(hookchain.BeforeTool, "toolu_slow", `{"command":"slow"}`)))
	})
	t.Run("in time", func(t *testing.T) {
		assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by policy: nothing runs", DecidedBy: "policy", Cause: hookchain.CauseLink,
			Trail: []hookchain.Step{{Name: "policy", Verdict: hookchain.Denied, Reason: "nothing runs"}}},
			chain.Run(context.Background(), bash(hookchain.BeforeTool, "toolu_ls", `{"command":"ls"}`)))
	})
}

// A Fleet built without WithTimeout is bounded by DefaultTimeout, as a
// Remote is: a fail-open link's call held up behind another call's
// decision is denied, never let through as the link's own failure.
func TestAFleetWithoutWithTimeoutIsBoundedByDefaultTimeout(t *testing.T) {
	_, _, f := readyFleet(t, "package hookchain\n\ndefault decision := {\"verdict\": \"allow\"}\n")
	assert.Equal(t, opa.DefaultTimeout, opa.FleetTimeout(f))
	chain := hookchain.New(hookchain.Before("policy", hookchain.Any(), f.Intercept).FailOpen())
	release := opa.HoldTurn(f)
	defer release()
	fault := fmt.Sprintf("opa: evaluating hookchain/decision: no turn within %v: another call's decision held OPA", opa.DefaultTimeout)
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "policy failed and denies on failure: " + fault,
		DecidedBy: "policy", Cause: hookchain.CauseFailure, Trail: []hookchain.Step{{Name: "policy", Verdict: hookchain.Denied, Fault: fault}}},
		chain.Run(context.Background(), bash(hookchain.BeforeTool, "toolu_ls", `{"command":"ls"}`)))
}
