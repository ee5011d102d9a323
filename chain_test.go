package hookchain_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest"
)

// recorder hands out interceptors that note their name when asked, so a row
// can assert exactly which links the chain asked, in order.
type recorder struct {
	mu    sync.Mutex
	asked []string
}

func (r *recorder) answer(name string, out hc.Outcome) hc.Interceptor {
	return r.do(name, func(context.Context, hc.Event) (hc.Outcome, error) { return out, nil })
}

func (r *recorder) do(name string, fn hc.Interceptor) hc.Interceptor {
	return func(ctx context.Context, e hc.Event) (hc.Outcome, error) {
		r.mu.Lock()
		r.asked = append(r.asked, name)
		r.mu.Unlock()
		return fn(ctx, e)
	}
}

var (
	bashIn   = json.RawMessage(`{"command":"ls"}`)
	pinnedIn = json.RawMessage(`{"command":"ls","timeout":10}`)
	toolOut  = hc.Text("total 0")
)

func before(in json.RawMessage) hc.Event {
	return hc.Event{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_1", Input: in}
}

func after(out json.RawMessage, isError bool) hc.Event {
	return hc.Event{Hook: hc.AfterTool, Tool: "Bash", CallID: "toolu_1", Input: bashIn, Output: out, IsError: isError}
}

// foldRow is one cell of the fold table: a chain built from the recorder, an
// event, the exact outcome, and the links that must have been asked.
type foldRow struct {
	name  string
	links func(r *recorder) []hc.Link
	event hc.Event
	want  hookchaintest.Want
	asked []string
}

func runFoldRows(t *testing.T, rows []foldRow) {
	t.Helper()
	for _, row := range rows {
		r := &recorder{}
		hookchaintest.Run(t, hc.New(row.links(r)...), hookchaintest.Case{Name: row.name, Event: row.event, Want: row.want})
		assert.Equal(t, row.asked, r.asked, "%s: links asked", row.name)
	}
}

func TestTheFoldTableBeforeTheCall(t *testing.T) {
	runFoldRows(t, []foldRow{{
		name: "AnAllowCarriesOnAndNobodyIsNamed",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{
				hc.Before("a", hc.Any(), r.answer("a", hc.Allow())),
				hc.Before("b", hc.Any(), r.answer("b", hc.Allow())),
			}
		},
		event: before(bashIn),
		want:  hookchaintest.Want{Verdict: hc.Allowed},
		asked: []string{"a", "b"},
	}, {
		name: "ADenyStopsAndNothingAfterItIsAsked",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{
				hc.Before("a", hc.Any(), r.answer("a", hc.Allow())),
				hc.Before("guard", hc.Any(), r.answer("guard", hc.Deny("no listing"))),
				hc.Before("c", hc.Any(), r.answer("c", hc.Modify(pinnedIn, "pin"))),
			}
		},
		event: before(bashIn),
		want: hookchaintest.Want{Verdict: hc.Denied, Reason: "denied by guard: no listing", DecidedBy: "guard", Cause: hc.CauseLink, Trail: []string{"guard"},
			Steps: []hc.Step{{Name: "guard", Verdict: hc.Denied, Reason: "no listing"}}},
		asked: []string{"a", "guard"},
	}, {
		name: "ADenyWithoutAReasonIsStillNamed",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{hc.Before("guard", hc.Any(), r.answer("guard", hc.Deny("")))}
		},
		event: before(bashIn),
		want:  hookchaintest.Want{Verdict: hc.Denied, Reason: "denied by guard", DecidedBy: "guard", Cause: hc.CauseLink, Trail: []string{"guard"}},
		asked: []string{"guard"},
	}, {
		name: "AModifyRewritesTheInputTheToolRunsWith",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{hc.Before("pin", hc.Any(), r.answer("pin", hc.Modify(pinnedIn, "a 10s timeout")))}
		},
		event: before(bashIn),
		want: hookchaintest.Want{Verdict: hc.Modified, Reason: "pin: a 10s timeout", Input: pinnedIn, Trail: []string{"pin"},
			Steps: []hc.Step{{Name: "pin", Verdict: hc.Modified, Reason: "a 10s timeout"}}},
		asked: []string{"pin"},
	}, {
		name: "ALaterGuardCanStillDenyARewrittenCall",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{
				hc.Before("pin", hc.Any(), r.answer("pin", hc.Modify(pinnedIn, "a 10s timeout"))),
				hc.Before("guard", hc.InputEquals("timeout", 10), r.answer("guard", hc.Deny("timeouts are set by policy"))),
			}
		},
		event: before(bashIn),
		want: hookchaintest.Want{Verdict: hc.Denied, Reason: "denied by guard: timeouts are set by policy", DecidedBy: "guard", Cause: hc.CauseLink, Trail: []string{"pin", "guard"},
			Steps: []hc.Step{
				{Name: "pin", Verdict: hc.Modified, Reason: "a 10s timeout"},
				{Name: "guard", Verdict: hc.Denied, Reason: "timeouts are set by policy"},
			}},
		asked: []string{"pin", "guard"},
	}, {
		name: "EveryRewriterIsNamedInOrderAndTheLastInputWins",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{
				hc.Before("redact", hc.Any(), r.answer("redact", hc.Modify(json.RawMessage(`{"command":"ls x"}`), "a credential"))),
				hc.Before("noop", hc.Any(), r.answer("noop", hc.Allow())),
				hc.Before("pin-timeout", hc.Any(), r.answer("pin-timeout", hc.Modify(pinnedIn, ""))),
			}
		},
		event: before(bashIn),
		want:  hookchaintest.Want{Verdict: hc.Modified, Reason: "redact: a credential; pin-timeout", Input: pinnedIn, Trail: []string{"redact", "pin-timeout"}},
		asked: []string{"redact", "noop", "pin-timeout"},
	}, {
		name: "AModifyToTheSameInputStillCountsAsAChange",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{hc.Before("same", hc.Any(), r.answer("same", hc.Modify(bashIn, "normalised")))}
		},
		event: before(bashIn),
		want:  hookchaintest.Want{Verdict: hc.Modified, Reason: "same: normalised", Input: bashIn, Trail: []string{"same"}},
		asked: []string{"same"},
	}, {
		name: "AReplaceBeforeTheCallIsAFailureAndDenies",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{
				hc.Before("early", hc.Any(), r.answer("early", hc.Replace(toolOut, false, "cached"))),
				hc.Before("later", hc.Any(), r.answer("later", hc.Allow())),
			}
		},
		event: before(bashIn),
		want: hookchaintest.Want{Verdict: hc.Denied,
			Reason: "early failed and denies on failure: asked to replace the result of a call that has not run", DecidedBy: "early", Cause: hc.CauseFailure,
			Trail: []string{"early"},
			Steps: []hc.Step{{Name: "early", Verdict: hc.Denied, Reason: "cached", Fault: "asked to replace the result of a call that has not run"}}},
		asked: []string{"early"},
	}, {
		name: "AMatcherSeesTheInputAsRewrittenSoFar",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{
				hc.Before("pin", hc.Any(), r.answer("pin", hc.Modify(pinnedIn, ""))),
				hc.Before("needs-timeout", hc.Not(hc.InputExists("timeout")), r.answer("needs-timeout", hc.Deny("no timeout"))),
			}
		},
		event: before(bashIn),
		want:  hookchaintest.Want{Verdict: hc.Modified, Reason: "pin", Input: pinnedIn, Trail: []string{"pin"}},
		asked: []string{"pin"},
	}, {
		name: "AfterLinksAreNotAskedBeforeTheCall",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{
				hc.After("after-only", hc.Any(), r.answer("after-only", hc.Deny("x"))),
				hc.On("both", hc.Any(), r.answer("both", hc.Allow())),
			}
		},
		event: before(bashIn),
		want:  hookchaintest.Want{Verdict: hc.Allowed},
		asked: []string{"both"},
	}})
}

