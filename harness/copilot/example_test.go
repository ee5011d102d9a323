package copilot_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/copilot"
)

// A chain as Copilot's hook: a guard's denial reaches Copilot as
// permissionDecision "deny", and a note after the call as
// additionalContext. In a hook program, copilot.Main(chain) does this with
// stdin and stdout.
func ExampleAnswer() {
	guard := func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		if strings.Contains(string(e.Input), "rm -rf") {
			return hookchain.Deny("recursive deletes are not allowed"), nil
		}
		return hookchain.Allow(), nil
	}
	hint := func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Allow().WithNote("this repository uses pnpm"), nil
	}
	chain := hookchain.New(
		hookchain.Before("guard", copilot.Matcher("bash"), guard),
		hookchain.After("hint", copilot.Matcher("bash"), hint))

	base := `"sessionId":"s","timestamp":1764669600000,"cwd":"/work","toolName":"bash"`
	for _, input := range []string{
		`{` + base + `,"toolArgs":"{\"command\":\"rm -rf build\"}"}`,
		`{` + base + `,"toolArgs":"{\"command\":\"npm test\"}","toolResult":{"resultType":"success","textResultForLlm":"ok"}}`,
	} {
		reply := copilot.Answer(context.Background(), chain, []byte(input))
		fmt.Printf("exit %d: %s", reply.Exit, reply.Stdout)
	}
	// Output:
	// exit 0: {"permissionDecision":"deny","permissionDecisionReason":"denied by guard: recursive deletes are not allowed"}
	// exit 0: {"additionalContext":"hint: this repository uses pnpm"}
}
