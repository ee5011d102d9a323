package shell_test

import (
	"context"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/shell"
)

// The Go block of docs/shell.md, kept compiling, line for line
// (TestEveryGoBlockOfTheDocsIsInAFileTheTestsCompile, at the repository's
// root). It has no output, so it is built and not run.
func Example_guards() {
	deny := func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("not here"), nil
	}
	allow := func(context.Context, hookchain.Event) (hookchain.Outcome, error) { return hookchain.Allow(), nil }
	chain := hookchain.New(
		hookchain.Before("no-recursive-rm", shell.Runs("command", "rm", "-r"), deny),        // -r, -R, -rf, -fr, --recursive, behind sudo/env/xargs/bash -c/$(…)
		hookchain.Before("no-force-push", shell.Runs("command", "git", "push", "-f"), deny), // -f, --force, --force-with-lease, --mirror, +refspec
		hookchain.Before("tests-ok", shell.Rule("command", "npm run test:*").Every().IfUnknown(false), allow),
	)
	chain.Run(context.Background(), bashCall("npm run test:unit"))
}
