package settings

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/process"
)

func TestOneChainServesEveryConversation(t *testing.T) {
	// The hooks of each call are told about its own conversation, and run
	// in its working directory, which follows the agent's cd.
	project := t.TempDir()
	chain := chainFor(t, `{"hooks": {"PreToolUse": [{"hooks": [
	  {"type": "command", "command": "cat > \"$PWD/input.json\"; echo \"$CLAUDE_PROJECT_DIR\" > \"$PWD/project\""}
	]}]}}`, Options{ProjectDir: project})
	first, second := t.TempDir(), t.TempDir()

	for _, s := range []claudecode.SessionInfo{
		{ID: "conv-1", Cwd: first, PermissionMode: "plan"},
		{ID: "conv-2", Cwd: second, Extra: map[string]json.RawMessage{"agent_type": json.RawMessage(`"Explore"`)}},
	} {
		out := chain.Run(claudecode.WithSessionInfo(context.Background(), s), bash("ls"))
		require.Equal(t, hookchain.Allowed, out.Verdict, "%+v", out)
	}

	read := func(dir, name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		return string(b)
	}
	assert.JSONEq(t, `{"session_id":"conv-1","transcript_path":"","cwd":"`+first+`","permission_mode":"plan",
	  "hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"toolu_1"}`, read(first, "input.json"))
	assert.JSONEq(t, `{"session_id":"conv-2","transcript_path":"","cwd":"`+second+`","permission_mode":"default",
	  "hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"toolu_1","agent_type":"Explore"}`, read(second, "input.json"))
	assert.Equal(t, project+"\n", read(first, "project"), "CLAUDE_PROJECT_DIR stays the project's root wherever the agent is")
	assert.Equal(t, project+"\n", read(second, "project"))
}

func TestCommandHooksGetTheEnvironmentTheOptionsSay(t *testing.T) {
	t.Setenv("HOOKCHAIN_DENY_LIST", "/etc")
	t.Setenv("OTEL_EXPORTER_OTLP_HEADERS", "token")
	hook := `{"type": "command", "command": "cat >/dev/null; echo \"deny=${HOOKCHAIN_DENY_LIST-unset} otel=${OTEL_EXPORTER_OTLP_HEADERS-unset} extra=${EXTRA-unset}\" >&2; exit 2"}`
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"by default, Claude Code's: everything but OTEL_*", Options{}, "deny=/etc otel=unset extra=unset"},
		{"the strict baseline", Options{Inherit: process.InheritBase}, "deny=unset otel=unset extra=unset"},
		{"the strict baseline, plus what Env adds", Options{Inherit: process.InheritBase, Env: []string{"EXTRA=1"}}, "deny=unset otel=unset extra=1"},
		{"everything, less what Unset names", Options{Inherit: process.InheritAll, Unset: []string{"HOOKCHAIN_DENY_*"}}, "deny=unset otel=token extra=unset"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.ProjectDir = t.TempDir()
			chain := chainFor(t, `{"hooks": {"PreToolUse": [{"hooks": [`+hook+`]}]}}`, tt.opts)
			out := chain.Run(context.Background(), bash("ls"))
			require.Len(t, out.Trail, 1)
			assert.Equal(t, tt.want, out.Trail[0].Reason)
		})
	}
}

