package hookchain_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

// The reason a lone changer gives is kept between runs; these say that what
// is kept never stands in for other words.
func TestAChangesReasonIsTheWordsOfItsOwnRun(t *testing.T) {
	in := json.RawMessage(`{"command":"ls"}`)
	for _, tc := range []struct {
		name  string
		words []string // what the link says on each run, in order
		want  []string // each run's reason
	}{
		{"TheSameWordsEveryRun", []string{"a 10s timeout", "a 10s timeout"}, []string{"pin: a 10s timeout", "pin: a 10s timeout"}},
		{"WordsThatChangeAfterTheFirstRun", []string{"a 10s timeout", "a 20s timeout", "a 10s timeout"},
			[]string{"pin: a 10s timeout", "pin: a 20s timeout", "pin: a 10s timeout"}},
		{"NoWordsAfterSome", []string{"a 10s timeout", ""}, []string{"pin: a 10s timeout", "pin"}},
		{"SomeWordsAfterNone", []string{"", "a 10s timeout"}, []string{"pin", "pin: a 10s timeout"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run := 0
			c := hc.New(hc.Before("pin", hc.Tool("Bash"), func(context.Context, hc.Event) (hc.Outcome, error) {
				return hc.Modify(json.RawMessage(`{"command":"ls","timeout":10}`), tc.words[run]), nil
			}))
			for i, want := range tc.want {
				run = i
				out := c.Run(context.Background(), hc.Event{Hook: hc.BeforeTool, Tool: "Bash", Input: in})
				require.Equal(t, hc.Modified, out.Verdict, "run %d", i)
				assert.Equal(t, want, out.Reason, "run %d", i)
				assert.Equal(t, []hc.Step{{Name: "pin", Verdict: hc.Modified, Reason: tc.words[i]}}, out.Trail, "run %d", i)
			}
		})
	}
}

func TestAChangesReasonIsItsOwnRunsWhenManyGoroutinesAsk(t *testing.T) {
	c := hc.New(hc.After("redact", hc.Tool("Bash"), func(_ context.Context, e hc.Event) (hc.Outcome, error) {
		return hc.Replace(hc.Text("[redacted]"), false, "run "+e.CallID), nil
	}))
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 50 {
				id := fmt.Sprintf("%d-%d", g, i%3)
				out := c.Run(context.Background(), hc.Event{Hook: hc.AfterTool, Tool: "Bash", CallID: id, Output: hc.Text("secret")})
				assert.Equal(t, "redact: run "+id, out.Reason)
			}
		})
	}
	wg.Wait()
}
