// Command claudecodehook is a Claude Code hook written in Go: registered in
// a settings file as a PreToolUse command hook, it refuses force pushes,
// answering Claude Code in its own JSON. docs/claude-code.md shows its main.
package main

import (
	"context"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
)

func denyForcePush(context.Context, hookchain.Event) (hookchain.Outcome, error) {
	return hookchain.Deny("force-pushing rewrites shared history; push a new branch"), nil
}

func main() {
	claudecode.Main(hookchain.New(
		hookchain.Before("no-force-push", hookchain.And(hookchain.Tool("Bash"),
			hookchain.InputMatches("command", `git push .*--force`)), denyForcePush),
	))
}