func TestAPluginsHooksAreLoadedWithTheirRootAndKeptApart(t *testing.T) {
	// "If you define the same handler in more than one settings file, it
	// runs once. A plugin's or skill's copy of the same handler stays
	// separate" (hooks reference).
	root := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "hooks"), 0o755))
	write(t, filepath.Join(root, "hooks"), "hooks.json", `{"description": "audit", "hooks": {"PreToolUse": [{"hooks": [
	  {"type": "command", "command": "cat >/dev/null; echo \"${CLAUDE_PLUGIN_ROOT}|$CLAUDE_PLUGIN_ROOT\" >&2; exit 2"},
	  {"type": "command", "command": "true"}
	]}]}}`)
	user := write(t, t.TempDir(), "settings.json", `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "true"}]}]}}`)

	plugin, err := LoadPlugin(Plugin{Root: root})
	require.NoError(t, err)
	files, err := Load(user)
	require.NoError(t, err)
	s := Merge(files, plugin)
	hooks := s.Hooks(Options{})
	require.Len(t, hooks, 3)
	assert.Equal(t, []string{"true@PreToolUse[0].hooks[0]", "cat >/dev/null; echo \"${CLAUDE_PLUGIN_R…", "true@PreToolUse[0].hooks[1]"},
		[]string{hooks[0].Name, hooks[1].Name, hooks[2].Name}, "the plugin's copy of a hook is a hook of its own")
	assert.Equal(t, []Status{Linked, Linked, Linked}, []Status{hooks[0].Status, hooks[1].Status, hooks[2].Status})
	assert.Equal(t, []string{"", root, root}, []string{hooks[0].Plugin, hooks[1].Plugin, hooks[2].Plugin})

	links, err := s.Links(Options{ProjectDir: t.TempDir()})
	require.NoError(t, err)
	out := hookchain.New(links...).Run(context.Background(), bash("ls"))
	require.Equal(t, hookchain.Denied, out.Verdict)
	assert.Equal(t, root+"|"+root, out.Trail[0].Reason, "replaced in the command and set in the environment")

	_, err = LoadPlugin(Plugin{Root: t.TempDir()})
	require.Error(t, err)
	assert.Contains(t, err.Error(), filepath.Join("hooks", "hooks.json"))
}

func TestTheProjectOfASettingsFileIsTheDirectoryAboveItsDotClaude(t *testing.T) {
	home, project := t.TempDir(), t.TempDir()
	for _, dir := range []string{filepath.Join(home, ".claude"), filepath.Join(project, ".claude"), filepath.Join(project, "src", "pkg")} {
		require.NoError(t, os.MkdirAll(dir, 0o755))
	}
	write(t, filepath.Join(home, ".claude"), "settings.json", `{}`)
	write(t, filepath.Join(project, ".claude"), "settings.local.json", `{}`)

	root, ok := ProjectOf(filepath.Join(project, ".claude", "settings.json"), home)
	assert.True(t, ok)
	assert.Equal(t, project, root)
	_, ok = ProjectOf(filepath.Join(home, ".claude", "settings.json"), home)
	assert.False(t, ok, "the user's settings belong to no project")
	_, ok = ProjectOf(filepath.Join(project, "hooks.json"), home)
	assert.False(t, ok)

	root, ok = FindProject(filepath.Join(project, "src", "pkg"), home)
	assert.True(t, ok)
	assert.Equal(t, project, root, "found from a sub-directory")
	_, ok = FindProject(filepath.Join(home, "elsewhere"), home)
	assert.False(t, ok, "the home directory's .claude is the user's, not a project's")
}

func TestUnknownEventsAreErrorsWithADidYouMean(t *testing.T) {
	tests := []struct{ event, err string }{
		{"PreToolUsage", `unknown hook event "PreToolUsage": Claude Code never runs it; did you mean "PreToolUse"?`},
		{"PostToolUseFailed", `unknown hook event "PostToolUseFailed": Claude Code never runs it; did you mean "PostToolUseFailure"?`},
		{"posttooluse", `unknown hook event "posttooluse": event names are case-sensitive; write "PostToolUse"`},
		{"OnSave", `unknown hook event "OnSave": Claude Code never runs it`},
	}
	for _, tt := range tests {
		t.Run(tt.event, func(t *testing.T) {
			s, err := Parse("s.json", []byte(`{"hooks": {"`+tt.event+`": [{"hooks": [{"type": "command", "command": "true"}]}]}}`))
			require.NoError(t, err)
			_, err = s.Links(Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.err)
		})
	}
	// Events Claude Code runs that are not tool calls are no error.
	s, err := Parse("s.json", []byte(`{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "true"}]}]}}`))
	require.NoError(t, err)
	_, err = s.Links(Options{})
	require.NoError(t, err)
}
