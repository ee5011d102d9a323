package replay_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/replay"
)

// Run puts recorded calls through a Go chain and hands each one on, in
// the order given, with what the chain answered before and after it.
func ExampleRun() {
	noRmRf := hookchain.Before("no-rm-rf", hookchain.InputMatches("command", `rm -rf`),
		func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Deny("recursive delete"), nil
		})
	chain := hookchain.New(noRmRf)

	calls := []replay.Call{
		{Session: "s1", ID: "toolu_1", Tool: "Bash", Input: json.RawMessage(`{"command":"rm -rf build"}`),
			Result: &replay.Result{Content: hookchain.Text(""), Original: replay.Ran}},
		{Session: "s1", ID: "toolu_2", Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`),
			Result: &replay.Result{Content: hookchain.Text("README.md"), Original: replay.Ran}},
		{Session: "s1", ID: "toolu_3", Tool: "Bash", Input: json.RawMessage(`{"command":"make"}`)},
	}
	totals, err := replay.Run(context.Background(), slices.Values(calls), chain, func(j replay.Judged) error {
		after := "not asked"
		if j.After != nil {
			after = j.After.Verdict.String()
		}
		fmt.Printf("%s: before %s, after %s (then: %s)\n", j.Call.ID, j.Before.Verdict, after, j.Call.Original())
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d calls, %d questions\n", totals.Calls, totals.Asked)
	// Output:
	// toolu_1: before Denied, after not asked (then: ran)
	// toolu_2: before Allowed, after Allowed (then: ran)
	// toolu_3: before Allowed, after not asked (then: no result)
	// 3 calls, 4 questions
}
