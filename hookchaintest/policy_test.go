package hookchaintest_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/tidwall/gjson"

	"github.com/hookchain/hookchain"
)

// policy is the chain the tests check: a small but real set of guards, one
// for each way a chain can answer.
//
//   - no-rm denies recursive deletes in Bash;
//   - pin-timeout gives every Bash call a 60 s timeout (Modify);
//   - npm-note tells the model that npm is the wrong tool (context on an Allow);
//   - ask-push asks before a git push (Ask), and the approver, alice, answers:
//     she approves a push of a branch, refuses one to main and leaves a push
//     of tags for later (Defer);
//   - redact replaces results of Read that hold an AWS key (Replace);
//   - audit fails for Flaky but fails open (a fault with Allowed);
//   - quota fails for Fetch and fails closed (a fault with Denied).
func policy() *hookchain.Chain {
	return hookchain.New(
		hookchain.Before("no-rm",
			hookchain.And(hookchain.Tool("Bash"), hookchain.InputMatches("command", `\brm\s+-rf\b`)),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Deny("recursive delete"), nil
			}),
		hookchain.Before("pin-timeout", hookchain.Tool("Bash"), pinTimeout),
		hookchain.Before("npm-note",
			hookchain.And(hookchain.Tool("Bash"), hookchain.InputMatches("command", `\bnpm\b`)),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Allow().WithNote("this repository uses pnpm, not npm"), nil
			}),
		hookchain.Before("ask-push",
			hookchain.And(hookchain.Tool("Bash"), hookchain.InputMatches("command", `\bgit\s+push\b`)),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Ask("push to a remote?"), nil
			}),
		hookchain.After("redact", hookchain.Tool("Read"),
			func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				if !strings.Contains(string(e.Output), "AKIA") {
					return hookchain.Allow(), nil
				}
				return hookchain.Replace(hookchain.Text("[redacted]"), false, "a credential"), nil
			}),
		hookchain.After("audit", hookchain.Tool("Flaky"),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Outcome{}, errors.New("audit log unreachable")
			}).FailOpen(),
		hookchain.Before("quota", hookchain.Tool("Fetch"),
			func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Outcome{}, errors.New("quota service unavailable")
			}),
	).WithApprover(hookchain.Approver{Name: "human", Timeout: time.Second, Answer: alice})
}

// alice is the approver: she reads the command the tool would run, timeout
// included.
func alice(_ context.Context, q hookchain.Question) (hookchain.Approval, error) {
	command := gjson.GetBytes(q.Input, "command").String()
	switch {
	case strings.Contains(command, "main"):
		return hookchain.Approval{Decision: hookchain.Refuse, By: "alice", Reason: "not on main"}, nil
	case strings.Contains(command, "--tags"):
		return hookchain.Approval{Decision: hookchain.Defer, By: "alice", Reason: "after the release"}, nil
	}
	return hookchain.Approval{Decision: hookchain.Approve, By: "alice", Reason: "a feature branch"}, nil
}

func pinTimeout(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
	var in map[string]any
	if err := json.Unmarshal(e.Input, &in); err != nil {
		return hookchain.Outcome{}, err
	}
	in["timeout"] = 60
	out, err := json.Marshal(in)
	if err != nil {
		return hookchain.Outcome{}, err
	}
	return hookchain.Modify(out, "bounded to 60s"), nil
}

// Events for the policy, one per path through it.
var (
	rmEvent = hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "c1",
		Input: json.RawMessage(`{"command": "rm -rf /"}`)}
	lsEvent = hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "c2",
		Input: json.RawMessage(`{"command": "ls"}`)}
	keyEvent = hookchain.Event{Hook: hookchain.AfterTool, Tool: "Read", CallID: "c3",
		Input: json.RawMessage(`{"path": ".env"}`), Output: hookchain.Text("AWS_KEY=AKIAEXAMPLE")}
	flakyEvent = hookchain.Event{Hook: hookchain.AfterTool, Tool: "Flaky", CallID: "c4",
		Output: hookchain.Text("ok")}
	fetchEvent = hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Fetch", CallID: "c5",
		Input: json.RawMessage(`{"url": "https://example.com"}`)}
	npmEvent = hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "c6",
		Input: json.RawMessage(`{"command": "npm install"}`)}
	pushEvent = hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "c7",
		Input: json.RawMessage(`{"command": "git push origin feature"}`)}
	pushMainEvent = hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "c8",
		Input: json.RawMessage(`{"command": "git push origin main"}`)}
	pushTagsEvent = hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "c9",
		Input: json.RawMessage(`{"command": "git push --tags"}`)}
)
