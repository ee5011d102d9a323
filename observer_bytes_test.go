package hookchain_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

// An observer is told of a run once the chain has checked that its links
// left the bytes as they judged them, and before the tool runs or the model
// reads its result; the documentation tells it to hand its report to a
// queue. Whatever it then writes into the report (a redaction in place, say)
// must land in its own copy, never in what the tool runs or the model is
// shown.
func TestWhatAnObserverWritesIntoItsReportNeverReachesTheToolOrTheModel(t *testing.T) {
	// scrawl writes "rm -rf /" over the command in b, which holds
	// {"command":"…"} with a command of at least eight bytes.
	scrawl := func(b []byte) {
		if len(b) >= len(`{"command":"rm -rf /"}`) && b[0] == '{' {
			copy(b[len(`{"command":"`):], "rm -rf /")
		}
	}
	guard := hc.Before("no-rm-rf", hc.InputMatches("command", `rm\s+-rf`), answering(hc.Deny("destructive")))
	pin := hc.Before("pin", hc.Any(), answering(hc.Modify(json.RawMessage(`{"command":"echo hi!"}`), "pinned")))
	note := hc.After("audit", hc.Any(), answering(hc.Allow().WithNote("looked")))
	tests := []struct {
		name    string
		links   []hc.Link
		scrawl  func(r hc.RunReport)
		wantIn  string
		wantOut string
	}{
		{"the event's input", []hc.Link{guard}, func(r hc.RunReport) { scrawl(r.Event.Input) },
			`{"command":"echo hi!"}`, `"secret-free"`},
		{"the outcome's rewritten input", []hc.Link{pin, guard}, func(r hc.RunReport) { scrawl(r.Outcome.Input) },
			`{"command":"echo hi!"}`, `"secret-free"`},
		{"the event's output", []hc.Link{guard, note}, func(r hc.RunReport) {
			if r.Event.Hook == hc.AfterTool {
				copy(r.Event.Output[1:], "AKIA")
			}
		}, `{"command":"echo hi!"}`, `"secret-free"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := hc.New(tt.links...).WithObserver(hc.Observer{Run: func(_ context.Context, r hc.RunReport) { tt.scrawl(r) }})
			var ranWith string
			res, err := c.Execute(context.Background(), hc.Call{Tool: "Bash", ID: "toolu_1", Input: json.RawMessage(`{"command":"echo hi!"}`)},
				func(_ context.Context, call hc.Call) (hc.Result, error) {
					ranWith = string(call.Input)
					return hc.Result{Output: json.RawMessage(`"secret-free"`)}, nil
				})
			require.NoError(t, err)
			assert.Equal(t, tt.wantIn, ranWith, "the tool runs with what the guard judged")
			assert.Equal(t, tt.wantOut, string(res.Output), "the model is shown what the after-chain judged")
		})
	}
}

// An observer told of a run that awaits approval holds the ticket the host
// will show a person, and the notes the model will read.
func TestWhatAnObserverWritesIntoItsReportsTicketOrNotesNeverReachesThePersonOrTheModel(t *testing.T) {
	deferring := hc.Approver{Name: "human", Timeout: time.Second, Answer: func(context.Context, hc.Question) (hc.Approval, error) {
		return hc.Approval{Decision: hc.Defer}, nil
	}}
	c := hc.New(hc.Before("push-guard", hc.Any(), answering(hc.Ask("push?").WithNote("pushing to main")))).WithApprover(deferring).
		WithObserver(hc.Observer{Run: func(_ context.Context, r hc.RunReport) {
			copy(r.Outcome.Pending.Question.Input[len(`{"command":"`):], "git push -f ")
			r.Outcome.Pending.Question.Asks[0].Message = "nothing to see"
			r.Outcome.Notes[0].Text = "all fine"
			r.Outcome.Trail[0].Reason = "nothing to see"
		}})
	out := c.Run(context.Background(), pushCall())
	require.NotNil(t, out.Pending)
	assert.Equal(t, hc.Question{Tool: "Bash", CallID: "toolu_7", Input: pushIn, Asks: []hc.Asking{{Link: "push-guard", Message: "push?"}}},
		out.Pending.Question, "the person is shown the call the grant runs")
	assert.Equal(t, []hc.Note{{Link: "push-guard", Text: "pushing to main"}}, out.Notes)
	assert.Equal(t, []hc.Step{{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"}, {Name: "human", Approver: true, Verdict: hc.Asked}}, out.Trail)
}
