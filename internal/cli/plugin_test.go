package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// needNode skips a test whose hooks are Node scripts where node is not
// installed.
func needNode(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("the hooks of this test are Node scripts, and node is not in PATH")
	}
}

// fault is eval's output for a call that goes on with one link's failure
// in its trail.
func fault(name, fault string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // as eval writes it
	type step struct {
		Name    string `json:"name"`
		Verdict string `json:"verdict"`
		Fault   string `json:"fault"`
	}
	type outcome struct {
		Verdict string `json:"verdict"`
		Trail   []step `json:"trail"`
	}
	_ = enc.Encode(outcome{"allow", []step{{name, "allow", fault}}})
	return b.String()
}

const shellFormRefused = `not run: the shell-form command names ${user_config.ticket_prefix}, which Claude Code does not substitute into a shell command ` +
	`(the shell would run the value as code) and refuses with a non-blocking error; give the command as "args" (exec form), where it is replaced, ` +
	`or read $CLAUDE_PLUGIN_OPTION_TICKET_PREFIX`

const noDeployToken = `not run: ${user_config.deploy_token} has no value: the user has not configured it and it has no default ` +
	`(give it with --plugin-option deploy_token=VALUE, Plugin.UserConfig)`

func TestAPluginsUserConfigAndDataReachItsHooksAsInClaudeCode(t *testing.T) {
	skipInShort(t)
	// Issue 23, item 5. "${CLAUDE_PLUGIN_DATA}: ~/.claude/plugins/data/{id}/,
	// survives updates"; user_config values reach "hook processes" as
	// "CLAUDE_PLUGIN_OPTION_<KEY> env var (uppercased)"; "shell-form hook
	// commands" refuse ${user_config.*} since 2.1.207: "use exec form with
	// args, or read the env var".
	needNode(t)
	root := filepath.Join(copyProject(t, "configured"), "ticket-guard")
	home := t.TempDir()
	t.Setenv("HOME", home)
	unsetenv(t, "CLAUDE_CONFIG_DIR")
	own := filepath.Join(t.TempDir(), "data")
	t.Chdir(t.TempDir())
	const commit = `{"command":"git commit -m \"fix the build\""}`
	withToken := []string{"--plugin-root", root, "--plugin-option", "deploy_token=tok-123"}
	tests := []struct {
		name       string
		tool, call string
		flags      []string
		want       string
		code       int
		data       string // the data directory the bash hook logs the call in; "" for Claude Code's
	}{
		{name: "the declared default reaches the bash hook as CLAUDE_PLUGIN_OPTION_TICKET_PREFIX", tool: "Bash", call: commit, flags: withToken,
			want: denial("ticket.sh", "commit messages start with a OPS- ticket"), code: 2},
		{name: "a value given overrides the default", tool: "Bash", call: commit, flags: append(withToken, "--plugin-option", "ticket_prefix=SEC"),
			want: denial("ticket.sh", "commit messages start with a SEC- ticket"), code: 2},
		{name: "a commit naming its ticket goes ahead", tool: "Bash", call: `{"command":"git commit -m \"OPS-7 fix the build\""}`, flags: withToken,
			want: allowed},
		{name: "--plugin-data is the hooks' CLAUDE_PLUGIN_DATA", tool: "Bash", call: `{"command":"ls"}`, flags: append(withToken, "--plugin-data", own),
			want: allowed, data: own},
		{name: "a relative --plugin-data is from where hookchain runs, not the session's directory", tool: "Bash", call: `{"command":"pwd"}`,
			flags: append(withToken, "--plugin-data", "rel-data"), want: allowed, data: "rel-data"},
		{name: "the exec form gets ${user_config.deploy_token} as its argument", tool: "Bash", call: `{"command":"make deploy"}`, flags: withToken,
			want: denial("deploy.js", "deploys need a review; token tok… checked"), code: 2},
		{name: "an exec form whose key has no value is not run, a non-blocking error", tool: "Bash", call: `{"command":"make deploy"}`, flags: []string{"--plugin-root", root},
			want: fault("deploy.js", `hook "node ${CLAUDE_PLUGIN_ROOT}/scripts/deploy.js --token ${user_config.deploy_token}": `+noDeployToken)},
		{name: "a shell form naming ${user_config} is not run, a non-blocking error", tool: "Write", call: `{"file_path":"a.txt","content":"b"}`, flags: withToken,
			want: fault(`echo "prefix ${user_config.ticket_prefi…`, `hook "echo \"prefix ${user_config.ticket_prefix}\" >&2; exit 2": `+shellFormRefused)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := tt.data
			if data == "" {
				data = filepath.Join(home, ".claude", "plugins", "data", "ticket-guard-inline")
			}
			log := filepath.Join(data, "commands.log")
			_ = os.Remove(log)
			code, stdout, stderr := hookchainCmd(t, hookInput(t, home, "PreToolUse", tt.tool, tt.call), append([]string{"eval"}, tt.flags...)...)
			assert.Empty(t, stderr)
			assert.Equal(t, tt.want, stdout)
			assert.Equal(t, tt.code, code)
			if tt.tool == "Bash" {
				logged, err := os.ReadFile(log)
				require.NoError(t, err, "the bash hook logs each call in CLAUDE_PLUGIN_DATA")
				var call struct{ Command string }
				require.NoError(t, json.Unmarshal([]byte(tt.call), &call))
				assert.Equal(t, call.Command+"\n", string(logged))
			}
		})
	}
}

func TestCheckWarnsAboutAPluginHookThatWillNotRunAndAnUndeclaredOptionIsAnError(t *testing.T) {
	root := filepath.Join(copyProject(t, "configured"), "ticket-guard")
	home := t.TempDir()
	t.Setenv("HOME", home)
	hooks := filepath.Join(root, "hooks", "hooks.json")
	const fails = "; the hook fails on every call it runs for, and the call goes on unchecked unless the hook blocks on failure\n"

	code, _, stderr := hookchainCmd(t, "", "check", "--project", home, "--plugin-root", root)
	assert.Equal(t, 0, code)
	assert.Equal(t, "hookchain check: "+hooks+":9:42: PreToolUse[0].hooks[1]: warning: "+noDeployToken+fails+
		"hookchain check: "+hooks+":15:42: PreToolUse[1].hooks[0]: warning: "+shellFormRefused+fails+
		"hookchain check: 2 warnings, and no error: every hook can run (warnings do not change the exit status)\n", stderr)

	code, _, stderr = hookchainCmd(t, "", "check", "--project", home, "--plugin-root", root, "--plugin-option", "deploy_tokn=x")
	assert.Equal(t, 1, code)
	assert.Equal(t, "hookchain check: settings: plugin "+root+`: a value is given for user_config key "deploy_tokn", which `+
		filepath.Join(root, ".claude-plugin", "plugin.json")+" does not declare (it declares ticket_prefix, deploy_token)\n", stderr)

	code, _, stderr = hookchainCmd(t, "", "check", "--plugin-option", "deploy_token=x", "--plugin-root", root)
	assert.Equal(t, 1, code)
	assert.Equal(t, "hookchain check: invalid value \"deploy_token=x\" for flag -plugin-option: --plugin-option: it configures the plugin of the --plugin-root before it, and there is none; see 'hookchain help'\n", stderr)
}
