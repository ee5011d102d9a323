package apart_test

import (
	"context"
	"encoding/json"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/apart"
)

func TestARunWhoseGoroutineEndsIsDeniedAndEveryOtherRunIsAnsweredAsRunAnswersIt(t *testing.T) {
	bash := hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"rm -rf /"}`)}
	tests := []struct {
		name string
		fn   hookchain.Interceptor
		want hookchain.Outcome
	}{
		{"a link that ends its goroutine", func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
			runtime.Goexit()
			return hookchain.Allow(), nil
		}, hookchain.Outcome{Verdict: hookchain.Denied, Reason: apart.Ended, Cause: hookchain.CauseChain}},
		{"a link that allows", func(context.Context, hookchain.Event) (hookchain.Outcome, error) { return hookchain.Allow(), nil }, hookchain.Outcome{}},
		{"a link that denies", func(context.Context, hookchain.Event) (hookchain.Outcome, error) { return hookchain.Deny("no"), nil },
			hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by guard: no", DecidedBy: "guard", Cause: hookchain.CauseLink,
				Trail: []hookchain.Step{{Name: "guard", Verdict: hookchain.Denied, Reason: "no"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := hookchain.New(hookchain.Before("guard", hookchain.Any(), tt.fn).FailOpen())
			assert.Equal(t, tt.want, apart.Run(context.Background(), c, bash))
		})
	}
}
