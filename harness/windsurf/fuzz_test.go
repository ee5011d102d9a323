package windsurf_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness/windsurf"
	"github.com/hookchain/hookchain/process"
)

// Whatever a hook prints, Decide reads it without panicking; and whatever
// Windsurf's input, a chain that denies every call is never answered with
// an allow: exit 2 with nothing on stdout, or exit 0 only for an input
// after the action (which a before-the-call guard does not judge).
func FuzzAnyOutputOrInputIsReadAndAnswered(f *testing.F) {
	for _, s := range []string{`{"decision":"deny"}`, `[`, `null`, "\uFEFF{}",
		`{"agent_action_name":"pre_run_command","tool_info":{"command_line":"ls","cwd":"/"}}`,
		`{"agent_action_name":"pre_mcp_tool_use","tool_info":{"mcp_server_name":"a","mcp_tool_name":"b","mcp_tool_arguments":{}}}`,
		`{"agent_action_name":"post_mcp_tool_use","tool_info":{"mcp_server_name":"a","mcp_tool_name":"b","mcp_result":"x"}}`,
		`{"agent_action_name":"pre_read_code","tool_info":{"file_path":"a"}}`} {
		f.Add(s, 0)
		f.Add(s, 2)
	}
	deny := hookchain.New(hookchain.Before("guard", hookchain.Any(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("no"), nil
	}))
	f.Fuzz(func(t *testing.T, text string, code int) {
		for _, e := range []hookchain.Event{command("ls"), mcpResult("x")} {
			_, _ = windsurf.Decide(e, process.Result{ExitCode: code, Stdout: []byte(text)})
			_, _ = windsurf.Decide(e, process.Result{ExitCode: code, Stderr: []byte(text)})
		}
		r := windsurf.Answer(context.Background(), deny, []byte(text))
		assert.Empty(t, r.Stdout)
		switch r.Exit {
		case 2:
			assert.NotEmpty(t, r.Stderr)
		case 0:
			e, _, err := windsurf.Profile().Decode([]byte(text))
			assert.NoError(t, err)
			assert.Equal(t, hookchain.AfterTool, e.Hook, "an allow before the action")
		default:
			t.Fatalf("exit %d", r.Exit)
		}
	})
}
