package cline_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/cline"
)

// A chain as Cline's hook: a guard's denial reaches Cline as a cancel,
// which stops the task, and a note as contextModification. In a hook
// program, cline.Main(chain) does this with stdin and stdout.
func ExampleAnswer() {
	guard := func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		if e.Tool == "execute_command" && strings.Contains(string(e.Input), "rm -rf") {
			return hookchain.Deny("recursive deletes are not allowed"), nil
		}
		return hookchain.Allow(), nil
	}
	hint := func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Allow().WithNote("this repository uses pnpm"), nil
	}
	chain := hookchain.New(
		hookchain.Before("guard", cline.Matcher(), guard),
		hookchain.After("hint", cline.Matcher(), hint))

	base := `"clineVersion":"3.40.0","timestamp":"1764669600000","taskId":"t-1","workspaceRoots":["/work"]`
	for _, input := range []string{
		`{"hookName":"PreToolUse",` + base + `,"preToolUse":{"toolName":"execute_command","parameters":{"command":"rm -rf build"}}}`,
		`{"hookName":"PostToolUse",` + base + `,"postToolUse":{"toolName":"execute_command","parameters":{"command":"npm test"},"result":"ok","success":true}}`,
	} {
		reply := cline.Answer(context.Background(), chain, []byte(input))
		fmt.Printf("exit %d: %s", reply.Exit, reply.Stdout)
	}
	// Output:
	// exit 0: {"cancel":true,"errorMessage":"denied by guard: recursive deletes are not allowed"}
	// exit 0: {"cancel":false,"contextModification":"hint: this repository uses pnpm"}
}
