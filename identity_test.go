package hookchain_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

func allowAll(context.Context, hc.Event) (hc.Outcome, error) { return hc.Allow(), nil }

func askAboutPush(_ context.Context, e hc.Event) (hc.Outcome, error) { return hc.Ask("push?"), nil }

func askAboutEverything(context.Context, hc.Event) (hc.Outcome, error) { return hc.Ask("push?"), nil }

func isBash(e hc.Event) bool { return e.Tool == "Bash" }

func isAnything(hc.Event) bool { return true }

// limit is a matcher of a user's own type, with no String: its fields are
// what it decides by.
type limit struct{ Max int }

func (l limit) Match(e hc.Event) bool { return len(e.Input) > l.Max }

func TestAChainsIDChangesWhenWhatDecidesChanges(t *testing.T) {
	base := func() []hc.Link { return []hc.Link{hc.Before("guard", hc.Tool("Bash"), allowAll)} }
	tests := []struct {
		name  string
		links []hc.Link
	}{
		{"another interceptor under the same name", []hc.Link{hc.Before("guard", hc.Tool("Bash"), askAboutPush)}},
		{"another MatchFunc under the same name", []hc.Link{hc.Before("guard", hc.MatchFunc(isAnything), allowAll)}},
		{"a MatchFunc inside And", []hc.Link{hc.Before("guard", hc.And(hc.Tool("Bash"), hc.MatchFunc(isBash)), allowAll)}},
		{"a fail-open guard", []hc.Link{hc.Before("guard", hc.Tool("Bash"), allowAll).FailOpen()}},
		{"another hook", []hc.Link{hc.On("guard", hc.Tool("Bash"), allowAll)}},
	}
	want := hc.New(base()...).ID()
	assert.Equal(t, want, hc.New(base()...).ID(), "the same links, rebuilt, are the same chain")
	seen := map[string]string{want: "the base chain"}
	for _, tt := range tests {
		id := hc.New(tt.links...).ID()
		if other, ok := seen[id]; ok {
			t.Errorf("%s: has the ID of %s", tt.name, other)
		}
		seen[id] = tt.name
	}

	f1 := hc.New(hc.Before("guard", hc.MatchFunc(isBash), allowAll)).ID()
	f2 := hc.New(hc.Before("guard", hc.MatchFunc(isAnything), allowAll)).ID()
	assert.NotEqual(t, f1, f2, "two MatchFuncs are told apart by their functions")
	assert.Equal(t, f1, hc.New(hc.Before("guard", hc.MatchFunc(isBash), allowAll)).ID())
	l1 := hc.New(hc.Before("guard", limit{Max: 10}, allowAll)).ID()
	assert.NotEqual(t, l1, hc.New(hc.Before("guard", limit{Max: 1000}, allowAll)).ID(), "a matcher of the user's own type is told apart by its fields")
	assert.Equal(t, l1, hc.New(hc.Before("guard", limit{Max: 10}, allowAll)).ID())
}

