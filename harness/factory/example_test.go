package factory_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/factory"
)

// A chain as Droid's hook: a guard's denial reaches Droid as exit status 2
// with the reason on stderr, and a note after the call as
// additionalContext. In a hook program, factory.Main(chain) does this with
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
		hookchain.Before("guard", factory.Matcher("Execute"), guard),
		hookchain.After("hint", factory.Matcher("Execute"), hint))

	base := `"session_id":"s","transcript_path":"/t.jsonl","cwd":"/work","permission_mode":"off","tool_name":"Execute"`
	for _, input := range []string{
		`{` + base + `,"hook_event_name":"PreToolUse","tool_input":{"command":"rm -rf build"}}`,
		`{` + base + `,"hook_event_name":"PostToolUse","tool_input":{"command":"npm test"},"tool_response":{"output":"ok"}}`,
	} {
		reply := factory.Answer(context.Background(), chain, []byte(input))
		fmt.Printf("exit %d: %s%s", reply.Exit, reply.Stdout, reply.Stderr)
	}
	// Output:
	// exit 2: denied by guard: recursive deletes are not allowed
	// exit 0: {"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"hint: this repository uses pnpm"}}
}
