package codex_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/codex"
)

// A chain as Codex's hook: a guard's denial reaches Codex as
// permissionDecision "deny", and a note as additionalContext. In a hook
// program, codex.Main(chain) does this with stdin and stdout.
func ExampleAnswer() {
	guard := func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		if strings.Contains(string(e.Input), "rm -rf") {
			return hookchain.Deny("recursive deletes are not allowed"), nil
		}
		return hookchain.Allow().WithNote("this repository uses pnpm"), nil
	}
	chain := hookchain.New(hookchain.Before("guard", codex.Matcher("Bash"), guard))

	for _, command := range []string{"rm -rf build", "pnpm test"} {
		input := `{"session_id":"s","turn_id":"t","transcript_path":null,"cwd":"/work","hook_event_name":"PreToolUse",` +
			`"model":"gpt-5-codex","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"` + command + `"},"tool_use_id":"call_1"}`
		reply := codex.Answer(context.Background(), chain, []byte(input))
		fmt.Printf("exit %d: %s", reply.Exit, reply.Stdout)
	}
	// Output:
	// exit 0: {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by guard: recursive deletes are not allowed"}}
	// exit 0: {"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"guard: this repository uses pnpm"}}
}
