package qwen_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/qwen"
	"github.com/hookchain/hookchain/process"
)

// Whatever a hook prints, Decide reads it without panicking; whatever
// Qwen's input, a chain that denies every call never answers with what
// Qwen reads as letting it run: exit 0 with a denial or a stop, or the
// refusal's exit 2 with its denial on stderr.
func FuzzNoInputOrOutputIsAnsweredWithAnAllowByMistake(f *testing.F) {
	for _, s := range []string{`{"decision":"deny"}`, `"{\"a\":1}"`, `[`, `null`, "\uFEFF{}", `{"hookSpecificOutput":{"updatedInput":{"a":1}}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"read_file","tool_input":{"file_path":"a"}}`,
		`{"hook_event_name":"PostToolUse","tool_name":"read_file","tool_input":{},"tool_response":{"llmContent":"x"}}`} {
		f.Add(s, 0)
		f.Add(s, 2)
	}
	deny := hookchain.New(
		hookchain.Before("guard", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Deny("no"), nil
		}),
		hookchain.After("redact", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Deny("no"), nil
		}))
	f.Fuzz(func(t *testing.T, text string, code int) {
		for _, e := range []hookchain.Event{shell("ls"), shellResult("x")} {
			_, _ = qwen.Decide(e, process.Result{ExitCode: code, Stdout: []byte(text)})
			_, _ = qwen.Decide(e, process.Result{ExitCode: code, Stderr: []byte(text)})
		}
		r := qwen.Answer(context.Background(), deny, []byte(text))
		switch r.Exit {
		case 0:
			assert.Empty(t, r.Stderr)
			var a map[string]any
			require.NoError(t, json.Unmarshal(r.Stdout, &a), "an answer is one JSON object")
			// A tool-call input gets a denial (or a withheld output); any
			// other a stop.
			for _, e := range []hookchain.Event{shell("ls"), shellResult("x")} {
				o, err := qwen.Decide(e, process.Result{Stdout: r.Stdout})
				if err == nil && o.Verdict == hookchain.Denied {
					return
				}
			}
			t.Fatalf("an answer Qwen does not read as a denial at either event: %s", r.Stdout)
		case 2:
			assert.Equal(t, r.Stderr, r.Stdout)
			for _, e := range []hookchain.Event{shell("ls"), shellResult("x")} {
				o, err := qwen.Decide(e, process.Result{ExitCode: 2, Stderr: r.Stderr})
				require.NoError(t, err)
				assert.Equal(t, hookchain.Denied, o.Verdict)
			}
		default:
			t.Fatalf("exit %d", r.Exit)
		}
	})
}
