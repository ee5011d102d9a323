package qwen_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/qwen"
)

// A chain as Qwen's hook: a guard's denial reaches Qwen as
// permissionDecision "deny", and a note after the call as
// additionalContext. In a hook program, qwen.Main(chain) does this with
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
		hookchain.Before("guard", qwen.Matcher("Shell"), guard),
		hookchain.After("hint", qwen.Matcher("run_shell_command"), hint))

	base := `"session_id":"s","transcript_path":"/chats/s.jsonl","cwd":"/work","timestamp":"2026-12-02T10:00:00.000Z","permission_mode":"default","tool_name":"run_shell_command","tool_use_id":"toolu_1_a"`
	for _, input := range []string{
		`{` + base + `,"hook_event_name":"PreToolUse","tool_input":{"command":"rm -rf build"}}`,
		`{` + base + `,"hook_event_name":"PostToolUse","tool_input":{"command":"npm test"},"tool_response":{"llmContent":"ok","returnDisplay":"ok"}}`,
	} {
		reply := qwen.Answer(context.Background(), chain, []byte(input))
		fmt.Printf("exit %d: %s", reply.Exit, reply.Stdout)
	}
	// Output:
	// exit 0: {"decision":"deny","reason":"denied by guard: recursive deletes are not allowed","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by guard: recursive deletes are not allowed"}}
	// exit 0: {"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"hint: this repository uses pnpm"}}
}
