package hookchain_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

// goneRow is a chain whose caller goes away while it is being asked. end is
// called by the row's links to make the caller go away; links list what the
// chain must have asked.
type goneRow struct {
	name  string
	links func(end context.CancelFunc, r *recorder) []hc.Link
	want  hc.Outcome
	asked []string
}

var goneRows = []goneRow{
	{
		name: "a fail-open link that answers allow after the caller cancelled",
		links: func(end context.CancelFunc, r *recorder) []hc.Link {
			return []hc.Link{hc.Before("audit", hc.Any(), r.do("audit", func(context.Context, hc.Event) (hc.Outcome, error) {
				end()
				return hc.Allow(), nil
			})).FailOpen()}
		},
		want: hc.Outcome{Verdict: hc.Denied,
			Reason: "hookchain: the context ended while audit was asked: context canceled", Cause: hc.CauseCaller,
			Trail: []hc.Step{{Name: "audit", Verdict: hc.Denied, Fault: "the context ended while it was asked (context canceled)"}}},
		asked: []string{"audit"},
	},
	{
		name: "a fail-open link that returns the context's error",
		links: func(end context.CancelFunc, r *recorder) []hc.Link {
			return []hc.Link{hc.Before("audit", hc.Any(), r.do("audit", func(ctx context.Context, _ hc.Event) (hc.Outcome, error) {
				end()
				return hc.Outcome{}, ctx.Err()
			})).FailOpen()}
		},
		want: hc.Outcome{Verdict: hc.Denied,
			Reason: "hookchain: the context ended while audit was asked: context canceled", Cause: hc.CauseCaller,
			Trail: []hc.Step{{Name: "audit", Verdict: hc.Denied, Fault: "context canceled"}}},
		asked: []string{"audit"},
	},
	{
		name: "a fail-open timed link still running when the caller cancels",
		links: func(end context.CancelFunc, r *recorder) []hc.Link {
			return []hc.Link{hc.Before("hook", hc.Any(), r.do("hook", func(ctx context.Context, _ hc.Event) (hc.Outcome, error) {
				end()
				<-ctx.Done()
				return hc.Allow(), nil
			})).Timeout(time.Minute).FailOpen()}
		},
		want: hc.Outcome{Verdict: hc.Denied,
			Reason: "hookchain: the context ended while hook was asked: context canceled", Cause: hc.CauseCaller,
			Trail: []hc.Step{{Name: "hook", Verdict: hc.Denied, Fault: "the context ended while it was asked (context canceled)"}}},
		asked: []string{"hook"},
	},
	{
		name: "a fail-open link that modified first, then one running when the caller cancels",
		links: func(end context.CancelFunc, r *recorder) []hc.Link {
			return []hc.Link{
				hc.Before("pin", hc.Any(), r.answer("pin", hc.Modify(pinnedIn, "pinned"))),
				hc.Before("audit", hc.Any(), r.do("audit", func(context.Context, hc.Event) (hc.Outcome, error) {
					end()
					return hc.Allow().WithNote("seen"), nil
				})).FailOpen(),
				hc.Before("guard", hc.Any(), r.answer("guard", hc.Allow())),
			}
		},
		want: hc.Outcome{Verdict: hc.Denied,
			Reason: "hookchain: the context ended while audit was asked: context canceled", Cause: hc.CauseCaller,
			Trail: []hc.Step{
				{Name: "pin", Verdict: hc.Modified, Reason: "pinned"},
				{Name: "audit", Verdict: hc.Denied, Fault: "the context ended while it was asked (context canceled)"},
			}},
		asked: []string{"pin", "audit"},
	},
	{
		name: "a caller that goes away between two links, while a matcher runs",
		links: func(end context.CancelFunc, r *recorder) []hc.Link {
			return []hc.Link{
				hc.Before("audit", hc.Any(), r.answer("audit", hc.Allow())).FailOpen(),
				hc.Before("guard", hc.MatchFunc(func(hc.Event) bool { end(); return true }), r.answer("guard", hc.Allow())).FailOpen(),
			}
		},
		want: hc.Outcome{Verdict: hc.Denied,
			Reason: "hookchain: the context ended before guard was asked: context canceled", Cause: hc.CauseCaller},
		asked: []string{"audit"},
	},
	{
		name: "a caller that goes away while the last matcher runs, with no link left to ask",
		links: func(end context.CancelFunc, r *recorder) []hc.Link {
			return []hc.Link{
				hc.Before("audit", hc.Any(), r.answer("audit", hc.Modify(pinnedIn, ""))).FailOpen(),
				hc.Before("guard", hc.MatchFunc(func(hc.Event) bool { end(); return false }), r.answer("guard", hc.Allow())),
			}
		},
		want: hc.Outcome{Verdict: hc.Denied,
			Reason: "hookchain: the context ended before the chain answered: context canceled", Cause: hc.CauseCaller,
			Trail: []hc.Step{{Name: "audit", Verdict: hc.Modified}}},
		asked: []string{"audit"},
	},
	{
		name: "a fail-open link that asks for approval after the caller cancelled",
		links: func(end context.CancelFunc, r *recorder) []hc.Link {
			return []hc.Link{hc.Before("gate", hc.Any(), r.do("gate", func(context.Context, hc.Event) (hc.Outcome, error) {
				end()
				return hc.Ask("push to main?"), nil
			})).FailOpen()}
		},
		want: hc.Outcome{Verdict: hc.Denied,
			Reason: "hookchain: the context ended while gate was asked: context canceled", Cause: hc.CauseCaller,
			Trail: []hc.Step{{Name: "gate", Verdict: hc.Denied, Fault: "the context ended while it was asked (context canceled)"}}},
		asked: []string{"gate"},
	},
}

