package kiro_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/kiro"
	"github.com/hookchain/hookchain/process"
)

// Whatever a hook prints, Decide reads it without panicking; and whatever
// Kiro's input, a chain that denies every call is never read by Kiro as
// letting one run: the answer is exit 2, which blocks, with nothing on
// stdout.
func FuzzAnyOutputOrInputIsReadAndAnswered(f *testing.F) {
	for _, s := range []string{`{"decision":"block"}`, `[`, `null`, "\uFEFF{}",
		`{"hook_event_name":"preToolUse","cwd":"/","tool_name":"execute_bash","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"postToolUse","cwd":"/","tool_name":"fs_read","tool_input":{},"tool_response":{"success":true,"result":["x"]}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"@git/status","tool_input":{}}`} {
		f.Add(s, 0)
		f.Add(s, 2)
	}
	deny := hookchain.New(hookchain.On("guard", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("no"), nil
	}))
	f.Fuzz(func(t *testing.T, text string, code int) {
		for _, e := range []hookchain.Event{shell("ls"), shellResult("x")} {
			_, _ = kiro.Decide(e, process.Result{ExitCode: code, Stdout: []byte(text), Stderr: []byte(text)})
		}
		r := kiro.Answer(context.Background(), deny, []byte(text))
		require.Equal(t, 2, r.Exit, string(r.Stderr))
		assert.Empty(t, r.Stdout)
		o, err := kiro.Decide(shell("ls"), process.Result{ExitCode: r.Exit, Stderr: r.Stderr})
		require.NoError(t, err)
		assert.Equal(t, hookchain.Denied, o.Verdict)
	})
}
