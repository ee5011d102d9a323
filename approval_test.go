package hookchain_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

// approverThat answers every question the same way and records what it was
// asked.
func approverThat(a hc.Approval, err error, asked *[]hc.Question) hc.Approver {
	return hc.Approver{Name: "human", Timeout: time.Second, Answer: func(_ context.Context, q hc.Question) (hc.Approval, error) {
		*asked = append(*asked, q)
		return a, err
	}}
}

var pushIn = json.RawMessage(`{"command":"git push origin main"}`)

func pushCall() hc.Event {
	return hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_7", Input: pushIn}
}

func TestAsksAreResolvedAfterTheWalkAboutTheFinalInput(t *testing.T) {
	dryRun := json.RawMessage(`{"command":"git push --dry-run origin main"}`)
	asker := hc.Before("push-guard", hc.Any(), answering(hc.Ask("push to main?")))
	tests := []struct {
		name      string
		links     []hc.Link
		approval  hc.Approval
		want      hc.Outcome
		questions []hc.Question
	}{
		{
			name:     "AnApprovedAskEndsAsIfNobodyHadAsked",
			links:    []hc.Link{asker},
			approval: hc.Approval{Decision: hc.Approve, By: "alice", Reason: "release day"},
			want: hc.Outcome{Trail: []hc.Step{
				{Name: "push-guard", Verdict: hc.Asked, Reason: "push to main?"},
				{Name: "human", Verdict: hc.Allowed, By: "alice", Reason: "release day"},
			}},
			questions: []hc.Question{{Tool: "Bash", CallID: "toolu_7", Input: pushIn, Asks: []hc.Asking{{Link: "push-guard", Message: "push to main?"}}}},
		},
		{
			name:     "ARefusalDeniesAndSaysWhoAskedAndWhoRefused",
			links:    []hc.Link{asker, hc.Before("second", hc.Any(), answering(hc.Ask("")))},
			approval: hc.Approval{Decision: hc.Refuse, By: "alice", Reason: "not today"},
			want: hc.Outcome{Verdict: hc.Denied, Reason: "refused by alice: not today (asked by push-guard: push to main?; second)", Trail: []hc.Step{
				{Name: "push-guard", Verdict: hc.Asked, Reason: "push to main?"},
				{Name: "second", Verdict: hc.Asked},
				{Name: "human", Verdict: hc.Denied, By: "alice", Reason: "not today"},
			}},
			questions: []hc.Question{{Tool: "Bash", CallID: "toolu_7", Input: pushIn, Asks: []hc.Asking{{Link: "push-guard", Message: "push to main?"}, {Link: "second"}}}},
		},
		{
			name:     "AZeroApprovalRefusesAndNamesTheApprover",
			links:    []hc.Link{asker},
			approval: hc.Approval{},
			want: hc.Outcome{Verdict: hc.Denied, Reason: "refused by human (asked by push-guard: push to main?)", Trail: []hc.Step{
				{Name: "push-guard", Verdict: hc.Asked, Reason: "push to main?"},
				{Name: "human", Verdict: hc.Denied},
			}},
			questions: []hc.Question{{Tool: "Bash", CallID: "toolu_7", Input: pushIn, Asks: []hc.Asking{{Link: "push-guard", Message: "push to main?"}}}},
		},
		{
			name:     "ALaterDenyWinsOverAnAskAndNobodyIsAsked",
			links:    []hc.Link{asker, hc.Before("freeze", hc.Any(), answering(hc.Deny("deploy freeze")))},
			approval: hc.Approval{Decision: hc.Approve},
			want: hc.Outcome{Verdict: hc.Denied, Reason: "denied by freeze: deploy freeze", Trail: []hc.Step{
				{Name: "push-guard", Verdict: hc.Asked, Reason: "push to main?"},
				{Name: "freeze", Verdict: hc.Denied, Reason: "deploy freeze"},
			}},
		},
		{
			name:     "AnAskThenAModifyAsksAboutTheRewrittenInputAndNamesTheRewriter",
			links:    []hc.Link{asker, hc.Before("dry-run", hc.Any(), answering(hc.Modify(dryRun, "rehearse first")))},
			approval: hc.Approval{Decision: hc.Approve, By: "alice"},
			want: hc.Outcome{Verdict: hc.Modified, Reason: "dry-run: rehearse first", Input: dryRun, Trail: []hc.Step{
				{Name: "push-guard", Verdict: hc.Asked, Reason: "push to main?"},
				{Name: "dry-run", Verdict: hc.Modified, Reason: "rehearse first"},
				{Name: "human", Verdict: hc.Allowed, By: "alice"},
			}},
			questions: []hc.Question{{Tool: "Bash", CallID: "toolu_7", Input: dryRun, Asks: []hc.Asking{{Link: "push-guard", Message: "push to main?"}}, RewrittenBy: []string{"dry-run"}}},
		},
		{
			name:     "AnApproverErrorFailsClosed",
			links:    []hc.Link{asker},
			approval: hc.Approval{Decision: hc.Approve},
			want: hc.Outcome{Verdict: hc.Denied, Reason: "approval needed but not obtained: human failed: slack is down (asked by push-guard: push to main?)", Trail: []hc.Step{
				{Name: "push-guard", Verdict: hc.Asked, Reason: "push to main?"},
				{Name: "human", Verdict: hc.Denied, Fault: "human failed: slack is down"},
			}},
			questions: []hc.Question{{Tool: "Bash", CallID: "toolu_7", Input: pushIn, Asks: []hc.Asking{{Link: "push-guard", Message: "push to main?"}}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var asked []hc.Question
			var err error
			if tt.name == "AnApproverErrorFailsClosed" {
				err = errors.New("slack is down")
			}
			c := hc.New(tt.links...).WithApprover(approverThat(tt.approval, err, &asked))
			assert.Equal(t, tt.want, c.Run(context.Background(), pushCall()))
			assert.Equal(t, tt.questions, asked)
		})
	}
}

func TestAnAskWithoutAnApproverThatCanAnswerFailsClosed(t *testing.T) {
	asker := hc.Before("push-guard", hc.Any(), answering(hc.Ask("push to main?")))
	tests := []struct {
		name  string
		chain *hc.Chain
		fault string
	}{
		{"no approver", hc.New(asker), ""},
		{"a panicking approver", hc.New(asker).WithApprover(hc.Approver{Name: "human", Timeout: time.Second,
			Answer: func(context.Context, hc.Question) (hc.Approval, error) { panic("nil pointer") }}), "human panicked: nil pointer"},
		{"an approver that never answers", hc.New(asker).WithApprover(hc.Approver{Name: "human", Timeout: 20 * time.Millisecond,
			Answer: func(context.Context, hc.Question) (hc.Approval, error) {
				time.Sleep(time.Second) // and ignores its context
				return hc.Approval{Decision: hc.Approve}, nil
			}}), "human did not answer within 20ms"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			out := tt.chain.Run(context.Background(), pushCall())
			assert.Less(t, time.Since(start), 500*time.Millisecond)
			trail := []hc.Step{{Name: "push-guard", Verdict: hc.Asked, Reason: "push to main?"}}
			why := "no approver is configured"
			if tt.fault != "" {
				why = tt.fault
				trail = append(trail, hc.Step{Name: "human", Verdict: hc.Denied, Fault: tt.fault})
			} else {
				trail = append(trail, hc.Step{Name: "approver", Verdict: hc.Denied, Fault: why})
			}
			assert.Equal(t, hc.Outcome{Verdict: hc.Denied,
				Reason: "approval needed but not obtained: " + why + " (asked by push-guard: push to main?)",
				Trail:  trail}, out)
		})
	}
}

