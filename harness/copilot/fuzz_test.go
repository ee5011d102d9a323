package copilot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/harness/copilot"
	"github.com/hookchain/hookchain/process"
)

// Whatever a hook prints, Decide reads it without panicking; and whatever
// Copilot's input, a chain that denies every call is never read by
// Copilot as letting one run before it: the answer is exit 2, or exit 0
// with a denial.
func FuzzAnyOutputOrInputIsReadAndAnswered(f *testing.F) {
	for _, s := range []string{`{"permissionDecision":"deny"}`, `{"type":"progress"}` + "\n{}", `[`, `null`, `{"modifiedArgs":[1]}`,
		`{"modifiedResult":{"resultType":"success","textResultForLlm":"x"}}`,
		`{"sessionId":"s","timestamp":1,"cwd":"/","toolName":"bash","toolArgs":"{\"command\":\"ls\"}"}`,
		`{"toolName":"bash","toolArgs":"{}","toolResult":{"resultType":"success","textResultForLlm":"x"}}`,
		`{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"PostToolUse","tool_name":"Edit","tool_input":{},"tool_result":{"result_type":"success","text_result_for_llm":"x"}}`,
		`{"sessionId":"s","toolName":"bash","toolInput":{}}`} {
		f.Add(s, 0)
		f.Add(s, 2)
	}
	deny := hookchain.New(hookchain.On("guard", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("no"), nil
	}))
	f.Fuzz(func(t *testing.T, text string, code int) {
		for _, e := range []hookchain.Event{shell("ls"), shellResult("x")} {
			_, _ = copilot.Decide(e, process.Result{ExitCode: code, Stdout: []byte(text)})
		}
		r := copilot.Answer(context.Background(), deny, []byte(text))
		if r.Exit == 2 {
			return
		}
		require.Equal(t, 0, r.Exit)
		assert.Empty(t, r.Stderr)
		pre, err := copilot.Decide(shell("ls"), process.Result{Stdout: r.Stdout})
		require.NoError(t, err)
		post, err := copilot.Decide(shellResult("x"), process.Result{Stdout: r.Stdout})
		require.NoError(t, err)
		// A preToolUse answer denies; a postToolUse one withholds the output.
		assert.True(t, pre.Verdict == hookchain.Denied || post.Verdict == hookchain.Replaced, string(r.Stdout))
	})
}

// Whatever a hooks file holds, it is read without panicking, and every
// hook it gives runs a command or sends a request: no entry becomes a
// link that runs nothing, which would let every call through.
func FuzzAnyHooksFileIsReadOrRefused(f *testing.F) {
	for _, s := range []string{`{"version":1,"hooks":{"preToolUse":[{"bash":"a","matcher":"bash"}]}}`,
		`{"version":1,"hooks":{"PreToolUse":[{"exec":"a","args":["b"],"matcher":"Edit|Write"}],"postToolUse":[{"command":"c","env":{"K":"v"},"timeoutSec":1.5}]}}`,
		`{"version":1,"disableAllHooks":true,"hooks":{"preToolUse":[{"bash":"a"}]}}`,
		`{"version":1,"hooks":{"preToolUse":[{"powershell":"a"},{"type":"http","url":"u"}]}}`,
		`{"version":1,"hooks":{"postToolUse":[{"type":"http","url":"https://h.example/x","headers":{"A":"$B"},"allowedEnvVars":["B"]}]}}`,
		`{"version":1,"hooks":{"preToolUse":[{"bash":" "},{"exec":" "}]}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		hooks, _, err := copilot.ParseHooksFile("f.json", data)
		if err != nil {
			require.Nil(t, hooks)
			return
		}
		for _, h := range hooks {
			require.True(t, strings.TrimSpace(h.Command) != "" || len(h.Args) > 0 && h.Args[0] != "" || h.HTTP.URL != "", "%+v runs nothing", h)
		}
		links, err := copilot.Links(hooks, harness.SessionInfo{Cwd: "/work"})
		if err == nil {
			require.LessOrEqual(t, len(links), len(hooks))
		}
	})
}
