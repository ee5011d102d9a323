package copilot_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/copilot"
)

// A chain as Copilot's hook: a guard's denial reaches Copilot as
// permissionDecision "deny", and a note after the call as
// additionalContext. In a hook program, copilot.Main(chain) does this with
// stdin and stdout.
func ExampleAnswer() {
	guard := func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		if strings.Contains(string(e.Input), "rm -rf") {
			return hookchain.Deny("recursive deletes are not allowed"), nil
		}
		return hookchain.Allow(), nil
	}
	hint := func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Allow().WithNote("this repository uses pnpm"), nil
	}
	chain := hookchain.New(
		hookchain.Before("guard", copilot.Matcher("bash"), guard),
		hookchain.After("hint", copilot.Matcher("bash"), hint))

	base := `"sessionId":"s","timestamp":1764669600000,"cwd":"/work","toolName":"bash"`
	for _, input := range []string{
		`{` + base + `,"toolArgs":"{\"command\":\"rm -rf build\"}"}`,
		`{` + base + `,"toolArgs":"{\"command\":\"npm test\"}","toolResult":{"resultType":"success","textResultForLlm":"ok"}}`,
	} {
		reply := copilot.Answer(context.Background(), chain, []byte(input))
		fmt.Printf("exit %d: %s", reply.Exit, reply.Stdout)
	}
	// Output:
	// exit 0: {"permissionDecision":"deny","permissionDecisionReason":"denied by guard: recursive deletes are not allowed"}
	// exit 0: {"additionalContext":"hint: this repository uses pnpm"}
}

// A Copilot hooks file read as Copilot reads it: its tool-call hooks, the
// camelCase and the PascalCase ones, command or http, become links; a hook
// of another event is read and left out.
func ExampleParseHooksFile() {
	file := []byte(`{"version": 1, "hooks": {
	  "sessionStart": [{"type": "command", "bash": "echo started"}],
	  "preToolUse":   [{"type": "command", "matcher": "bash|edit", "bash": "./guard.sh", "timeoutSec": 10}],
	  "PreToolUse":   [{"type": "command", "matcher": "Edit|Write", "bash": "./claude-guard.sh"}],
	  "postToolUse":  [{"type": "http", "url": "https://hooks.example.com/copilot"}]}}`)
	hooks, warnings, err := copilot.ParseHooksFile(".github/hooks/guards.json", file)
	if err != nil {
		panic(err)
	}
	for _, h := range hooks {
		fmt.Println(h.Place, h.Event, h.Matcher, h.String())
	}
	for _, w := range warnings {
		fmt.Println("warning:", w)
	}
	links, err := copilot.Links(hooks, harness.SessionInfo{Cwd: "/work"})
	if err != nil {
		panic(err)
	}
	fmt.Println(len(links), "links")
	// Output:
	// .github/hooks/guards.json:hooks.preToolUse[0] preToolUse bash|edit ./guard.sh
	// .github/hooks/guards.json:hooks.postToolUse[0] postToolUse  https://hooks.example.com/copilot
	// .github/hooks/guards.json:hooks.sessionStart[0] sessionStart  echo started
	// .github/hooks/guards.json:hooks.PreToolUse[0] PreToolUse Edit|Write ./claude-guard.sh
	// 3 links
}
