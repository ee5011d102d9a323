package hookchain_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
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
			want: hc.Outcome{DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{
				{Name: "push-guard", Verdict: hc.Asked, Reason: "push to main?"},
				{Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice", Reason: "release day"},
			}},
			questions: []hc.Question{{Tool: "Bash", CallID: "toolu_7", Input: pushIn, Asks: []hc.Asking{{Link: "push-guard", Message: "push to main?"}}}},
		},
		{
			name:     "ARefusalDeniesAndSaysWhoAskedAndWhoRefused",
			links:    []hc.Link{asker, hc.Before("second", hc.Any(), answering(hc.Ask("")))},
			approval: hc.Approval{Decision: hc.Refuse, By: "alice", Reason: "not today"},
			want: hc.Outcome{Verdict: hc.Denied, Reason: "refused by alice: not today (asked by push-guard: push to main?; second)", DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{
				{Name: "push-guard", Verdict: hc.Asked, Reason: "push to main?"},
				{Name: "second", Verdict: hc.Asked},
				{Name: "human", Approver: true, Verdict: hc.Denied, By: "alice", Reason: "not today"},
			}},
			questions: []hc.Question{{Tool: "Bash", CallID: "toolu_7", Input: pushIn, Asks: []hc.Asking{{Link: "push-guard", Message: "push to main?"}, {Link: "second"}}}},
		},
		{
			name:     "AZeroApprovalRefusesAndNamesTheApprover",
			links:    []hc.Link{asker},
			approval: hc.Approval{},
			want: hc.Outcome{Verdict: hc.Denied, Reason: "refused by human (asked by push-guard: push to main?)", DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{
				{Name: "push-guard", Verdict: hc.Asked, Reason: "push to main?"},
				{Name: "human", Approver: true, Verdict: hc.Denied},
			}},
			questions: []hc.Question{{Tool: "Bash", CallID: "toolu_7", Input: pushIn, Asks: []hc.Asking{{Link: "push-guard", Message: "push to main?"}}}},
		},
		{
			name:     "ALaterDenyWinsOverAnAskAndNobodyIsAsked",
			links:    []hc.Link{asker, hc.Before("freeze", hc.Any(), answering(hc.Deny("deploy freeze")))},
			approval: hc.Approval{Decision: hc.Approve},
			want: hc.Outcome{Verdict: hc.Denied, Reason: "denied by freeze: deploy freeze", DecidedBy: "freeze", Cause: hc.CauseLink, Trail: []hc.Step{
				{Name: "push-guard", Verdict: hc.Asked, Reason: "push to main?"},
				{Name: "freeze", Verdict: hc.Denied, Reason: "deploy freeze"},
			}},
		},
		{
			name:     "AnAskThenAModifyAsksAboutTheRewrittenInputAndNamesTheRewriter",
			links:    []hc.Link{asker, hc.Before("dry-run", hc.Any(), answering(hc.Modify(dryRun, "rehearse first")))},
			approval: hc.Approval{Decision: hc.Approve, By: "alice"},
			want: hc.Outcome{Verdict: hc.Modified, Reason: "dry-run: rehearse first", Input: dryRun, DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{
				{Name: "push-guard", Verdict: hc.Asked, Reason: "push to main?"},
				{Name: "dry-run", Verdict: hc.Modified, Reason: "rehearse first"},
				{Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice"},
			}},
			questions: []hc.Question{{Tool: "Bash", CallID: "toolu_7", Input: dryRun, Asks: []hc.Asking{{Link: "push-guard", Message: "push to main?"}}, RewrittenBy: []string{"dry-run"}}},
		},
		{
			name:     "AnApproverErrorFailsClosed",
			links:    []hc.Link{asker},
			approval: hc.Approval{Decision: hc.Approve},
			want: hc.Outcome{Verdict: hc.Denied, Reason: "approval needed but not obtained: human failed: slack is down (asked by push-guard: push to main?)", DecidedBy: "human", Cause: hc.CauseNoApproval, Trail: []hc.Step{
				{Name: "push-guard", Verdict: hc.Asked, Reason: "push to main?"},
				{Name: "human", Approver: true, Verdict: hc.Denied, Fault: "human failed: slack is down"},
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
		{"a panicking approver", hc.New(asker).WithApprover(hc.Approver{Name: "human", Timeout: time.Minute,
			Answer: func(context.Context, hc.Question) (hc.Approval, error) { panic("nil pointer") }}), "human panicked: nil pointer"},
		{"an approver that never answers", hc.New(asker).WithApprover(hc.Approver{Name: "human", Timeout: 20 * time.Millisecond,
			Answer: func(context.Context, hc.Question) (hc.Approval, error) {
				time.Sleep(time.Minute) // and ignores its context
				return hc.Approval{Decision: hc.Approve}, nil
			}}), "human did not answer within 20ms"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			out := tt.chain.Run(context.Background(), pushCall())
			// Far below the silent approver's minute, far above a loaded
			// machine's 20ms.
			assert.Less(t, time.Since(start), 10*time.Second)
			trail := []hc.Step{{Name: "push-guard", Verdict: hc.Asked, Reason: "push to main?"}}
			why, decider := "no approver is configured", ""
			if tt.fault != "" {
				why, decider = tt.fault, "human"
				trail = append(trail, hc.Step{Name: "human", Approver: true, Verdict: hc.Denied, Fault: tt.fault})
			} else {
				trail = append(trail, hc.Step{Name: "approver", Approver: true, Verdict: hc.Denied, Fault: why})
			}
			assert.Equal(t, hc.Outcome{Verdict: hc.Denied,
				Reason:    "approval needed but not obtained: " + why + " (asked by push-guard: push to main?)",
				DecidedBy: decider, Cause: hc.CauseNoApproval,
				Trail: trail}, out)
		})
	}
}

func TestAnAskAfterTheCallIsAFailure(t *testing.T) {
	c := hc.New(hc.After("late", hc.Any(), answering(hc.Ask("show this?"))))
	out := c.Run(context.Background(), hc.Event{Hook: hc.AfterTool, Tool: "Bash", Input: pushIn, Output: hc.Text("ok")})
	assert.Equal(t, hc.Outcome{Verdict: hc.Denied,
		Reason: "late failed and denies on failure: asked for approval of a call that has already run", DecidedBy: "late", Cause: hc.CauseFailure,
		Trail: []hc.Step{{Name: "late", Verdict: hc.Denied, Reason: "show this?", Fault: "asked for approval of a call that has already run"}}}, out)
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
	assert.Equal(t, hc.Step{Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice", Reason: "approved for the session"}, out.Trail[len(out.Trail)-1])

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
	// The chain is built where a program builds it, in one place, once
	// before a restart and once after.
	build := func(a hc.Approver) *hc.Chain {
		return hc.New(hc.Before("push-guard", hc.Any(), answering(hc.Ask("push?")))).WithApprover(a)
	}
	c := build(approverThat(hc.Approval{Decision: hc.Defer}, nil, &asked))

	pending := c.Run(context.Background(), pushCall())
	require.Equal(t, hc.Asked, pending.Verdict)
	assert.Equal(t, "approval pending (asked by push-guard: push?)", pending.Reason)
	assert.Equal(t, "human", pending.DecidedBy)
	assert.Equal(t, hc.CauseApprover, pending.Cause)
	require.NotNil(t, pending.Pending)
	assert.Equal(t, hc.Question{Tool: "Bash", CallID: "toolu_7", Input: pushIn, Asks: []hc.Asking{{Link: "push-guard", Message: "push?"}}}, pending.Pending.Question)
	assert.Equal(t, c.ID(), pending.Pending.ChainID())

	grant := pending.Pending.Grant(hc.Approval{Decision: hc.Approve, By: "alice", Reason: "ok"})
	asks := hc.Step{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"}
	deferred := hc.Step{Name: "human", Approver: true, Verdict: hc.Asked}
	tests := []struct {
		name  string
		chain *hc.Chain
		event hc.Event
		want  hc.Outcome
		asked int // how many questions the approver has had after the run
	}{
		{"the same call and input are approved", c, pushCall(), hc.Outcome{DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{
			asks, {Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice", Reason: "ok"},
		}}, 1},
		{"the same input with other whitespace is the same input", c,
			hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_7", Input: json.RawMessage(`{ "command": "git push origin main" }`)},
			hc.Outcome{DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{
				asks, {Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice", Reason: "ok"},
			}}, 1},
		{"a changed input is not covered and goes to the approver", c,
			hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_7", Input: json.RawMessage(`{"command":"git push --force origin main"}`)},
			hc.Outcome{Verdict: hc.Asked, Reason: "approval pending (asked by push-guard: push?)", DecidedBy: "human", Cause: hc.CauseApprover,
				Trail: []hc.Step{asks, deferred}}, 2},
		{"another call id is not covered and goes to the approver", c,
			hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_8", Input: pushIn},
			hc.Outcome{Verdict: hc.Asked, Reason: "approval pending (asked by push-guard: push?)", DecidedBy: "human", Cause: hc.CauseApprover,
				Trail: []hc.Step{asks, deferred}}, 3},
		{"another chain does not honour it", c.WithID("elsewhere"), pushCall(),
			hc.Outcome{Verdict: hc.Asked, Reason: "approval pending (asked by push-guard: push?)", DecidedBy: "human", Cause: hc.CauseApprover,
				Trail: []hc.Step{asks, deferred}}, 4},
		{"the same links rebuilt (after a restart) honour it", build(approverThat(hc.Approval{}, nil, &asked)), pushCall(),
			hc.Outcome{DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{
				asks, {Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice", Reason: "ok"},
			}}, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := tt.chain.Run(hc.WithGrant(context.Background(), grant), tt.event)
			out.Pending = nil // a new ticket, compared elsewhere
			assert.Equal(t, tt.want, out)
			assert.Len(t, asked, tt.asked)
		})
	}

	refused := pending.Pending.Grant(hc.Approval{Decision: hc.Refuse, By: "bob", Reason: "no"})
	out := c.Run(hc.WithGrant(context.Background(), refused), pushCall())
	assert.Equal(t, "refused by bob: no (asked by push-guard: push?)", out.Reason)
}

// A grant put in a context that outlives its call — a conversation's, say —
// must decide nothing but that call: a later ask is decided as if no grant
// had been presented, by the latch, then the approver.
func TestAStrayGrantInALongLivedContextDecidesNothingElse(t *testing.T) {
	var asked []hc.Question
	c := hc.New(hc.Before("push-guard", hc.Any(), answering(hc.Ask("push?")))).
		WithApprover(approverThat(hc.Approval{Decision: hc.ApproveAll, By: "alice"}, nil, &asked))
	ticket := c.WithApprover(approverThat(hc.Approval{Decision: hc.Defer}, nil, &asked)).Run(context.Background(), pushCall()).Pending
	require.NotNil(t, ticket)
	conversation := hc.WithGrant(hc.WithSession(context.Background(), &hc.Session{}), ticket.Grant(hc.Approval{Decision: hc.Refuse, By: "bob"}))

	other := hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_9", Input: json.RawMessage(`{"command":"git push origin dev"}`)}
	out := c.Run(conversation, other)
	assert.Equal(t, hc.Outcome{DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{
		{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"},
		{Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice"},
	}}, out, "the approver decides, not the stray refusal")
	assert.Len(t, asked, 2)

	out = c.Run(conversation, hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_10", Input: other.Input})
	assert.Equal(t, "approved for the session", out.Trail[1].Reason, "then the session's latch")
	assert.Len(t, asked, 2)

	out = c.Run(conversation, pushCall())
	assert.Equal(t, "refused by bob (asked by push-guard: push?)", out.Reason, "the grant still decides its own call")
}

func TestAZeroSessionLatches(t *testing.T) {
	var asked []hc.Question
	c := hc.New(hc.Before("push-guard", hc.Any(), answering(hc.Ask("push?")))).
		WithApprover(approverThat(hc.Approval{Decision: hc.ApproveAll, By: "alice"}, nil, &asked))
	var session hc.Session
	ctx := hc.WithSession(context.Background(), &session)
	first := c.Run(ctx, pushCall())
	assert.Equal(t, hc.Outcome{DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{
		{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"},
		{Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice"},
	}}, first)
	second := c.Run(ctx, pushCall())
	assert.Equal(t, hc.Outcome{DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{
		{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"},
		{Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice", Reason: "approved for the session"},
	}}, second)
	assert.Len(t, asked, 1)
	var fresh hc.Session
	fresh.Revoke("push-guard") // a zero session can be revoked too
	fresh.Revoke()
}

func TestATicketWaitsInAQueueAsJSONAndIsHonouredAfterARestart(t *testing.T) {
	links := func() []hc.Link {
		return []hc.Link{
			hc.Before("pin", hc.Any(), answering(hc.Modify(json.RawMessage(`{"command":"git push origin main","timeout":60}`), "pinned"))),
			hc.Before("push-guard", hc.Any(), answering(hc.Ask("push?"))),
		}
	}
	var asked []hc.Question
	before := hc.New(links()...).WithApprover(approverThat(hc.Approval{Decision: hc.Defer}, nil, &asked))
	ticket := before.Run(context.Background(), pushCall()).Pending
	require.NotNil(t, ticket)

	queued, err := json.Marshal(ticket)
	require.NoError(t, err)
	sum := sha256.Sum256([]byte(`{"command":"git push origin main","timeout":60}`))
	assert.JSONEq(t, `{"chain_id":"`+before.ID()+`","tool":"Bash","call_id":"toolu_7",
		"input":{"command":"git push origin main","timeout":60},
		"input_sha256":"`+hex.EncodeToString(sum[:])+`",
		"asks":[{"link":"push-guard","message":"push?"}],"rewritten_by":["pin"]}`, string(queued))

	// The process restarts: the chain is rebuilt from the same links, the
	// ticket read back from the queue, and a person approves it.
	after := hc.New(links()...).WithApprover(approverThat(hc.Approval{}, nil, &asked))
	var back hc.Ticket
	require.NoError(t, json.Unmarshal(queued, &back))
	assert.Equal(t, ticket.Question, back.Question)
	out := after.Run(hc.WithGrant(context.Background(), back.Grant(hc.Approval{Decision: hc.Approve, By: "alice"})), pushCall())
	assert.Equal(t, hc.Modified, out.Verdict)
	assert.Equal(t, "human", out.DecidedBy)
	assert.Len(t, asked, 1, "the grant answered; the new approver was not asked")

	changed := hc.New(append(links(), hc.Before("audit", hc.Any(), allow))...).WithApprover(approverThat(hc.Approval{}, nil, &asked))
	out = changed.Run(hc.WithGrant(context.Background(), back.Grant(hc.Approval{Decision: hc.Approve, By: "alice"})), pushCall())
	assert.Equal(t, hc.Denied, out.Verdict, "a chain with other links is another chain: its approver decides")
	assert.Len(t, asked, 2)
}

// A ticket queued before v0.1.0 names its chain "chain": it still reads,
// and grants its call, and is written back with "chain_id".
func TestATicketQueuedUnderTheOldChainKeyStillGrantsItsCall(t *testing.T) {
	var asked []hc.Question
	c := hc.New(hc.Before("push-guard", hc.Any(), answering(hc.Ask("push?")))).WithApprover(approverThat(hc.Approval{Decision: hc.Defer}, nil, &asked))
	ticket := c.Run(context.Background(), pushCall()).Pending
	require.NotNil(t, ticket)
	queued, err := json.Marshal(ticket)
	require.NoError(t, err)

	var back hc.Ticket
	require.NoError(t, json.Unmarshal([]byte(oldChainKey(t, queued)), &back))
	assert.Equal(t, c.ID(), back.ChainID())
	assert.Equal(t, ticket.Question, back.Question)
	out := c.Run(hc.WithGrant(context.Background(), back.Grant(hc.Approval{Decision: hc.Approve, By: "alice"})), pushCall())
	assert.Equal(t, hc.Allowed, out.Verdict)
	assert.Equal(t, "human", out.DecidedBy)
	assert.Len(t, asked, 1, "the grant answered; the approver was not asked again")

	again, err := json.Marshal(&back)
	require.NoError(t, err)
	assert.Equal(t, string(queued), string(again), "the old key is read, never written")
}

// oldChainKey is a ticket's JSON as it was written before v0.1.0, its
// "chain_id" named "chain".
func oldChainKey(t *testing.T, ticket []byte) string {
	t.Helper()
	require.Equal(t, 1, bytes.Count(ticket, []byte(`"chain_id":`)))
	return string(bytes.Replace(ticket, []byte(`"chain_id":`), []byte(`"chain":`), 1))
}

func TestATicketThatCannotBindAGrantDoesNotDecode(t *testing.T) {
	var asked []hc.Question
	c := hc.New(hc.Before("push-guard", hc.Any(), answering(hc.Ask("push?")))).WithApprover(approverThat(hc.Approval{Decision: hc.Defer}, nil, &asked))
	good, err := json.Marshal(c.Run(context.Background(), pushCall()).Pending)
	require.NoError(t, err)
	edit := func(path string, v any) string {
		var m map[string]any
		require.NoError(t, json.Unmarshal(good, &m))
		if v == nil {
			delete(m, path)
		} else {
			m[path] = v
		}
		b, err := json.Marshal(m)
		require.NoError(t, err)
		return string(b)
	}
	old, noChain := oldChainKey(t, good), edit("chain_id", nil)
	const bothChains = `hookchain: decoding a ticket: it gives both "chain_id" and its old name "chain"`
	tests := []struct{ name, json, want string }{
		{"no chain id", edit("chain_id", nil), `hookchain: decoding a ticket: "chain_id" is missing`},
		{"a null chain id", `{"chain_id":null,` + noChain[1:], `hookchain: decoding a ticket: "chain_id" is missing`},
		{"a null chain id under its old name", `{"chain":null,` + noChain[1:], `hookchain: decoding a ticket: "chain_id" is missing`},
		{"a chain id that is not a string", edit("chain_id", 5), `hookchain: decoding a ticket: "chain_id" is not a string`},
		{"a chain under its old name that is not a string", `{"chain":true,` + noChain[1:], `hookchain: decoding a ticket: "chain" is not a string`},
		{"a chain id and its old name", `{"chain":"elsewhere",` + string(good[1:]), bothChains},
		{"a chain id and its old name, null", `{"chain":null,` + string(good[1:]), bothChains},
		{"an empty chain id and its old name", `{"chain_id":"",` + string(old[1:]), bothChains},
		{"a chain id and its old name in another case", string(good[:len(good)-1]) + `,"CHAIN":"elsewhere"}`, bothChains},
		{"no tool", edit("tool", nil), `hookchain: decoding a ticket: "tool" is missing`},
		{"no asks", edit("asks", []any{}), `hookchain: decoding a ticket: "asks" is missing or empty`},
		{"an ask with no link", edit("asks", []any{map[string]any{"message": "x"}}), `hookchain: decoding a ticket: an ask has no "link"`},
		{"no input", edit("input", nil), `hookchain: decoding a ticket: "input" is missing`},
		{"an input edited after the fact", edit("input", map[string]any{"command": "rm -rf /"}), "hookchain: decoding a ticket: its input does not match its input_sha256"},
		{"a hash that is not one", edit("input_sha256", "abc"), `hookchain: decoding a ticket: "input_sha256" is not a SHA-256 in hex`},
		{"not an object", `[]`, "hookchain: decoding a ticket: json: cannot unmarshal array into Go value of type hookchain.ticketJSON"},
		{"a chain id given twice", `{"chain_id":"elsewhere",` + string(good[1:]), `hookchain: decoding a ticket: it is ambiguous: an object in it has the key "chain_id" twice`},
		{"a chain id given twice in two cases", string(good[:len(good)-1]) + `,"Chain_ID":"elsewhere"}`,
			`hookchain: decoding a ticket: it is ambiguous: an object in it has the keys "chain_id" and "Chain_ID", which Go's encoding/json reads as one`},
		{"a chain given twice under its old name", `{"chain":"elsewhere",` + string(old[1:]), `hookchain: decoding a ticket: it is ambiguous: an object in it has the key "chain" twice`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tk hc.Ticket
			assert.EqualError(t, json.Unmarshal([]byte(tt.json), &tk), tt.want)
		})
	}
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
	assert.Equal(t, hc.Result{Output: hc.Text("approval pending (asked by push-guard: push?)"), IsError: true, Verdict: hc.Asked}, res)
	assert.Zero(t, ran)

	grant := pending.Ticket.Grant(hc.Approval{Decision: hc.Approve, By: "alice"})
	res, err = exec(hc.WithGrant(context.Background(), grant), call)
	require.NoError(t, err)
	assert.Equal(t, hc.TextResult("pushed"), res)
	assert.Equal(t, 1, ran)
}

func TestNotesForTheModelAreGatheredInChainOrderAndNamed(t *testing.T) {
	note := func(text string, out hc.Outcome) hc.Interceptor { return answering(out.WithNote(text)) }
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
				hc.Before("ci", hc.Any(), answering(hc.Allow().WithNote("CI runs on push").WithNote("main is protected"))),
			},
			hc.Outcome{Notes: []hc.Note{{Link: "pnpm", Text: "this repository uses pnpm"}, {Link: "ci", Text: "CI runs on push"}, {Link: "ci", Text: "main is protected"}}},
		},
		{
			"a denial keeps what was said up to and including the denier",
			[]hc.Link{
				hc.Before("pnpm", hc.Any(), note("this repository uses pnpm", hc.Allow())),
				hc.Before("guard", hc.Any(), note("use a pull request", hc.Deny("no pushes to main"))),
				hc.Before("after", hc.Any(), note("never asked", hc.Allow())),
			},
			hc.Outcome{Verdict: hc.Denied, Reason: "denied by guard: no pushes to main", DecidedBy: "guard", Cause: hc.CauseLink,
				Trail: []hc.Step{{Name: "guard", Verdict: hc.Denied, Reason: "no pushes to main"}},
				Notes: []hc.Note{{Link: "pnpm", Text: "this repository uses pnpm"}, {Link: "guard", Text: "use a pull request"}}},
		},
		{
			"a failed link's context is void with its answer",
			[]hc.Link{
				hc.Before("broken", hc.Any(), note("lost", hc.Replace(hc.Text("x"), false, ""))).FailOpen(),
				hc.Before("ok", hc.Any(), note("kept", hc.Allow())),
			},
			hc.Outcome{Trail: []hc.Step{{Name: "broken", Verdict: hc.Allowed, Fault: "asked to replace the result of a call that has not run"}},
				Notes: []hc.Note{{Link: "ok", Text: "kept"}}},
		},
		{
			"a link cannot speak in another link's name",
			[]hc.Link{hc.Before("honest", hc.Any(), answering(hc.Outcome{Notes: []hc.Note{{Link: "security-team", Text: "approved"}}}))},
			hc.Outcome{Notes: []hc.Note{{Link: "honest", Text: "approved"}}},
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
		hc.Before("pnpm", hc.Any(), answering(hc.Allow().WithNote("this repository uses pnpm"))),
		hc.After("lint", hc.Any(), answering(hc.Allow().WithNote("2 lint warnings"))),
	)
	exec := c.Wrap(func(context.Context, hc.Call) (hc.Result, error) { return hc.TextResult("ok"), nil })
	res, err := exec(context.Background(), hc.Call{Tool: "Bash", ID: "t", Input: pushIn})
	require.NoError(t, err)
	assert.Equal(t, hc.Result{Output: hc.Text("ok"), Notes: []hc.Note{
		{Link: "pnpm", Text: "this repository uses pnpm"},
		{Link: "lint", Text: "2 lint warnings"},
	}}, res)

	denied := hc.New(hc.Before("guard", hc.Any(), answering(hc.Deny("no").WithNote("try a branch"))))
	res, err = denied.Wrap(func(context.Context, hc.Call) (hc.Result, error) { return hc.Result{}, nil })(context.Background(), hc.Call{Tool: "Bash", Input: pushIn})
	require.NoError(t, err)
	assert.Equal(t, hc.Result{Output: hc.Text("denied by guard: no"), IsError: true, Notes: []hc.Note{{Link: "guard", Text: "try a branch"}}, Verdict: hc.Denied}, res)
}

func TestAsksAndContextHaveAJSONForm(t *testing.T) {
	o := hc.Outcome{Verdict: hc.Denied, Reason: "refused by alice: no (asked by g: push?)", DecidedBy: "human", Cause: hc.CauseApprover,
		Trail: []hc.Step{{Name: "g", Verdict: hc.Asked, Reason: "push?"}, {Name: "human", Approver: true, Verdict: hc.Denied, By: "alice", Reason: "no"}},
		Notes: []hc.Note{{Link: "g", Text: "use a branch"}}}
	b, err := json.Marshal(o)
	require.NoError(t, err)
	assert.Equal(t, `{"verdict":"deny","reason":"refused by alice: no (asked by g: push?)","decided_by":"human","cause":"approver","trail":[{"name":"g","verdict":"ask","reason":"push?"},{"name":"human","verdict":"deny","reason":"no","by":"alice","approver":true}],"notes":[{"link":"g","text":"use a branch"}]}`, string(b))
	var back hc.Outcome
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, o, back)
}

func TestAnApproverThatCannotApproveIsAnErrorFromValidateAndAPanicFromWithApprover(t *testing.T) {
	c := hc.New(hc.Before("guard", hc.Any(), allow))
	answer := func(context.Context, hc.Question) (hc.Approval, error) { return hc.Approval{}, nil }
	tests := []struct {
		name     string
		approver hc.Approver
		want     string
	}{
		{"no name", hc.Approver{Answer: answer, Timeout: time.Second}, "hookchain: the approver has no name"},
		{"no Answer", hc.Approver{Name: "h", Timeout: time.Second}, `hookchain: approver "h": nil Answer`},
		{"a negative Timeout", hc.Approver{Name: "h", Answer: answer, Timeout: -time.Second}, `hookchain: approver "h": Timeout(-1s) must not be negative`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.EqualError(t, tt.approver.Validate(), tt.want)
			assert.PanicsWithValue(t, tt.want, func() { c.WithApprover(tt.approver) })
		})
	}
	assert.NoError(t, hc.Approver{Name: "h", Answer: answer, Timeout: time.Second}.Validate())
}

// An approver without a Timeout is valid, and is given
// DefaultApproverTimeout to answer, whether a chain or Approver.Ask puts
// the question.
func TestAnApproverWithoutATimeoutIsGivenDefaultApproverTimeout(t *testing.T) {
	assert.Equal(t, time.Minute, hc.DefaultApproverTimeout)
	for _, tt := range []struct {
		name string
		put  func(a hc.Approver)
	}{
		{"by a chain", func(a hc.Approver) {
			var c *hc.Chain
			require.NotPanics(t, func() { c = hc.New(hc.Before("push-guard", hc.Any(), answering(hc.Ask("push?")))).WithApprover(a) })
			assert.Equal(t, hc.Allowed, c.Run(context.Background(), pushCall()).Verdict)
		}},
		{"by Approver.Ask", func(a hc.Approver) {
			ap, err := a.Ask(context.Background(), hc.Question{Tool: "Bash", Input: pushIn})
			require.NoError(t, err)
			assert.Equal(t, hc.Approve, ap.Decision)
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var deadline time.Time
			var had bool
			a := hc.Approver{Name: "human", Answer: func(ctx context.Context, _ hc.Question) (hc.Approval, error) {
				deadline, had = ctx.Deadline()
				return hc.Approval{Decision: hc.Approve, By: "alice"}, nil
			}}
			require.NoError(t, a.Validate())
			// The deadline is set between these two instants, however
			// long a loaded machine takes between them.
			asked := time.Now()
			tt.put(a)
			answered := time.Now()
			require.True(t, had, "Answer's context has no deadline")
			assert.False(t, deadline.Before(asked.Add(hc.DefaultApproverTimeout)), "deadline %v is before %v", deadline, asked.Add(hc.DefaultApproverTimeout))
			assert.False(t, deadline.After(answered.Add(hc.DefaultApproverTimeout)), "deadline %v is after %v", deadline, answered.Add(hc.DefaultApproverTimeout))
		})
	}
}

func TestAnApproverNamedLikeALinkIsStillToldApartFromIt(t *testing.T) {
	// Claude Code's own prompt is an approver; a hook whose command is
	// "claude-code" is a link of the same name. Neither can be mistaken for
	// the other, and configuring both is not a mistake.
	var asked []hc.Question
	a := approverThat(hc.Approval{Decision: hc.Refuse, By: "user"}, nil, &asked)
	a.Name = "claude-code"
	var c *hc.Chain
	require.NotPanics(t, func() {
		c = hc.New(hc.Before("claude-code", hc.Any(), answering(hc.Ask("push?")))).WithApprover(a)
	})
	assert.Equal(t, hc.Outcome{Verdict: hc.Denied, Reason: "refused by user (asked by claude-code: push?)",
		DecidedBy: "claude-code", Cause: hc.CauseApprover,
		Trail: []hc.Step{
			{Name: "claude-code", Verdict: hc.Asked, Reason: "push?"},
			{Name: "claude-code", Approver: true, Verdict: hc.Denied, By: "user"},
		}}, c.Run(context.Background(), pushCall()))
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
				byAlice := hc.Outcome{DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{asks, {Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice"}}}
				latched := hc.Outcome{DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{asks, {Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice", Reason: "approved for the session"}}}
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
	assert.Equal(t, hc.Outcome{DecidedBy: "human", Cause: hc.CauseApprover, Trail: []hc.Step{
		{Name: "push-guard", Verdict: hc.Asked, Reason: "push?"},
		{Name: "human", Approver: true, Verdict: hc.Allowed, Reason: "approved for the session"},
	}}, out)
}

func TestAskAboutRewritesTheCallAndAsksAboutTheRewrite(t *testing.T) {
	forced := json.RawMessage(`{"command":"git push --force-with-lease origin main"}`)
	pinned := json.RawMessage(`{"command":"git push --force-with-lease origin main","timeout":60}`)
	gate := hc.Before("gate", hc.Any(), answering(hc.AskAbout(forced, "push with a lease instead?")))
	asks := hc.Step{Name: "gate", Verdict: hc.Asked, Reason: "push with a lease instead?"}
	tests := []struct {
		name      string
		links     []hc.Link
		approval  hc.Approval
		want      hc.Outcome
		questions []hc.Question
	}{
		{
			name:     "approved, the call runs with the rewritten input",
			links:    []hc.Link{gate},
			approval: hc.Approval{Decision: hc.Approve, By: "alice"},
			want: hc.Outcome{Verdict: hc.Modified, Reason: "gate: push with a lease instead?", Input: forced,
				DecidedBy: "human", Cause: hc.CauseApprover,
				Trail: []hc.Step{asks, {Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice"}}},
			questions: []hc.Question{{Tool: "Bash", CallID: "toolu_7", Input: forced,
				Asks: []hc.Asking{{Link: "gate", Message: "push with a lease instead?"}}, RewrittenBy: []string{"gate"}}},
		},
		{
			name:     "refused, it does not run",
			links:    []hc.Link{gate},
			approval: hc.Approval{Decision: hc.Refuse, By: "alice"},
			want: hc.Outcome{Verdict: hc.Denied, Reason: "refused by alice (asked by gate: push with a lease instead?)",
				DecidedBy: "human", Cause: hc.CauseApprover,
				Trail: []hc.Step{asks, {Name: "human", Approver: true, Verdict: hc.Denied, By: "alice"}}},
			questions: []hc.Question{{Tool: "Bash", CallID: "toolu_7", Input: forced,
				Asks: []hc.Asking{{Link: "gate", Message: "push with a lease instead?"}}, RewrittenBy: []string{"gate"}}},
		},
		{
			name:     "a later rewrite is part of what is asked about",
			links:    []hc.Link{gate, hc.Before("pin", hc.Any(), answering(hc.Modify(pinned, "")))},
			approval: hc.Approval{Decision: hc.Approve, By: "alice"},
			want: hc.Outcome{Verdict: hc.Modified, Reason: "gate: push with a lease instead?; pin", Input: pinned,
				DecidedBy: "human", Cause: hc.CauseApprover,
				Trail: []hc.Step{asks, {Name: "pin", Verdict: hc.Modified}, {Name: "human", Approver: true, Verdict: hc.Allowed, By: "alice"}}},
			questions: []hc.Question{{Tool: "Bash", CallID: "toolu_7", Input: pinned,
				Asks: []hc.Asking{{Link: "gate", Message: "push with a lease instead?"}}, RewrittenBy: []string{"gate", "pin"}}},
		},
		{
			name:  "a later guard still sees the rewrite and may deny it, and nobody is asked",
			links: []hc.Link{gate, hc.Before("no-force", hc.InputMatches("command", `--force`), answering(hc.Deny("no forcing")))},
			want: hc.Outcome{Verdict: hc.Denied, Reason: "denied by no-force: no forcing", DecidedBy: "no-force", Cause: hc.CauseLink,
				Trail: []hc.Step{asks, {Name: "no-force", Verdict: hc.Denied, Reason: "no forcing"}}},
		},
		{
			name:  "a rewrite that is not an object, for an object input, is the link's failure",
			links: []hc.Link{hc.Before("gate", hc.Any(), answering(hc.AskAbout(json.RawMessage(`"git push"`), "?")))},
			want: hc.Outcome{Verdict: hc.Denied,
				Reason:    "gate failed and denies on failure: answered AskAbout with an input that is not a JSON object, for a call whose input is one",
				DecidedBy: "gate", Cause: hc.CauseFailure,
				Trail: []hc.Step{{Name: "gate", Verdict: hc.Denied, Reason: "?",
					Fault: "answered AskAbout with an input that is not a JSON object, for a call whose input is one"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var asked []hc.Question
			c := hc.New(tt.links...).WithApprover(approverThat(tt.approval, nil, &asked))
			assert.Equal(t, tt.want, c.Run(context.Background(), pushCall()))
			assert.Equal(t, tt.questions, asked)
		})
	}
}

func TestAskAboutAfterTheCallIsAFailure(t *testing.T) {
	c := hc.New(hc.After("late", hc.Any(), answering(hc.AskAbout(pushIn, "?"))))
	out := c.Run(context.Background(), hc.Event{Hook: hc.AfterTool, Tool: "Bash", Input: pushIn, Output: hc.Text("ok")})
	assert.Equal(t, hc.Outcome{Verdict: hc.Denied,
		Reason: "late failed and denies on failure: asked for approval of a call that has already run", DecidedBy: "late", Cause: hc.CauseFailure,
		Trail: []hc.Step{{Name: "late", Verdict: hc.Denied, Reason: "?", Fault: "asked for approval of a call that has already run"}}}, out)
}
