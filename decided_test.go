package hookchain_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	hc "github.com/hookchain/hookchain"
)

// A program tells who decided from DecidedBy and Cause, never from Reason.
func TestDecidedByAndCauseSayWhoDecidedAsData(t *testing.T) {
	approver := func(a hc.Approval, err error) hc.Approver {
		return hc.Approver{Name: "operator", Timeout: time.Second, Answer: func(context.Context, hc.Question) (hc.Approval, error) { return a, err }}
	}
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name      string
		chain     *hc.Chain
		ctx       context.Context
		event     hc.Event
		verdict   hc.Verdict
		decidedBy string
		cause     hc.Cause
	}{
		{"nobody refused", hc.New(hc.Before("pin", hc.Any(), answering(hc.Modify(pinnedIn, "")))), nil, before(bashIn), hc.Modified, "", hc.CauseNone},
		{"a link's denial", hc.New(hc.Before("no-rm", hc.Any(), answering(hc.Deny("no")))), nil, before(bashIn), hc.Denied, "no-rm", hc.CauseLink},
		{"a link's failure", hc.New(hc.Before("quota", hc.Any(), failing(errors.New("down")))), nil, before(bashIn), hc.Denied, "quota", hc.CauseFailure},
		{"the chain's refusal of a malformed event", hc.New(hc.Before("no-rm", hc.Any(), allow)), nil, before(json.RawMessage(`{`)), hc.Denied, "", hc.CauseChain},
		{"the caller gone before the run", hc.New(hc.Before("no-rm", hc.Any(), allow)), gone, before(bashIn), hc.Denied, "", hc.CauseCaller},
		{"the approver's refusal", hc.New(hc.Before("gate", hc.Any(), answering(hc.Ask("?")))).WithApprover(approver(hc.Approval{Decision: hc.Refuse}, nil)),
			nil, before(bashIn), hc.Denied, "operator", hc.CauseApprover},
		{"the approver's approval", hc.New(hc.Before("gate", hc.Any(), answering(hc.Ask("?")))).WithApprover(approver(hc.Approval{Decision: hc.Approve}, nil)),
			nil, before(bashIn), hc.Allowed, "operator", hc.CauseApprover},
		{"the approver's deferral", hc.New(hc.Before("gate", hc.Any(), answering(hc.Ask("?")))).WithApprover(approver(hc.Approval{Decision: hc.Defer}, nil)),
			nil, before(bashIn), hc.Asked, "operator", hc.CauseApprover},
		{"an approver that failed", hc.New(hc.Before("gate", hc.Any(), answering(hc.Ask("?")))).WithApprover(approver(hc.Approval{}, errors.New("slack down"))),
			nil, before(bashIn), hc.Denied, "operator", hc.CauseNoApproval},
		{"no approver at all", hc.New(hc.Before("gate", hc.Any(), answering(hc.Ask("?")))), nil, before(bashIn), hc.Denied, "", hc.CauseNoApproval},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := tt.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			out := tt.chain.Run(ctx, tt.event)
			assert.Equal(t, tt.verdict, out.Verdict)
			assert.Equal(t, tt.decidedBy, out.DecidedBy)
			assert.Equal(t, tt.cause, out.Cause)
		})
	}
}
