package claudecode_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/process"
)

// A hook written for Claude Code guards a chain: it reads the call on stdin
// and blocks with exit status 2. The Timeout lets the chain stop waiting on
// its own; without FailOpen, a hook that breaks denies the call.
func ExampleCommand() {
	session := claudecode.SessionInfo{ID: "sess-1", Cwd: os.TempDir()}
	chain := hookchain.New(
		hookchain.Before("no-rm", hookchain.Tool("Bash"),
			claudecode.Command(process.Spec{Args: []string{"sh", "testdata/hooks/no-rm.sh"}, Dir: "."}, session)).
			Timeout(30 * time.Second),
	)
	for _, command := range []string{"ls -la", "rm -rf build"} {
		out := chain.Run(context.Background(), hookchain.Event{
			Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"` + command + `"}`),
		})
		fmt.Printf("%s: %v %q\n", command, out.Verdict, out.Reason)
	}
	// Output:
	// ls -la: Allowed ""
	// rm -rf build: Denied "denied by no-rm: refusing 'rm -rf build'"
}

// Decide reads one run of a hook by Claude Code's rules. "ask" is the
// core's Ask, for the chain's approver to decide; additionalContext rides on
// whatever the hook answered.
func ExampleDecide() {
	e := hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"git push --force"}`)}
	out, err := claudecode.Decide(e, process.Result{ExitCode: 0, Stdout: []byte(
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"force-push",` +
			`"additionalContext":"push a new branch instead"}}`)})
	fmt.Println(out.Verdict, out.Reason, err)
	fmt.Println("note:", out.Notes[0].Text)

	out, err = claudecode.Decide(e, process.Result{ExitCode: 1, Stderr: []byte("jq: command not found")})
	fmt.Println(out.Verdict, err)
	// Output:
	// Asked force-push <nil>
	// note: push a new branch instead
	// Allowed exited with status 1; stderr: "jq: command not found"
}

// Serve is a Claude Code hook program in one call; Main is the same on the
// process's own stdin, stdout and stderr, with os.Exit.
func ExampleServe() {
	chain := hookchain.New(hookchain.Before("no-force-push",
		hookchain.And(hookchain.Tool("Bash"), hookchain.InputMatches("command", `git push .*--force`)),
		func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Deny("push a new branch instead"), nil
		}))
	stdin := strings.NewReader(`{"session_id":"s","transcript_path":"/t","cwd":"/w","permission_mode":"default",` +
		`"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push origin main --force"},"tool_use_id":"toolu_1"}`)
	code := claudecode.Serve(context.Background(), chain, stdin, os.Stdout, os.Stderr)
	fmt.Println("exit", code)
	// Output:
	// {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"denied by no-force-push: push a new branch instead"}}
	// exit 0
}

// A hook program whose links ask puts the question to Claude Code's user:
// UserApprover defers it, and Serve answers "ask". A link's note reaches
// the model as additionalContext, named after the link.
func ExampleUserApprover() {
	chain := hookchain.New(
		hookchain.Before("push-guard", hookchain.And(hookchain.Tool("Bash"), hookchain.InputMatches("command", `\bgit push\b`)),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Ask("pushes to a shared remote").WithNote("CI runs on every push to main"), nil
			}),
	).WithApprover(claudecode.UserApprover())
	stdin := strings.NewReader(`{"session_id":"s","transcript_path":"/t","cwd":"/w","permission_mode":"default",` +
		`"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push origin main"},"tool_use_id":"toolu_1"}`)
	code := claudecode.Serve(context.Background(), chain, stdin, os.Stdout, os.Stderr)
	fmt.Println("exit", code)
	// Output:
	// {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"approval pending (asked by push-guard: pushes to a shared remote)","additionalContext":"push-guard: CI runs on every push to main"}}
	// exit 0
}