func TestTheFoldTableAfterTheCall(t *testing.T) {
	redacted := hc.Text("[REDACTED]")
	runFoldRows(t, []foldRow{{
		name: "AnAllowKeepsTheResult",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{hc.After("a", hc.Any(), r.answer("a", hc.Allow()))}
		},
		event: after(toolOut, false),
		want:  hookchaintest.Want{Verdict: hc.Allowed},
		asked: []string{"a"},
	}, {
		name: "ADenyAfterTheCallStopsAndNothingAfterItIsAsked",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{
				hc.After("dlp", hc.Any(), r.answer("dlp", hc.Deny("the result holds customer data"))),
				hc.After("later", hc.Any(), r.answer("later", hc.Allow())),
			}
		},
		event: after(toolOut, false),
		want:  hookchaintest.Want{Verdict: hc.Denied, Reason: "denied by dlp: the result holds customer data", DecidedBy: "dlp", Cause: hc.CauseLink, Trail: []string{"dlp"}},
		asked: []string{"dlp"},
	}, {
		name: "AReplaceChangesTheOutputAndItsErrorFlag",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{hc.After("redact", hc.Any(), r.answer("redact", hc.Replace(redacted, true, "a credential")))}
		},
		event: after(toolOut, false),
		want: hookchaintest.Want{Verdict: hc.Replaced, Reason: "redact: a credential", Output: redacted, IsError: true, Trail: []string{"redact"},
			Steps: []hc.Step{{Name: "redact", Verdict: hc.Replaced, Reason: "a credential"}}},
		asked: []string{"redact"},
	}, {
		name: "ALaterLinkSeesTheReplacedOutputAndCanReplaceItAgain",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{
				hc.After("redact", hc.Any(), r.answer("redact", hc.Replace(redacted, false, "a credential"))),
				hc.After("shorten", hc.And(hc.Any(), hc.MatchFunc(func(e hc.Event) bool { return string(e.Output) == string(redacted) })),
					r.answer("shorten", hc.Replace(hc.Text("[R]"), false, ""))),
			}
		},
		event: after(toolOut, true),
		want:  hookchaintest.Want{Verdict: hc.Replaced, Reason: "redact: a credential; shorten", Output: hc.Text("[R]"), IsError: false, Trail: []string{"redact", "shorten"}},
		asked: []string{"redact", "shorten"},
	}, {
		name: "AModifyAfterTheCallIsAFailureAndDenies",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{hc.On("rewriter", hc.Any(), r.answer("rewriter", hc.Modify(pinnedIn, "pin")))}
		},
		event: after(toolOut, false),
		want: hookchaintest.Want{Verdict: hc.Denied,
			Reason: "rewriter failed and denies on failure: asked to rewrite the input of a call that has already run", DecidedBy: "rewriter", Cause: hc.CauseFailure,
			Trail: []string{"rewriter"},
			Steps: []hc.Step{{Name: "rewriter", Verdict: hc.Denied, Reason: "pin", Fault: "asked to rewrite the input of a call that has already run"}}},
		asked: []string{"rewriter"},
	}, {
		name: "ADenyAfterAReplaceStillDenies",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{
				hc.After("redact", hc.Any(), r.answer("redact", hc.Replace(redacted, false, ""))),
				hc.After("dlp", hc.Any(), r.answer("dlp", hc.Deny("still sensitive"))),
			}
		},
		event: after(toolOut, false),
		want:  hookchaintest.Want{Verdict: hc.Denied, Reason: "denied by dlp: still sensitive", DecidedBy: "dlp", Cause: hc.CauseLink, Trail: []string{"redact", "dlp"}},
		asked: []string{"redact", "dlp"},
	}, {
		name: "BeforeLinksAreNotAskedAfterTheCall",
		links: func(r *recorder) []hc.Link {
			return []hc.Link{
				hc.Before("before-only", hc.Any(), r.answer("before-only", hc.Deny("x"))),
				hc.After("after", hc.Any(), r.answer("after", hc.Allow())),
			}
		},
		event: after(toolOut, false),
		want:  hookchaintest.Want{Verdict: hc.Allowed},
		asked: []string{"after"},
	}})
}

func failing(err error) hc.Interceptor {
	return func(context.Context, hc.Event) (hc.Outcome, error) { return hc.Deny("my own words"), err }
}

func answering(out hc.Outcome) hc.Interceptor {
	return func(context.Context, hc.Event) (hc.Outcome, error) { return out, nil }
}

// emptyError is an error whose text is empty: still a failure, never consent.
type emptyError struct{}

func (emptyError) Error() string { return "" }

