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
				Want: hookchaintest.Want{Verdict: hookchain.Denied, Reason: "denied by no-rm: recursive delete", Trail: []string{"no-rm"}}},
			report: `case "rm -rf is denied" (testdata/guards.json #2):
  verdict: want Denied, got Allowed
  reason:  want "denied by no-rm: recursive delete"
           got  ""
  trail:   want [no-rm], got []
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
  verdict:  want Allowed, got Denied
  reason:   want ""
            got  "quota failed and denies on failure: quota service unavailable"
  trail:    want [], got [quota]
  steps[0]: want (none)
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
