package hookchaintest_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest"
)

// The wants the policy satisfies, one per path through it, with every step.
var (
	rmWant = hookchaintest.Want{
		Verdict: hookchain.Denied,
		Reason:  "denied by no-rm: recursive delete", DecidedBy: "no-rm", Cause: hookchain.CauseLink,
		Trail: []string{"no-rm"},
		Steps: []hookchain.Step{{Name: "no-rm", Verdict: hookchain.Denied, Reason: "recursive delete"}},
	}
	lsWant = hookchaintest.Want{
		Verdict: hookchain.Modified,
		Reason:  "pin-timeout: bounded to 60s",
		Input:   json.RawMessage(`{"command":"ls","timeout":60}`),
		Trail:   []string{"pin-timeout"},
		Steps:   []hookchain.Step{{Name: "pin-timeout", Verdict: hookchain.Modified, Reason: "bounded to 60s"}},
	}
	keyWant = hookchaintest.Want{
		Verdict: hookchain.Replaced,
		Reason:  "redact: a credential",
		Output:  json.RawMessage(`"[redacted]"`),
		Trail:   []string{"redact"},
		Steps:   []hookchain.Step{{Name: "redact", Verdict: hookchain.Replaced, Reason: "a credential"}},
	}
	flakyWant = hookchaintest.Want{
		Verdict: hookchain.Allowed,
		Trail:   []string{"audit"},
		Steps:   []hookchain.Step{{Name: "audit", Verdict: hookchain.Allowed, Fault: "audit log unreachable"}},
	}
	fetchWant = hookchaintest.Want{
		Verdict: hookchain.Denied,
		Reason:  "quota failed and denies on failure: quota service unavailable", DecidedBy: "quota", Cause: hookchain.CauseFailure,
		Trail: []string{"quota"},
		Steps: []hookchain.Step{{Name: "quota", Verdict: hookchain.Denied, Fault: "quota service unavailable"}},
	}
	npmWant = hookchaintest.Want{
		Verdict: hookchain.Modified,
		Reason:  "pin-timeout: bounded to 60s",
		Input:   json.RawMessage(`{"command":"npm install","timeout":60}`),
		Trail:   []string{"pin-timeout"},
		Steps:   []hookchain.Step{{Name: "pin-timeout", Verdict: hookchain.Modified, Reason: "bounded to 60s"}},
		Notes:   []hookchain.Note{{Link: "npm-note", Text: "this repository uses pnpm, not npm"}},
	}
	pushWant = hookchaintest.Want{
		Verdict:   hookchain.Modified,
		Reason:    "pin-timeout: bounded to 60s",
		DecidedBy: "human", Cause: hookchain.CauseApprover,
		Input: json.RawMessage(`{"command":"git push origin feature","timeout":60}`),
		Trail: []string{"pin-timeout", "ask-push", "human"},
		Steps: []hookchain.Step{
			{Name: "pin-timeout", Verdict: hookchain.Modified, Reason: "bounded to 60s"},
			{Name: "ask-push", Verdict: hookchain.Asked, Reason: "push to a remote?"},
			{Name: "human", Approver: true, Verdict: hookchain.Allowed, Reason: "a feature branch", By: "alice"},
		},
	}
	pushMainWant = hookchaintest.Want{
		Verdict:   hookchain.Denied,
		Reason:    "refused by alice: not on main (asked by ask-push: push to a remote?)",
		DecidedBy: "human", Cause: hookchain.CauseApprover,
		Trail: []string{"pin-timeout", "ask-push", "human"},
		Steps: []hookchain.Step{
			{Name: "pin-timeout", Verdict: hookchain.Modified, Reason: "bounded to 60s"},
			{Name: "ask-push", Verdict: hookchain.Asked, Reason: "push to a remote?"},
			{Name: "human", Approver: true, Verdict: hookchain.Denied, Reason: "not on main", By: "alice"},
		},
	}
	pushTagsWant = hookchaintest.Want{
		Verdict:   hookchain.Asked,
		Reason:    "approval pending (asked by ask-push: push to a remote?)",
		DecidedBy: "human", Cause: hookchain.CauseApprover,
		Trail: []string{"pin-timeout", "ask-push", "human"},
		Steps: []hookchain.Step{
			{Name: "pin-timeout", Verdict: hookchain.Modified, Reason: "bounded to 60s"},
			{Name: "ask-push", Verdict: hookchain.Asked, Reason: "push to a remote?"},
			{Name: "human", Approver: true, Verdict: hookchain.Asked, Reason: "after the release", By: "alice"},
		},
	}
)

