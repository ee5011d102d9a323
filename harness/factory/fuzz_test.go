package factory_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/factory"
	"github.com/hookchain/hookchain/process"
)

// Whatever a hook prints, Decide reads it without panicking, and status 2
// always denies; whatever Droid's input, a chain that denies every call is
// never answered with an allow: its answer is exit 2 with nothing on
// stdout, or the stop of an event that is not a tool call.
func FuzzAnyOutputOrInputIsReadAndAnswered(f *testing.F) {
	for _, s := range []string{`{"decision":"block"}`, `{"hookSpecificOutput":{"permissionDecision":"allow"}}`, `[`, `null`, `{"continue":false}`,
		`{"hookSpecificOutput":{"updatedInput":{"a":1}}}`, `{"hook_event_name":"PreToolUse","tool_name":"Execute","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"PostToolUse","tool_name":"Execute","tool_input":{},"tool_response":"x"}`} {
		f.Add(s, 0)
		f.Add(s, 2)
	}
	deny := hookchain.New(
		hookchain.Before("guard", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) { return hookchain.Deny("no"), nil }),
		hookchain.After("after-guard", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) { return hookchain.Deny("no"), nil }))
	f.Fuzz(func(t *testing.T, text string, code int) {
		for _, e := range []hookchain.Event{shell("ls"), shellResult("x")} {
			o, err := factory.Decide(e, process.Result{ExitCode: code, Stdout: []byte(text)})
			if code == 2 {
				assert.NoError(t, err)
				assert.Equal(t, hookchain.Denied, o.Verdict)
			}
		}
		r := factory.Answer(context.Background(), deny, []byte(text))
		if r.Exit == 0 {
			assert.Contains(t, string(r.Stdout), `"continue":false`, "only a stop is exit 0")
			return
		}
		assert.Equal(t, 2, r.Exit)
		assert.Empty(t, r.Stdout)
	})
}
