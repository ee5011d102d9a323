// Command gohook is a Claude Code hook written in Go, for the tests: a small
// chain that reminds the model to use pnpm, refuses recursive deletes, has
// Claude Code's user approve pushes, pins a timeout on shell commands, gives
// a hint after a failed call, withholds output that carries a credential and
// refuses to show stack traces.
package main

import (
	"bytes"
	"context"

	"github.com/tidwall/sjson"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
)

func main() {
	claudecode.Main(hookchain.New(
		hookchain.Before("pnpm-hint",
			hookchain.And(hookchain.Tool("Bash"), hookchain.InputMatches("command", `\bnpm\b`)),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Allow().WithNote("this repository uses pnpm, not npm"), nil
			}),
		hookchain.Before("no-rm",
			hookchain.And(hookchain.Tool("Bash"), hookchain.InputMatches("command", `\brm\s+-rf\b`)),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Deny("recursive delete"), nil
			}),
		hookchain.Before("push-guard",
			hookchain.And(hookchain.Tool("Bash"), hookchain.InputMatches("command", `\bgit\s+push\b`)),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Ask("pushes to a shared remote"), nil
			}),
		hookchain.Before("pin-timeout",
			hookchain.And(hookchain.Tool("Bash"), hookchain.Not(hookchain.InputExists("timeout"))),
			func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				in, err := sjson.SetBytes(e.Input, "timeout", 60)
				if err != nil {
					return hookchain.Outcome{}, err
				}
				return hookchain.Modify(in, "60s timeout"), nil
			}),
		hookchain.After("retry-hint", hookchain.Any(),
			func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				if !e.IsError {
					return hookchain.Allow(), nil
				}
				return hookchain.Allow().WithNote("read the error before retrying"), nil
			}),
		hookchain.After("redact", hookchain.Any(),
			func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				if !bytes.Contains(e.Output, []byte("sk-")) {
					return hookchain.Allow(), nil
				}
				return hookchain.Replace(hookchain.Text("[withheld: a credential]"), e.IsError, "a credential"), nil
			}),
		hookchain.After("no-traces", hookchain.Any(),
			func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				if bytes.Contains(e.Output, []byte("Traceback")) {
					return hookchain.Deny("stack traces are not shown"), nil
				}
				return hookchain.Allow(), nil
			}),
	).WithApprover(claudecode.UserApprover()))
}