func TestACallerThatGoesAwayIsDeniedWhateverTheLinksFailurePolicy(t *testing.T) {
	for _, row := range goneRows {
		t.Run(row.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			r := &recorder{}
			out := hc.New(row.links(cancel, r)...).Run(ctx, before(bashIn))
			assert.Equal(t, row.want, out)
			assert.Equal(t, row.asked, r.asked)
		})
	}
}

func TestWrapNeverRunsTheToolForACallerThatHasGoneAway(t *testing.T) {
	for _, row := range goneRows {
		t.Run(row.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			ran := false
			exec := hc.New(row.links(cancel, &recorder{})...).Wrap(func(context.Context, hc.Call) (hc.Result, error) {
				ran = true
				return hc.TextResult("deleted"), nil
			})
			res, err := exec(ctx, hc.Call{Tool: "Bash", ID: "toolu_1", Input: bashIn})
			require.NoError(t, err)
			assert.False(t, ran, "the tool ran for a caller that had gone away")
			assert.Equal(t, hc.Result{Output: hc.Text(row.want.Reason), IsError: true, Verdict: hc.Denied}, res)
		})
	}
}

func TestWrapDoesNotRunTheToolWhenTheCallerLeavesAfterTheChainAllowed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The observer is told of the run after the chain has answered, so it
	// cancels in the gap between the before-chain's allow and the tool.
	c := hc.New(hc.Before("audit", hc.Any(), answering(hc.Allow().WithNote("looked")))).
		WithObserver(hc.Observer{Run: func(context.Context, hc.RunReport) { cancel() }})
	ran := false
	exec := c.Wrap(func(context.Context, hc.Call) (hc.Result, error) {
		ran = true
		return hc.TextResult("deleted"), nil
	})
	res, err := exec(ctx, hc.Call{Tool: "Bash", ID: "toolu_1", Input: bashIn})
	require.NoError(t, err)
	assert.False(t, ran)
	want := hc.Result{Output: hc.Text("hookchain: the context ended before the tool ran: context canceled"), IsError: true, Verdict: hc.Denied}
	want.Notes = []hc.Note{{Link: "audit", Text: "looked"}}
	assert.Equal(t, want, res)
}

func TestADeadlineThatPassesDuringAFailOpenLinkDenies(t *testing.T) {
	// The deadline passes once the link is asked, never before: a timer
	// could run out on a loaded machine before the chain reached the link.
	ctx := deadlineOnCue{Context: context.Background(), passed: make(chan struct{})}
	c := hc.New(hc.Before("slow", hc.Any(), func(ctx context.Context, _ hc.Event) (hc.Outcome, error) {
		ctx.Value(passNow{})
		<-ctx.Done()
		return hc.Allow(), nil
	}).FailOpen())
	assert.Equal(t, hc.Outcome{Verdict: hc.Denied,
		Reason: "hookchain: the context ended while slow was asked: context deadline exceeded", Cause: hc.CauseCaller,
		Trail: []hc.Step{{Name: "slow", Verdict: hc.Denied, Fault: "the context ended while it was asked (context deadline exceeded)"}},
	}, c.Run(ctx, before(bashIn)))
}

