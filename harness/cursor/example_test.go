package cursor_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/cursor"
)

// A chain as Cursor's hook: a guard's denial of a shell command reaches
// Cursor as permission "deny", whether Cursor asks at preToolUse or at
// beforeShellExecution, each in its own input. In a hook program,
// cursor.Main(chain) does this with stdin and stdout.
func ExampleAnswer() {
	guard := func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		if strings.Contains(string(e.Input), "rm -rf") {
			return hookchain.Deny("recursive deletes are not allowed"), nil
		}
		return hookchain.Allow(), nil
	}
	chain := hookchain.New(hookchain.Before("guard", cursor.Matcher(cursor.PreToolUse, "Shell"), guard))

	base := `"conversation_id":"c","generation_id":"g","workspace_roots":["/work"]`
	for _, input := range []string{
		`{` + base + `,"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"rm -rf build"},"tool_use_id":"t1","cwd":"/work"}`,
		`{` + base + `,"hook_event_name":"beforeShellExecution","command":"rm -rf build","cwd":"/work"}`,
		`{` + base + `,"hook_event_name":"beforeShellExecution","command":"ls","cwd":"/work"}`,
	} {
		reply := cursor.Answer(context.Background(), chain, []byte(input))
		fmt.Printf("exit %d: %s", reply.Exit, reply.Stdout)
	}
	// Output:
	// exit 0: {"permission":"deny","user_message":"denied by guard: recursive deletes are not allowed","agent_message":"denied by guard: recursive deletes are not allowed"}
	// exit 0: {"permission":"deny","user_message":"denied by guard: recursive deletes are not allowed","agent_message":"denied by guard: recursive deletes are not allowed"}
	// exit 0: {}
}