func TestAnAskAfterTheCallIsAFailure(t *testing.T) {
	c := hc.New(hc.After("late", hc.Any(), answering(hc.Ask("show this?"))))
	out := c.Run(context.Background(), hc.Event{Hook: hc.AfterTool, Tool: "Bash", Input: pushIn, Output: hc.Text("ok")})
	assert.Equal(t, hc.Outcome{Verdict: hc.Denied,
		Reason: "late failed and denies on failure: asked for approval of a call that has already run",
		Trail:  []hc.Step{{Name: "late", Verdict: hc.Denied, Reason: "show this?", Fault: "asked for approval of a call that has already run"}}}, out)
}

func TestApproveAllLatchesOnlyTheAskingLinksForTheSession(t *testing.T) {
	var asked []hc.Question
	push := hc.Before("push-guard", hc.Tool("Bash"), answering(hc.Ask("push?")))
	deploy := hc.Before("deploy-guard", hc.InputMatches("command", "deploy"), answering(hc.Ask("deploy?")))
	c := hc.New(push, deploy).WithApprover(approverThat(hc.Approval{Decision: hc.ApproveAll, By: "alice"}, nil, &asked))
	session := hc.NewSession()
	ctx := hc.WithSession(context.Background(), session)
	run := func(ctx context.Context, command string) hc.Outcome {
		return c.Run(ctx, hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "c", Input: json.RawMessage(`{"command":"` + command + `"}`)})
	}

	run(ctx, "git push")
	require.Len(t, asked, 1, "the first ask goes to the approver")

	out := run(ctx, "git push")
	assert.Len(t, asked, 1, "a latched link's ask is approved without asking")
	assert.Equal(t, hc.Step{Name: "human", Verdict: hc.Allowed, By: "alice", Reason: "approved for the session"}, out.Trail[len(out.Trail)-1])

	run(ctx, "git push && deploy")
	assert.Len(t, asked, 2, "an ask from a link not yet latched is asked, even beside a latched one")
	run(ctx, "git push && deploy")
	assert.Len(t, asked, 2, "now both are latched")

	run(context.Background(), "git push")
	assert.Len(t, asked, 3, "another conversation (no session) is not covered")
	run(hc.WithSession(context.Background(), hc.NewSession()), "git push")
	assert.Len(t, asked, 4, "nor is a new session")

	other := hc.New(push).WithApprover(approverThat(hc.Approval{Decision: hc.Approve}, nil, &asked))
	other.Run(ctx, hc.Event{Hook: hc.BeforeTool, Tool: "Bash", Input: pushIn})
	assert.Len(t, asked, 5, "a link of the same name in another chain is a new link")

	session.Revoke("push-guard")
	run(ctx, "git push")
	assert.Len(t, asked, 6, "a revoked latch asks again")
	run(ctx, "deploy")
	assert.Len(t, asked, 6, "revoking one link leaves the others latched")
	session.Revoke()
	run(ctx, "deploy")
	assert.Len(t, asked, 7, "revoking everything unlatches everything")
}

