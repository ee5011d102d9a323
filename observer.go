package hookchain

import (
	"bytes"
	"context"
	"slices"
	"time"
)

// Observer is told what a chain does: every link it asks, allows included,
// and every run's final outcome. Either field may be nil. Attach one with
// Chain.WithObserver; a chain without observers does not read the clock or
// build reports at all.
//
// Observers are called synchronously on the goroutine that called Run, so
// they must be quick; hand the report to a queue for anything slow. Step and
// Run are called from many goroutines at once, one for each call being run,
// so an observer must be safe for concurrent use. A panic
// in an observer is recovered and dropped: an audit hook that breaks must not
// change what happens to the call.
type Observer struct {
	// Step is called after each link is asked, in chain order.
	Step func(ctx context.Context, r StepReport)
	// Run is called once per Run with the event as given and the outcome.
	// The report (its bytes, trail, notes and ticket) is the observer's own
	// copy: writing to it changes nothing the tool runs, the model reads or
	// a person is shown.
	Run func(ctx context.Context, r RunReport)
}

// StepReport is one link's answer to one event.
type StepReport struct {
	Hook     Hook
	Tool     string
	CallID   string
	Name     string        // the step's name, as in Step: the link's registered name, or the approver's
	Verdict  Verdict       // as in Step: a failure carries the verdict it led to
	Reason   string        // the link's own words
	Fault    string        // non-empty when the link could not answer
	By       string        // the approver's step only: who answered
	Approver bool          // the approver's step, as in Step: Name is then the approver's name, which a link may share
	Start    time.Time     // when the link was asked
	Duration time.Duration // how long the link took to answer, checks included
}

// RunReport is one run of a chain: the event it was given and what it
// answered. Outcome.Trail holds the steps that shaped the answer; Steps holds
// every step of this run as its observers were told it, allows included, so
// that an observer can tie them to their run (nest spans, say) without
// keeping state across calls.
type RunReport struct {
	Event   Event
	Outcome Outcome
	Steps   []StepReport
	// ChangedBy names the links that changed the call, in chain order:
	// each whose step in Outcome.Trail says Modified or Replaced, and each
	// that rewrote the input and asked about it in one answer (AskAbout),
	// whose step says Asked. A failed link's answer is void, so it is never
	// among them. It is nil when nobody changed the call.
	ChangedBy []string
	Start     time.Time
	Duration  time.Duration
}

// observation is what a run of an observed chain collects for its report.
type observation struct {
	start time.Time
	steps []StepReport
	given Event // the event as given, for a run that cannot return to report it
	// askedAbout is the walk's: the links that rewrote the input and asked
	// about it in one answer, for the report's ChangedBy.
	askedAbout []string
}

func (c *Chain) reportStep(ctx context.Context, obs *observation, e Event, s Step, start time.Time) {
	r := StepReport{
		Hook: e.Hook, Tool: e.Tool, CallID: e.CallID,
		Name: s.Name, Verdict: s.Verdict, Reason: s.Reason, Fault: s.Fault, By: s.By, Approver: s.Approver,
		Start: start, Duration: time.Since(start),
	}
	obs.steps = append(obs.steps, r)
	for _, o := range c.observers {
		if o.Step != nil {
			notify(ctx, o.Step, r)
		}
	}
}

// reportRun tells the observers of a run. The report is a copy: an
// observer is told once the chain has checked that its links left the bytes
// as they judged them, and may keep its report (in a queue, say) while the
// tool runs, the model reads and a person decides its ticket; what it
// writes there must never become what they get.
func (c *Chain) reportRun(ctx context.Context, e Event, out Outcome, obs *observation) {
	e.Input, e.Output = bytes.Clone(e.Input), bytes.Clone(e.Output)
	out.Input, out.Output = bytes.Clone(out.Input), bytes.Clone(out.Output)
	out.Trail, out.Notes, out.Messages = slices.Clone(out.Trail), slices.Clone(out.Notes), slices.Clone(out.Messages)
	if out.Pending != nil {
		t := *out.Pending
		q := &t.Question
		q.Input, q.Asks, q.RewrittenBy = bytes.Clone(q.Input), slices.Clone(q.Asks), slices.Clone(q.RewrittenBy)
		out.Pending = &t
	}
	r := RunReport{Event: e, Outcome: out, Steps: obs.steps, ChangedBy: changers(out.Trail, obs.askedAbout),
		Start: obs.start, Duration: time.Since(obs.start)}
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
