package replay_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/replay"
)

// guards is a small policy: rm -rf is denied, a curl is given a timeout,
// and a result holding a key is redacted.
func guards() *hookchain.Chain {
	return hookchain.New(
		hookchain.Before("no-rm-rf", hookchain.InputMatches("command", `rm -rf`), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Deny("recursive delete"), nil
		}),
		hookchain.Before("pin-timeout", hookchain.InputMatches("command", `^curl `), func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Modify(json.RawMessage(`{"command":"curl --max-time 5 example.com"}`), "a timeout"), nil
		}),
		hookchain.After("redact", hookchain.Any(), func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			if json.Valid(e.Output) && string(e.Output) == `"AKIAIOSFODNN7EXAMPLE"` {
				return hookchain.Replace(hookchain.Text("[redacted]"), false, "a key"), nil
			}
			return hookchain.Allow(), nil
		}),
	)
}

func bash(id, command string, result *replay.Result) replay.Call {
	in, _ := json.Marshal(map[string]string{"command": command})
	return replay.Call{Format: replay.ClaudeCode, File: "s.jsonl", Session: "s1", ID: id, Tool: "Bash", Input: in, Result: result}
}

func resulted(content string) *replay.Result {
	return &replay.Result{Content: hookchain.Text(content), Original: replay.Ran}
}

func collect(t *testing.T, calls []replay.Call, c *hookchain.Chain, opts ...replay.Option) ([]replay.Judged, replay.Totals) {
	t.Helper()
	var got []replay.Judged
	totals, err := replay.Run(context.Background(), slices.Values(calls), c, func(j replay.Judged) error {
		got = append(got, j)
		return nil
	}, opts...)
	require.NoError(t, err)
	return got, totals
}

func TestEveryCallIsAskedBeforeAndAfterItRanWithTheInputThePolicyLeft(t *testing.T) {
	denied := hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by no-rm-rf: recursive delete", DecidedBy: "no-rm-rf", Cause: hookchain.CauseLink,
		Trail: []hookchain.Step{{Name: "no-rm-rf", Verdict: hookchain.Denied, Reason: "recursive delete"}}}
	modified := hookchain.Outcome{Verdict: hookchain.Modified, Reason: "pin-timeout: a timeout", Input: json.RawMessage(`{"command":"curl --max-time 5 example.com"}`),
		Trail: []hookchain.Step{{Name: "pin-timeout", Verdict: hookchain.Modified, Reason: "a timeout"}}}
	replaced := hookchain.Outcome{Verdict: hookchain.Replaced, Reason: "redact: a key", Output: hookchain.Text("[redacted]"),
		Trail: []hookchain.Step{{Name: "redact", Verdict: hookchain.Replaced, Reason: "a key"}}}
	structured := resulted("shown to the model")
	structured.Structured = hookchain.Text("AKIAIOSFODNN7EXAMPLE")
	tests := []struct {
		name      string
		call      replay.Call
		before    hookchain.Outcome
		after     *hookchain.Outcome
		afterSeen *hookchain.Event // what the after links were asked about
	}{
		{"a denied call is not asked about after", bash("c1", "rm -rf /", resulted("gone")), denied, nil, nil},
		{"a call without a result is asked about before only", bash("c2", "ls", nil), hookchain.Outcome{}, nil, nil},
		{"a rewritten call is asked about after with the rewritten input", bash("c3", "curl example.com", resulted("<html>")), modified, &hookchain.Outcome{},
			&hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", CallID: "c3", Input: modified.Input, Output: hookchain.Text("<html>")}},
		{"the structured result is the output, where recorded", bash("c4", "cat key", structured), hookchain.Outcome{}, &replaced,
			&hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", CallID: "c4", Input: json.RawMessage(`{"command":"cat key"}`), Output: hookchain.Text("AKIAIOSFODNN7EXAMPLE")}},
		{"an error result is an error", bash("c5", "false", &replay.Result{Content: hookchain.Text("Exit code 1"), IsError: true, Original: replay.Errored}),
			hookchain.Outcome{}, &hookchain.Outcome{},
			&hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", CallID: "c5", Input: json.RawMessage(`{"command":"false"}`), Output: hookchain.Text("Exit code 1"), IsError: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var seen []hookchain.Event
			watch := hookchain.After("watch", hookchain.Any(), func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				seen = append(seen, e)
				return hookchain.Allow(), nil
			})
			c := hookchain.New(append(guards().Links(), watch)...)
			got, totals := collect(t, []replay.Call{tt.call}, c, replay.Jobs(1))
			require.Len(t, got, 1)
			assert.Equal(t, tt.call, got[0].Call)
			assert.Equal(t, tt.before, got[0].Before)
			want := tt.after
			if want != nil && want.Verdict == hookchain.Allowed {
				want = &hookchain.Outcome{}
			}
			if tt.after != nil && tt.after.Verdict == hookchain.Replaced {
				// watch sees the replaced output, and allows.
				tt.afterSeen.Output = hookchain.Text("[redacted]")
			}
			assert.Equal(t, want, got[0].After)
			if tt.afterSeen == nil {
				assert.Empty(t, seen)
				assert.Equal(t, replay.Totals{Calls: 1, Asked: 1}, totals)
				return
			}
			assert.Equal(t, []hookchain.Event{*tt.afterSeen}, seen)
			assert.Equal(t, replay.Totals{Calls: 1, Asked: 2}, totals)
		})
	}
}

