package hookchain_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"

	hc "github.com/hookchain/hookchain"
)

func TestOneChainIsSafeForManyGoroutines(t *testing.T) {
	const (
		goroutines = 64
		runs       = 200
	)
	var steps, faults, finished atomic.Int64
	c := hc.New(
		hc.Before("pin-timeout", hc.Tool("Bash"), func(_ context.Context, e hc.Event) (hc.Outcome, error) {
			n := gjson.GetBytes(e.Input, "n").Int()
			cmd := gjson.GetBytes(e.Input, "command").Str
			return hc.Modify(pinned(cmd, n), "pinned the timeout"), nil
		}),
		hc.Before("no-rm", hc.InputMatches("command", `^rm `), func(context.Context, hc.Event) (hc.Outcome, error) {
			return hc.Deny("rm is not allowed"), nil
		}),
		hc.Before("check-pin", hc.Any(), func(_ context.Context, e hc.Event) (hc.Outcome, error) {
			// Runs on a goroutine of its own; it must still be shown its
			// own call's rewrite.
			if gjson.GetBytes(e.Input, "timeout").Int() != gjson.GetBytes(e.Input, "n").Int()%300 {
				return hc.Deny("not shown the pinned input"), nil
			}
			return hc.Allow(), nil
		}).Timeout(5*time.Second),
		hc.On("flaky-audit", hc.Any(), func(_ context.Context, e hc.Event) (hc.Outcome, error) {
			panic("audit is down for " + e.CallID)
		}).FailOpen(),
		hc.After("redact", hc.Tool("Bash"), func(_ context.Context, e hc.Event) (hc.Outcome, error) {
			var text string
			if err := json.Unmarshal(e.Output, &text); err != nil {
				return hc.Outcome{}, err
			}
			return hc.Replace(hc.Text(strings.ReplaceAll(text, "secret", "[redacted]")), false, "masked a secret"), nil
		}),
	).WithObserver(hc.Observer{
		Step: func(_ context.Context, r hc.StepReport) {
			steps.Add(1)
			if r.Fault != "" {
				faults.Add(1)
			}
		},
		Run: func(context.Context, hc.RunReport) { finished.Add(1) },
	})

	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			ctx := context.Background()
			for i := range runs {
				n := int64(g*1000 + i)
				id := fmt.Sprintf("call-%d-%d", g, i)
				cmd := fmt.Sprintf("echo %d", n)
				if i%4 == 0 {
					cmd = fmt.Sprintf("rm -rf /tmp/%d", n)
				}
				input := json.RawMessage(fmt.Sprintf(`{"command":%q,"n":%d}`, cmd, n))
				pin := hc.Step{Name: "pin-timeout", Verdict: hc.Modified, Reason: "pinned the timeout"}
				audit := hc.Step{Name: "flaky-audit", Verdict: hc.Allowed, Fault: "panic: audit is down for " + id}

				got := c.Run(ctx, hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: id, Input: input})
				if i%4 == 0 {
					if !assert.Equal(t, hc.Outcome{
						Verdict: hc.Denied,
						Reason:  "denied by no-rm: rm is not allowed", DecidedBy: "no-rm", Cause: hc.CauseLink,
						Trail: []hc.Step{pin, {Name: "no-rm", Verdict: hc.Denied, Reason: "rm is not allowed"}},
					}, got, id) {
						return
					}
					continue
				}
				if !assert.Equal(t, hc.Outcome{
					Verdict: hc.Modified,
					Reason:  "pin-timeout: pinned the timeout",
					Input:   pinned(cmd, n),
					Trail:   []hc.Step{pin, audit},
				}, got, id) {
					return
				}

				got = c.Run(ctx, hc.Event{
					Hook: hc.AfterTool, Tool: "Bash", CallID: id, Input: got.Input,
					Output: hc.Text(fmt.Sprintf("secret %d", n)),
				})
				if !assert.Equal(t, hc.Outcome{
					Verdict: hc.Replaced,
					Reason:  "redact: masked a secret",
					Output:  hc.Text(fmt.Sprintf("[redacted] %d", n)),
					Trail:   []hc.Step{audit, {Name: "redact", Verdict: hc.Replaced, Reason: "masked a secret"}},
				}, got, id) {
					return
				}
			}
		})
	}
	wg.Wait()

	// A quarter of the calls are denied before they run: two links report
	// and the chain runs once. The rest report three links before, two after,
	// and fail open twice.
	denied, ran := int64(goroutines*runs/4), int64(goroutines*runs*3/4)
	assert.Equal(t, denied*2+ran*5, steps.Load(), "steps reported")
	assert.Equal(t, ran*2, faults.Load(), "faults reported")
	assert.Equal(t, denied+ran*2, finished.Load(), "runs reported")
}

// pinned is the input pin-timeout rewrites a call to; each call's is
// distinct, so an outcome carrying another call's input is caught.
func pinned(cmd string, n int64) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"command":%q,"n":%d,"timeout":%d}`, cmd, n, n%300))
}

func TestWithObserverReturnsANewChainAndLeavesTheReceiverAsItWas(t *testing.T) {
	counter := func(n *atomic.Int64) hc.Observer {
		return hc.Observer{Run: func(context.Context, hc.RunReport) { n.Add(1) }}
	}
	var first, second, third atomic.Int64
	base := hc.New(hc.Before("a", hc.Any(), allow))
	one := base.WithObserver(counter(&first))
	// Two chains grown from the same parent must not share the slot after
	// the parent's observers.
	two := one.WithObserver(counter(&second))
	other := one.WithObserver(counter(&third))
	require.NotSame(t, base, one)
	require.NotSame(t, one, two)
	require.NotSame(t, one, other)

	ctx := context.Background()
	e := call("Bash", `{}`)
	counts := func() [3]int64 { return [3]int64{first.Load(), second.Load(), third.Load()} }

	assert.Equal(t, hc.Outcome{}, base.Run(ctx, e))
	assert.Equal(t, [3]int64{0, 0, 0}, counts(), "the chain WithObserver was called on reports to nobody")

	assert.Equal(t, hc.Outcome{}, one.Run(ctx, e))
	assert.Equal(t, [3]int64{1, 0, 0}, counts(), "a chain reports only to its own observers")

	assert.Equal(t, hc.Outcome{}, two.Run(ctx, e))
	assert.Equal(t, [3]int64{2, 1, 0}, counts(), "a derived chain keeps its parent's observers")

	assert.Equal(t, hc.Outcome{}, other.Run(ctx, e))
	assert.Equal(t, [3]int64{3, 1, 1}, counts(), "a sibling does not report to its sibling's observer")

	require.Len(t, two.Links(), 1, "observers do not change the links")
	assert.Equal(t, base.Links()[0].String(), two.Links()[0].String())
}
