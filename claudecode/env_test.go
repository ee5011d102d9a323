package claudecode

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCommandHooksReadTheSessionsEffortInClaudeEffort(t *testing.T) {
	// "Hooks now receive the active effort level via the effort.level JSON
	// input field and the $CLAUDE_EFFORT environment variable" (CHANGELOG
	// 2.1.133).
	t.Setenv(EffortEnv, "max") // hookchain's own environment is no session's
	spec := process.Spec{Shell: `echo "effort=${CLAUDE_EFFORT-unset} input=$(jq -r '.effort.level // "none"')" >&2; exit 2`}
	tests := []struct {
		name   string
		effort string // the input's effort field; "" for none
		want   string
	}{
		{name: "the input's level", effort: `{"level":"xhigh"}`, want: "effort=xhigh input=xhigh"},
		{name: "unset without one", want: "effort=unset input=none"},
		{name: "unset when the level is not a string", effort: `{"level":3}`, want: "effort=unset input=3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := SessionInfo{Cwd: t.TempDir()}
			if tt.effort != "" {
				s.Extra = map[string]json.RawMessage{"effort": json.RawMessage(tt.effort)}
			}
			out, err := Command(spec, SessionInfo{})(WithSessionInfo(context.Background(), s),
				hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`)})
			require.NoError(t, err)
			assert.Equal(t, hookchain.Denied, out.Verdict)
			assert.Equal(t, tt.want, out.Reason)
		})
	}
}

func TestEachOfTwoHundredConcurrentCallsGetsItsOwnEffort(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 200 hook processes")
	}
	levels := []string{"low", "medium", "high", "xhigh", "max"}
	run := Command(process.Spec{Shell: `echo "$CLAUDE_EFFORT" >&2; exit 2`, Env: []string{"A=1"}}, SessionInfo{Cwd: t.TempDir()})
	errs := make(chan string, 200)
	for i := range 200 {
		go func() {
			level := levels[i%len(levels)]
			ctx := WithSessionInfo(context.Background(), SessionInfo{Extra: map[string]json.RawMessage{"effort": json.RawMessage(`{"level":"` + level + `"}`)}})
			out, err := run(ctx, hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{}`)})
			switch {
			case err != nil:
				errs <- err.Error()
			case out.Reason != level:
				errs <- "got " + out.Reason + ", want " + level
			default:
				errs <- ""
			}
		}()
	}
	for range 200 {
		assert.Empty(t, <-errs)
	}
}