func TestEachCallIsJudgedInItsOwnSession(t *testing.T) {
	type told struct {
		cc      claudecode.SessionInfo
		harness harness.SessionInfo
	}
	var got []told
	c := hookchain.New(hookchain.Before("look", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		cc, _ := claudecode.SessionInfoFrom(ctx)
		got = append(got, told{cc, harness.SessionInfoFor(ctx, harness.SessionInfo{})})
		return hookchain.Allow(), nil
	}))
	main := bash("c1", "ls", nil)
	main.Cwd = "/gone/project"
	sub := bash("c2", "ls", nil)
	sub.File, sub.Cwd, sub.AgentID, sub.AgentType = "s/subagents/agent-a1.jsonl", "/gone/worktree", "a1", "Explore"
	collect(t, []replay.Call{main, sub}, c, replay.Jobs(1))
	assert.Equal(t, []told{
		{claudecode.SessionInfo{ID: "s1", TranscriptPath: "s.jsonl", Cwd: "/gone/project"},
			harness.SessionInfo{ID: "s1", TranscriptPath: "s.jsonl", Cwd: "/gone/project"}},
		{claudecode.SessionInfo{ID: "s1", TranscriptPath: "s/subagents/agent-a1.jsonl", Cwd: "/gone/worktree",
			Extra: map[string]json.RawMessage{"agent_id": json.RawMessage(`"a1"`), "agent_type": json.RawMessage(`"Explore"`)}},
			harness.SessionInfo{ID: "s1", TranscriptPath: "s/subagents/agent-a1.jsonl", Cwd: "/gone/worktree", AgentID: "a1", AgentType: "Explore"}},
	}, got)
}

// sessions are n sessions of per calls each, interleaved as several files
// read one after another are not: the hardest order to keep.
func sessions(n, per int) []replay.Call {
	var calls []replay.Call
	for i := range per {
		for s := range n {
			c := bash(fmt.Sprintf("s%d-c%d", s, i), fmt.Sprintf("echo %d", i), resulted("ok"))
			c.Session = fmt.Sprintf("s%d", s)
			calls = append(calls, c)
		}
	}
	return calls
}

func TestCallsAreHandedOnInInputOrderAndAskedInOrderWithinASession(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	const n, per, jobs = 200, 20, 8
	calls := sessions(n, per)
	var (
		mu       sync.Mutex
		bySess   = map[string][]string{}
		now, max atomic.Int32
	)
	c := hookchain.New(hookchain.Before("log", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		defer now.Add(-1)
		if v := now.Add(1); v > max.Load() {
			max.Store(v) // a high-water mark; racing writers can only lower it
		}
		s, _ := claudecode.SessionInfoFrom(ctx)
		mu.Lock()
		bySess[s.ID] = append(bySess[s.ID], e.CallID)
		mu.Unlock()
		return hookchain.Allow(), nil
	}))
	got, totals := collect(t, calls, c, replay.Jobs(jobs))
	require.Len(t, got, len(calls))
	for i := range calls {
		assert.Equal(t, calls[i].ID, got[i].Call.ID, "call %d", i)
	}
	for s := range n {
		var want []string
		for i := range per {
			want = append(want, fmt.Sprintf("s%d-c%d", s, i))
		}
		assert.Equal(t, want, bySess[fmt.Sprintf("s%d", s)])
	}
	assert.LessOrEqual(t, int(max.Load()), jobs, "more sessions at once than Jobs")
	assert.Equal(t, replay.Totals{Calls: n * per, Asked: 2 * n * per}, totals)
}

func TestASessionlessCallIsInTheLaneOfItsFile(t *testing.T) {
	var order []string
	var mu sync.Mutex
	c := hookchain.New(hookchain.Before("log", hookchain.Any(), func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		mu.Lock()
		order = append(order, e.CallID)
		mu.Unlock()
		return hookchain.Allow(), nil
	}))
	var calls []replay.Call
	for i := range 50 {
		call := bash(fmt.Sprint(i), "ls", nil)
		call.Session, call.File = "", "messages.json"
		calls = append(calls, call)
	}
	got, _ := collect(t, calls, c, replay.Jobs(4))
	require.Len(t, got, 50)
	for i := range 50 {
		assert.Equal(t, fmt.Sprint(i), order[i])
	}
}

