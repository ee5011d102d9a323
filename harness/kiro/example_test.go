package kiro_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/kiro"
)

// A chain as Kiro's hook: a guard's denial reaches Kiro as exit status 2
// with the reason on stderr, which Kiro gives its model; an allow is exit
// 0 with nothing said. In a hook program, kiro.Main(chain) does this with
// stdin, stdout and stderr.
func ExampleAnswer() {
	guard := func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		if strings.Contains(string(e.Input), "rm -rf") {
			return hookchain.Deny("recursive deletes are not allowed"), nil
		}
		return hookchain.Allow(), nil
	}
	chain := hookchain.New(hookchain.Before("guard", kiro.Matcher("execute_bash"), guard))

	for _, command := range []string{"rm -rf build", "npm test"} {
		input := `{"hook_event_name":"preToolUse","cwd":"/work","tool_name":"execute_bash","tool_input":{"command":"` + command + `"}}`
		reply := kiro.Answer(context.Background(), chain, []byte(input))
		fmt.Printf("exit %d: %q\n", reply.Exit, reply.Stderr)
	}
	// Output:
	// exit 2: "denied by guard: recursive deletes are not allowed\n"
	// exit 0: ""
}
