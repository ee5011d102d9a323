package codex_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/codex"
	"github.com/hookchain/hookchain/process"
)

// Whatever Codex sends, a chain that denies every call is never answered
// with what Codex reads as "run it": nothing, or an answer Codex counts as
// a failed hook.
func FuzzNoInputIsAnsweredWithRunIt(f *testing.F) {
	for _, seed := range []string{
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{},"tool_response":"x"}`,
		`{"hook_event_name":"Stop"}`,
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","Tool_name":"Read","tool_input":{}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"","tool_input":null}`,
		`{}`, `[]`, `null`, ``, "\xff",
	} {
		f.Add(seed)
	}
	denyAll := hookchain.New(hookchain.On("deny", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("no"), nil
	}))
	f.Fuzz(func(t *testing.T, input string) {
		r := codex.Answer(context.Background(), denyAll, []byte(input))
		if len(r.Stdout) == 0 && r.Exit != 2 {
			t.Fatalf("answered %q with nothing at exit %d", input, r.Exit)
		}
		if r.Exit == 2 || halts(r.Stdout) {
			// A refusal, whose stderr always has the reason; or the stop
			// for an event that is not a tool call.
			return
		}
		// Answered in JSON, the input was a tool call, which names its event.
		var in codex.Input
		if err := json.Unmarshal([]byte(input), &in); err != nil {
			t.Fatalf("answered %q, which does not decode, with %s", input, r.Stdout)
		}
		e := hookchain.Event{Hook: hookchain.BeforeTool}
		if in.HookEventName == codex.PostToolUse {
			e.Hook = hookchain.AfterTool
		}
		o, err := codex.Decide(e, process.Result{Stdout: r.Stdout})
		if err != nil {
			t.Fatalf("answered %q with %s, which Codex counts as a failure: %v", input, r.Stdout, err)
		}
		if o.Verdict == hookchain.Allowed {
			t.Fatalf("answered %q with %s, an allow", input, r.Stdout)
		}
	})
}

func halts(stdout []byte) bool {
	return len(stdout) > 17 && string(stdout[:17]) == `{"continue":false`
}
