package hookchaintest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest"
)

// Check is what Run does for each case, without a testing.T: here a case
// that expects a guard the chain does not have.
func ExampleCheck() {
	chain := hookchain.New(
		hookchain.Before("pin-timeout", hookchain.Tool("Bash"),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Modify(json.RawMessage(`{"command":"rm -rf /","timeout":60}`), "bounded to 60s"), nil
			}),
	)
	tc := hookchaintest.Case{
		Name: "rm -rf is denied",
		Event: hookchain.Event{
			Hook:  hookchain.BeforeTool,
			Tool:  "Bash",
			Input: json.RawMessage(`{"command": "rm -rf /"}`),
		},
		Want: hookchaintest.Want{
			Verdict:   hookchain.Denied,
			Reason:    "denied by no-rm: recursive delete",
			DecidedBy: "no-rm",
			Cause:     hookchain.CauseLink,
			Trail:     []string{"no-rm"},
		},
	}

	got, ms := hookchaintest.Check(context.Background(), chain, tc)
	for _, m := range ms {
		fmt.Println(m)
	}
	fmt.Println()
	fmt.Println(hookchaintest.Report(tc, got, ms))
	// Output:
	// verdict: want Denied, got Modified
	// reason: want "denied by no-rm: recursive delete", got "pin-timeout: bounded to 60s"
	// decided_by: want "no-rm", got ""
	// cause: want link, got none
	// trail: want [no-rm], got [pin-timeout]
	//
	// case "rm -rf is denied":
	//   verdict:    want Denied, got Modified
	//   reason:     want "denied by no-rm: recursive delete"
	//               got  "pin-timeout: bounded to 60s"
	//   decided_by: want "no-rm", got ""
	//   cause:      want link, got none
	//   trail:      want [no-rm], got [pin-timeout]
	// chain's trail:
	//   #0 pin-timeout: Modified, reason "bounded to 60s"
}

// WantOf turns what a chain answers into a Want, to start a case from.
func ExampleWantOf() {
	chain := hookchain.New(
		hookchain.After("redact", hookchain.Tool("Read"),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Replace(hookchain.Text("[redacted]"), false, "a credential"), nil
			}),
	)
	got := chain.Run(context.Background(), hookchain.Event{
		Hook: hookchain.AfterTool, Tool: "Read", Output: hookchain.Text("AWS_KEY=AKIAEXAMPLE"),
	})
	w := hookchaintest.WantOf(got)
	fmt.Printf("%v %q %s %v\n", w.Verdict, w.Reason, w.Output, w.Trail)
	// Output:
	// Replaced "redact: a credential" "[redacted]" [redact]
}

// A chain that asks a person: the approver's answer is a step of the trail,
// with who gave it, and what the links told the model is compared too.
func ExampleCheck_approval() {
	chain := hookchain.New(
		hookchain.Before("ask-push", hookchain.Tool("Bash"),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Ask("push to a remote?").WithNote("pushes to main go through review"), nil
			}),
	).WithApprover(hookchain.Approver{Name: "human", Timeout: time.Second,
		Answer: func(context.Context, hookchain.Question) (hookchain.Approval, error) {
			return hookchain.Approval{Decision: hookchain.Refuse, By: "alice", Reason: "not on main"}, nil
		}})
	tc := hookchaintest.Case{
		Name:  "a push to main is refused by bob",
		Event: hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command": "git push origin main"}`)},
		Want: hookchaintest.Want{
			Verdict:   hookchain.Denied,
			Reason:    "refused by bob: not on main (asked by ask-push: push to a remote?)",
			DecidedBy: "human",
			Cause:     hookchain.CauseApprover,
			Trail:     []string{"ask-push", "human"},
			Notes:     []hookchain.Note{{Link: "ask-push", Text: "pushes to main go through review"}},
		},
	}

	got, ms := hookchaintest.Check(context.Background(), chain, tc)
	fmt.Println(hookchaintest.Report(tc, got, ms))
	// Output:
	// case "a push to main is refused by bob":
	//   reason: want "refused by bob: not on main (asked by ask-push: push to a remote?)"
	//           got  "refused by alice: not on main (asked by ask-push: push to a remote?)"
	// chain's trail:
	//   #0 ask-push: Asked, reason "push to a remote?"
	//   #1 human (approver): Denied, reason "not on main", by "alice"
	// chain's notes:
	//   #0 ask-push: "pushes to main go through review"
}