func TestCheckFindsNoMismatchWhenTheChainAnswersAsWanted(t *testing.T) {
	tests := []struct {
		name  string
		event hookchain.Event
		want  hookchaintest.Want
		got   hookchain.Outcome
	}{
		{"a deny", rmEvent, rmWant, hookchain.Outcome{
			Verdict: hookchain.Denied, Reason: "denied by no-rm: recursive delete", DecidedBy: "no-rm", Cause: hookchain.CauseLink,
			Trail: []hookchain.Step{{Name: "no-rm", Verdict: hookchain.Denied, Reason: "recursive delete"}},
		}},
		{"a modify", lsEvent, lsWant, hookchain.Outcome{
			Verdict: hookchain.Modified, Reason: "pin-timeout: bounded to 60s",
			Input: json.RawMessage(`{"command":"ls","timeout":60}`),
			Trail: []hookchain.Step{{Name: "pin-timeout", Verdict: hookchain.Modified, Reason: "bounded to 60s"}},
		}},
		{"a replace", keyEvent, keyWant, hookchain.Outcome{
			Verdict: hookchain.Replaced, Reason: "redact: a credential",
			Output: json.RawMessage(`"[redacted]"`),
			Trail:  []hookchain.Step{{Name: "redact", Verdict: hookchain.Replaced, Reason: "a credential"}},
		}},
		{"an allow after a fail-open fault", flakyEvent, flakyWant, hookchain.Outcome{
			Trail: []hookchain.Step{{Name: "audit", Verdict: hookchain.Allowed, Fault: "audit log unreachable"}},
		}},
		{"a fail-closed fault", fetchEvent, fetchWant, hookchain.Outcome{
			Verdict: hookchain.Denied, Reason: "quota failed and denies on failure: quota service unavailable", DecidedBy: "quota", Cause: hookchain.CauseFailure,
			Trail: []hookchain.Step{{Name: "quota", Verdict: hookchain.Denied, Fault: "quota service unavailable"}},
		}},
		{"an allow with nobody asked", hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Glob"},
			hookchaintest.Want{}, hookchain.Outcome{}},
		{"context from a link that allowed", npmEvent, npmWant, hookchain.Outcome{
			Verdict: hookchain.Modified, Reason: "pin-timeout: bounded to 60s",
			Input: json.RawMessage(`{"command":"npm install","timeout":60}`),
			Trail: []hookchain.Step{{Name: "pin-timeout", Verdict: hookchain.Modified, Reason: "bounded to 60s"}},
			Notes: []hookchain.Note{{Link: "npm-note", Text: "this repository uses pnpm, not npm"}},
		}},
		{"an approved ask", pushEvent, pushWant, hookchain.Outcome{
			Verdict: hookchain.Modified, Reason: "pin-timeout: bounded to 60s",
			Input: json.RawMessage(`{"command":"git push origin feature","timeout":60}`),
			Trail: pushWant.Steps, DecidedBy: "human", Cause: hookchain.CauseApprover,
		}},
		{"a refused ask", pushMainEvent, pushMainWant, hookchain.Outcome{
			Verdict: hookchain.Denied, Reason: "refused by alice: not on main (asked by ask-push: push to a remote?)",
			Trail: pushMainWant.Steps, DecidedBy: "human", Cause: hookchain.CauseApprover,
		}},
		{"an ask left for later", pushTagsEvent, pushTagsWant, hookchain.Outcome{
			Verdict: hookchain.Asked, Reason: "approval pending (asked by ask-push: push to a remote?)",
			Trail: pushTagsWant.Steps, DecidedBy: "human", Cause: hookchain.CauseApprover,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ms := hookchaintest.Check(t.Context(), policy(), hookchaintest.Case{Name: tt.name, Event: tt.event, Want: tt.want})
			assert.Nil(t, ms)
			// A pending ticket is bound to this process and never compared;
			// only an ask left for later carries one.
			assert.Equal(t, tt.got.Verdict == hookchain.Asked, got.Pending != nil)
			got.Pending = nil
			assert.Equal(t, tt.got, got)
		})
	}
}

