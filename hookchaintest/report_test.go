package hookchaintest_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest"
)

func TestReportShowsEachMismatchAndTheChainsWholeTrail(t *testing.T) {
	tests := []struct {
		name   string
		chain  *hookchain.Chain
		tc     hookchaintest.Case
		report string
	}{
		{
			name:  "a guard that is missing from the chain",
			chain: hookchain.New(),
			tc: hookchaintest.Case{Name: "rm -rf is denied", Source: "testdata/guards.json #2", Event: rmEvent,
				Want: hookchaintest.Want{Verdict: hookchain.Denied, Reason: "denied by no-rm: recursive delete", DecidedBy: "no-rm", Cause: hookchain.CauseLink, Trail: []string{"no-rm"}}},
			report: `case "rm -rf is denied" (testdata/guards.json #2):
  verdict:    want Denied, got Allowed
  reason:     want "denied by no-rm: recursive delete"
              got  ""
  decided_by: want "no-rm", got ""
  cause:      want link, got none
  trail:      want [no-rm], got []
chain's trail:
  (empty)`,
		},
		{
			name:  "a case written in Go, with JSON and steps",
			chain: policy(),
			tc: hookchaintest.Case{Name: "ls gets a timeout", Event: lsEvent,
				Want: hookchaintest.Want{Verdict: hookchain.Modified, Reason: "pin-timeout: bounded to 60s",
					Input: json.RawMessage(`{"command": "ls", "timeout": 30}`), Trail: []string{"pin-timeout"},
					Steps: []hookchain.Step{{Name: "pin-timeout", Verdict: hookchain.Modified, Reason: "bounded to 30s"}}}},
			report: `case "ls gets a timeout":
  input:           want {"command":"ls","timeout":30}
                   got  {"command":"ls","timeout":60}
  steps[0].reason: want "bounded to 30s"
                   got  "bounded to 60s"
chain's trail:
  #0 pin-timeout: Modified, reason "bounded to 60s"`,
		},
		{
			name:  "a fault, and a step the case did not expect",
			chain: policy(),
			tc: hookchaintest.Case{Name: "quota", Source: "testdata/quota.json", Event: fetchEvent,
				Want: hookchaintest.Want{Steps: []hookchain.Step{}}},
			report: `case "quota" (testdata/quota.json):
  verdict:    want Allowed, got Denied
  reason:     want ""
              got  "quota failed and denies on failure: quota service unavailable"
  decided_by: want "", got "quota"
  cause:      want none, got failure
  trail:      want [], got [quota]
  steps[0]:   want (none)
              got  quota: Denied, reason "", fault "quota service unavailable"
chain's trail:
  #0 quota: Denied, reason "", fault "quota service unavailable"`,
		},
		{
			name:  "a long trail is shown want above got",
			chain: policy(),
			tc: hookchaintest.Case{Name: "long", Event: flakyEvent,
				Want: hookchaintest.Want{Trail: []string{"audit", "audit-backup", "audit-of-last-resort"}}},
			report: `case "long":
  trail: want [audit, audit-backup, audit-of-last-resort]
         got  [audit]
chain's trail:
  #0 audit: Allowed, reason "", fault "audit log unreachable"`,
		},
		{
			name:  "an approver's step names who answered",
			chain: policy(),
			tc: hookchaintest.Case{Name: "a push to main", Event: pushMainEvent,
				Want: withSteps(pushMainWant, []hookchain.Step{
					{Name: "pin-timeout", Verdict: hookchain.Modified, Reason: "bounded to 60s"},
					{Name: "ask-push", Verdict: hookchain.Asked, Reason: "push to a remote?"},
					{Name: "human", Approver: true, Verdict: hookchain.Denied, Reason: "not on main", By: "bob"},
				})},
			report: `case "a push to main":
  steps[2].by: want "bob", got "alice"
chain's trail:
  #0 pin-timeout: Modified, reason "bounded to 60s"
  #1 ask-push: Asked, reason "push to a remote?"
  #2 human (approver): Denied, reason "not on main", by "alice"`,
		},
		{
			name:  "notes are shown after the trail, and texts want above got",
			chain: policy(),
			tc: hookchaintest.Case{Name: "npm", Source: "testdata/npm.json", Event: npmEvent,
				Want: withContext(npmWant, []hookchain.Note{{Link: "npm-note", Text: "use pnpm"}, {Link: "node-note", Text: "node 22"}})},
			report: `case "npm" (testdata/npm.json):
  notes[0].text: want "use pnpm"
                 got  "this repository uses pnpm, not npm"
  notes[1]:      want node-note: "node 22"
                 got  (none)
chain's trail:
  #0 pin-timeout: Modified, reason "bounded to 60s"
chain's notes:
  #0 npm-note: "this repository uses pnpm, not npm"`,
		},
		{
			name:  "a note from the wrong link shares a line",
			chain: policy(),
			tc: hookchaintest.Case{Name: "npm", Event: npmEvent,
				Want: withContext(npmWant, []hookchain.Note{{Link: "pnpm-note", Text: "this repository uses pnpm, not npm"}})},
			report: `case "npm":
  notes[0].link: want pnpm-note, got npm-note
chain's trail:
  #0 pin-timeout: Modified, reason "bounded to 60s"
chain's notes:
  #0 npm-note: "this repository uses pnpm, not npm"`,
		},
		{
			name:  "a case that matches",
			chain: policy(),
			tc:    hookchaintest.Case{Name: "fine", Event: flakyEvent, Want: flakyWant},
			report: `case "fine":
  (no mismatches)
chain's trail:
  #0 audit: Allowed, reason "", fault "audit log unreachable"`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ms := hookchaintest.Check(t.Context(), tt.chain, tt.tc)
			assert.Equal(t, tt.report, hookchaintest.Report(tt.tc, got, ms))
		})
	}
}
