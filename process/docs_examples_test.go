package process_test

import (
	"context"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// The Go blocks of docs/processes.md and examples/persistent/README.md,
// kept compiling: each example holds one block, line for line
// (TestEveryGoBlockOfTheDocsIsInAFileTheTestsCompile, at the repository's
// root). They have no output, so they are built and not run.

func Example_nativeHook() {
	guard := process.Native(process.Spec{Args: []string{"./hooks/guard", "--strict"}, Timeout: 5 * time.Second})
	chain := hookchain.New(hookchain.Before("guard", hookchain.Tool("Bash"), guard))
	chain.Run(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash"})
}

func Example_persistentHook() {
	start := func(ctx context.Context) error {
		guard, err := process.NewPersistent(process.PersistentSpec{
			Spec:        process.Spec{Args: []string{"python3", "hooks/guard.py"}, Timeout: 5 * time.Second},
			MaxInFlight: 8, // calls in flight at once; more wait for a slot
		})
		if err != nil {
			return err
		}
		defer guard.Close(ctx) // waits for calls in flight until ctx ends, then kills the group
		chain := hookchain.New(hookchain.Before("guard", hookchain.Tool("Bash"), guard.Intercept))
		chain.Run(ctx, hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash"})
		return nil
	}
	startExample := func(ctx context.Context) error {
		guard, err := process.NewPersistent(process.PersistentSpec{
			Spec:        process.Spec{Args: []string{"python3", "examples/persistent/guard.py"}, Timeout: 5 * time.Second},
			MaxInFlight: 8,
		})
		if err != nil {
			return err
		}
		defer guard.Close(ctx) // waits for calls in flight until ctx ends, then stops the group
		chain := hookchain.New(hookchain.Before("guard", hookchain.Tool("Bash"), guard.Intercept))
		chain.Run(ctx, hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash"})
		return nil
	}
	_, _ = start, startExample
}
