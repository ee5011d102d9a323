package hookchain

import (
	"context"
	"time"
)

// Observer is told what a chain does: every link it asks, allows included,
// and every run's final outcome. Either field may be nil. Attach one with
// Chain.WithObserver; a chain without observers does not read the clock or
// build reports at all.
//
// Observers are called synchronously on the goroutine that called Run, so
// they must be quick; hand the report to a queue for anything slow. A panic
// in an observer is recovered and dropped: an audit hook that breaks must not
// turn into a decision about the call.
type Observer struct {
	// Step is called after each link is asked, in chain order.
	Step func(ctx context.Context, r StepReport)
	// Run is called once per Run with the event as given and the outcome.
	Run func(ctx context.Context, r RunReport)
}

// StepReport is one link's answer to one event.
type StepReport struct {
	Hook     Hook
	Tool     string
	CallID   string
	Link     string        // the link's registered name
	Verdict  Verdict       // as in Step: a failure carries the verdict it led to
	Reason   string        // the link's own words
	Fault    string        // non-empty when the link could not answer
	Duration time.Duration // how long the link took to answer, checks included
}

// RunReport is one run of a chain: the event it was given and what it
// answered. Outcome.Trail holds the steps that shaped the answer.
type RunReport struct {
	Event    Event
	Outcome  Outcome
	Duration time.Duration
}

func (c *Chain) reportStep(ctx context.Context, e Event, s Step, d time.Duration) {
	r := StepReport{
		Hook: e.Hook, Tool: e.Tool, CallID: e.CallID,
		Link: s.Name, Verdict: s.Verdict, Reason: s.Reason, Fault: s.Fault,
		Duration: d,
	}
	for _, o := range c.observers {
		if o.Step != nil {
			notify(ctx, o.Step, r)
		}
	}
}

func (c *Chain) reportRun(ctx context.Context, e Event, out Outcome, d time.Duration) {
	r := RunReport{Event: e, Outcome: out, Duration: d}
	for _, o := range c.observers {
		if o.Run != nil {
			notify(ctx, o.Run, r)
		}
	}
}

func notify[R any](ctx context.Context, f func(context.Context, R), r R) {
	defer func() { _ = recover() }()
	f(ctx, r)
}