func TestEveryKindOfFailureFailsClosedAndSaysWhoFailedAndWhy(t *testing.T) {
	never := make(chan struct{}) // the sleeper answers only once the test is over
	t.Cleanup(func() { close(never) })
	sleeper := func(context.Context, hc.Event) (hc.Outcome, error) {
		<-never // ignores its context on purpose
		return hc.Allow(), nil
	}
	tests := []struct {
		name  string
		link  hc.Link
		event hc.Event
		fault string
		words string // the link's own words, kept in its step
	}{
		{"AnErrorAndNotTheOutcomeBesideIt", hc.Before("vault", hc.Any(), failing(errors.New("connection refused"))), before(bashIn), "connection refused", ""},
		{"AnErrorWithNoText", hc.Before("vault", hc.Any(), failing(emptyError{})), before(bashIn), "returned an error with no text (hookchain_test.emptyError)", ""},
		{"APanicWithItsValue", hc.Before("vault", hc.Any(), func(context.Context, hc.Event) (hc.Outcome, error) { panic("index out of range") }), before(bashIn), "panic: index out of range", ""},
		{"APanicWithAnError", hc.After("vault", hc.Any(), func(context.Context, hc.Event) (hc.Outcome, error) { panic(errors.New("nil map")) }), after(toolOut, false), "panic: nil map", ""},
		{"ATimeoutEvenWhenTheInterceptorIgnoresItsContext", hc.Before("vault", hc.Any(), sleeper).Timeout(20 * time.Millisecond), before(bashIn), "timed out after 20ms", ""},
		{"AModifyWithInvalidJSON", hc.Before("vault", hc.Any(), answering(hc.Modify(json.RawMessage(`{"command":`), "x"))), before(bashIn), "answered Modify with an input that is not valid JSON", "x"},
		{"AModifyWithNoInput", hc.Before("vault", hc.Any(), answering(hc.Modify(nil, "x"))), before(bashIn), "answered Modify with an input that is not valid JSON", "x"},
		{"AModifyWithANonObjectForAnObjectInput", hc.Before("vault", hc.Any(), answering(hc.Modify(json.RawMessage(`["ls"]`), "x"))), before(bashIn), "answered Modify with an input that is not a JSON object, for a call whose input is one", "x"},
		{"AReplaceWithInvalidJSON", hc.After("vault", hc.Any(), answering(hc.Replace(json.RawMessage(`total 0`), false, "x"))), after(toolOut, false), "answered Replace with an output that is not valid JSON", "x"},
		{"AModifyThatGivesAKeyTwice", hc.Before("vault", hc.Any(), answering(hc.Modify(json.RawMessage(`{"command":"ls","command":"rm -rf /"}`), "x"))), before(bashIn),
			`answered Modify with an input that is ambiguous: an object in it has the key "command" twice`, "x"},
		{"AModifyThatGivesAKeyTwiceInTwoCases", hc.Before("vault", hc.Any(), answering(hc.Modify(json.RawMessage(`{"command":"ls","COMMAND":"rm -rf /"}`), "x"))), before(bashIn),
			`answered Modify with an input that is ambiguous: an object in it has the keys "command" and "COMMAND", which Go's encoding/json reads as one`, "x"},
		{"AModifyWithInvalidUTF8", hc.Before("vault", hc.Any(), answering(hc.Modify(json.RawMessage("{\"command\":\"l\xffs\"}"), "x"))), before(bashIn), "answered Modify with an input that is not valid UTF-8", "x"},
		{"AReplaceWithInvalidUTF8", hc.After("vault", hc.Any(), answering(hc.Replace(json.RawMessage("\"\xff\""), false, "x"))), after(toolOut, false), "answered Replace with an output that is not valid UTF-8", "x"},
		{"AnUnknownVerdict", hc.Before("vault", hc.Any(), answering(hc.Outcome{Verdict: 9, Reason: "x"})), before(bashIn), "answered with unknown verdict 9", "x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hookchaintest.Run(t, hc.New(tt.link, hc.On("after-it", hc.Any(), answering(hc.Deny("must not be asked")))), hookchaintest.Case{
				Name:  "closed",
				Event: tt.event,
				Want: hookchaintest.Want{
					Verdict:   hc.Denied,
					Reason:    "vault failed and denies on failure: " + tt.fault,
					DecidedBy: "vault", Cause: hc.CauseFailure,
					Trail: []string{"vault"},
					Steps: []hc.Step{{Name: "vault", Verdict: hc.Denied, Reason: tt.words, Fault: tt.fault}},
				},
			})
			hookchaintest.Run(t, hc.New(tt.link.FailOpen(), hc.On("after-it", hc.Any(), answering(hc.Deny("asked")))), hookchaintest.Case{
				Name:  "open",
				Event: tt.event,
				Want: hookchaintest.Want{
					Verdict: hc.Denied,
					Reason:  "denied by after-it: asked", DecidedBy: "after-it", Cause: hc.CauseLink,
					Trail: []string{"vault", "after-it"},
					Steps: []hc.Step{
						{Name: "vault", Verdict: hc.Allowed, Reason: tt.words, Fault: tt.fault},
						{Name: "after-it", Verdict: hc.Denied, Reason: "asked"},
					},
				},
			})
		})
	}
}

func TestAFailOpenLinkIsReportedAndTheChainEndsAsIfItHadAllowed(t *testing.T) {
	c := hc.New(
		hc.Before("audit", hc.Any(), failing(errors.New("disk full"))).FailOpen(),
		hc.Before("pin", hc.Any(), answering(hc.Modify(pinnedIn, "pin"))),
	)
	hookchaintest.Run(t, c, hookchaintest.Case{
		Name:  "fail-open then modify",
		Event: before(bashIn),
		Want: hookchaintest.Want{Verdict: hc.Modified, Reason: "pin: pin", Input: pinnedIn, Trail: []string{"audit", "pin"},
			Steps: []hc.Step{
				{Name: "audit", Verdict: hc.Allowed, Fault: "disk full"},
				{Name: "pin", Verdict: hc.Modified, Reason: "pin"},
			}},
	})
	alone := hc.New(hc.Before("audit", hc.Any(), failing(errors.New("disk full"))).FailOpen())
	out := alone.Run(context.Background(), before(bashIn))
	assert.Equal(t, hc.Outcome{Trail: []hc.Step{{Name: "audit", Verdict: hc.Allowed, Fault: "disk full"}}}, out)
}

func TestAModifyMayChangeTheShapeOfANonObjectInput(t *testing.T) {
	c := hc.New(hc.Before("wrap", hc.Any(), answering(hc.Modify(json.RawMessage(`{"args":["ls"]}`), ""))))
	out := c.Run(context.Background(), before(json.RawMessage(`["ls"]`)))
	assert.Equal(t, hc.Outcome{Verdict: hc.Modified, Reason: "wrap", Input: json.RawMessage(`{"args":["ls"]}`),
		Trail: []hc.Step{{Name: "wrap", Verdict: hc.Modified}}}, out)
}

func TestAContextThatEndsWhileALinkIsAskedIsThatLinksFailure(t *testing.T) {
	tests := []struct {
		name  string
		link  func(cancel context.CancelFunc) hc.Link
		fault string
	}{
		{
			"an interceptor that answers after cancelling",
			func(cancel context.CancelFunc) hc.Link {
				return hc.Before("slow", hc.Any(), func(context.Context, hc.Event) (hc.Outcome, error) {
					cancel()
					return hc.Allow(), nil
				})
			},
			"the context ended while it was asked (context canceled)",
		},
		{
			"a timeout link whose caller gives up first",
			func(cancel context.CancelFunc) hc.Link {
				return hc.Before("slow", hc.Any(), func(ctx context.Context, _ hc.Event) (hc.Outcome, error) {
					cancel()
					time.Sleep(time.Minute) // and ignores its context
					return hc.Allow(), nil
				}).Timeout(time.Minute)
			},
			"the context ended while it was asked (context canceled)",
		},
		{
			"a timeout link that answers after its own deadline",
			func(context.CancelFunc) hc.Link {
				return hc.Before("slow", hc.Any(), func(ctx context.Context, _ hc.Event) (hc.Outcome, error) {
					<-ctx.Done()
					return hc.Allow(), nil
				}).Timeout(5 * time.Millisecond)
			},
			"timed out after 5ms",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			c := hc.New(tt.link(cancel), hc.Before("next", hc.Any(), answering(hc.Allow())))
			start := time.Now()
			out := c.Run(ctx, before(bashIn))
			// Far below the ignoring link's minute, far above what a loaded
			// machine needs.
			assert.Less(t, time.Since(start), 10*time.Second, "the chain must stop waiting")
			want := hc.Outcome{
				Verdict:   hc.Denied,
				Reason:    "slow failed and denies on failure: " + tt.fault,
				DecidedBy: "slow", Cause: hc.CauseFailure,
				Trail: []hc.Step{{Name: "slow", Verdict: hc.Denied, Fault: tt.fault}},
			}
			if ctx.Err() != nil {
				// The caller went away: the chain's refusal, not the link's.
				want.Reason = "hookchain: the context ended while slow was asked: context canceled"
				want.DecidedBy, want.Cause = "", hc.CauseCaller
			}
			assert.Equal(t, want, out)
		})
	}
}

