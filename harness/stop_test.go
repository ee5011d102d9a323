package harness_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

func TestOnlyTheDecidingLinksStopRequestEndsTheRun(t *testing.T) {
	stop := hookchain.Step{Name: "guard", Verdict: hookchain.Denied, Reason: "stop requested: the build is red"}
	tests := []struct {
		name string
		o    hookchain.Outcome
		want bool
	}{
		{"the deciding link asked to stop", hookchain.Outcome{Verdict: hookchain.Denied, DecidedBy: "guard", Trail: []hookchain.Step{stop}}, true},
		{"a denial for another reason", hookchain.Outcome{Verdict: hookchain.Denied, DecidedBy: "guard",
			Trail: []hookchain.Step{{Name: "guard", Verdict: hookchain.Denied, Reason: "no"}}}, false},
		{"another link's words, not the decider's", hookchain.Outcome{Verdict: hookchain.Denied, DecidedBy: "other",
			Trail: []hookchain.Step{stop, {Name: "other", Verdict: hookchain.Denied, Reason: "no"}}}, false},
		{"a failure whose text says so decides nothing of the kind", hookchain.Outcome{Verdict: hookchain.Denied, DecidedBy: "guard",
			Trail: []hookchain.Step{{Name: "guard", Verdict: hookchain.Denied, Reason: "stop requested", Fault: "crashed"}}}, false},
		{"the chain's own denial", hookchain.Outcome{Verdict: hookchain.Denied, Reason: "stop requested", Cause: hookchain.CauseChain}, false},
		{"an allow", hookchain.Outcome{Verdict: hookchain.Allowed, DecidedBy: "guard", Trail: []hookchain.Step{stop}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, harness.Stops(tt.o))
		})
	}
}
