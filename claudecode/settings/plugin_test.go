package settings

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// plugin writes a plugin to a new directory: its manifest (none when
// manifest is "") and its hooks.json, and returns its root.
func plugin(t *testing.T, manifest, hooks string) string {
	t.Helper()
	root := t.TempDir()
	if manifest != "" {
		require.NoError(t, os.MkdirAll(filepath.Join(root, ".claude-plugin"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(root, ".claude-plugin", "plugin.json"), []byte(manifest), 0o644))
	}
	require.NoError(t, os.MkdirAll(filepath.Join(root, "hooks"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "hooks", "hooks.json"), []byte(hooks), 0o644))
	return root
}

const noHooks = `{"hooks": {}}`

func TestAPluginManifestWhoseUserConfigIsMalformedIsAnError(t *testing.T) {
	tests := []struct {
		name, manifest, want string
	}{
		{name: "not JSON", manifest: `{"name": "x",}`, want: `:1:14: invalid character '}' looking for beginning of object key string`},
		{name: "userConfig not an object", manifest: `{"userConfig": []}`, want: `:1:16: userConfig: want an object of options, got an array`},
		{name: "a key that is no identifier", manifest: `{"userConfig": {"api-key": {}}}`,
			want: `:1:28: userConfig.api-key: the key "api-key" is not an identifier (letters, digits and '_', not starting with a digit): it would be part of CLAUDE_PLUGIN_OPTION_<KEY>`},
		{name: "an option that is not an object", manifest: `{"userConfig": {"token": "x"}}`, want: `:1:26: userConfig.token: want an object describing the option, got "x"`},
		{name: "a key given twice", manifest: `{"userConfig": {"a": {}, "a": {}}}`, want: `:1:26: userConfig.a: the key "a" appears twice`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := plugin(t, tt.manifest, noHooks)
			_, err := LoadPlugin(Plugin{Root: root})
			require.Error(t, err)
			assert.Equal(t, filepath.Join(root, ".claude-plugin", "plugin.json")+tt.want, err.Error())
		})
	}
}

func TestPluginDataDirIsClaudeCodesDirectoryForThePlugin(t *testing.T) {
	assert.Equal(t, "/h/.claude/plugins/data/formatter-my-marketplace", PluginDataDir("/h/.claude", "formatter@my-marketplace"))
	assert.Equal(t, "/h/.claude/plugins/data/a-b_c---", PluginDataDir("/h/.claude", "a-b_c/.."))
	name, err := PluginName(plugin(t, `{"name": "ticket-guard"}`, noHooks))
	require.NoError(t, err)
	assert.Equal(t, "ticket-guard", name)
	root := plugin(t, "", noHooks)
	name, err = PluginName(root)
	require.NoError(t, err)
	assert.Equal(t, filepath.Base(root), name)
}

func TestAPluginHookNotRunForItsUserConfigBlocksWhenItsFailureDoes(t *testing.T) {
	// A hook Claude Code would not run is a failure of the hook: it blocks
	// with onFailure block or FailClosed, and is in the trail otherwise.
	manifest := `{"name": "p", "userConfig": {"prefix": {"type": "string"}}}`
	hooks := `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
	  {"type": "command", "command": "echo ${user_config.prefix} >&2; exit 2"}]}]}}`
	root := plugin(t, manifest, hooks)
	why := `hook "echo ${user_config.prefix} >&2; exit 2": not run: the shell-form command names ${user_config.prefix}, which Claude Code does not substitute into a shell command ` +
		`(the shell would run the value as code) and refuses with a non-blocking error; give the command as "args" (exec form), where it is replaced, or read $CLAUDE_PLUGIN_OPTION_PREFIX`
	name := "echo ${user_config.prefix} >&2; exit 2"
	for _, failClosed := range []bool{false, true} {
		s, err := LoadPlugin(Plugin{Root: root, UserConfig: map[string]string{"prefix": "OPS"}})
		require.NoError(t, err)
		links, err := s.Links(Options{ProjectDir: root, FailClosed: failClosed})
		require.NoError(t, err)
		out := hookchain.New(links...).Run(context.Background(), bash("ls"))
		if failClosed {
			assert.Equal(t, decided(hookchain.Outcome{Verdict: hookchain.Denied, Reason: name + " failed and denies on failure: " + why,
				Trail: []hookchain.Step{{Name: name, Verdict: hookchain.Denied, Fault: why}}}), out)
		} else {
			assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Allowed, Trail: []hookchain.Step{{Name: name, Verdict: hookchain.Allowed, Fault: why}}}, out)
		}
	}
}