func TestOnceTheContextHasEndedNoLaterLinkIsCalled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &recorder{}
	c := hc.New(
		hc.Before("canceller", hc.Any(), r.do("canceller", func(context.Context, hc.Event) (hc.Outcome, error) {
			cancel()
			return hc.Allow(), nil
		})).FailOpen(),
		hc.Before("audit", hc.Any(), r.answer("audit", hc.Allow())).FailOpen(),
		hc.Before("guard", hc.Any(), r.answer("guard", hc.Allow())),
	)
	out := c.Run(ctx, before(bashIn))
	assert.Equal(t, hc.Outcome{
		Verdict: hc.Denied,
		Reason:  "hookchain: the context ended while canceller was asked: context canceled", Cause: hc.CauseCaller,
		Trail: []hc.Step{
			{Name: "canceller", Verdict: hc.Denied, Fault: "the context ended while it was asked (context canceled)"},
		},
	}, out)
	assert.Equal(t, []string{"canceller"}, r.asked)
}

func TestALateAnswerFromATimedOutLinkIsDiscarded(t *testing.T) {
	release := make(chan struct{})
	answered := make(chan struct{})
	c := hc.New(hc.Before("late", hc.Any(), func(context.Context, hc.Event) (hc.Outcome, error) {
		defer close(answered)
		<-release
		return hc.Modify(pinnedIn, "too late"), nil
	}).Timeout(5 * time.Millisecond).FailOpen())
	out := c.Run(context.Background(), before(bashIn))
	close(release)
	<-answered
	assert.Equal(t, hc.Outcome{Trail: []hc.Step{{Name: "late", Verdict: hc.Allowed, Fault: "timed out after 5ms"}}}, out)
}

func TestTheChainRefusesAMalformedEventBeforeAskingAnyone(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name   string
		ctx    context.Context
		event  hc.Event
		reason string
	}{
		{"an input that is not JSON", context.Background(), before(json.RawMessage(`{"command":`)), "hookchain: the input is not valid JSON"},
		{"an output that is not JSON", context.Background(), after(json.RawMessage(`total 0`), false), "hookchain: the output is not valid JSON"},
		{"an input that is not JSON after the call", context.Background(), hc.Event{Hook: hc.AfterTool, Tool: "Bash", Input: json.RawMessage(`nope`)}, "hookchain: the input is not valid JSON"},
		{"no tool name", context.Background(), hc.Event{Hook: hc.BeforeTool, Input: bashIn}, "hookchain: the event has no tool name"},
		{"a tool name that is not UTF-8", context.Background(), hc.Event{Hook: hc.BeforeTool, Tool: "Ba\xffsh", Input: bashIn}, "hookchain: the tool name is not valid UTF-8"},
		{"an input that is not UTF-8", context.Background(), before(json.RawMessage("{\"command\":\"rm -rf /\xff\"}")), "hookchain: the input is not valid UTF-8"},
		{"an output that is not UTF-8", context.Background(), after(json.RawMessage("\"\xc3\""), false), "hookchain: the output is not valid UTF-8"},
		// gjson, and so every matcher, reads the first of two keys, and
		// encoding/json — so most tools — the last: a guard would judge one
		// command and the tool run another.
		{"an input that gives a key twice", context.Background(), before(json.RawMessage(`{"command":"ls","command":"rm -rf /"}`)),
			`hookchain: the input is ambiguous: an object in it has the key "command" twice`},
		{"an input that gives a key twice, once escaped", context.Background(), before(json.RawMessage(`{"command":"ls","comm\u0061nd":"rm -rf /"}`)),
			`hookchain: the input is ambiguous: an object in it has the key "command" twice`},
		// encoding/json matches a key to a field whatever its case, and keeps
		// the last: a Go tool would run what no matcher read.
		{"an input that gives a key twice in two cases", context.Background(), before(json.RawMessage(`{"command":"ls","Command":"rm -rf /"}`)),
			`hookchain: the input is ambiguous: an object in it has the keys "command" and "Command", which Go's encoding/json reads as one`},
		{"no hook", context.Background(), hc.Event{Tool: "Bash", Input: bashIn}, "hookchain: unknown hook 0"},
		{"an unknown hook", context.Background(), hc.Event{Hook: 7, Tool: "Bash", Input: bashIn}, "hookchain: unknown hook 7"},
		{"a context already done", done, before(bashIn), "hookchain: the context is already done: context canceled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &recorder{}
			c := hc.New(hc.On("any", hc.Any(), r.answer("any", hc.Allow())))
			out := c.Run(tt.ctx, tt.event)
			cause := hc.CauseChain
			if tt.ctx == done {
				cause = hc.CauseCaller // the caller going away is told apart from a malformed event
			}
			assert.Equal(t, hc.Outcome{Verdict: hc.Denied, Reason: tt.reason, Cause: cause}, out)
			assert.Empty(t, r.asked)
		})
	}
}

func TestANilChainRefusesEverythingInsteadOfPanicking(t *testing.T) {
	var c *hc.Chain
	want := hc.Outcome{Verdict: hc.Denied, Reason: "hookchain: Run on a nil *Chain", Cause: hc.CauseChain}
	assert.Equal(t, want, c.Run(context.Background(), before(bashIn)))
	res, err := c.Wrap(func(context.Context, hc.Call) (hc.Result, error) {
		t.Error("the tool ran behind a nil chain")
		return hc.Result{}, nil
	})(context.Background(), hc.Call{Tool: "Bash", Input: bashIn})
	require.NoError(t, err)
	assert.Equal(t, hc.Result{Output: hc.Text("hookchain: Run on a nil *Chain"), IsError: true, Verdict: hc.Denied}, res)
}

func TestWithNoLinkAtTheHookTheChainAllowsWithoutReadingTheEvent(t *testing.T) {
	c := hc.New(hc.After("after", hc.Any(), answering(hc.Deny("x"))))
	out := c.Run(context.Background(), hc.Event{Hook: hc.BeforeTool, Tool: "", Input: json.RawMessage(`not json`)})
	assert.Equal(t, hc.Outcome{}, out)

	out = hc.New().Run(context.Background(), hc.Event{Hook: hc.AfterTool, Tool: "Bash", Output: json.RawMessage(`not json`)})
	assert.Equal(t, hc.Outcome{}, out)

	out = hc.New().Run(context.Background(), hc.Event{Hook: 9, Tool: "Bash"})
	assert.Equal(t, hc.Outcome{Verdict: hc.Denied, Reason: "hookchain: unknown hook 9", Cause: hc.CauseChain}, out, "an unknown hook is refused even by an empty chain")
}

