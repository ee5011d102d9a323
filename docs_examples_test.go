package hookchain_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"time"

	"github.com/hookchain/hookchain"
)

// The Go blocks of docs/guide.md that print nothing, kept compiling: each
// example below holds one block, line for line
// (TestEveryGoBlockOfTheDocsIsInAFileTheTestsCompile). They have no output,
// so they are built and not run.

func Example_askingAPerson() {
	ctx, session := context.Background(), hookchain.NewSession()
	askOnSlack := func(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) {
		return hookchain.Approval{Decision: hookchain.Refuse, By: "slack", Reason: "no one answered"}, nil
	}
	chain := hookchain.New(
		hookchain.Before("push-guard", hookchain.And(hookchain.Tool("Bash"), hookchain.InputMatches("command", `\bgit push\b`)),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Ask("push to a shared remote?"), nil
			}),
	).WithApprover(hookchain.Approver{
		Name:    "operator",
		Timeout: 2 * time.Minute,
		Answer: func(ctx context.Context, q hookchain.Question) (hookchain.Approval, error) {
			// q.Input is the final input, every rewrite applied; q.RewrittenBy names the rewriters.
			return askOnSlack(ctx, q) // Approve, ApproveAll, Refuse or Defer, with who and why
		},
	})
	ctx = hookchain.WithSession(ctx, session) // one hookchain.NewSession() per conversation
	chain.Run(ctx, hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"git push"}`)})
}

func Example_observing() {
	chain := hookchain.New()
	audited := chain.WithObserver(hookchain.Observer{
		Step: func(ctx context.Context, r hookchain.StepReport) { /* every link asked, allows included */ },
		Run:  func(ctx context.Context, r hookchain.RunReport) { /* every run's event and outcome */ },
	})
	audited.Run(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash"})
}

func Example_logging() {
	chain := hookchain.New()
	chain = chain.WithObserver(hookchain.LogObserver(slog.New(slog.NewTextHandler(os.Stderr, nil))))
	chain.Run(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash"})
}
