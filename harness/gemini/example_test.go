package gemini_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/gemini"
)

// A chain as Gemini's hook: a guard's denial reaches Gemini as decision
// "deny", and a note after the call as additionalContext. In a hook
// program, gemini.Main(chain) does this with stdin and stdout.
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
		hookchain.Before("guard", gemini.Matcher("run_shell_command"), guard),
		hookchain.After("hint", gemini.Matcher("run_shell_command"), hint))

	base := `"session_id":"s","transcript_path":"/chats/s.json","cwd":"/work","timestamp":"2026-12-02T10:00:00.000Z","tool_name":"run_shell_command"`
	for _, input := range []string{
		`{` + base + `,"hook_event_name":"BeforeTool","tool_input":{"command":"rm -rf build"}}`,
		`{` + base + `,"hook_event_name":"AfterTool","tool_input":{"command":"npm test"},"tool_response":{"llmContent":"ok","returnDisplay":"ok"}}`,
	} {
		reply := gemini.Answer(context.Background(), chain, []byte(input))
		fmt.Printf("exit %d: %s", reply.Exit, reply.Stdout)
	}
	// Output:
	// exit 0: {"decision":"deny","reason":"denied by guard: recursive deletes are not allowed"}
	// exit 0: {"hookSpecificOutput":{"hookEventName":"AfterTool","additionalContext":"hint: this repository uses pnpm"}}
}