func TestAnApprovalObtainedOutOfBandIsBoundToTheCallAndItsInput(t *testing.T) {
	var asked []hc.Question
	c := hc.New(hc.Before("push-guard", hc.Any(), answering(hc.Ask("push?")))).
		WithApprover(approverThat(hc.Approval{Decision: hc.Defer}, nil, &asked))

	pending := c.Run(context.Background(), pushCall())
	require.Equal(t, hc.Asked, pending.Verdict)
	assert.Equal(t, "approval pending (asked by push-guard: push?)", pending.Reason)
	require.NotNil(t, pending.Pending)
	assert.Equal(t, hc.Question{Tool: "Bash", CallID: "toolu_7", Input: pushIn, Asks: []hc.Asking{{Link: "push-guard", Message: "push?"}}}, pending.Pending.Question)

	grant := pending.Pending.Grant(hc.Approval{Decision: hc.Approve, By: "alice", Reason: "ok"})
	tests := []struct {
		name  string
		event hc.Event
		want  hc.Outcome
	}{
		{"the same call and input are approved", pushCall(), hc.Outcome{Trail: []hc.Step{
			{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"},
			{Name: "human", Verdict: hc.Allowed, By: "alice", Reason: "ok"},
		}}},
		{"a changed input is refused", hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_7", Input: json.RawMessage(`{"command":"git push --force origin main"}`)}, hc.Outcome{
			Verdict: hc.Denied, Reason: "approval needed but not obtained: the grant presented was issued for another input (asked by push-guard: push?)",
			Trail: []hc.Step{
				{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"},
				{Name: "human", Verdict: hc.Denied, Fault: "the grant presented was issued for another input"},
			}}},
		{"another call id is refused", hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_8", Input: pushIn}, hc.Outcome{
			Verdict: hc.Denied, Reason: `approval needed but not obtained: the grant presented was issued for call "toolu_7", not "toolu_8" (asked by push-guard: push?)`,
			Trail: []hc.Step{
				{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"},
				{Name: "human", Verdict: hc.Denied, Fault: `the grant presented was issued for call "toolu_7", not "toolu_8"`},
			}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, c.Run(hc.WithGrant(context.Background(), grant), tt.event))
		})
	}
	assert.Len(t, asked, 1, "a presented grant answers instead of the approver")

	refused := pending.Pending.Grant(hc.Approval{Decision: hc.Refuse, By: "bob", Reason: "no"})
	out := c.Run(hc.WithGrant(context.Background(), refused), pushCall())
	assert.Equal(t, "refused by bob: no (asked by push-guard: push?)", out.Reason)

	another := hc.New(hc.Before("push-guard", hc.Any(), answering(hc.Ask("push?")))).WithApprover(approverThat(hc.Approval{}, nil, &asked))
	out = another.Run(hc.WithGrant(context.Background(), grant), pushCall())
	assert.Equal(t, "approval needed but not obtained: the grant presented was issued by another chain (asked by push-guard: push?)", out.Reason)
}

