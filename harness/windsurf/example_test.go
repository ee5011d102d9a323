package windsurf_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/windsurf"
)

// A chain as Windsurf's hook: a guard's denial reaches Windsurf as exit
// status 2 with the reason on stderr, which Windsurf gives Cascade; an
// allow is exit 0 with nothing said. In a hook program,
// windsurf.Main(chain) does this with stdin, stdout and stderr.
func ExampleAnswer() {
	guard := func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		if strings.Contains(string(e.Input), "rm -rf") {
			return hookchain.Deny("recursive deletes are not allowed"), nil
		}
		return hookchain.Allow(), nil
	}
	chain := hookchain.New(hookchain.Before("guard", windsurf.Matcher(windsurf.PreRunCommand), guard))

	for _, command := range []string{"rm -rf build", "npm test"} {
		input := `{"agent_action_name":"pre_run_command","trajectory_id":"t1","execution_id":"e1",` +
			`"timestamp":"2026-12-02T10:00:00.000Z","tool_info":{"command_line":"` + command + `","cwd":"/work"}}`
		reply := windsurf.Answer(context.Background(), chain, []byte(input))
		fmt.Printf("exit %d: %q\n", reply.Exit, reply.Stderr)
	}
	// Output:
	// exit 2: "denied by guard: recursive deletes are not allowed\n"
	// exit 0: ""
}