func TestAnEmptyInputIsReadAsAnEmptyObjectAndAnEmptyOutputAsNull(t *testing.T) {
	var seen []string
	c := hc.New(hc.On("look", hc.Any(), func(_ context.Context, e hc.Event) (hc.Outcome, error) {
		seen = append(seen, string(e.Input)+" "+string(e.Output))
		return hc.Allow(), nil
	}))
	c.Run(context.Background(), hc.Event{Hook: hc.BeforeTool, Tool: "Bash"})
	c.Run(context.Background(), hc.Event{Hook: hc.AfterTool, Tool: "Bash"})
	assert.Equal(t, []string{"{} ", "{} null"}, seen)
}

func TestAnObserverIsToldEveryStepAndEveryRun(t *testing.T) {
	var steps []hc.StepReport
	var runs []hc.RunReport
	base := hc.New(
		hc.Before("a", hc.Any(), answering(hc.Allow())),
		hc.Before("audit", hc.Any(), failing(errors.New("down"))).FailOpen(),
		hc.Before("pin", hc.Any(), answering(hc.Modify(pinnedIn, "pin"))),
		hc.Before("never", hc.Tool("Other"), answering(hc.Deny("not asked"))),
	)
	c := base.WithObserver(hc.Observer{
		Step: func(_ context.Context, r hc.StepReport) { steps = append(steps, r) },
		Run:  func(_ context.Context, r hc.RunReport) { runs = append(runs, r) },
	})
	out := c.Run(context.Background(), before(bashIn))
	require.Equal(t, hc.Outcome{Verdict: hc.Modified, Reason: "pin: pin", Input: pinnedIn, Trail: []hc.Step{
		{Name: "audit", Verdict: hc.Allowed, Fault: "down"},
		{Name: "pin", Verdict: hc.Modified, Reason: "pin"},
	}}, out)

	require.Len(t, runs, 1)
	assert.Equal(t, steps, runs[0].Steps, "the run carries its own steps")
	for i := range steps {
		assert.GreaterOrEqual(t, steps[i].Duration, time.Duration(0))
		assert.False(t, steps[i].Start.Before(runs[0].Start), "a step starts within its run")
		steps[i].Duration, steps[i].Start = 0, time.Time{}
	}
	assert.Equal(t, []hc.StepReport{
		{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_1", Name: "a", Verdict: hc.Allowed},
		{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_1", Name: "audit", Verdict: hc.Allowed, Fault: "down"},
		{Hook: hc.BeforeTool, Tool: "Bash", CallID: "toolu_1", Name: "pin", Verdict: hc.Modified, Reason: "pin"},
	}, steps)
	require.Len(t, runs, 1)
	assert.Equal(t, before(bashIn), runs[0].Event)
	assert.Equal(t, out, runs[0].Outcome)

	// The chain it was built from still has no observer.
	steps, runs = nil, nil
	base.Run(context.Background(), before(bashIn))
	assert.Empty(t, steps)
	assert.Empty(t, runs)
}

func TestAPanickingObserverCannotBreakTheChain(t *testing.T) {
	var told []string
	c := hc.New(hc.Before("guard", hc.Any(), answering(hc.Deny("no")))).
		WithObserver(hc.Observer{
			Step: func(context.Context, hc.StepReport) { panic("observer bug") },
			Run:  func(context.Context, hc.RunReport) { panic("observer bug") },
		}).
		WithObserver(hc.Observer{Run: func(_ context.Context, r hc.RunReport) { told = append(told, r.Outcome.Reason) }})
	out := c.Run(context.Background(), before(bashIn))
	assert.Equal(t, "denied by guard: no", out.Reason)
	assert.Equal(t, []string{"denied by guard: no"}, told, "a later observer is still told")
}

func TestWrapFollowsTheExecutorContract(t *testing.T) {
	redacted := hc.Text("[REDACTED]")
	tests := []struct {
		name    string
		links   []hc.Link
		tool    func(ctx context.Context, c hc.Call) (hc.Result, error)
		want    hc.Result
		wantErr string
		ran     []string // inputs the tool ran with
		after   []string // outputs the after-chain was shown
	}{
		{
			name:  "ADeniedCallNeverReachesTheToolAndTheModelReadsWhy",
			links: []hc.Link{hc.Before("guard", hc.Any(), answering(hc.Deny("no listing")))},
			tool:  func(context.Context, hc.Call) (hc.Result, error) { return hc.TextResult("ran"), nil },
			want:  hc.Result{Output: hc.Text("denied by guard: no listing"), IsError: true, Verdict: hc.Denied},
		},
		{
			name:  "AModifiedCallRunsWithTheFinalInputAndTheAfterChainIsToldIt",
			links: []hc.Link{hc.Before("pin", hc.Any(), answering(hc.Modify(pinnedIn, "")))},
			tool:  func(context.Context, hc.Call) (hc.Result, error) { return hc.TextResult("ok"), nil },
			want:  hc.TextResult("ok"),
			ran:   []string{string(pinnedIn)},
			after: []string{string(pinnedIn) + ` "ok" false`},
		},
		{
			name: "AToolErrorIsShownAsAnErrorResultAndReturnedUnchangedWhenAllowed",
			tool: func(context.Context, hc.Call) (hc.Result, error) {
				return hc.Result{}, errors.New(`exit status 2: "boom"`)
			},
			want:    hc.Result{},
			wantErr: `exit status 2: "boom"`,
			ran:     []string{string(bashIn)},
			after:   []string{string(bashIn) + ` "exit status 2: \"boom\"" true`},
		},
		{
			name: "WhatAToolReturnsBesideAnErrorIsNeverPassedOnForTheAfterChainNeverSawIt",
			tool: func(context.Context, hc.Call) (hc.Result, error) {
				return hc.TextResult("partial: AKIA..."), errors.New("disk full")
			},
			want:    hc.Result{},
			wantErr: "disk full",
			ran:     []string{string(bashIn)},
			after:   []string{string(bashIn) + ` "disk full" true`},
		},
		{
			name:  "AToolErrorDeniedAfterTheCallBecomesAResultAndANilError",
			links: []hc.Link{hc.After("hide-errors", hc.Any(), answering(hc.Deny("internal error")))},
			tool:  func(context.Context, hc.Call) (hc.Result, error) { return hc.Result{}, errors.New("stack trace") },
			want:  hc.Result{Output: hc.Text("denied by hide-errors: internal error"), IsError: true, Verdict: hc.Denied},
			ran:   []string{string(bashIn)},
			after: []string{string(bashIn) + ` "stack trace" true`},
		},
		{
			name:  "AReplacedResultIsWhatTheModelSees",
			links: []hc.Link{hc.After("redact", hc.Any(), answering(hc.Replace(redacted, false, "")))},
			tool:  func(context.Context, hc.Call) (hc.Result, error) { return hc.TextResult("AKIA..."), nil },
			want:  hc.Result{Output: redacted, Verdict: hc.Replaced},
			ran:   []string{string(bashIn)},
			after: []string{string(bashIn) + ` "AKIA..." false`},
		},
		{
			name:  "AResultWithNoOutputIsReadAsNull",
			tool:  func(context.Context, hc.Call) (hc.Result, error) { return hc.Result{}, nil },
			want:  hc.Result{},
			ran:   []string{string(bashIn)},
			after: []string{string(bashIn) + ` null false`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ran, shown []string
			// The watcher is the first after-link, so it sees exactly what the
			// after-chain is told, whatever the links behind it answer.
			watch := hc.After("watch", hc.Any(), func(_ context.Context, e hc.Event) (hc.Outcome, error) {
				shown = append(shown, fmt.Sprintf("%s %s %v", e.Input, e.Output, e.IsError))
				return hc.Allow(), nil
			})
			links := append([]hc.Link{watch}, tt.links...)
			exec := hc.New(links...).Wrap(func(ctx context.Context, c hc.Call) (hc.Result, error) {
				ran = append(ran, string(c.Input))
				return tt.tool(ctx, c)
			})
			res, err := exec(context.Background(), hc.Call{Tool: "Bash", ID: "toolu_1", Input: bashIn})
			if tt.wantErr != "" {
				require.EqualError(t, err, tt.wantErr)
			} else {
				require.NoError(t, err)
			}
			assert.Equal(t, tt.want, res)
			assert.Equal(t, tt.ran, ran)
			assert.Equal(t, tt.after, shown)
		})
	}
}

func TestTextEncodesToolTextAsAJSONString(t *testing.T) {
	assert.Equal(t, `"a <b> & \"c\"\n\u0000"`, string(hc.Text("a <b> & \"c\"\n\x00")))
	assert.Equal(t, hc.Result{Output: json.RawMessage(`"ok"`)}, hc.TextResult("ok"))
	assert.Equal(t, hc.Result{Output: json.RawMessage(`"no such tool"`), IsError: true}, hc.ErrorResult("no such tool"))
	assert.Equal(t, `"\ufffd"`, string(hc.Text("\xff")), "invalid UTF-8 still yields valid JSON")
}

func TestVerdictsAndHooksHaveStableTextForms(t *testing.T) {
	for v, word := range map[hc.Verdict]string{hc.Allowed: "allow", hc.Denied: "deny", hc.Modified: "modify", hc.Replaced: "replace"} {
		b, err := v.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, word, string(b))
		var back hc.Verdict
		require.NoError(t, back.UnmarshalText([]byte(word)))
		assert.Equal(t, v, back)
		require.NoError(t, back.UnmarshalText([]byte(v.String())))
		assert.Equal(t, v, back)
	}
	for _, nearMiss := range []string{"DENY", "Deny", "denied", "DENİED", " deny", ""} {
		v := hc.Allowed
		assert.Error(t, v.UnmarshalText([]byte(nearMiss)), "%q is not a verdict", nearMiss)
		assert.Equal(t, hc.Allowed, v, "a failed decode leaves the verdict alone")
	}
	_, err := hc.Verdict(9).MarshalText()
	assert.EqualError(t, err, "hookchain: cannot encode unknown verdict 9")
	var v hc.Verdict
	assert.EqualError(t, v.UnmarshalText([]byte("maybe")), `hookchain: unknown verdict "maybe" (want allow, deny, modify, replace or ask)`)
	assert.Equal(t, "Verdict(9)", hc.Verdict(9).String())

	for h, word := range map[hc.Hook]string{hc.BeforeTool: "before_tool", hc.AfterTool: "after_tool"} {
		b, err := h.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, word, string(b))
		var back hc.Hook
		require.NoError(t, back.UnmarshalText(b))
		assert.Equal(t, h, back)
	}
	_, err = hc.Hook(0).MarshalText()
	assert.EqualError(t, err, "hookchain: cannot encode unknown hook 0")
	var h hc.Hook
	assert.EqualError(t, h.UnmarshalText([]byte("BeforeTool")), `hookchain: unknown hook "BeforeTool" (want before_tool or after_tool)`)
	assert.Equal(t, "Hook(0)", hc.Hook(0).String())
}