func TestWrapHoldsACallWhoseApprovalIsPending(t *testing.T) {
	var asked []hc.Question
	c := hc.New(hc.Before("push-guard", hc.Any(), answering(hc.Ask("push?")))).
		WithApprover(approverThat(hc.Approval{Decision: hc.Defer}, nil, &asked))
	ran := 0
	exec := c.Wrap(func(context.Context, hc.Call) (hc.Result, error) { ran++; return hc.TextResult("pushed"), nil })
	call := hc.Call{Tool: "Bash", ID: "toolu_7", Input: pushIn}

	res, err := exec(context.Background(), call)
	var pending *hc.ApprovalPending
	require.ErrorAs(t, err, &pending)
	assert.Equal(t, "hookchain: approval pending (asked by push-guard: push?)", err.Error())
	assert.Equal(t, hc.ErrorResult("approval pending (asked by push-guard: push?)"), res)
	assert.Zero(t, ran)

	grant := pending.Ticket.Grant(hc.Approval{Decision: hc.Approve, By: "alice"})
	res, err = exec(hc.WithGrant(context.Background(), grant), call)
	require.NoError(t, err)
	assert.Equal(t, hc.TextResult("pushed"), res)
	assert.Equal(t, 1, ran)
}

func TestContextForTheModelIsGatheredInChainOrderAndNamed(t *testing.T) {
	note := func(text string, out hc.Outcome) hc.Interceptor { return answering(out.WithContext(text)) }
	tests := []struct {
		name  string
		links []hc.Link
		want  hc.Outcome
	}{
		{
			"an allow can carry context",
			[]hc.Link{
				hc.Before("pnpm", hc.Any(), note("this repository uses pnpm", hc.Allow())),
				hc.Before("quiet", hc.Any(), answering(hc.Allow())),
				hc.Before("ci", hc.Any(), answering(hc.Allow().WithContext("CI runs on push").WithContext("main is protected"))),
			},
			hc.Outcome{Context: []hc.Note{{Link: "pnpm", Text: "this repository uses pnpm"}, {Link: "ci", Text: "CI runs on push"}, {Link: "ci", Text: "main is protected"}}},
		},
		{
			"a denial keeps what was said up to and including the denier",
			[]hc.Link{
				hc.Before("pnpm", hc.Any(), note("this repository uses pnpm", hc.Allow())),
				hc.Before("guard", hc.Any(), note("use a pull request", hc.Deny("no pushes to main"))),
				hc.Before("after", hc.Any(), note("never asked", hc.Allow())),
			},
			hc.Outcome{Verdict: hc.Denied, Reason: "denied by guard: no pushes to main",
				Trail:   []hc.Step{{Name: "guard", Verdict: hc.Denied, Reason: "no pushes to main"}},
				Context: []hc.Note{{Link: "pnpm", Text: "this repository uses pnpm"}, {Link: "guard", Text: "use a pull request"}}},
		},
		{
			"a failed link's context is void with its answer",
			[]hc.Link{
				hc.Before("broken", hc.Any(), note("lost", hc.Replace(hc.Text("x"), false, ""))).FailOpen(),
				hc.Before("ok", hc.Any(), note("kept", hc.Allow())),
			},
			hc.Outcome{Trail: []hc.Step{{Name: "broken", Verdict: hc.Allowed, Fault: "asked to replace the result of a call that has not run"}},
				Context: []hc.Note{{Link: "ok", Text: "kept"}}},
		},
		{
			"a link cannot speak in another link's name",
			[]hc.Link{hc.Before("honest", hc.Any(), answering(hc.Outcome{Context: []hc.Note{{Link: "security-team", Text: "approved"}}}))},
			hc.Outcome{Context: []hc.Note{{Link: "honest", Text: "approved"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, hc.New(tt.links...).Run(context.Background(), pushCall()))
		})
	}
}

func TestWrapHandsTheContextOfBothHooksToTheRuntime(t *testing.T) {
	c := hc.New(
		hc.Before("pnpm", hc.Any(), answering(hc.Allow().WithContext("this repository uses pnpm"))),
		hc.After("lint", hc.Any(), answering(hc.Allow().WithContext("2 lint warnings"))),
	)
	exec := c.Wrap(func(context.Context, hc.Call) (hc.Result, error) { return hc.TextResult("ok"), nil })
	res, err := exec(context.Background(), hc.Call{Tool: "Bash", ID: "t", Input: pushIn})
	require.NoError(t, err)
	assert.Equal(t, hc.Result{Output: hc.Text("ok"), Context: []hc.Note{
		{Link: "pnpm", Text: "this repository uses pnpm"},
		{Link: "lint", Text: "2 lint warnings"},
	}}, res)

	denied := hc.New(hc.Before("guard", hc.Any(), answering(hc.Deny("no").WithContext("try a branch"))))
	res, err = denied.Wrap(func(context.Context, hc.Call) (hc.Result, error) { return hc.Result{}, nil })(context.Background(), hc.Call{Tool: "Bash", Input: pushIn})
	require.NoError(t, err)
	assert.Equal(t, hc.Result{Output: hc.Text("denied by guard: no"), IsError: true, Context: []hc.Note{{Link: "guard", Text: "try a branch"}}}, res)
}

func TestAsksAndContextHaveAJSONForm(t *testing.T) {
	o := hc.Outcome{Verdict: hc.Denied, Reason: "refused by alice: no (asked by g: push?)",
		Trail:   []hc.Step{{Name: "g", Verdict: hc.Asked, Reason: "push?"}, {Name: "human", Verdict: hc.Denied, By: "alice", Reason: "no"}},
		Context: []hc.Note{{Link: "g", Text: "use a branch"}}}
	b, err := json.Marshal(o)
	require.NoError(t, err)
	assert.Equal(t, `{"decision":"deny","reason":"refused by alice: no (asked by g: push?)","trail":[{"name":"g","decision":"ask","reason":"push?"},{"name":"human","decision":"deny","reason":"no","by":"alice"}],"context":[{"link":"g","text":"use a branch"}]}`, string(b))
	var back hc.Outcome
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, o, back)
}