// TestUnderLoadNoCancelledCallerIsEverAllowed cancels callers at every point
// of a five-link chain of fail-open links, from 200 goroutines at once: a
// cancellation that happens before the chain has answered must deny, and the
// tool must never run for it.
func TestUnderLoadNoCancelledCallerIsEverAllowed(t *testing.T) {
	const goroutines, calls, links = 200, 25, 5
	var ran, denied atomic.Int64
	var wg sync.WaitGroup
	failures := make(chan string, goroutines)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range calls {
				ctx, cancel := context.WithCancel(context.Background())
				at := (g + i) % links // which link cancels
				var ls []hc.Link
				for n := range links {
					fn := answering(hc.Allow())
					if n == at {
						fn = func(ctx context.Context, _ hc.Event) (hc.Outcome, error) {
							cancel()
							if n%2 == 0 {
								return hc.Outcome{}, errors.New("gave up")
							}
							return hc.Allow(), nil
						}
					}
					l := hc.Before(fmt.Sprintf("l%d", n), hc.Any(), fn).FailOpen()
					if n == 3 {
						l = l.Timeout(time.Minute)
					}
					ls = append(ls, l)
				}
				exec := hc.New(ls...).Wrap(func(context.Context, hc.Call) (hc.Result, error) {
					ran.Add(1)
					return hc.TextResult("ran"), nil
				})
				res, err := exec(ctx, hc.Call{Tool: "Bash", Input: bashIn})
				cancel()
				want := fmt.Sprintf("hookchain: the context ended while l%d was asked: context canceled", at)
				if err != nil || !res.IsError || string(res.Output) != string(hc.Text(want)) {
					failures <- fmt.Sprintf("cancelled at l%d: got %s, %v", at, res.Output, err)
					return
				}
				denied.Add(1)
			}
		}()
	}
	wg.Wait()
	close(failures)
	for f := range failures {
		t.Error(f)
	}
	assert.Zero(t, ran.Load(), "the tool ran for a cancelled caller")
	assert.Equal(t, int64(goroutines*calls), denied.Load())
}

// A caller who goes away while the approver is asked is refused as one who
// goes away while a link is asked: the caller's doing (CauseCaller), not the
// approver's failure, whether the approver noticed or answered anyway.
func TestACallerThatGoesAwayWhileTheApproverIsAskedIsTheCallersDoing(t *testing.T) {
	for _, tt := range []struct {
		name   string
		answer func(ctx context.Context) (hc.Approval, error)
	}{
		{"an approver that waits for the context", func(ctx context.Context) (hc.Approval, error) {
			<-ctx.Done()
			return hc.Approval{}, ctx.Err()
		}},
		{"an approver that approves after the context ended", func(ctx context.Context) (hc.Approval, error) {
			<-ctx.Done()
			return hc.Approval{Decision: hc.Approve}, nil
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			c := hc.New(hc.Before("gate", hc.Any(), answering(hc.Ask("push?")))).WithApprover(hc.Approver{
				Name: "operator", Timeout: time.Minute,
				Answer: func(ctx context.Context, _ hc.Question) (hc.Approval, error) {
					cancel()
					return tt.answer(ctx)
				},
			})
			assert.Equal(t, hc.Outcome{Verdict: hc.Denied,
				Reason: "hookchain: the context ended while operator was asked: context canceled", Cause: hc.CauseCaller,
				Trail: []hc.Step{
					{Name: "gate", Verdict: hc.Asked, Reason: "push?"},
					{Name: "operator", Verdict: hc.Denied, Fault: "the context ended while operator was asked (context canceled)", Approver: true},
				}}, c.Run(ctx, before(bashIn)))
		})
	}
}

// deadlineOnCue is a context whose deadline passes when asked for the value
// passNow{}, from inside the link under test.
type deadlineOnCue struct {
	context.Context
	passed chan struct{}
}

type passNow struct{}

func (c deadlineOnCue) Value(key any) any {
	if _, ok := key.(passNow); ok {
		close(c.passed)
		return nil
	}
	return c.Context.Value(key)
}

func (c deadlineOnCue) Done() <-chan struct{} { return c.passed }

func (c deadlineOnCue) Err() error {
	select {
	case <-c.passed:
		return context.DeadlineExceeded
	default:
		return nil
	}
}
