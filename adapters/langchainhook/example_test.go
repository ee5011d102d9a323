package langchainhook_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/langchainhook"
	"github.com/tmc/langchaingo/tools"
)

// shell is a langchaingo tool that takes a command line as plain text.
type shell struct{}

func (shell) Name() string        { return "shell" }
func (shell) Description() string { return "runs a command" }
func (shell) Call(ctx context.Context, cmd string) (string, error) {
	return "ran: " + cmd, nil
}

func Example() {
	chain := hookchain.New(
		hookchain.Before("no-rm", hookchain.InputMatches("input", `\brm\b`),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Deny("deleting files is not allowed"), nil
			}),
		// A plain-text tool's input is {"input": "…"} to the chain.
		hookchain.Before("no-color", hookchain.InputMatches("input", `^ls\b`),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				cmd := strings.TrimSuffix(strings.TrimPrefix(string(e.Input), `{"input":"`), `"}`)
				return hookchain.Modify([]byte(`{"input":"`+cmd+` --color=never"}`), "plain output"), nil
			}),
	)
	ts := langchainhook.WrapAll(chain, []tools.Tool{shell{}}) // give these to the agent

	for _, cmd := range []string{"rm -rf build", "ls -l"} {
		out, err := ts[0].Call(context.Background(), cmd)
		fmt.Printf("%s => %q %v\n", cmd, out, err)
	}
	// Output:
	// rm -rf build => "denied by no-rm: deleting files is not allowed" <nil>
	// ls -l => "ran: ls -l --color=never" <nil>
}
