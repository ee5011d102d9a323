package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// write puts content at dir/rel, making its directories.
func write(t *testing.T, dir, rel, content string) {
	t.Helper()
	path := filepath.Join(dir, rel)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
}

// A hook that says where it runs and whose home it has, as its reason.
const whereHook = `printf '%s %s' "$1" "$HOME" >&2; exit 2`

// Without --settings, eval finds a CLI's hooks where the CLI does, for the
// session's project (the nearest directory above the input's cwd with the
// CLI's project files) and the user --home names, and runs them as the CLI
// runs them: the user's layer, then the project's, with HOME the --home.
func TestEvalFindsEachCLIsHooksWhereTheCLIDoes(t *testing.T) {
	home, project := t.TempDir(), t.TempDir()
	cwd := filepath.Join(project, "src", "pkg")
	require.NoError(t, os.MkdirAll(cwd, 0o755))
	write(t, home, "where.sh", whereHook)
	hookLine := func(who string) string { return fmt.Sprintf("sh %s/where.sh %s", home, who) }

	// Codex: a user config.toml whose hook does not match, and a project
	// hooks.json whose hook does.
	write(t, home, ".codex/config.toml", "[[hooks.PreToolUse]]\nmatcher = \"^apply_patch$\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \""+hookLine("user")+"\"\n")
	write(t, project, ".codex/hooks.json", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"`+hookLine("project")+`"}]}]}}`)
	codexIn := `{"session_id":"s","turn_id":"t","transcript_path":null,"cwd":"` + cwd + `","hook_event_name":"PreToolUse","model":"gpt-5",` +
		`"permission_mode":"default","tool_name":"shell","tool_input":{"command":["ls"]},"tool_use_id":"c"}`

	code, stdout, stderr := hookchainCmd(t, codexIn, "eval", "--harness", "codex", "--home", home)

	assert.Empty(t, stderr)
	assert.Equal(t, 2, code)
	assert.JSONEq(t, `{"verdict":"deny","reason":"project `+home+`","decided_by":"`+hookLine("project")+`","cause":"link",`+
		`"trail":[{"name":"`+hookLine("project")+`","verdict":"deny","reason":"project `+home+`"}]}`, stdout,
		"the project's hook ran, with HOME the --home; the user's did not match")

	// Gemini: the same hook in the project's settings and the user's runs
	// once, as the project's; the user's other hook runs after it.
	same := `{"type":"command","name":"guard","command":"` + hookLine("project") + `"}`
	write(t, project, ".gemini/settings.json", `{"hooks":{"BeforeTool":[{"hooks":[`+same+`]}]}}`)
	write(t, home, ".gemini/settings.json", `{"hooks":{"BeforeTool":[{"hooks":[`+same+`,{"type":"command","name":"user","command":"true"}]}]}}`)
	geminiIn := `{"session_id":"g","transcript_path":"/tmp/c.json","cwd":"` + cwd + `","timestamp":"2026-01-01T00:00:00.000Z",` +
		`"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`

	code, stdout, stderr = hookchainCmd(t, geminiIn, "eval", "--harness", "gemini", "--home", home)

	assert.Empty(t, stderr)
	assert.Equal(t, 2, code)
	assert.JSONEq(t, `{"verdict":"deny","reason":"project `+home+`","decided_by":"guard","cause":"link",`+
		`"trail":[{"name":"guard","verdict":"deny","reason":"project `+home+`"}]}`, stdout)
}

// check without --settings lists the hooks it found, and --project says
// where the session is.
func TestCheckFindsACLIsHooksForTheProjectItIsGiven(t *testing.T) {
	home, project := t.TempDir(), t.TempDir()
	write(t, project, ".codex/config.toml", "[[hooks.PostToolUse]]\n[[hooks.PostToolUse.hooks]]\ntype = \"command\"\ncommand = \"true\"\n")

	code, stdout, stderr := hookchainCmd(t, "", "check", "--harness", "codex", "--project", project, "--home", home)

	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, project+"/.codex/config.toml:PostToolUse[0].hooks[0]")
}