func TestEveryHookOfAPluginGetsItsOptionsAndTheExecFormItsPlaceholders(t *testing.T) {
	manifest := `{"name": "p", "userConfig": {"greeting": {"type": "string", "default": "hi"}, "limit": {"type": "number", "default": 3}, "unset": {"type": "string"}}}`
	hooks := `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
	  {"type": "command", "command": "sh", "args": ["-c", "echo \"$1 ${CLAUDE_PLUGIN_OPTION_GREETING} ${CLAUDE_PLUGIN_OPTION_LIMIT} ${CLAUDE_PLUGIN_OPTION_UNSET-unset}\" >&2; exit 2", "sh", "${user_config.greeting}, ${user_config.limit}"]}]}]}}`
	root := plugin(t, manifest, hooks)
	s, err := LoadPlugin(Plugin{Root: root, UserConfig: map[string]string{"greeting": "hello; rm -rf /"}})
	require.NoError(t, err)
	assert.Empty(t, s.Warnings(Options{ProjectDir: root}))
	links, err := s.Links(Options{ProjectDir: root})
	require.NoError(t, err)
	out := hookchain.New(links...).Run(context.Background(), bash("ls"))
	name := `sh -c echo "$1 ${CLAUDE_PLUGIN_OPTION_G…`
	assert.Equal(t, denied(name, "hello; rm -rf /, 3 hello; rm -rf / 3 unset"), out)
}

// denyWith is a PreToolUse hooks section whose one Bash hook denies with
// reason.
func denyWith(reason string) string {
	return `{"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo ` + reason + ` >&2; exit 2"}]}]}`
}

func TestAPluginsManifestHooksAreLoadedBesideHooksJSONNeverDropped(t *testing.T) {
	tests := []struct {
		name     string
		manifest string            // the manifest's "hooks"
		files    map[string]string // hooks files by path under the root
		want     []string          // the link names, in order
		err      string            // the error, after the manifest's path
	}{
		{name: "inline, without hooks.json", manifest: denyWith("inline"), want: []string{"echo inline >&2; exit 2"}},
		{name: "inline, after hooks.json", manifest: denyWith("inline"),
			files: map[string]string{"hooks/hooks.json": `{"hooks": ` + denyWith("standard") + `}`},
			want:  []string{"echo standard >&2; exit 2", "echo inline >&2; exit 2"}},
		{name: "a path", manifest: `"./config/more.json"`,
			files: map[string]string{"hooks/hooks.json": `{"hooks": ` + denyWith("standard") + `}`, "config/more.json": `{"hooks": ` + denyWith("more") + `}`},
			want:  []string{"echo standard >&2; exit 2", "echo more >&2; exit 2"}},
		{name: "the standard file named again is read once", manifest: `["./hooks/hooks.json"]`,
			files: map[string]string{"hooks/hooks.json": `{"hooks": ` + denyWith("standard") + `}`},
			want:  []string{"echo standard >&2; exit 2"}},
		{name: "a path outside the plugin", manifest: `"../elsewhere.json"`, err: `:1:11: hooks: the hooks file "../elsewhere.json" is outside the plugin`},
		{name: "neither a path nor hooks", manifest: `5`, err: `:1:11: hooks: want the path of a hooks file, a list of them, or the hooks themselves, got 5`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			files := map[string]string{".claude-plugin/plugin.json": `{"hooks": ` + tt.manifest + `, "name": "p"}`}
			for k, v := range tt.files {
				files[k] = v
			}
			for path, data := range files {
				require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(root, path)), 0o755))
				require.NoError(t, os.WriteFile(filepath.Join(root, path), []byte(data), 0o644))
			}
			s, err := LoadPlugin(Plugin{Root: root})
			if tt.err != "" {
				require.Error(t, err)
				assert.Equal(t, filepath.Join(root, ".claude-plugin", "plugin.json")+tt.err, err.Error())
				return
			}
			require.NoError(t, err)
			links, err := s.Links(Options{ProjectDir: root})
			require.NoError(t, err)
			assert.Equal(t, tt.want, linkNames(links))
			out := hookchain.New(links...).Run(context.Background(), bash("ls"))
			assert.Equal(t, hookchain.Denied, out.Verdict, "the first of them denies")
		})
	}
}