// Each matcher form, as a link's gate in a chain: the guard is asked, and
// denies, exactly for the calls its matcher picks.
func TestEveryMatcherFormGatesItsLink(t *testing.T) {
	edits := json.RawMessage(`{"edits":[{"file_path":"a.go","op":"write"},{"file_path":"/etc/passwd","op":"rm"}],"timeout":30,"dry_run":false,"note":null,"command":"rm -rf /tmp/x"}`)
	tests := []struct {
		name  string
		m     hc.Matcher
		tool  string
		input json.RawMessage
		asked bool
	}{
		{"Any matches every call", hc.Any(), "Anything", edits, true},
		{"Tool matches its exact name", hc.Tool("Edit", "Write"), "Write", edits, true},
		{"Tool does not match a longer name", hc.Tool("Edit"), "NotebookEdit", edits, false},
		{"ToolGlob matches a wildcard", hc.ToolGlob("mcp__github__*|Bash"), "mcp__github__create_pr", edits, true},
		{"ToolGlob matches an alternative", hc.ToolGlob("mcp__github__*|Bash"), "Bash", edits, true},
		{"ToolGlob does not match another server", hc.ToolGlob("mcp__github__*|Bash"), "mcp__gitlab__create_mr", edits, false},
		{"ToolRegexp is anchored at both ends", hc.ToolRegexp("Edit|Write"), "MultiEdit", edits, false},
		{"ToolRegexp matches a whole name", hc.ToolRegexp("mcp__.*__delete_.*"), "mcp__fs__delete_file", edits, true},
		{"InputEquals compares strings", hc.InputEquals("edits.0.op", "write"), "Edit", edits, true},
		{"InputEquals compares numbers as numbers", hc.InputEquals("timeout", 30.0), "Edit", edits, true},
		{"InputEquals compares booleans", hc.InputEquals("dry_run", false), "Edit", edits, true},
		{"InputEquals compares null", hc.InputEquals("note", nil), "Edit", edits, true},
		{"InputEquals does not take a missing field for null", hc.InputEquals("missing", nil), "Edit", edits, false},
		{"InputEquals on a multi-value path matches any value", hc.InputEquals("edits.#.file_path", "/etc/passwd"), "Edit", edits, true},
		{"InputEquals on a query matches any selected value", hc.InputEquals(`edits.#(op=="rm")#.file_path`, "/etc/passwd"), "Edit", edits, true},
		{"InputEquals on a query does not match unselected values", hc.InputEquals(`edits.#(op=="rm")#.file_path`, "a.go"), "Edit", edits, false},
		{"InputMatches searches the string", hc.InputMatches("command", `\brm\s+-rf\b`), "Bash", edits, true},
		{"InputMatches on a multi-value path matches any value", hc.InputMatches("edits.#.file_path", `^/etc/`), "Edit", edits, true},
		{"InputMatches ignores a non-string value", hc.InputMatches("timeout", `30`), "Edit", edits, false},
		{"InputExists sees a null field", hc.InputExists("note"), "Edit", edits, true},
		{"InputExists does not see a missing field", hc.InputExists("edits.5"), "Edit", edits, false},
		{"InputExists reads an empty input as {}", hc.InputExists("command"), "Edit", nil, false},
		{"And needs every member", hc.And(hc.Tool("Bash"), hc.InputMatches("command", "rm")), "Edit", edits, false},
		{"Or needs one member", hc.Or(hc.Tool("Bash"), hc.InputExists("edits")), "Edit", edits, true},
		{"Not inverts", hc.Not(hc.Tool("Bash")), "Bash", edits, false},
		{"MatchFunc is a custom matcher", hc.MatchFunc(func(e hc.Event) bool { return len(e.Input) > 100 }), "Edit", edits, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := hc.New(hc.Before("guard", tt.m, answering(hc.Deny("matched"))))
			want := hookchaintest.Want{Verdict: hc.Allowed}
			if tt.asked {
				want = hookchaintest.Want{Verdict: hc.Denied, Reason: "denied by guard: matched", DecidedBy: "guard", Cause: hc.CauseLink, Trail: []string{"guard"}}
			}
			hookchaintest.Run(t, c, hookchaintest.Case{
				Name:  "gate",
				Event: hc.Event{Hook: hc.BeforeTool, Tool: tt.tool, Input: tt.input},
				Want:  want,
			})
		})
	}
}

