package harness_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// A chain's message for the user reaches it in the field the CLI shows its
// user — read back by the CLI's own rules as that message — and, where the
// CLI has no such field, is dropped rather than put where the model reads
// it.
func TestAMessageForTheUserIsShownWhereTheCLICanAndNowhereElse(t *testing.T) {
	chain := hookchain.New(hookchain.Before("audit", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Allow().WithMessage("logged to the audit trail"), nil
	}))
	shows := map[string]bool{"claude": true, "codex": true, "gemini": true, "factory": true, "qwen": true}
	for _, p := range profiles() {
		t.Run(p.Name, func(t *testing.T) {
			require.Equal(t, shows[p.Name], p.Can.Message, "the capability table's message column")
			tool, ok := p.Tools.Own("Bash")
			require.True(t, ok)
			command := `{"command":"ls"}`
			if p.Name == "windsurf" {
				command = `{"command_line":"ls"}` // Cascade's shell input
			}
			e := hookchain.Event{Hook: hookchain.BeforeTool, Tool: tool, CallID: "c1", Input: json.RawMessage(command)}
			input, err := p.Input(e, harness.SessionInfo{ID: "s1", Cwd: t.TempDir()})
			require.NoError(t, err)

			r := harness.Answer(context.Background(), p, chain, input)
			got, err := p.Read(e, process.Result{ExitCode: r.Exit, Stdout: r.Stdout, Stderr: r.Stderr})

			require.NoError(t, err, "%+v", r)
			assert.Equal(t, hookchain.Allowed, got.Verdict, "a message never blocks")
			if p.Can.Message {
				assert.Equal(t, []hookchain.Note{{Text: "audit: logged to the audit trail"}}, got.Messages)
				return
			}
			assert.Empty(t, got.Messages)
			assert.Empty(t, got.Notes, "the model is not told what was for the user")
			assert.NotContains(t, string(r.Stdout)+string(r.Stderr), "audit trail")
		})
	}
}

// A hook that answers with its CLI's message for the user gives the chain
// a message, kept apart from the notes for the model; a blank one is none.
func TestAHooksSystemMessageIsAMessageForTheUser(t *testing.T) {
	for _, p := range profiles() {
		if !p.Can.Message {
			continue
		}
		t.Run(p.Name, func(t *testing.T) {
			tool, _ := p.Tools.Own("Bash")
			e := hookchain.Event{Hook: hookchain.BeforeTool, Tool: tool, CallID: "c1", Input: json.RawMessage(`{"command":"ls"}`)}
			for _, tc := range []struct {
				answer string
				want   []hookchain.Note
			}{
				{`{"systemMessage":"checked by the linter"}`, []hookchain.Note{{Text: "checked by the linter"}}},
				{`{"systemMessage":"   "}`, nil},
				{`{}`, nil},
			} {
				hook, err := harness.Command(p, process.Spec{Shell: "cat >/dev/null; printf '%s\\n' '" + tc.answer + "'", Timeout: 10 * time.Second},
					harness.SessionInfo{ID: "s1", Cwd: t.TempDir()})
				require.NoError(t, err)
				out, err := hook(context.Background(), e)
				require.NoError(t, err, tc.answer)
				assert.Equal(t, tc.want, out.Messages, tc.answer)
				assert.Empty(t, out.Notes, tc.answer)
				assert.False(t, strings.Contains(out.Reason, "linter"), "not the model's reason: %q", out.Reason)
			}
		})
	}
}

// Under 200 calls at once through one profile, each answer carries its own
// call's message and no other's.
func TestEachAnswerCarriesItsOwnCallsMessageUnderLoad(t *testing.T) {
	chain := hookchain.New(hookchain.Before("echo", hookchain.Any(), func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		var in struct{ Command string }
		if err := json.Unmarshal(e.Input, &in); err != nil {
			return hookchain.Outcome{}, err
		}
		return hookchain.Allow().WithMessage("ran " + in.Command), nil
	}))
	for _, p := range profiles() {
		if !p.Can.Message {
			continue
		}
		t.Run(p.Name, func(t *testing.T) {
			tool, _ := p.Tools.Own("Bash")
			errs := make(chan error, 200)
			for i := range 200 {
				go func() {
					command := fmt.Sprintf("echo %d", i)
					e := hookchain.Event{Hook: hookchain.BeforeTool, Tool: tool, CallID: "c", Input: json.RawMessage(`{"command":"` + command + `"}`)}
					input, err := p.Input(e, harness.SessionInfo{ID: "s", Cwd: "/"})
					if err != nil {
						errs <- err
						return
					}
					r := harness.Answer(context.Background(), p, chain, input)
					got, err := p.Read(e, process.Result{ExitCode: r.Exit, Stdout: r.Stdout, Stderr: r.Stderr})
					switch {
					case err != nil:
						errs <- err
					case len(got.Messages) != 1 || got.Messages[0].Text != "echo: ran "+command:
						errs <- fmt.Errorf("call %q answered with %+v", command, got.Messages)
					default:
						errs <- nil
					}
				}()
			}
			for range 200 {
				require.NoError(t, <-errs)
			}
		})
	}
}
