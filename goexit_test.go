package hookchain_test

import (
	"context"
	"encoding/json"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

func goexits(context.Context, hc.Event) (hc.Outcome, error) {
	runtime.Goexit()
	return hc.Allow(), nil
}

// A link that ends its goroutine (runtime.Goexit, as t.FailNow does) ends
// the caller's with it when it runs there: Go lets nothing stop that, so no
// Outcome can be returned. What the chain owes is that the tool never runs
// and that the audit names the link and a denial; given a Timeout, the link
// runs on a goroutine of its own and its Goexit is an ordinary failure.
func TestALinkThatEndsTheCallersGoroutineIsRecordedAsItsFailureAndTheToolNeverRuns(t *testing.T) {
	want := hc.Outcome{Verdict: hc.Denied, Reason: "quitter failed and denies on failure: ended the caller's goroutine (runtime.Goexit) without answering",
		DecidedBy: "quitter", Cause: hc.CauseFailure, Trail: []hc.Step{
			{Name: "quitter", Verdict: hc.Denied, Fault: "ended the caller's goroutine (runtime.Goexit) without answering"},
		}}
	for _, failOpen := range []bool{false, true} {
		l := hc.Before("quitter", hc.Any(), goexits)
		if failOpen {
			l = l.FailOpen()
		}
		var (
			mu   sync.Mutex
			runs []hc.RunReport
		)
		c := hc.New(hc.Before("first", hc.Any(), allowAll), l).WithObserver(hc.Observer{Run: func(_ context.Context, r hc.RunReport) {
			mu.Lock()
			defer mu.Unlock()
			runs = append(runs, r)
		}})
		ran := false
		returned := false
		done := make(chan struct{})
		go func() {
			defer close(done)
			_, _ = c.Wrap(func(context.Context, hc.Call) (hc.Result, error) {
				ran = true
				return hc.TextResult("ok"), nil
			})(context.Background(), hc.Call{Tool: "Bash", ID: "toolu_1", Input: json.RawMessage(`{"command":"rm -rf /"}`)})
			returned = true
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatal("the caller's goroutine neither returned nor ended")
		}
		assert.False(t, ran, "the tool must never run")
		assert.False(t, returned)
		require.Len(t, runs, 1)
		assert.Equal(t, want, runs[0].Outcome, "fail-open %v", failOpen)
		assert.Equal(t, hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_1", Input: json.RawMessage(`{"command":"rm -rf /"}`)}, runs[0].Event)
	}

	c := hc.New(hc.Before("quitter", hc.Any(), goexits).Timeout(time.Second))
	assert.Equal(t, hc.Outcome{Verdict: hc.Denied, Reason: "quitter failed and denies on failure: stopped without answering", DecidedBy: "quitter", Cause: hc.CauseFailure,
		Trail: []hc.Step{{Name: "quitter", Verdict: hc.Denied, Fault: "stopped without answering"}}},
		c.Run(context.Background(), hc.Event{Hook: hc.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{}`)}), "with a Timeout, the caller gets an Outcome")
}