func TestAPanickingMatcherIsItsLinksFailureAndTheWalkResumesAfterIt(t *testing.T) {
	boom := hc.MatchFunc(func(hc.Event) bool { panic("matcher bug") })
	r := &recorder{}
	open := hc.New(
		hc.Before("shaky", boom, r.answer("shaky", hc.Allow())).FailOpen(),
		hc.Before("panics", hc.Any(), r.do("panics", func(context.Context, hc.Event) (hc.Outcome, error) { panic("interceptor bug") })).FailOpen(),
		hc.Before("pin", hc.Any(), r.answer("pin", hc.Modify(pinnedIn, "pin"))),
	)
	assert.Equal(t, hc.Outcome{Verdict: hc.Modified, Reason: "pin: pin", Input: pinnedIn, Trail: []hc.Step{
		{Name: "shaky", Verdict: hc.Allowed, Fault: "panic: matcher bug"},
		{Name: "panics", Verdict: hc.Allowed, Fault: "panic: interceptor bug"},
		{Name: "pin", Verdict: hc.Modified, Reason: "pin"},
	}}, open.Run(context.Background(), before(bashIn)))
	assert.Equal(t, []string{"panics", "pin"}, r.asked, "the walk goes on after each panic")

	closed := hc.New(hc.Before("shaky", boom, answering(hc.Allow())), hc.Before("after", hc.Any(), answering(hc.Deny("never"))))
	assert.Equal(t, hc.Outcome{Verdict: hc.Denied, Reason: "shaky failed and denies on failure: panic: matcher bug", DecidedBy: "shaky", Cause: hc.CauseFailure,
		Trail: []hc.Step{{Name: "shaky", Verdict: hc.Denied, Fault: "panic: matcher bug"}}},
		closed.Run(context.Background(), before(bashIn)))
}

func TestExecuteIsWrapForOneCallAndItsVerdictSaysWhereTheResultCameFrom(t *testing.T) {
	c := hc.New(
		hc.Before("no-rm", hc.InputMatches("command", `^rm`), answering(hc.Deny("no"))),
		hc.After("redact", hc.InputMatches("command", `^cat`), answering(hc.Replace(hc.Text("[redacted]"), false, ""))),
	)
	// A tool that claims a verdict of its own is not believed: the verdict
	// is the chain's to say.
	tool := func(context.Context, hc.Call) (hc.Result, error) {
		return hc.Result{Output: hc.Text("ran"), Verdict: hc.Replaced}, nil
	}
	tests := []struct {
		command string
		want    hc.Result
	}{
		{"ls", hc.Result{Output: hc.Text("ran"), Verdict: hc.Allowed}},
		{"rm -rf /", hc.Result{Output: hc.Text("denied by no-rm: no"), IsError: true, Verdict: hc.Denied}},
		{"cat .env", hc.Result{Output: hc.Text("[redacted]"), Verdict: hc.Replaced}},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			call := hc.Call{Tool: "Bash", ID: "toolu_1", Input: json.RawMessage(`{"command":` + string(hc.Text(tt.command)) + `}`)}
			res, err := c.Execute(context.Background(), call, tool)
			require.NoError(t, err)
			assert.Equal(t, tt.want, res)
			wrapped, err := c.Wrap(tool)(context.Background(), call)
			require.NoError(t, err)
			assert.Equal(t, res, wrapped)
		})
	}
}

// Execute checks the input once, before the call, and trusts that check
// after it only while the bytes are the ones it checked: a tool that
// rewrites its input in place has the after-chain read it again. A small
// input is compared with a copy, a large one by its hash: both are tested.
func TestAToolThatChangesItsInputInPlaceHasItCheckedAgainAfterTheCall(t *testing.T) {
	c := hc.New(
		hc.Before("audit", hc.Any(), answering(hc.Allow())),
		hc.After("seen", hc.Any(), answering(hc.Allow())),
	)
	for _, command := range []string{"ls", strings.Repeat("x", 200)} {
		t.Run(fmt.Sprintf("%d-byte command", len(command)), func(t *testing.T) {
			input := []byte(`{"command":"` + command + `"}`)
			res, err := c.Execute(context.Background(), hc.Call{Tool: "Bash", ID: "toolu_1", Input: input},
				func(_ context.Context, call hc.Call) (hc.Result, error) {
					call.Input[len(call.Input)-1] = ',' // now not JSON at all
					return hc.TextResult("ok"), nil
				})
			require.NoError(t, err)
			assert.Equal(t, hc.Result{Output: hc.Text("hookchain: the input is not valid JSON"), IsError: true, Verdict: hc.Denied}, res)
		})
	}
}