// A CLI's file that is there but cannot be read is an error, not a file
// skipped: skipping it would skip its guards.
func TestAFoundFileThatCannotBeReadIsAnErrorNotSkipped(t *testing.T) {
	home, project := t.TempDir(), t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(project, ".codex", "hooks.json"), 0o755))
	write(t, home, ".codex/hooks.json", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"true"}]}]}}`)

	code, stdout, stderr := hookchainCmd(t, "", "check", "--harness", "codex", "--project", project, "--home", home)

	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "hookchain check: "+project+"/.codex/hooks.json is a directory, not a regular file\n", stderr)
}

// A hook found in a project above the session's directory is told that
// project, as the CLI tells the hooks of the project it runs in, and runs
// in the session's directory.
func TestAFoundProjectsHooksAreToldTheProjectAndRunWhereTheSessionIs(t *testing.T) {
	home, project := t.TempDir(), t.TempDir()
	cwd := filepath.Join(project, "src")
	require.NoError(t, os.MkdirAll(cwd, 0o755))
	write(t, project, ".gemini/hooks/where.sh", `printf '%s %s %s' "$GEMINI_PROJECT_DIR" "$GEMINI_CWD" "$PWD" >&2; exit 2`)
	write(t, project, ".gemini/settings.json",
		`{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","name":"where","command":"sh \"$GEMINI_PROJECT_DIR\"/.gemini/hooks/where.sh"}]}]}}`)
	in := `{"session_id":"g","transcript_path":"/tmp/c.json","cwd":"` + cwd + `","timestamp":"2026-01-01T00:00:00.000Z",` +
		`"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`

	code, stdout, stderr := hookchainCmd(t, in, "eval", "--harness", "gemini", "--home", home)

	assert.Empty(t, stderr)
	assert.Equal(t, 2, code)
	where := project + " " + cwd + " " + cwd
	assert.JSONEq(t, `{"verdict":"deny","reason":"`+where+`","decided_by":"where","cause":"link","trail":[{"name":"where","verdict":"deny","reason":"`+where+`"}]}`, stdout)
}

// With --agent NAME, Kiro's hooks are found as Kiro finds them: the
// agent's config, the project's shadowing the user's, then the project's
// hooks files by name.
func TestKirosHooksAreTheNamedAgentsAndTheProjectsHooksFiles(t *testing.T) {
	home, project := t.TempDir(), t.TempDir()
	write(t, home, "say.sh", `echo "$1" >&2; exit 2`)
	say := func(who string) string { return "sh " + home + "/say.sh " + who }
	agent := func(who string) string {
		return `{"name":"guarded","hooks":{"preToolUse":[{"matcher":"execute_bash","command":"` + say(who) + `"}]}}`
	}
	write(t, project, ".kiro/agents/guarded.json", agent("project-agent"))
	write(t, home, ".kiro/agents/guarded.json", agent("user-agent"))
	write(t, home, ".kiro/agents/other.json", agent("other-agent"))
	write(t, project, ".kiro/hooks/b.json", `{"version":"v1","hooks":[{"name":"b","trigger":"PreToolUse","matcher":"^execute_bash$","action":{"type":"command","command":"true"}}]}`)
	in := `{"hook_event_name":"preToolUse","cwd":"` + project + `","tool_name":"execute_bash","tool_input":{"command":"ls"}}`

	code, stdout, stderr := hookchainCmd(t, "", "check", "--harness", "kiro", "--agent", "guarded", "--project", project, "--home", home)
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, project+"/.kiro/agents/guarded.json:hooks.preToolUse[0]")
	assert.Contains(t, stdout, project+"/.kiro/hooks/b.json:hooks[0]")
	assert.NotContains(t, stdout, home+"/.kiro/agents/")

	code, stdout, stderr = hookchainCmd(t, in, "eval", "--harness", "kiro", "--agent", "guarded", "--home", home)
	assert.Empty(t, stderr)
	assert.Equal(t, 2, code)
	assert.Contains(t, stdout, `"reason":"project-agent"`)

	// The user's agent, where the project has none of that name.
	code, stdout, _ = hookchainCmd(t, in, "eval", "--harness", "kiro", "--agent", "other", "--home", home)
	assert.Equal(t, 2, code)
	assert.Contains(t, stdout, `"reason":"other-agent"`)

	tests := []struct{ agent, stderr string }{
		{"missing", "hookchain eval: no Kiro hooks: none of " + project + "/.kiro/agents/missing.json, " + home + "/.kiro/agents/missing.json exists; name a file with --settings\n"},
		{"../guarded", "hookchain eval: --agent \"../guarded\": not an agent's name\n"},
	}
	for _, tt := range tests {
		code, stdout, stderr = hookchainCmd(t, in, "eval", "--harness", "kiro", "--agent", tt.agent, "--home", home)
		assert.Equal(t, 1, code, tt.agent)
		assert.Empty(t, stdout, tt.agent)
		assert.Equal(t, tt.stderr, stderr, tt.agent)
	}
	code, _, stderr = hookchainCmd(t, in, "eval", "--harness", "kiro", "--agent", "a", "--agent", "b", "--home", home)
	assert.Equal(t, 1, code)
	assert.Equal(t, "hookchain eval: --agent: a Kiro session runs one agent; 2 are named\n", stderr)
	code, _, stderr = hookchainCmd(t, codexInputAt(project), "eval", "--harness", "codex", "--agent", "x", "--home", home)
	assert.Equal(t, 1, code)
	assert.Equal(t, "hookchain eval: --agent: Claude Code settings only; not with Codex settings\n", stderr, "an agent means nothing to Codex")
}

func codexInputAt(cwd string) string {
	return `{"session_id":"s","turn_id":"t","transcript_path":null,"cwd":"` + cwd + `","hook_event_name":"PreToolUse","model":"gpt-5",` +
		`"permission_mode":"default","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"c"}`
}
