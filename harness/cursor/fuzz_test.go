package cursor_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/cursor"
	"github.com/hookchain/hookchain/process"
)

// Whatever a hook prints, Decide reads it without panicking; and whatever
// Cursor's input, a chain that denies every call is never answered with
// what a gate of Cursor's reads as anything but a denial: exit 0 with a
// denial (or, for an input of no gate, nothing a gate reads), or exit 2.
func FuzzNoInputOrOutputIsAnsweredWithAnAllowByMistake(f *testing.F) {
	for _, s := range []string{`{"permission":"deny"}`, `{"permission":"allow","updated_input":{"a":1}}`, `[`, `null`, "\uFEFF{}",
		`{"hook_event_name":"beforeShellExecution","command":"rm -rf /"}`,
		`{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"beforeMCPExecution","tool_name":"q","tool_input":"{\"a\":1}"}`,
		`{"hook_event_name":"beforeReadFile","file_path":".env","content":"k"}`,
		`{"hook_event_name":"stop"}`} {
		f.Add(s, 0)
		f.Add(s, 2)
	}
	deny := hookchain.New(hookchain.Before("guard", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("no"), nil
	}))
	f.Fuzz(func(t *testing.T, text string, code int) {
		for event := range map[string]bool{cursor.PreToolUse: true, cursor.BeforeShellExecution: true, cursor.PostToolUse: true, cursor.BeforeReadFile: true} {
			_, _ = cursor.Decide(event, shell("ls"), process.Result{ExitCode: code, Stdout: []byte(text)})
			_, _ = cursor.Decide(event, result("MCP:q", "x"), process.Result{ExitCode: code, Stdout: []byte(text), Stderr: []byte(text)})
		}
		r := cursor.Answer(context.Background(), deny, []byte(text))
		require.Contains(t, []int{0, 2}, r.Exit)
		event, e, _, err := cursor.Decode([]byte(text))
		if err != nil || e.Hook != hookchain.BeforeTool {
			return
		}
		read, err := cursor.Decide(event, e, process.Result{ExitCode: r.Exit, Stdout: r.Stdout, Stderr: r.Stderr})
		require.NoError(t, err, "Cursor would count the answer as a failed hook, and run the call")
		assert.Equal(t, hookchain.Denied, read.Verdict, "%s: %s", event, r.Stdout)
	})
}