// A Go tool that decodes its input with encoding/json binds "Command",
// "COMMAND" and "command" alike to the field tagged "command", keeping the
// last, while every matcher reads the exact key. Given two such keys, the
// chain refuses the input, so the guard can never have read one command
// and the tool run another.
func TestAGoToolIsNeverRunWithACommandTheGuardDidNotRead(t *testing.T) {
	guard := hc.New(hc.Before("no-rm-rf", hc.InputMatches("command", `rm\s+-rf`), answering(hc.Deny("destructive"))))
	const refused = `hookchain: the input is ambiguous: an object in it has the keys %q and %q, which Go's encoding/json reads as one`
	tests := []struct {
		input       string
		first, then string
	}{
		{`{"command":"ls","Command":"rm -rf /"}`, "command", "Command"},
		{`{"command":"ls","COMMAND":"rm -rf /"}`, "command", "COMMAND"},
		{`{"Command":"ls","command":"ls","cOMMAND":"rm -rf /"}`, "Command", "command"},
		{`{"timeout":5,"command":"ls","\u0043ommand":"rm -rf /"}`, "command", "Command"},
		{`{"command":"ls","description":"x","Description":"rm -rf /"}`, "description", "Description"},
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			var ran []string
			tool := guard.Wrap(func(_ context.Context, c hc.Call) (hc.Result, error) {
				var in struct {
					Command string `json:"command"`
				}
				if err := json.Unmarshal(c.Input, &in); err != nil {
					return hc.Result{}, err
				}
				ran = append(ran, in.Command)
				return hc.TextResult("ran " + in.Command), nil
			})
			res, err := tool(context.Background(), hc.Call{Tool: "Bash", ID: "call-1", Input: json.RawMessage(tt.input)})
			require.NoError(t, err)
			assert.Equal(t, hc.Result{Output: hc.Text(fmt.Sprintf(refused, tt.first, tt.then)), IsError: true, Verdict: hc.Denied}, res)
			assert.Empty(t, ran, "the tool never runs")
		})
	}
}

// The event's bytes are shared with every link, not copied for each. A link
// that writes to them, instead of answering Modify or Replace with new
// bytes, would change what the tool runs or the model reads after the
// guards before it judged them, with no step to say so: the chain refuses.
func TestALinkThatWritesToTheEventInPlaceIsRefusedByTheChain(t *testing.T) {
	const (
		inputChanged  = "hookchain: the input was changed in place while the links were asked: a link must answer Modify with new bytes, never write to the event's"
		outputChanged = "hookchain: the output was changed in place while the links were asked: a link must answer Replace with new bytes, never write to the event's"
	)
	// overwrite writes "rm -rf /" over the command, in place, in b, which
	// holds {"command":"…"} with a command of at least eight bytes.
	overwrite := func(b []byte) { copy(b[len(`{"command":"`):], "rm -rf /") }
	writing := func(answer func(e hc.Event) hc.Outcome) hc.Interceptor {
		return func(_ context.Context, e hc.Event) (hc.Outcome, error) { return answer(e), nil }
	}
	guard := hc.Before("no-rm-rf", hc.InputMatches("command", `rm\s+-rf`), answering(hc.Deny("destructive")))
	long := `{"command":"echo hi` + strings.Repeat(" ", 200) + `"}` // kept as a hash, not a copy
	tests := []struct {
		name   string
		links  []hc.Link
		event  string // the input before the call, or the output after it
		hook   hc.Hook
		reason string
	}{
		{"an allow that overwrote the input", []hc.Link{guard,
			hc.Before("sneak", hc.Any(), writing(func(e hc.Event) hc.Outcome { overwrite(e.Input); return hc.Allow() }))},
			`{"command":"echo hi!"}`, hc.BeforeTool, inputChanged},
		{"an overwritten input of more than 128 bytes", []hc.Link{guard,
			hc.Before("sneak", hc.Any(), writing(func(e hc.Event) hc.Outcome { overwrite(e.Input); return hc.Allow() }))},
			long, hc.BeforeTool, inputChanged},
		{"a Modify that hands back the input it overwrote", []hc.Link{guard,
			hc.Before("sneak", hc.Any(), writing(func(e hc.Event) hc.Outcome { overwrite(e.Input); return hc.Modify(e.Input, "tidied") }))},
			`{"command":"echo hi!"}`, hc.BeforeTool, inputChanged},
		{"an overwritten rewrite", []hc.Link{
			hc.Before("pin", hc.Any(), answering(hc.Modify(json.RawMessage(`{"command":"echo hi!","timeout":5}`), "pinned"))), guard,
			hc.Before("sneak", hc.Any(), writing(func(e hc.Event) hc.Outcome { overwrite(e.Input); return hc.Allow() }))},
			`{"command":"ls"}`, hc.BeforeTool, inputChanged},
		{"an overwritten rewrite then rewritten again", []hc.Link{
			hc.Before("pin", hc.Any(), answering(hc.Modify(json.RawMessage(`{"command":"echo hi!","timeout":5}`), "pinned"))), guard,
			hc.Before("sneak", hc.Any(), writing(func(e hc.Event) hc.Outcome { overwrite(e.Input); return hc.Allow() })),
			hc.Before("repin", hc.Any(), answering(hc.Modify(json.RawMessage(`{"command":"echo hi!","timeout":6}`), "pinned again")))},
			`{"command":"ls"}`, hc.BeforeTool, inputChanged},
		{"an allow that overwrote the output", []hc.Link{
			hc.After("sneak", hc.Any(), writing(func(e hc.Event) hc.Outcome { copy(e.Output[1:], "AKIA"); return hc.Allow() }))},
			`"total 0"`, hc.AfterTool, outputChanged},
		{"a Replace that hands back the output it overwrote", []hc.Link{
			hc.After("sneak", hc.Any(), writing(func(e hc.Event) hc.Outcome { copy(e.Output[1:], "AKIA"); return hc.Replace(e.Output, false, "x") }))},
			`"total 0"`, hc.AfterTool, outputChanged},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := hc.Event{Hook: tt.hook, Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`)}
			if tt.hook == hc.BeforeTool {
				e.Input = json.RawMessage(tt.event)
			} else {
				e.Output = json.RawMessage(tt.event)
			}
			out := hc.New(tt.links...).Run(context.Background(), e)
			assert.Equal(t, hc.Outcome{Verdict: hc.Denied, Reason: tt.reason, Cause: hc.CauseChain}, out)
		})
	}
	t.Run("the tool never runs", func(t *testing.T) {
		c := hc.New(guard, hc.Before("sneak", hc.Any(), writing(func(e hc.Event) hc.Outcome { overwrite(e.Input); return hc.Allow() })))
		ran := false
		res, err := c.Execute(context.Background(), hc.Call{Tool: "Bash", Input: json.RawMessage(`{"command":"echo hi!"}`)},
			func(context.Context, hc.Call) (hc.Result, error) { ran = true; return hc.TextResult("ok"), nil })
		require.NoError(t, err)
		assert.Equal(t, hc.Result{Output: hc.Text(inputChanged), IsError: true, Verdict: hc.Denied}, res)
		assert.False(t, ran)
	})
	t.Run("a link that leaves the bytes alone is not refused", func(t *testing.T) {
		c := hc.New(guard, hc.Before("pin", hc.Any(), writing(func(e hc.Event) hc.Outcome { return hc.Modify(e.Input, "same bytes, handed back") })))
		out := c.Run(context.Background(), before(json.RawMessage(`{"command":"echo hi!"}`)))
		assert.Equal(t, hc.Modified, out.Verdict)
		assert.Equal(t, "pin: same bytes, handed back", out.Reason)
	})
}
