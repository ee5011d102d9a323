package hookchain_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	hc "github.com/hookchain/hookchain"
)

func TestAFailureThatIsNotTheLinksOwnDeniesWhateverFailOpenSays(t *testing.T) {
	shared := hc.NotOwn(errors.New("the shared process went down under another call"))
	failing := func(err error) hc.Interceptor {
		return func(context.Context, hc.Event) (hc.Outcome, error) { return hc.Allow(), err }
	}
	denied := func(fault string) hc.Outcome {
		return hc.Outcome{Verdict: hc.Denied, Reason: "hook failed and denies on failure: " + fault, DecidedBy: "hook", Cause: hc.CauseFailure,
			Trail: []hc.Step{{Name: "hook", Verdict: hc.Denied, Fault: fault}}}
	}
	const fault = "the shared process went down under another call"
	tests := []struct {
		name string
		link hc.Link
		obs  bool
		want hc.Outcome
	}{
		{"fail-open", hc.Before("hook", hc.Any(), failing(shared)).FailOpen(), false, denied(fault)},
		{"fail-open, observed", hc.Before("hook", hc.Any(), failing(shared)).FailOpen(), true, denied(fault)},
		{"fail-open, with a Timeout", hc.Before("hook", hc.Any(), failing(shared)).FailOpen().Timeout(time.Second), false, denied(fault)},
		{"fail-open, wrapped", hc.Before("hook", hc.Any(), failing(fmt.Errorf("asking: %w", shared))).FailOpen(), false, denied("asking: " + fault)},
		{"fail-closed", hc.Before("hook", hc.Any(), failing(shared)), false, denied(fault)},
		{"fail-open, its own failure", hc.Before("hook", hc.Any(), failing(errors.New("exit status 1"))).FailOpen(), false,
			hc.Outcome{Trail: []hc.Step{{Name: "hook", Verdict: hc.Allowed, Fault: "exit status 1"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := hc.New(tt.link)
			if tt.obs {
				c = c.WithObserver(hc.Observer{Step: func(context.Context, hc.StepReport) {}})
			}
			assert.Equal(t, tt.want, c.Run(context.Background(), hc.Event{Hook: hc.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{}`)}))
		})
	}
	assert.True(t, hc.IsNotOwn(fmt.Errorf("x: %w", shared)))
	assert.False(t, hc.IsNotOwn(errors.New("x")))
	assert.NoError(t, hc.NotOwn(nil))
}

// nilErr is an error type whose Error dereferences its receiver, returned
// as a typed nil: the classic way for an error's own method to panic.
type nilErr struct{ why string }

func (e *nilErr) Error() string { return e.why }

func TestANotOwnFailureWhoseErrorCannotBeReadStillDeniesWhateverFailOpenSays(t *testing.T) {
	var typedNil *nilErr
	failing := func(context.Context, hc.Event) (hc.Outcome, error) { return hc.Outcome{}, hc.NotOwn(typedNil) }
	const fault = "returned an error whose Error method panicked (*hookchain.notOwnError): runtime error: invalid memory address or nil pointer dereference"
	want := hc.Outcome{Verdict: hc.Denied, Reason: "hook failed and denies on failure: " + fault, DecidedBy: "hook", Cause: hc.CauseFailure,
		Trail: []hc.Step{{Name: "hook", Verdict: hc.Denied, Fault: fault}}}
	for _, l := range []hc.Link{
		hc.Before("hook", hc.Any(), failing).FailOpen(),
		hc.Before("hook", hc.Any(), failing).FailOpen().Timeout(time.Second),
	} {
		assert.Equal(t, want, hc.New(l).Run(context.Background(), hc.Event{Hook: hc.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{}`)}), l.String())
	}
}

// badUnwrap cannot say what it wraps: whether the failure is the link's own
// is unknown.
type badUnwrap struct{}

func (badUnwrap) Error() string { return "lost the shared process" }
func (badUnwrap) Unwrap() error { panic("no") }

func TestAFailureThatCannotSayWhatItWrapsIsNotForgivenByFailOpen(t *testing.T) {
	failing := func(context.Context, hc.Event) (hc.Outcome, error) { return hc.Outcome{}, badUnwrap{} }
	const fault = "lost the shared process"
	want := hc.Outcome{Verdict: hc.Denied, Reason: "hook failed and denies on failure: " + fault, DecidedBy: "hook", Cause: hc.CauseFailure,
		Trail: []hc.Step{{Name: "hook", Verdict: hc.Denied, Fault: fault}}}
	for _, l := range []hc.Link{
		hc.Before("hook", hc.Any(), failing).FailOpen(),
		hc.Before("hook", hc.Any(), failing).FailOpen().Timeout(time.Second),
	} {
		assert.Equal(t, want, hc.New(l).Run(context.Background(), hc.Event{Hook: hc.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{}`)}), l.String())
	}
}
