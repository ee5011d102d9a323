package windsurf_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/windsurf"
)

// Windsurf has no matcher: a hook of an event runs for every call of its
// action, and for nothing else — a Claude Code name is not its action.
func TestAnEventsHookSelectsTheCallsOfItsActionOnly(t *testing.T) {
	calls := []string{"run_command", "read_code", "write_code", "mcp__github__push", "Bash", "Read", "Write", "mcp__", "mcp__x"}
	tests := []struct {
		event string
		want  []string
	}{
		{"pre_run_command", []string{"run_command"}},
		{"post_run_command", []string{"run_command"}},
		{"pre_read_code", []string{"read_code"}},
		{"pre_write_code", []string{"write_code"}},
		{"post_write_code", []string{"write_code"}},
		{"pre_mcp_tool_use", []string{"mcp__github__push"}},
		{"post_mcp_tool_use", []string{"mcp__github__push"}},
	}
	for _, tt := range tests {
		m := windsurf.Matcher(tt.event)
		var got []string
		for _, tool := range calls {
			if m.Match(hookchain.Event{Tool: tool}) {
				got = append(got, tool)
			}
		}
		assert.Equal(t, tt.want, got, tt.event)
	}
	assert.Equal(t, `windsurf.Matcher("pre_run_command")`, windsurf.Matcher("pre_run_command").(interface{ String() string }).String())
}

func TestAnEventThatIsNotAToolCallsHasNoMatcher(t *testing.T) {
	for _, event := range []string{"pre_user_prompt", "post_cascade_response", "PreToolUse", "pre_", ""} {
		_, err := windsurf.CompileMatcher(event)
		require.Error(t, err, event)
	}
	assert.Panics(t, func() { windsurf.Matcher("pre_user_prompt") })
}
