package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/hookchain/hookchain"
)

// operatorName is the approver's name: its answers are steps of that name in
// the trail, with By saying which person gave them.
const operatorName = "operator"

// operatorTimeout is how long the chain waits for the operator. A real person
// takes longer than any tool call should wait, and would answer Defer; the
// scripted one answers at once.
const operatorTimeout = 5 * time.Second

// operator plays the person who answers the chain's asks. Like the model, it
// is a script: the answers it gives, by call id. A question it has no answer
// for is an error, which the chain turns into a denial, so a call that should
// have been approved by the session's latch but was asked again shows up in
// the transcript as refused.
type operator struct {
	answers map[string]hookchain.Approval

	// The chain asks on a goroutine of its own, which it stops waiting for
	// when the time is up, so what the operator heard is read under a lock.
	mu    sync.Mutex
	heard []answered // every question put to it, in order
}

// answered is one question the operator was asked and what it said.
type answered struct {
	question hookchain.Question
	approval hookchain.Approval
}

// newOperator returns an operator that answers as the script says.
func newOperator(calls []call) *operator {
	op := &operator{answers: map[string]hookchain.Approval{}}
	for i, c := range calls {
		if c.operator != nil {
			op.answers[callID(i)] = *c.operator
		}
	}
	return op
}

// approver is the operator as the chain's approver.
func (op *operator) approver() hookchain.Approver {
	return hookchain.Approver{Name: operatorName, Timeout: operatorTimeout, Answer: op.answer}
}

func (op *operator) answer(_ context.Context, q hookchain.Question) (hookchain.Approval, error) {
	a, ok := op.answers[q.CallID]
	if !ok {
		return hookchain.Approval{}, fmt.Errorf("nobody is there to answer for %s", q.CallID)
	}
	op.mu.Lock()
	defer op.mu.Unlock()
	op.heard = append(op.heard, answered{question: q, approval: a})
	return a, nil
}

// askedAbout returns what the operator was asked about the call, if it was.
func (op *operator) askedAbout(id string) (answered, bool) {
	op.mu.Lock()
	defer op.mu.Unlock()
	for _, a := range op.heard {
		if a.question.CallID == id {
			return a, true
		}
	}
	return answered{}, false
}

// callID is the id the runtime gives the i-th call of the script.
func callID(i int) string { return fmt.Sprintf("call_%02d", i+1) }
