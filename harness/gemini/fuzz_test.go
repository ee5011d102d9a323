package gemini_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/gemini"
	"github.com/hookchain/hookchain/process"
)

// Whatever a hook prints, Decide reads it without panicking; and whatever
// Gemini's input, the chain's answer is exit 0 with JSON or nothing, or
// the refusal's exit 2 with nothing on stdout.
func FuzzAnyOutputOrInputIsReadAndAnswered(f *testing.F) {
	for _, s := range []string{`{"decision":"deny"}`, `"{\"a\":1}"`, `[`, `null`, "\uFEFF{}", `{"hookSpecificOutput":{"tool_input":{"a":1}}}`,
		`{"hook_event_name":"BeforeTool","tool_name":"read_file","tool_input":{"file_path":"a"}}`} {
		f.Add(s, 0)
		f.Add(s, 2)
	}
	deny := hookchain.New(hookchain.Before("guard", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("no"), nil
	}))
	f.Fuzz(func(t *testing.T, text string, code int) {
		for _, e := range []hookchain.Event{shell("ls"), shellResult("x")} {
			_, _ = gemini.Decide(e, process.Result{ExitCode: code, Stdout: []byte(text)})
			_, _ = gemini.Decide(e, process.Result{ExitCode: code, Stderr: []byte(text)})
		}
		r := gemini.Answer(context.Background(), deny, []byte(text))
		switch r.Exit {
		case 0:
			assert.Empty(t, r.Stderr)
		case 2:
			assert.Empty(t, r.Stdout)
		default:
			t.Fatalf("exit %d", r.Exit)
		}
	})
}
