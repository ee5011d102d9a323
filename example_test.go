package hookchain_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"

	"github.com/hookchain/hookchain"
)

// Guard an executor: the README's first example, kept compiling and running
// here (TestTheReadmeOpensWithTheGuardExample holds the two to each other).
func Example_guardAnExecutor() {
	chain := hookchain.New(
		hookchain.Before("no-force-push",
			hookchain.And(hookchain.Tool("Bash"), hookchain.InputMatches("command", `\bgit push\b.*(--force|-f\b)`)),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Deny("force-pushing rewrites shared history; push a new branch"), nil
			}),
	)
	guarded := chain.Wrap(func(ctx context.Context, c hookchain.Call) (hookchain.Result, error) {
		return hookchain.TextResult("pushed"), nil // your executor: run the tool c names
	})

	for _, command := range []string{`git push origin feature`, `git push --force origin main`} {
		input, _ := json.Marshal(map[string]string{"command": command})
		res, err := guarded(context.Background(), hookchain.Call{Tool: "Bash", ID: "toolu_01", Input: input})
		fmt.Println(res.Verdict, string(res.Output), err)
	}
	// Output:
	// Allowed "pushed" <nil>
	// Denied "denied by no-force-push: force-pushing rewrites shared history; push a new branch" <nil>
}

// A guard refuses calls it matches. The model is shown the reason, so it says
// what to do instead.
func ExampleDeny() {
	chain := hookchain.New(
		hookchain.Before("no-force-push",
			hookchain.And(hookchain.Tool("Bash"), hookchain.InputMatches("command", `\bgit\s+push\b.*(--force|-f\b)`)),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Deny("force-pushing rewrites shared history; push to a new branch"), nil
			}),
	)

	out := chain.Run(context.Background(), hookchain.Event{
		Hook:  hookchain.BeforeTool,
		Tool:  "Bash",
		Input: json.RawMessage(`{"command":"git push --force origin main"}`),
	})
	fmt.Println(out.Verdict)
	fmt.Println(out.Reason)
	// Output:
	// Denied
	// denied by no-force-push: force-pushing rewrites shared history; push to a new branch
}

// A redactor replaces the result the model will see. It keeps the result's
// error flag: a redacted success is still a success.
func ExampleReplace() {
	awsKey := regexp.MustCompile(`AKIA[0-9A-Z]{16}`)
	chain := hookchain.New(
		hookchain.After("redact", hookchain.Any(),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				text := gjson.ParseBytes(e.Output).String()
				if !awsKey.MatchString(text) {
					return hookchain.Allow(), nil
				}
				clean := awsKey.ReplaceAllString(text, "[REDACTED]")
				return hookchain.Replace(hookchain.Text(clean), e.IsError, "an AWS key"), nil
			}),
	)

	out := chain.Run(context.Background(), hookchain.Event{
		Hook:   hookchain.AfterTool,
		Tool:   "Read",
		Input:  json.RawMessage(`{"file_path":".env"}`),
		Output: hookchain.Text("AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n"),
	})
	fmt.Println(out.Verdict, "-", out.Reason)
	fmt.Println(string(out.Output))
	// Output:
	// Replaced - redact: an AWS key
	// "AWS_ACCESS_KEY_ID=[REDACTED]\n"
}

// A rewriter changes the input the tool will run with. Later links see the
// rewritten input — here a guard that would refuse a call with no timeout
// is satisfied — and the outcome names every link that changed the call.
func ExampleModify() {
	chain := hookchain.New(
		hookchain.Before("pin-timeout",
			hookchain.And(hookchain.Tool("Bash"), hookchain.Not(hookchain.InputExists("timeout"))),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				in, err := sjson.SetBytes(e.Input, "timeout", 60)
				if err != nil {
					return hookchain.Outcome{}, err
				}
				return hookchain.Modify(in, "added a 60s timeout"), nil
			}),
		hookchain.Before("require-timeout",
			hookchain.And(hookchain.Tool("Bash"), hookchain.Not(hookchain.InputExists("timeout"))),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Deny("every shell call needs a timeout"), nil
			}),
	)

	out := chain.Run(context.Background(), hookchain.Event{
		Hook:  hookchain.BeforeTool,
		Tool:  "Bash",
		Input: json.RawMessage(`{"command":"make test"}`),
	})
	fmt.Println(out.Verdict, "-", out.Reason)
	fmt.Println(string(out.Input))
	// Output:
	// Modified - pin-timeout: added a 60s timeout
	// {"command":"make test","timeout":60}
}

// Wrap puts a chain around the runtime's executor. A denied call never
// reaches the tool; the model reads the refusal as an error result.
func ExampleChain_Wrap() {
	chain := hookchain.New(
		hookchain.Before("read-only", hookchain.ToolGlob("Write|Edit|mcp__fs__write_*"),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Deny("this session is read-only"), nil
			}),
	)
	runTool := func(ctx context.Context, c hookchain.Call) (hookchain.Result, error) {
		fmt.Println("  (tool ran:", c.Tool+")")
		return hookchain.TextResult("file contents"), nil
	}
	exec := chain.Wrap(runTool)

	for _, call := range []hookchain.Call{
		{Tool: "Read", ID: "t1", Input: json.RawMessage(`{"file_path":"go.mod"}`)},
		{Tool: "mcp__fs__write_file", ID: "t2", Input: json.RawMessage(`{"path":"go.mod"}`)},
	} {
		fmt.Println(call.Tool)
		res, err := exec(context.Background(), call)
		fmt.Println("  model sees:", string(res.Output), "error result:", res.IsError, "err:", err)
	}
	// Output:
	// Read
	//   (tool ran: Read)
	//   model sees: "file contents" error result: false err: <nil>
	// mcp__fs__write_file
	//   model sees: "denied by read-only: this session is read-only" error result: true err: <nil>
}

// A link that cannot answer fails closed, and the outcome says which link
// failed and why. A link built with FailOpen is reported and skipped instead.
func ExampleLink_FailOpen() {
	chain := hookchain.New(
		hookchain.Before("audit-log", hookchain.Any(),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Outcome{}, errors.New("log server unreachable")
			}).FailOpen(),
		hookchain.Before("policy", hookchain.Any(),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				<-ctx.Done() // a policy server that never answers
				return hookchain.Allow(), nil
			}).Timeout(10*time.Millisecond),
	)

	out := chain.Run(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash"})
	fmt.Println(out.Reason)
	for _, s := range out.Trail {
		fmt.Printf("  %s: %v (%s)\n", s.Name, s.Verdict, s.Fault)
	}
	// Output:
	// policy failed and denies on failure: timed out after 10ms
	//   audit-log: Allowed (log server unreachable)
	//   policy: Denied (timed out after 10ms)
}

// An observer sees every link asked, allows included — the place for audit
// logs and metrics.
func ExampleObserver() {
	var log strings.Builder
	chain := hookchain.New(
		hookchain.Before("allow-all", hookchain.Any(),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) { return hookchain.Allow(), nil }),
	).WithObserver(hookchain.Observer{
		Step: func(ctx context.Context, r hookchain.StepReport) {
			fmt.Fprintf(&log, "%s %s %s: %v\n", r.Hook, r.Tool, r.Name, r.Verdict)
		},
		Run: func(ctx context.Context, r hookchain.RunReport) {
			fmt.Fprintf(&log, "%s %s: %v\n", r.Event.Hook, r.Event.Tool, r.Outcome.Verdict)
		},
	})

	chain.Run(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Read", CallID: "t1"})
	fmt.Print(log.String())
	// Output:
	// before_tool Read allow-all: Allowed
	// before_tool Read: Allowed
}