func TestALatchAndATicketDoNotCarryToAChainWithOtherLogicUnderTheSameNames(t *testing.T) {
	var asked []hc.Question
	approveAll := approverThat(hc.Approval{Decision: hc.ApproveAll, By: "alice"}, nil, &asked)
	first := hc.New(hc.Before("push-guard", hc.MatchFunc(isBash), askAboutPush)).WithApprover(approveAll)
	second := hc.New(hc.Before("push-guard", hc.MatchFunc(isBash), askAboutEverything)).WithApprover(approveAll)
	require.NotEqual(t, first.ID(), second.ID())

	ctx := hc.WithSession(context.Background(), hc.NewSession())
	first.Run(ctx, pushCall())
	require.Len(t, asked, 1)
	out := second.Run(ctx, pushCall())
	assert.Equal(t, hc.Outcome{DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{
		{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"},
		{Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice"},
	}}, out, "the other chain's ask goes to the approver, not to the first chain's latch")
	assert.Len(t, asked, 2)

	deferring := approverThat(hc.Approval{Decision: hc.Defer}, nil, &asked)
	ticket := first.WithApprover(deferring).Run(context.Background(), pushCall()).Pending
	require.NotNil(t, ticket)
	grant := ticket.Grant(hc.Approval{Decision: hc.Approve, By: "bob"})
	out = second.WithApprover(deferring).Run(hc.WithGrant(context.Background(), grant), pushCall())
	out.Pending = nil
	assert.Equal(t, hc.Outcome{Verdict: hc.Asked, Reason: "approval pending (asked by push-guard: push?)", DecidedBy: "human", Cause: hc.CauseApprover,
		Trail: []hc.Step{{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"}, {Name: "human", Approver: true, Verdict: hc.Asked}}}, out,
		"the first chain's grant is not honoured by the second")
}

func TestAGrantForACallWithNoCallIDGrantsThatOneRunNeverEveryIdenticalCall(t *testing.T) {
	var asked []hc.Question
	c := hc.New(hc.Before("push-guard", hc.Any(), askAboutPush)).WithApprover(approverThat(hc.Approval{Decision: hc.Defer}, nil, &asked))
	call := pushCall()
	call.CallID = ""
	ticket := c.Run(context.Background(), call).Pending
	require.NotNil(t, ticket)
	conversation := hc.WithGrant(context.Background(), ticket.Grant(hc.Approval{Decision: hc.Approve, By: "alice"}))

	asks := hc.Step{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"}
	assert.Equal(t, hc.Outcome{DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{
		asks, {Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice"},
	}}, c.Run(conversation, call), "the first run of the call is granted")
	require.Len(t, asked, 1)
	for range 3 {
		out := c.Run(conversation, call)
		out.Pending = nil
		assert.Equal(t, hc.Outcome{Verdict: hc.Asked, Reason: "approval pending (asked by push-guard: push?)", DecidedBy: "human", Cause: hc.CauseApprover,
			Trail: []hc.Step{asks, {Name: "human", Approver: true, Verdict: hc.Asked}}}, out, "an identical call after it goes to the approver")
	}
	assert.Len(t, asked, 4)
}

// guardChain builds its link in one place, as a program builds links from
// its configuration: in one loop, one function.
//
//go:noinline
func guardChain(pattern, identity string) *hc.Chain {
	l := hc.Before("guard", hc.Tool("Bash"), func(context.Context, hc.Event) (hc.Outcome, error) {
		return hc.Deny(pattern), nil
	})
	if identity != "" {
		l = l.Identity(identity)
	}
	return hc.New(l)
}

func TestLinksThatDifferOnlyInWhatTheirClosuresCapturedAreToldApartByTheirIdentity(t *testing.T) {
	assert.Equal(t, guardChain("rm", "").ID(), guardChain("push", "").ID(), "one function literal: one name, whatever it captured")
	strict, lax := guardChain("rm", "rm").ID(), guardChain("push", "push").ID()
	assert.NotEqual(t, strict, lax)
	assert.Equal(t, strict, guardChain("rm", "rm").ID())
	assert.Equal(t, `Before("guard", Tool("Bash"))`, guardChain("rm", "secret token").Links()[0].String(), "an identity is shown nowhere")
}

func TestAGrantForACallWithNoCallIDIsSpentOnceUnderTwoHundredRunsAtOnce(t *testing.T) {
	deferring := hc.Approver{Name: "human", Timeout: time.Second, Answer: func(context.Context, hc.Question) (hc.Approval, error) {
		return hc.Approval{Decision: hc.Defer}, nil
	}}
	c := hc.New(hc.Before("push-guard", hc.Any(), askAboutPush)).WithApprover(deferring)
	call := pushCall()
	call.CallID = ""
	ticket := c.Run(context.Background(), call).Pending
	require.NotNil(t, ticket)
	ctx := hc.WithGrant(context.Background(), ticket.Grant(hc.Approval{Decision: hc.Approve, By: "alice"}))
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		verdicts = map[hc.Verdict]int{}
	)
	for range 200 {
		wg.Go(func() {
			out := c.Run(ctx, call)
			mu.Lock()
			defer mu.Unlock()
			verdicts[out.Verdict]++
		})
	}
	wg.Wait()
	assert.Equal(t, map[hc.Verdict]int{hc.Allowed: 1, hc.Asked: 199}, verdicts)
}

// byRules is a matcher of a user's own type that reaches its configuration
// through a pointer, as one loaded from a file does.
type byRules struct{ rules *rules }

type rules struct {
	Deny  []string
	Limit map[string]int
	Check func(hc.Event) bool
}

func (m byRules) Match(e hc.Event) bool { return m.rules.Check(e) }

func TestAMatcherIsToldApartByWhatItsPointersReachNotByTheirAddresses(t *testing.T) {
	id := func(r *rules) string { return hc.New(hc.Before("guard", byRules{r}, allowAll)).ID() }
	r := &rules{Deny: []string{"rm"}, Limit: map[string]int{"a": 1, "b": 2}, Check: isBash}
	strict := id(r)
	assert.Equal(t, strict, id(&rules{Deny: []string{"rm"}, Limit: map[string]int{"b": 2, "a": 1}, Check: isBash}),
		"the same configuration, loaded again at another address, is the same chain")

	// Memory freed by the old configuration is reused by the next one:
	// the same address, other rules.
	for _, change := range []func(*rules){
		func(r *rules) { r.Deny = nil },
		func(r *rules) { r.Limit["a"] = 100 },
		func(r *rules) { r.Check = isAnything },
	} {
		again := &rules{Deny: []string{"rm"}, Limit: map[string]int{"a": 1, "b": 2}, Check: isBash}
		*r = *again
		change(r)
		assert.NotEqual(t, strict, id(r), "other rules at the same address are another chain")
	}
}
