package harness_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/cline"
	"github.com/hookchain/hookchain/harness/codex"
	"github.com/hookchain/hookchain/harness/copilot"
	"github.com/hookchain/hookchain/harness/cursor"
	"github.com/hookchain/hookchain/harness/factory"
	"github.com/hookchain/hookchain/harness/gemini"
	"github.com/hookchain/hookchain/harness/kiro"
	"github.com/hookchain/hookchain/harness/qwen"
	"github.com/hookchain/hookchain/harness/windsurf"
	"github.com/hookchain/hookchain/process"
)

// profiles are every CLI package harness has a profile of, Claude Code's
// first.
func profiles() []harness.Profile {
	return []harness.Profile{claudecode.Profile(), codex.Profile(), gemini.Profile(), copilot.Profile(), cursor.Profile(), factory.Profile(), cline.Profile(), kiro.Profile(), qwen.Profile(), windsurf.Profile()}
}

// A chain whose links rewrite a call and then ask about it, with the ask
// left to the CLI's user, is answered — as every CLI's one hook — with
// either a denial or an ask about the rewritten input, never the model's:
// the CLI would run the input it asked about, which no link judged. Each
// answer is read back by the CLI's own rules (the profile's Read).
func TestAnAskAboutARewrittenCallNeverLetsTheModelsInputRun(t *testing.T) {
	rewrite := hookchain.Before("dry-run", hookchain.Any(), func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Modify(json.RawMessage(`{"command":"git push -n"}`), "a dry run first"), nil
	})
	ask := hookchain.Before("push", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Ask("pushes to a shared remote"), nil
	})
	user := hookchain.Approver{Name: "user", Timeout: time.Minute,
		Answer: func(context.Context, hookchain.Question) (hookchain.Approval, error) {
			return hookchain.Approval{Decision: hookchain.Defer, Reason: "the CLI asks its user"}, nil
		}}
	chain := hookchain.New(rewrite, ask).WithApprover(user)
	for _, p := range profiles() {
		t.Run(p.Name, func(t *testing.T) {
			tool, ok := p.Tools.Own("Bash")
			require.True(t, ok, "every CLI has a shell")
			e := hookchain.Event{Hook: hookchain.BeforeTool, Tool: tool, CallID: "c1", Input: json.RawMessage(`{"command":"git push"}`)}
			session := harness.SessionInfo{ID: "s1", Cwd: t.TempDir()}
			input, err := p.Input(e, session)
			require.NoError(t, err)

			r := harness.Answer(context.Background(), p, chain, input)

			got, err := p.Read(e, process.Result{ExitCode: r.Exit, Stdout: r.Stdout, Stderr: r.Stderr})
			require.NoError(t, err, "the CLI reads the answer as a failed hook: %+v", r)
			switch got.Verdict {
			case hookchain.Denied:
			case hookchain.Asked, hookchain.Modified:
				assert.JSONEq(t, `{"command":"git push -n"}`, string(got.Input), "the CLI would run the model's input: %s", r.Stdout)
			default:
				t.Fatalf("the CLI reads %v: %s %s", got.Verdict, r.Stdout, r.Stderr)
			}
		})
	}
}
