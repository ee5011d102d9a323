package langchainhook_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/langchainhook"
	"github.com/tmc/langchaingo/agents"
	"github.com/tmc/langchaingo/chains"
	"github.com/tmc/langchaingo/llms/fake"
	"github.com/tmc/langchaingo/schema"
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

// The executor, installed as the README says, with a fake model that asks
// to run "rm -rf build", then "ls", and then finishes.
func Example_executor() {
	llm := fake.NewFakeLLM([]string{
		"Action: shell\nAction Input: rm -rf build",
		"Action: shell\nAction Input: ls",
		"Final Answer: done",
	})
	tools := []tools.Tool{shell{}}
	chain := hookchain.New(hookchain.Before("no-rm", hookchain.InputMatches("input", `\brm\b`),
		func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Deny("deleting files is not allowed"), nil
		}))

	executor := agents.NewExecutor(langchainhook.Agent(chain, agents.NewOneShotAgent(llm, tools)))
	executor.ReturnIntermediateSteps = true
	out, err := chains.Call(context.Background(), executor, map[string]any{"input": "clean up"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, step := range out["intermediateSteps"].([]schema.AgentStep) {
		fmt.Printf("%s => %s\n", step.Action.ToolInput, step.Observation)
	}
	// Output:
	// rm -rf build => denied by no-rm: deleting files is not allowed
	// ls => ran: ls
}
