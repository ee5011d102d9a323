package testfiles

import (
	"context"
	"sync"

	"github.com/hookchain/hookchain"
)

// Deferring is a chain whose one link, "guard", asks about every call with
// message, and whose approver, "queue", answers "later": every call it is
// asked about is pending.
func Deferring(message string) *hookchain.Chain {
	return hookchain.New(hookchain.Before("guard", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Ask(message), nil
	})).WithApprover(hookchain.Approver{Name: "queue", Timeout: 1e9, Answer: func(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) {
		return hookchain.Approval{Decision: hookchain.Defer}, nil
	}})
}

// Tickets collects what an adapter's OnPending is handed: give it Add.
type Tickets struct {
	mu  sync.Mutex
	got []*hookchain.ApprovalPending
}

// Add records p.
func (k *Tickets) Add(ctx context.Context, p *hookchain.ApprovalPending) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.got = append(k.got, p)
}

// Got returns what Add recorded, in order.
func (k *Tickets) Got() []*hookchain.ApprovalPending {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]*hookchain.ApprovalPending(nil), k.got...)
}
