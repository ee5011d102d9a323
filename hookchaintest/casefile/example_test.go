package casefile_test

import (
	"context"
	"fmt"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest/casefile"
	"github.com/hookchain/hookchain/hookchaintest/casefile/claudecodeinput"
)

// A program runs case files as the hookchain command's test does, without a
// testing.T: one case written in hookchain's form, one as Claude Code's
// hook input, which the guard's pattern misses.
func ExampleCheck() {
	chain := hookchain.New(hookchain.Before("no-rm", hookchain.InputMatches("command", `\brm -rf\b`),
		func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Deny("recursive delete"), nil
		}))
	f, err := casefile.DecodeFile("guards.json", []byte(`[
  {"name": "rm -rf is denied",
   "event": {"hook": "before_tool", "tool": "Bash", "input": {"command": "rm -rf /"}},
   "want": {"verdict": "deny", "reason_contains": "recursive", "decided_by": "no-rm", "cause": "link", "trail": ["no-rm"]}},
  {"name": "rm -r -f is denied",
   "event": {"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "rm -r -f /"}},
   "want": {"verdict": "deny", "reason_matches": "^denied by no-rm\\b", "decided_by": "no-rm", "cause": "link", "trail": ["no-rm"]}}
]`), claudecodeinput.Format{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, tc := range f.Cases {
		got, ms := casefile.Check(context.Background(), chain, tc)
		if len(ms) == 0 {
			fmt.Println("ok   " + tc.Name)
			continue
		}
		fmt.Println("FAIL " + casefile.Report(tc, got, ms))
	}
	// Output:
	// ok   rm -rf is denied
	// FAIL case "rm -r -f is denied" (guards.json #1):
	//   verdict:    want Denied, got Allowed
	//   reason:     want matching `^denied by no-rm\b`
	//               got  ""
	//   decided_by: want "no-rm", got ""
	//   cause:      want link, got none
	//   trail:      want [no-rm], got []
	// chain's trail:
	//   (empty)
}