func TestCheckReportsEveryFieldThatDiffers(t *testing.T) {
	tests := []struct {
		name  string
		event hookchain.Event
		want  hookchaintest.Want
		ms    []hookchaintest.Mismatch
	}{
		{
			name:  "verdict, reason, decider, cause and trail of an unexpected deny",
			event: rmEvent,
			want:  hookchaintest.Want{},
			ms: []hookchaintest.Mismatch{
				{Field: "verdict", Want: "Allowed", Got: "Denied"},
				{Field: "reason", Want: `""`, Got: `"denied by no-rm: recursive delete"`},
				{Field: "decided_by", Want: `""`, Got: `"no-rm"`},
				{Field: "cause", Want: "none", Got: "link"},
				{Field: "trail", Want: "[]", Got: "[no-rm]"},
			},
		},
		{
			name:  "the input of a modify",
			event: lsEvent,
			want: hookchaintest.Want{Verdict: hookchain.Modified, Reason: "pin-timeout: bounded to 60s",
				Input: json.RawMessage(`{"command": "ls", "timeout": 30}`), Trail: []string{"pin-timeout"}},
			ms: []hookchaintest.Mismatch{
				{Field: "input", Want: `{"command":"ls","timeout":30}`, Got: `{"command":"ls","timeout":60}`},
			},
		},
		{
			name:  "a modify whose input the case forgot",
			event: lsEvent,
			want:  hookchaintest.Want{Verdict: hookchain.Modified, Reason: "pin-timeout: bounded to 60s", Trail: []string{"pin-timeout"}},
			ms: []hookchaintest.Mismatch{
				{Field: "input", Want: "(none)", Got: `{"command":"ls","timeout":60}`},
			},
		},
		{
			name:  "a wanted modify that did not happen",
			event: rmEvent,
			want: hookchaintest.Want{Verdict: hookchain.Modified, Reason: "pin-timeout: bounded to 60s",
				Input: json.RawMessage(`{"command":"rm -rf /","timeout":60}`), Trail: []string{"pin-timeout"}},
			ms: []hookchaintest.Mismatch{
				{Field: "verdict", Want: "Modified", Got: "Denied"},
				{Field: "reason", Want: `"pin-timeout: bounded to 60s"`, Got: `"denied by no-rm: recursive delete"`},
				{Field: "decided_by", Want: `""`, Got: `"no-rm"`},
				{Field: "cause", Want: "none", Got: "link"},
				{Field: "input", Want: `{"command":"rm -rf /","timeout":60}`, Got: "(none)"},
				{Field: "trail", Want: "[pin-timeout]", Got: "[no-rm]"},
			},
		},
		{
			name:  "the output and error flag of a replace",
			event: keyEvent,
			want: hookchaintest.Want{Verdict: hookchain.Replaced, Reason: "redact: a credential",
				Output: json.RawMessage(`"[REDACTED]"`), IsError: true, Trail: []string{"redact"}},
			ms: []hookchaintest.Mismatch{
				{Field: "output", Want: `"[REDACTED]"`, Got: `"[redacted]"`},
				{Field: "is_error", Want: "true", Got: "false"},
			},
		},
		{
			name:  "invalid JSON in a want written in Go",
			event: keyEvent,
			want: hookchaintest.Want{Verdict: hookchain.Replaced, Reason: "redact: a credential",
				Output: json.RawMessage(`[redacted]`), Trail: []string{"redact"}},
			ms: []hookchaintest.Mismatch{
				{Field: "output", Want: "[redacted] (not valid JSON)", Got: `"[redacted]"`},
			},
		},
		{
			name:  "a denial by the right link for the wrong cause",
			event: fetchEvent,
			want: hookchaintest.Want{Verdict: hookchain.Denied,
				Reason: "quota failed and denies on failure: quota service unavailable", DecidedBy: "quota", Cause: hookchain.CauseLink, Trail: []string{"quota"}},
			ms: []hookchaintest.Mismatch{
				{Field: "cause", Want: "link", Got: "failure"},
			},
		},
		{
			name:  "an approver's step wanted as a link's",
			event: pushEvent,
			want: withSteps(pushWant, []hookchain.Step{
				{Name: "pin-timeout", Verdict: hookchain.Modified, Reason: "bounded to 60s"},
				{Name: "ask-push", Verdict: hookchain.Asked, Reason: "push to a remote?"},
				{Name: "human", Verdict: hookchain.Allowed, Reason: "a feature branch", By: "alice"},
			}),
			ms: []hookchaintest.Mismatch{
				{Field: "steps[2].approver", Want: "false", Got: "true"},
			},
		},
		{
			name:  "a trail that names the wrong link",
			event: fetchEvent,
			want: hookchaintest.Want{Verdict: hookchain.Denied,
				Reason: "quota failed and denies on failure: quota service unavailable", DecidedBy: "quota", Cause: hookchain.CauseFailure, Trail: []string{"no-rm"}},
			ms: []hookchaintest.Mismatch{
				{Field: "trail", Want: "[no-rm]", Got: "[quota]"},
			},
		},
		{
			name:  "a trail the case forgot",
			event: flakyEvent,
			want:  hookchaintest.Want{},
			ms: []hookchaintest.Mismatch{
				{Field: "trail", Want: "[]", Got: "[audit]"},
			},
		},
		{
			name:  "each field of a step",
			event: fetchEvent,
			want: hookchaintest.Want{Verdict: hookchain.Denied,
				Reason: "quota failed and denies on failure: quota service unavailable", DecidedBy: "quota", Cause: hookchain.CauseFailure, Trail: []string{"quota"},
				Steps: []hookchain.Step{{Name: "quota ", Verdict: hookchain.Allowed, Reason: "over quota", Fault: "timed out"}}},
			ms: []hookchaintest.Mismatch{
				{Field: "steps[0].name", Want: `"quota "`, Got: "quota"},
				{Field: "steps[0].verdict", Want: "Allowed", Got: "Denied"},
				{Field: "steps[0].reason", Want: `"over quota"`, Got: `""`},
				{Field: "steps[0].fault", Want: `"timed out"`, Got: `"quota service unavailable"`},
			},
		},
		{
			name:  "a step too many",
			event: flakyEvent,
			want: hookchaintest.Want{Trail: []string{"audit"}, Steps: []hookchain.Step{
				{Name: "audit", Verdict: hookchain.Allowed, Fault: "audit log unreachable"},
				{Name: "redact", Verdict: hookchain.Replaced, Reason: "a credential"},
			}},
			ms: []hookchaintest.Mismatch{
				{Field: "steps[1]", Want: `redact: Replaced, reason "a credential"`, Got: "(none)"},
			},
		},
		{
			name:  "a step the case forgot, even when steps are wanted empty",
			event: flakyEvent,
			want:  hookchaintest.Want{Trail: []string{"audit"}, Steps: []hookchain.Step{}},
			ms: []hookchaintest.Mismatch{
				{Field: "steps[0]", Want: "(none)", Got: `audit: Allowed, reason "", fault "audit log unreachable"`},
			},
		},
		{
			name:  "who answered an ask",
			event: pushEvent,
			want: withSteps(pushWant, []hookchain.Step{
				{Name: "pin-timeout", Verdict: hookchain.Modified, Reason: "bounded to 60s"},
				{Name: "ask-push", Verdict: hookchain.Asked, Reason: "push to a remote?"},
				{Name: "human", Approver: true, Verdict: hookchain.Allowed, Reason: "a feature branch", By: "bob"},
			}),
			ms: []hookchaintest.Mismatch{
				{Field: "steps[2].by", Want: `"bob"`, Got: `"alice"`},
			},
		},
		{
			name:  "an approval the case did not expect, step and all",
			event: pushEvent,
			want:  withSteps(pushWant, pushWant.Steps[:2]),
			ms: []hookchaintest.Mismatch{
				{Field: "steps[2]", Want: "(none)", Got: `human (approver): Allowed, reason "a feature branch", by "alice"`},
			},
		},
		{
			name:  "an ask wanted approved that was left for later",
			event: pushTagsEvent,
			want: hookchaintest.Want{Verdict: hookchain.Modified, Reason: "pin-timeout: bounded to 60s",
				Input: json.RawMessage(`{"command":"git push --tags","timeout":60}`), Trail: []string{"pin-timeout", "ask-push", "human"}},
			ms: []hookchaintest.Mismatch{
				{Field: "verdict", Want: "Modified", Got: "Asked"},
				{Field: "reason", Want: `"pin-timeout: bounded to 60s"`, Got: `"approval pending (asked by ask-push: push to a remote?)"`},
				{Field: "decided_by", Want: `""`, Got: `"human"`},
				{Field: "cause", Want: "none", Got: "approver"},
				{Field: "input", Want: `{"command":"git push --tags","timeout":60}`, Got: "(none)"},
			},
		},
		{
			name:  "context the case forgot",
			event: npmEvent,
			want:  withContext(npmWant, nil),
			ms: []hookchaintest.Mismatch{
				{Field: "notes[0]", Want: "(none)", Got: `npm-note: "this repository uses pnpm, not npm"`},
			},
		},
		{
			name:  "context the chain did not give",
			event: lsEvent,
			want:  withContext(lsWant, []hookchain.Note{{Link: "npm-note", Text: "this repository uses pnpm, not npm"}}),
			ms: []hookchaintest.Mismatch{
				{Field: "notes[0]", Want: `npm-note: "this repository uses pnpm, not npm"`, Got: "(none)"},
			},
		},
		{
			name:  "a note in other words, from another link",
			event: npmEvent,
			want:  withContext(npmWant, []hookchain.Note{{Link: "pnpm-note", Text: "use pnpm"}}),
			ms: []hookchaintest.Mismatch{
				{Field: "notes[0].link", Want: "pnpm-note", Got: "npm-note"},
				{Field: "notes[0].text", Want: `"use pnpm"`, Got: `"this repository uses pnpm, not npm"`},
			},
		},
		{
			name:  "a note too many",
			event: npmEvent,
			want: withContext(npmWant, []hookchain.Note{
				{Link: "npm-note", Text: "this repository uses pnpm, not npm"},
				{Link: "npm-note", Text: "and node 22"},
			}),
			ms: []hookchaintest.Mismatch{
				{Field: "notes[1]", Want: `npm-note: "and node 22"`, Got: "(none)"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ms := hookchaintest.Check(t.Context(), policy(), hookchaintest.Case{Name: tt.name, Event: tt.event, Want: tt.want})
			assert.Equal(t, tt.ms, ms)
		})
	}
}

func TestInputAndOutputCompareAsJSONValues(t *testing.T) {
	tests := []struct {
		name      string
		want, got string
		equal     bool
		wantShown string
		gotShown  string
	}{
		{name: "whitespace", want: "{ \"a\" :\n [1, 2] }", got: `{"a":[1,2]}`, equal: true},
		{name: "key order", want: `{"b":1,"a":{"y":2,"x":3}}`, got: `{"a":{"x":3,"y":2},"b":1}`, equal: true},
		{name: "a number's spelling", want: `[1, 1.0, 1e0, 10E-1, 0.1e1, -0, 100]`, got: `[1, 1, 1, 1, 1, 0, 1e2]`, equal: true},
		{name: "integers beyond float64", want: `9007199254740993`, got: `9007199254740992`,
			wantShown: "9007199254740993", gotShown: "9007199254740992"},
		{name: "array order", want: `[1,2]`, got: `[2,1]`, wantShown: "[1,2]", gotShown: "[2,1]"},
		{name: "a missing key", want: `{"a":1,"b":2}`, got: `{"a":1}`, wantShown: `{"a":1,"b":2}`, gotShown: `{"a":1}`},
		{name: "a number and its string", want: `"1"`, got: `1`, wantShown: `"1"`, gotShown: "1"},
		{name: "null and false", want: `null`, got: `false`, wantShown: "null", gotShown: "false"},
		{name: "null and no value", want: `null`, got: ``, wantShown: "null", gotShown: "(none)"},
		{name: "HTML characters are shown as they are", want: `"<a&b>"`, got: `"<a>"`, wantShown: `"<a&b>"`, gotShown: `"<a>"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := hookchaintest.Want{Verdict: hookchain.Replaced, Output: json.RawMessage(tt.want)}
			got := hookchain.Outcome{Verdict: hookchain.Replaced, Output: json.RawMessage(tt.got)}
			var ms []hookchaintest.Mismatch
			if !tt.equal {
				ms = []hookchaintest.Mismatch{{Field: "output", Want: tt.wantShown, Got: tt.gotShown}}
			}
			assert.Equal(t, ms, hookchaintest.Diff(want, got))

			// The same rule holds for the input of a modify.
			want = hookchaintest.Want{Verdict: hookchain.Modified, Input: json.RawMessage(tt.want)}
			got = hookchain.Outcome{Verdict: hookchain.Modified, Input: json.RawMessage(tt.got)}
			for i := range ms {
				ms[i].Field = "input"
			}
			assert.Equal(t, ms, hookchaintest.Diff(want, got))
		})
	}
}

func TestInputIsComparedOnlyForModifyAndOutputOnlyForReplace(t *testing.T) {
	// A deny carries neither, so a want that names them is not held to them:
	// the Want documents which fields each verdict compares.
	want := hookchaintest.Want{Verdict: hookchain.Denied, Reason: "r",
		Input: json.RawMessage(`{"x":1}`), Output: json.RawMessage(`"y"`), IsError: true}
	assert.Nil(t, hookchaintest.Diff(want, hookchain.Deny("r")))

	// A modify compares the input and nothing of the output.
	want = hookchaintest.Want{Verdict: hookchain.Modified, Input: json.RawMessage(`{}`), Output: json.RawMessage(`"y"`), IsError: true}
	assert.Nil(t, hookchaintest.Diff(want, hookchain.Modify(json.RawMessage(`{}`), "")))

	// A replace compares the output and its flag, and nothing of the input.
	want = hookchaintest.Want{Verdict: hookchain.Replaced, Input: json.RawMessage(`{"x":1}`), Output: json.RawMessage(`"y"`)}
	assert.Nil(t, hookchaintest.Diff(want, hookchain.Replace(json.RawMessage(`"y"`), false, "")))
}

// withSteps returns w wanting steps instead of its own.
func withSteps(w hookchaintest.Want, steps []hookchain.Step) hookchaintest.Want {
	w.Steps = steps
	return w
}

// withContext returns w wanting notes instead of its own.
func withContext(w hookchaintest.Want, notes []hookchain.Note) hookchaintest.Want {
	w.Notes = notes
	return w
}

func TestAnEmptyWantedContextMeansTheOutcomeMustCarryNone(t *testing.T) {
	note := hookchain.Note{Link: "npm-note", Text: "use pnpm"}
	for _, context := range [][]hookchain.Note{nil, {}} {
		assert.Nil(t, hookchaintest.Diff(hookchaintest.Want{Notes: context}, hookchain.Outcome{}))
		assert.Nil(t, hookchaintest.Diff(hookchaintest.Want{Notes: context}, hookchain.Outcome{Notes: []hookchain.Note{}}))
		assert.Equal(t,
			[]hookchaintest.Mismatch{{Field: "notes[0]", Want: "(none)", Got: `npm-note: "use pnpm"`}},
			hookchaintest.Diff(hookchaintest.Want{Notes: context}, hookchain.Outcome{Notes: []hookchain.Note{note}}))
	}
}

func TestNotesAreComparedWhateverTheVerdict(t *testing.T) {
	note := hookchain.Note{Link: "guard", Text: "why"}
	for _, o := range []hookchain.Outcome{
		hookchain.Allow(), hookchain.Deny("r"), hookchain.Ask("r"),
		hookchain.Modify(json.RawMessage(`{}`), ""), hookchain.Replace(json.RawMessage(`1`), false, ""),
	} {
		want := hookchaintest.WantOf(o)
		o.Notes = []hookchain.Note{note}
		assert.Equal(t,
			[]hookchaintest.Mismatch{{Field: "notes[0]", Want: "(none)", Got: `guard: "why"`}},
			hookchaintest.Diff(want, o), o.Verdict.String())
	}
}

func TestAnEmptyWantedTrailMeansTheTrailMustBeEmpty(t *testing.T) {
	for _, trail := range [][]string{nil, {}} {
		assert.Nil(t, hookchaintest.Diff(hookchaintest.Want{Trail: trail}, hookchain.Outcome{}))
		assert.Nil(t, hookchaintest.Diff(hookchaintest.Want{Trail: trail}, hookchain.Outcome{Trail: []hookchain.Step{}}))
		assert.Equal(t,
			[]hookchaintest.Mismatch{{Field: "trail", Want: "[]", Got: "[audit]"}},
			hookchaintest.Diff(hookchaintest.Want{Trail: trail},
				hookchain.Outcome{Trail: []hookchain.Step{{Name: "audit", Fault: "x"}}}))
	}
}

func TestTrailNamesThatCouldBeMisreadAreQuoted(t *testing.T) {
	want := hookchaintest.Want{Trail: []string{"a, b", "", "c]", "ok"}}
	assert.Equal(t,
		[]hookchaintest.Mismatch{{Field: "trail", Want: `["a, b", "", "c]", ok]`, Got: "[]"}},
		hookchaintest.Diff(want, hookchain.Outcome{}))
}

func TestWantOfIsSatisfiedByTheOutcomeItWasTakenFrom(t *testing.T) {
	c := policy()
	for _, tt := range []struct {
		event hookchain.Event
		want  hookchaintest.Want
	}{
		{rmEvent, rmWant}, {lsEvent, lsWant}, {keyEvent, keyWant}, {flakyEvent, flakyWant}, {fetchEvent, fetchWant},
		{npmEvent, npmWant}, {pushEvent, pushWant}, {pushMainEvent, pushMainWant}, {pushTagsEvent, pushTagsWant},
		{hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Glob"}, hookchaintest.Want{Steps: []hookchain.Step{}}},
	} {
		got := c.Run(context.Background(), tt.event)
		w := hookchaintest.WantOf(got)
		require.Equal(t, tt.want, w)
		assert.Nil(t, hookchaintest.Diff(w, got))
	}
}

func TestAMismatchReadsAsOneLine(t *testing.T) {
	m := hookchaintest.Mismatch{Field: "verdict", Want: "Denied", Got: "Allowed"}
	assert.Equal(t, "verdict: want Denied, got Allowed", m.String())
}