func TestWithApproverRefusesAnApproverItCannotName(t *testing.T) {
	c := hc.New(hc.Before("guard", hc.Any(), allow))
	answer := func(context.Context, hc.Question) (hc.Approval, error) { return hc.Approval{}, nil }
	assert.PanicsWithValue(t, "hookchain: WithApprover: the approver has no name", func() { c.WithApprover(hc.Approver{Answer: answer, Timeout: time.Second}) })
	assert.PanicsWithValue(t, `hookchain: WithApprover("h"): nil Answer`, func() { c.WithApprover(hc.Approver{Name: "h", Timeout: time.Second}) })
	assert.PanicsWithValue(t, `hookchain: WithApprover("h"): Timeout(0s) must be positive`, func() { c.WithApprover(hc.Approver{Name: "h", Answer: answer}) })
	assert.PanicsWithValue(t, `hookchain: WithApprover("guard"): a link has that name`, func() { c.WithApprover(hc.Approver{Name: "guard", Answer: answer, Timeout: time.Second}) })
}

// Calls of one conversation run in parallel and share its session: the latch
// must hold under the race detector, and every call must be approved.
func TestOneSessionIsSafeForParallelCalls(t *testing.T) {
	var mu sync.Mutex
	asked := 0
	c := hc.New(hc.Before("push-guard", hc.Any(), answering(hc.Ask("push?")))).WithApprover(hc.Approver{
		Name: "human", Timeout: time.Second,
		Answer: func(context.Context, hc.Question) (hc.Approval, error) {
			mu.Lock()
			defer mu.Unlock()
			asked++
			return hc.Approval{Decision: hc.ApproveAll, By: "alice"}, nil
		},
	})
	session := hc.NewSession()
	ctx := hc.WithSession(context.Background(), session)
	var wg sync.WaitGroup
	for i := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				out := c.Run(ctx, pushCall())
				// Asked, or covered by the latch: which one depends on the
				// race with the revoking goroutine, the outcome on neither.
				asks := hc.Step{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"}
				byAlice := hc.Outcome{Trail: []hc.Step{asks, {Name: "human", Verdict: hc.Allowed, By: "alice"}}}
				latched := hc.Outcome{Trail: []hc.Step{asks, {Name: "human", Verdict: hc.Allowed, By: "alice", Reason: "approved for the session"}}}
				assert.Contains(t, []hc.Outcome{byAlice, latched}, out, "goroutine %d", i)
				if i == 0 {
					session.Revoke("push-guard")
				}
			}
		}()
	}
	wg.Wait()
	assert.GreaterOrEqual(t, asked, 1, "the first call of the session is asked")
	assert.Less(t, asked, 32*50, "and the latch spares most of the others")
}

// An approver need not say who it is for its "approve all" to hold.
func TestApproveAllLatchesEvenWhenTheApproverGivesNoName(t *testing.T) {
	var asked []hc.Question
	c := hc.New(hc.Before("push-guard", hc.Any(), answering(hc.Ask("push?")))).
		WithApprover(approverThat(hc.Approval{Decision: hc.ApproveAll}, nil, &asked))
	ctx := hc.WithSession(context.Background(), hc.NewSession())
	c.Run(ctx, pushCall())
	out := c.Run(ctx, pushCall())
	assert.Len(t, asked, 1)
	assert.Equal(t, hc.Outcome{Trail: []hc.Step{
		{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"},
		{Name: "human", Verdict: hc.Allowed, Reason: "approved for the session"},
	}}, out)
}
