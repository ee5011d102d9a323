package cline_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/cline"
	"github.com/hookchain/hookchain/process"
)

// Whatever a hook prints, Decide reads it without panicking; and whatever
// Cline's input, a chain that denies every call is never read by Cline as
// letting one run: the answer is exit 0 with a cancel.
func FuzzAnyOutputOrInputIsReadAndAnswered(f *testing.F) {
	for _, s := range []string{`{"cancel":true}`, "debug\n{\n\"cancel\":false\n}\n", `{`, `null`, `}{`, `{"shouldContinue":true}`,
		`{"hookName":"PreToolUse","taskId":"t","workspaceRoots":["/w"],"preToolUse":{"toolName":"execute_command","parameters":{"command":"ls"}}}`,
		`{"hookName":"PostToolUse","postToolUse":{"toolName":"read_file","result":"x","success":true}}`} {
		f.Add(s, 0)
		f.Add(s, 1)
	}
	deny := hookchain.New(hookchain.On("guard", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("no"), nil
	}))
	f.Fuzz(func(t *testing.T, text string, code int) {
		for _, e := range []hookchain.Event{command("ls"), commandResult("x")} {
			_, _ = cline.Decide(e, process.Result{ExitCode: code, Stdout: []byte(text)})
		}
		r := cline.Answer(context.Background(), deny, []byte(text))
		require.Equal(t, 0, r.Exit)
		o, err := cline.Decide(command("ls"), process.Result{Stdout: r.Stdout})
		require.NoError(t, err)
		assert.Equal(t, hookchain.Denied, o.Verdict, string(r.Stdout))
		assert.True(t, harness.Stops(hookchain.Outcome{Verdict: o.Verdict, DecidedBy: "x",
			Trail: []hookchain.Step{{Name: "x", Verdict: o.Verdict, Reason: o.Reason}}}), o.Reason)
	})
}