func TestAReplayCancelledMidRunStopsAndSaysHowFarItGot(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The sixth call hangs until the replay is cancelled, as a hook with
	// no timeout would.
	c := hookchain.New(hookchain.Before("hang", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		if e.CallID == "s0-c5" {
			<-ctx.Done()
			return hookchain.Allow(), nil // after its context ended: the chain's failure, never handed on
		}
		return hookchain.Allow(), nil
	}))
	var got []string
	totals, err := replay.Run(ctx, slices.Values(sessions(1, 10)), c, func(j replay.Judged) error {
		got = append(got, j.Call.ID)
		if len(got) == 5 {
			cancel()
		}
		return nil
	}, replay.Jobs(2))
	require.ErrorIs(t, err, context.Canceled)
	// How many were read by then is the reader's pace, not the replay's.
	assert.Regexp(t, `^replay: stopped after 5 of the ([6-9]|10) calls read: context canceled$`, err.Error())
	assert.Equal(t, []string{"s0-c0", "s0-c1", "s0-c2", "s0-c3", "s0-c4"}, got)
	assert.Equal(t, 5, totals.Calls)
}

func TestAReplayStopsWhenEachFailsAndReturnsItsError(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	full := errors.New("disk full")
	n := 0
	totals, err := replay.Run(context.Background(), slices.Values(sessions(50, 50)), guards(), func(replay.Judged) error {
		if n++; n == 3 {
			return full
		}
		return nil
	})
	require.ErrorIs(t, err, full)
	assert.Equal(t, 2, totals.Calls)
}

func TestALinkThatPanicsOrEndsItsGoroutineIsTheChainsFailureAndTheReplayGoesOn(t *testing.T) {
	c := hookchain.New(hookchain.Before("boom", hookchain.InputMatches("command", "^boom"), func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		if e.CallID == "exit" {
			runtimeGoexit()
		}
		panic("the link broke")
	}))
	got, totals := collect(t, []replay.Call{bash("panic", "boom", nil), bash("exit", "boom", nil), bash("ok", "ls", nil)}, c)
	require.Len(t, got, 3)
	assert.Equal(t, hookchain.Denied, got[0].Before.Verdict)
	assert.Equal(t, "boom", got[0].Before.DecidedBy)
	assert.Equal(t, hookchain.CauseFailure, got[0].Before.Cause)
	require.Len(t, got[0].Before.Trail, 1)
	assert.Contains(t, got[0].Before.Trail[0].Fault, "the link broke")
	assert.Equal(t, hookchain.Denied, got[1].Before.Verdict)
	assert.Equal(t, hookchain.CauseChain, got[1].Before.Cause)
	assert.Equal(t, hookchain.Outcome{}, got[2].Before)
	assert.Equal(t, 3, totals.Calls)
}

func TestDedupeAsksAnIdenticalQuestionOnceAndOnlyWhenAskedTo(t *testing.T) {
	var calls []replay.Call
	for i := range 12 {
		c := bash(fmt.Sprint(i), []string{"ls", "rm -rf /", "pwd"}[i%3], resulted("same"))
		c.Cwd = "/p"
		if i == 11 {
			c.Cwd = "/elsewhere" // another cwd is another question
		}
		calls = append(calls, c)
	}
	tests := []struct {
		name  string
		opts  []replay.Option
		want  replay.Totals
		asked int64
	}{
		// 4 rm -rf (before only), 8 others (before and after).
		{"off", nil, replay.Totals{Calls: 12, Asked: 20}, 16},
		// before: ls, rm, pwd, and pwd in /elsewhere; after: ls, pwd, pwd in /elsewhere.
		{"on", []replay.Option{replay.Dedupe()}, replay.Totals{Calls: 12, Asked: 7, Reused: 13}, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var asked atomic.Int64
			count := hookchain.On("count", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				asked.Add(1)
				return hookchain.Allow(), nil
			})
			c := hookchain.New(append(guards().Links(), count)...)
			got, totals := collect(t, calls, c, tt.opts...)
			assert.Equal(t, tt.want, totals)
			assert.Equal(t, tt.asked, asked.Load()) // count is not asked about a call no-rm-rf denied
			for i, j := range got {
				assert.Equal(t, calls[i].ID, j.Call.ID)
				if i%3 == 1 {
					assert.Equal(t, hookchain.Denied, j.Before.Verdict)
					assert.Nil(t, j.After)
				} else {
					assert.Equal(t, hookchain.Allowed, j.Before.Verdict)
					require.NotNil(t, j.After)
				}
			}
		})
	}
}
