package claudecode_test

import (
	"context"
	"fmt"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/gemini"
)

// One chain, the one hook of two CLIs: each answers the same call in its
// own form. A hook program picks the profile of the CLI it is installed
// for and calls harness.Main(profile, chain).
func ExampleProfile() {
	chain := hookchain.New(hookchain.Before("no-push", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("pushing is for people"), nil
	}))
	inputs := map[string]string{
		"claude": `{"session_id":"s1","transcript_path":"","cwd":"/w","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push"}}`,
		"gemini": `{"session_id":"s1","transcript_path":"","cwd":"/w","hook_event_name":"BeforeTool","timestamp":"2026-12-01T00:00:00Z","tool_name":"run_shell_command","tool_input":{"command":"git push"}}`,
	}
	for _, p := range []harness.Profile{claudecode.Profile(), gemini.Profile()} {
		r := harness.Answer(context.Background(), p, chain, []byte(inputs[p.Name]))
		fmt.Printf("%s: exit %d, stdout %s", p.Name, r.Exit, r.Stdout)
	}
	// Output:
	// claude: exit 0, stdout {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by no-push: pushing is for people"}}
	// gemini: exit 0, stdout {"decision":"deny","reason":"denied by no-push: pushing is for people"}
}
