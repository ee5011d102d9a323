//go:build unix

package cli

// Hooks shaped like the ones people publish for Claude Code — Python and sh
// scripts in a project's .claude/hooks, a plugin's scripts — replayed
// through hookchain eval, check and test as a new user runs them, against
// what Claude Code's hooks reference says Claude Code does with them.

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode/settings"
	"github.com/tidwall/sjson"
)

// copyProject copies testdata/compat/NAME to a directory whose path holds a
// space, as "~/My Projects/app" does on many machines, with its scripts
// executable, and returns the copy's path.
func copyProject(t *testing.T, name string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "my project")
	src := filepath.Join("testdata", "compat", name)
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if ext := filepath.Ext(path); ext == ".sh" || ext == ".py" {
			mode = 0o755
		}
		return os.WriteFile(target, data, mode)
	})
	require.NoError(t, err)
	return dst
}

// needPython skips a test whose hooks are Python scripts, as many published
// hooks are, where python3 is not installed.
func needPython(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("the hooks of this test are Python scripts, and python3 is not in PATH")
	}
}

// hookInput is a Claude Code hook input for a call made from cwd, with
// extra fields as name, JSON value pairs.
func hookInput(t *testing.T, cwd, event, tool, toolInput string, extra ...string) string {
	t.Helper()
	fields := map[string]any{
		"session_id":      "sess-1",
		"transcript_path": "/tmp/sess-1.jsonl",
		"cwd":             cwd,
		"permission_mode": "default",
		"hook_event_name": event,
		"tool_name":       tool,
		"tool_input":      json.RawMessage(toolInput),
		"tool_use_id":     "toolu_01",
	}
	for i := 0; i+1 < len(extra); i += 2 {
		fields[extra[i]] = json.RawMessage(extra[i+1])
	}
	b, err := json.Marshal(fields)
	require.NoError(t, err)
	return string(b)
}

// jsonString is s as a JSON string.
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// denial is eval's output for a call that the link name denied with reason.
func denial(name, reason string) string {
	return `{"verdict":"deny","reason":` + jsonString("denied by "+name+": "+reason) + `,"decided_by":` + jsonString(name) +
		`,"cause":"link","trail":[{"name":` + jsonString(name) + `,"verdict":"deny","reason":` + jsonString(reason) + `}]}` + "\n"
}

const allowed = `{"verdict":"allow"}` + "\n"

// unsetenv unsets a variable for the rest of the test, and restores it
// after.
func unsetenv(t *testing.T, name string) {
	t.Setenv(name, "")
	os.Unsetenv(name)
}

func TestHooksReadTheirSettingsFromTheEnvironmentAsInClaudeCode(t *testing.T) {
	skipInShort(t)
	needPython(t)
	// Issue 12, item 1. "Handlers run in the current directory with Claude
	// Code's environment" (hooks reference, hook handler fields).
	project := copyProject(t, "env")
	ci := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(ci, ".ci-workspace"), nil, 0o644))
	elsewhere := t.TempDir()
	edit := func(path, content string) string {
		b, _ := json.Marshal(map[string]string{"file_path": path, "content": content})
		return string(b)
	}
	tests := []struct {
		name   string
		env    map[string]string // set; any other variable the hooks read is unset
		flags  []string
		tool   string
		input  string
		code   int
		stdout string
	}{
		{"a deny list read from CLAUDE_DENY_PATHS blocks", map[string]string{"CLAUDE_DENY_PATHS": "/srv/prod:/etc"}, nil,
			"Write", edit("/srv/prod/config.yml", "replicas: 3"), 2,
			denial("protect_paths.py", "/srv/prod/config.yml is under /srv/prod, which CLAUDE_DENY_PATHS protects")},
		{"the strict baseline, asked for, keeps the deny list from the hook", map[string]string{"CLAUDE_DENY_PATHS": "/srv/prod:/etc"}, []string{"--strict-env"},
			"Write", edit("/srv/prod/config.yml", "replicas: 3"), 0, allowed},
		{"a reminder blocks eval()", nil, nil,
			"Write", edit(filepath.Join(project, "app.js"), "eval(input)"), 2,
			denial("security_reminder.py", "Security reminder: eval() runs arbitrary code; use a safer alternative")},
		{"the user's off switch turns the reminder off", map[string]string{"ENABLE_SECURITY_REMINDER": "0"}, nil,
			"Write", edit(filepath.Join(project, "app.js"), "eval(input)"), 0, allowed},
		{"a strictness level of high blocks a push", map[string]string{"CLAUDE_HOOK_SAFETY_LEVEL": "high", "GITHUB_WORKSPACE": elsewhere}, nil,
			"Bash", `{"command":"git push origin main"}`, 2, denial("safety-level.sh", "blocked at safety level high")},
		{"the default level lets it through", map[string]string{"GITHUB_WORKSPACE": elsewhere}, nil,
			"Bash", `{"command":"git push origin main"}`, 0, allowed},
		{"a hook that cds into $GITHUB_WORKSPACE runs there", map[string]string{"GITHUB_WORKSPACE": ci}, nil,
			"Bash", `{"command":"make deploy"}`, 2, denial("ci-only.sh", "deploys are run by CI from "+ci+", not by the agent")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, v := range []string{"CLAUDE_DENY_PATHS", "ENABLE_SECURITY_REMINDER", "CLAUDE_HOOK_SAFETY_LEVEL", "GITHUB_WORKSPACE"} {
				unsetenv(t, v)
			}
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			code, stdout, stderr := hookchainCmd(t, hookInput(t, project, "PreToolUse", tt.tool, tt.input), append([]string{"eval"}, tt.flags...)...)
			assert.Empty(t, stderr)
			assert.Equal(t, tt.stdout, stdout)
			assert.Equal(t, tt.code, code)
		})
	}
}

// lintErrors is what pre-commit-lint.sh writes on stderr.
func lintErrors() string {
	var b strings.Builder
	for i := 1; i <= 700; i++ {
		fmt.Fprintf(&b, "src/app/handlers.ts:%d:5 error  variable_%d is assigned a value but never used  no-unused-vars\n", i, i)
	}
	b.WriteString("pre-commit: 700 problems; fix them before committing\n")
	return b.String()
}

func TestExitTwoBlocksHoweverMuchTheHookPrinted(t *testing.T) {
	needPython(t)
	// Issue 12, item 2. "exit 2 blocks whether or not you print JSON"
	// (hooks reference, exit code 2); caps bound what is kept, never what
	// is decided.
	project := copyProject(t, "lint")
	kept := strings.TrimSpace(lintErrors()[:64<<10])
	tests := []struct {
		name   string
		tool   string
		input  string
		code   int
		stdout string
	}{
		{"700 lint errors on stderr and exit 2 block the commit, and the reason says it was cut", "Bash", `{"command":"git commit -m wip"}`, 2,
			denial("pre-commit-lint.sh", kept+"\n… (stderr cut: only its first 65536 bytes are kept)")},
		{"an answer longer than the stdout cap cannot be read, and denies", "Write", `{"file_path":"api.gen.go","content":"package api"}`, 2,
			denial("verbose_guard.py", "the hook's answer on stdout is longer than the 1048576 bytes hookchain reads, so its decision cannot be known; denied rather than guessed")},
		{"plain text longer than the stdout cap is still no decision", "Write", `{"file_path":"app.log","content":"x"}`, 0, allowed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, hookInput(t, project, "PreToolUse", tt.tool, tt.input), "eval")
			assert.Empty(t, stderr)
			assert.Equal(t, tt.stdout, stdout)
			assert.Equal(t, tt.code, code)
		})
	}
}

func TestTheExecFormRunsWithoutAShellAndSubstitutesThePaths(t *testing.T) {
	needPython(t)
	// Issue 12, item 3. "A command hook runs as exec form when args is
	// set"; placeholders "are substituted into command and into each args
	// element as plain strings" (hooks reference). The project's path has a
	// space, which a shell would split.
	project := copyProject(t, "exec")
	require.Contains(t, project, " ")
	tests := []struct {
		name, command string
		code          int
		stdout        string
	}{
		{"args: [] runs the script itself, found through ${CLAUDE_PROJECT_DIR}", "rm -rf build", 2,
			denial("block-rm.sh", "Destructive command blocked by hook")},
		{"a placeholder in an argument is the project's path", "echo $GITHUB_TOKEN", 2,
			denial("no_secrets.py", "the command reads GITHUB_TOKEN")},
		{"neither objects", "ls -la", 0, allowed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, hookInput(t, project, "PreToolUse", "Bash", `{"command":`+jsonString(tt.command)+`}`), "eval")
			assert.Empty(t, stderr)
			assert.Equal(t, tt.stdout, stdout)
			assert.Equal(t, tt.code, code)
		})
	}

	code, _, stderr := hookchainCmd(t, "", "check", "--project", project)
	assert.Equal(t, 0, code)
	assert.Empty(t, stderr, "both hooks' scripts are found, in the exec form too")
}

func TestOnceInASettingsFileRunsTheHookEveryTimeAndCheckSaysSo(t *testing.T) {
	// Issue 12, item 4. "once: ... Only honored for hooks declared in skill
	// frontmatter; ignored in settings files" (hooks reference).
	project := copyProject(t, "once")
	in := hookInput(t, project, "PreToolUse", "Bash", `{"command":"git push --force origin main"}`)
	for range 2 {
		code, stdout, stderr := hookchainCmd(t, in, "eval")
		assert.Empty(t, stderr)
		assert.Equal(t, denial("no-force-push.sh", "force-pushing rewrites shared history; push a new branch instead"), stdout)
		assert.Equal(t, 2, code)
	}

	code, _, stderr := hookchainCmd(t, "", "check", "--project", project)
	assert.Equal(t, 0, code)
	file := filepath.Join(project, ".claude", "settings.json")
	assert.Equal(t, "hookchain check: "+file+`:5:106: PreToolUse[0].hooks[0]: warning: "once" is ignored in settings files, by Claude Code and by hookchain: `+
		"the hook runs on every call; remove it, or move the hook to a skill's frontmatter\n"+
		"hookchain check: 1 warning, and no error: every hook can run (warnings do not change the exit status)\n", stderr)
}

func TestAPlainTextAnswerFromAnHTTPHookIsANonBlockingError(t *testing.T) {
	// Issue 12, item 5, by the current hooks reference: "2xx with any other
	// body, such as plain text: non-blocking error, handled the same as a
	// non-2xx status. Claude Code doesn't add the text to Claude's context."
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, "remember: run the tests before you push")
	}))
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
	  {"type": "http", "url": "`+srv.URL+`/hook", "timeout": 5}]}]}}`), 0o644))
	fault := "http hook " + srv.URL + "/hook: a 2xx response must have an empty body or a JSON object, not text: body: remember: run the tests before you push"

	code, stdout, stderr := hookchainCmd(t, hookInput(t, dir, "PreToolUse", "Bash", `{"command":"git push"}`), "eval", "--settings", path)
	assert.Empty(t, stderr)
	assert.Equal(t, `{"verdict":"allow","trail":[{"name":"`+srv.URL+`/hook","verdict":"allow","fault":`+jsonString(fault)+`}]}`+"\n", stdout,
		"the call goes on, the failure is in the trail, and the text is no note for the model")
	assert.Equal(t, 0, code)

	code, stdout, _ = hookchainCmd(t, hookInput(t, dir, "PreToolUse", "Bash", `{"command":"git push"}`), "eval", "--fail-closed", "--settings", path)
	assert.Equal(t, 2, code, "a hook made to block on failure blocks")
	assert.Contains(t, stdout, `"cause":"failure"`)
}

func TestTheProjectIsTheRootWhoseSettingsAreUsedNotTheAgentsDirectory(t *testing.T) {
	// Issue 12, item 6. "${CLAUDE_PROJECT_DIR}: the project root where the
	// session started" (hooks reference, reference scripts by path).
	project := copyProject(t, "nested")
	sub := filepath.Join(project, "src", "pkg")
	in := hookInput(t, sub, "PreToolUse", "Bash", `{"command":"cat ../../.env"}`)
	want := denial("guard-env-files.sh", ".env files hold secrets; read .env.example instead")
	t.Setenv("HOME", t.TempDir())

	for _, args := range [][]string{
		{"eval"}, // the standard files, found upwards from the input's cwd
		{"eval", "--settings", filepath.Join(project, ".claude", "settings.json")},
		{"eval", "--project", project},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, in, args...)
			assert.Empty(t, stderr)
			assert.Equal(t, want, stdout)
			assert.Equal(t, 2, code)
		})
	}
}

func TestAnAskWithARewriteAsksAboutTheRewrittenCall(t *testing.T) {
	needPython(t)
	// Issue 12, item 7. updatedInput: "Combine with "allow" to
	// auto-approve, or "ask" to show the modified input to the user"
	// (hooks reference, PreToolUse decision control).
	project := copyProject(t, "ask")
	const reason = "push with a lease instead of --force?"
	in := hookInput(t, project, "PreToolUse", "Bash", `{"command":"git push --force origin main","description":"push"}`)

	code, stdout, stderr := hookchainCmd(t, in, "eval")
	assert.Empty(t, stderr)
	assert.Equal(t, `{"verdict":"deny","reason":"approval needed but not obtained: no approver is configured (asked by force_with_lease.py: `+reason+`)",`+
		`"cause":"no_approval","trail":[{"name":"force_with_lease.py","verdict":"ask","reason":"`+reason+`"},`+
		`{"name":"approver","verdict":"deny","fault":"no approver is configured","approver":true}]}`+"\n", stdout,
		"eval has nobody to ask, so the call is denied, as any ask is")
	assert.Equal(t, 2, code)

	// A Go agent with an approver: the approver sees the rewritten call,
	// and approved, that is the call that runs.
	var asked hookchain.Question
	chain, err := settings.Chain(settings.Options{ProjectDir: project}, filepath.Join(project, ".claude", "settings.json"))
	require.NoError(t, err)
	chain = chain.WithApprover(hookchain.Approver{Name: "user", Timeout: time.Minute,
		Answer: func(_ context.Context, q hookchain.Question) (hookchain.Approval, error) {
			asked = q
			return hookchain.Approval{Decision: hookchain.Approve, By: "alice"}, nil
		}})
	out := chain.Run(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash",
		Input: json.RawMessage(`{"command":"git push --force origin main","description":"push"}`)})
	rewritten := `{"command": "git push --force-with-lease origin main", "description": "push"}`
	assert.Equal(t, hookchain.Modified, out.Verdict)
	assert.JSONEq(t, rewritten, string(out.Input))
	assert.JSONEq(t, rewritten, string(asked.Input))
	assert.Equal(t, []hookchain.Asking{{Link: "force_with_lease.py", Message: reason}}, asked.Asks)
}

func TestPathIfRulesRunTheirHookOnlyForTheFilesTheyMatch(t *testing.T) {
	// Issue 12, item 8. ""Edit(*.ts)" runs only for TypeScript files"; "In
	// an if condition for a file tool, a single-segment directory pattern
	// like "Edit(src/**)" matches only the src directory in the working
	// directory" (hooks reference, matcher patterns and common fields).
	project := copyProject(t, "ifpath")
	file := func(tool, path, more string) string {
		return `{"file_path":` + jsonString(filepath.Join(project, path)) + more + `}`
	}
	const note = `{"verdict":"allow","notes":[{"link":"src-reads.sh","text":"sources follow docs/STYLE.md"}]}` + "\n"
	tests := []struct {
		name, cwd, tool, input string
		code                   int
		stdout                 string
	}{
		{"an edit of a .ts file runs the hook", project, "Edit", file("Edit", "web/app.ts", `,"old_string":"x","new_string":"x: any"`), 2,
			denial("no-any.sh", "no explicit any: give the value a type")},
		{"a Write is an edit too", project, "Write", file("Write", "web/app.ts", `,"content":"let x: any"`), 2,
			denial("no-any.sh", "no explicit any: give the value a type")},
		{"an edit of another file does not", project, "Edit", file("Edit", "README.md", `,"old_string":"x","new_string":"x: any"`), 0, allowed},
		{"a read under src runs its hook", project, "Read", file("Read", "src/main.go", ""), 0, note},
		{"a read elsewhere does not", project, "Read", file("Read", "docs/STYLE.md", ""), 0, allowed},
		{"src/** is the working directory's src", filepath.Join(project, "docs"), "Read", file("Read", "src/main.go", ""), 0, allowed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, hookInput(t, tt.cwd, "PreToolUse", tt.tool, tt.input), "eval", "--project", project)
			assert.Empty(t, stderr)
			assert.Equal(t, tt.stdout, stdout)
			assert.Equal(t, tt.code, code)
		})
	}
}

func TestEveryFieldOfTheHookInputReachesTheHooks(t *testing.T) {
	needPython(t)
	// Issue 12, item 9. "When running with --agent or inside a subagent, two
	// additional fields are included: agent_id, agent_type" (hooks
	// reference, common input fields).
	project := copyProject(t, "fields")
	code, stdout, stderr := hookchainCmd(t, hookInput(t, project, "PreToolUse", "Write", `{"file_path":"notes.md","content":"x"}`,
		"agent_id", `"a-17"`, "agent_type", `"Explore"`, "prompt_id", `"p-3"`, "effort", `{"level":"high"}`), "eval")
	assert.Empty(t, stderr)
	assert.Equal(t, denial("read_only_agents.py", "subagent a-17 (Explore) is read-only: Write is not allowed (prompt p-3)"), stdout)
	assert.Equal(t, 2, code)

	code, stdout, _ = hookchainCmd(t, hookInput(t, project, "PreToolUse", "Write", `{"file_path":"notes.md","content":"x"}`), "eval")
	assert.Equal(t, allowed, stdout, "the main conversation may write")
	assert.Equal(t, 0, code)
}

func TestAPluginsHooksRunWithTheirPluginRoot(t *testing.T) {
	// "${CLAUDE_PLUGIN_ROOT}: the plugin's installation directory, for
	// scripts bundled with a plugin" (hooks reference).
	root := filepath.Join(copyProject(t, "plugin"), "formatter")
	hooks := filepath.Join(root, "hooks", "hooks.json")
	write := `{"file_path":"main.go","content":"package main\r\n"}`
	home := t.TempDir()
	t.Setenv("HOME", home)

	code, stdout, stderr := hookchainCmd(t, hookInput(t, home, "PreToolUse", "Write", write), "eval", "--plugin-root", root)
	assert.Empty(t, stderr)
	assert.Equal(t, denial("check-line-endings.sh", "use LF line endings ("+root+"/.editorconfig)"), stdout)
	assert.Equal(t, 2, code)

	// Checked as a settings file, the hooks file is told what is missing.
	code, _, stderr = hookchainCmd(t, "", "check", "--project", home, "--settings", hooks)
	assert.Equal(t, 0, code)
	assert.Equal(t, "hookchain check: "+hooks+`:6:40: PreToolUse[0].hooks[0]: warning: the script ${CLAUDE_PLUGIN_ROOT}/scripts/check-line-endings.sh is under ${CLAUDE_PLUGIN_ROOT}, `+
		"which only a plugin's hooks are given, so here the hook fails on every call it runs for, and the call goes on unchecked unless the hook blocks on failure: "+
		"load the file as a plugin's hooks (--plugin-root DIR, settings.LoadPlugin)\n"+
		"hookchain check: 1 warning, and no error: every hook can run (warnings do not change the exit status)\n", stderr)

	code, _, stderr = hookchainCmd(t, "", "check", "--project", home, "--plugin-root", root)
	assert.Equal(t, 0, code)
	assert.Empty(t, stderr)
}

func TestCheckTellsAUserWhatWouldConfuseThem(t *testing.T) {
	dir := filepath.Join("testdata", "compat", "confusing")
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"a misspelled event is an error with a did-you-mean", []string{"--settings", filepath.Join(dir, "typo-event.json")}, 1,
			"hookchain check: testdata/compat/confusing/typo-event.json:4:7: PreToolUsage[0].hooks[0]: unknown hook event \"PreToolUsage\": Claude Code never runs it; did you mean \"PreToolUse\"?\n" +
				"hookchain check: 1 error and no warnings: fix the errors; hookchain runs no hook of these settings until then\n"},
		{"matchers that never match a tool name are warned about, pointing to if", []string{"--settings", filepath.Join(dir, "matchers.json")}, 0,
			"hookchain check: testdata/compat/confusing/matchers.json:4:19: PreToolUse[0].hooks[0]: warning: matcher \"Bash(git *)\" is a permission rule, " +
				"and a matcher is only ever compared with the tool name, which it never matches: write \"matcher\": \"Bash\" and \"if\": \"Bash(git *)\" on the hook\n" +
				"hookchain check: testdata/compat/confusing/matchers.json:5:19: PreToolUse[1].hooks[0]: warning: matcher \"tool == \\\"Bash\\\"\" can never match a tool name, " +
				"which is letters, digits, '_', '-' and '.': a matcher is compared with the tool name only; to look at the tool's input, put a permission rule such as \"Bash(git *)\" in the hook's \"if\"\n" +
				"hookchain check: testdata/compat/confusing/matchers.json:6:19: PreToolUse[2].hooks[0]: warning: matcher \"bash\" names \"bash\", which is no tool: tool names are case-sensitive; write \"Bash\"\n" +
				"hookchain check: 3 warnings, and no error: every hook can run (warnings do not change the exit status)\n"},
		{"a PermissionRequest hook runs, as the chain's approver", []string{"--settings", filepath.Join(dir, "permission-request.json")}, 0, ""},
		{"and skipped when asked", []string{"--skip-unsupported", "--settings", filepath.Join(dir, "permission-request.json")}, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := hookchainCmd(t, "", append([]string{"check", "--project", t.TempDir()}, tt.args...)...)
			assert.Equal(t, tt.stderr, stderr)
			assert.Equal(t, tt.code, code)
		})
	}
}

func TestHookchainTestRunsCaseFilesAgainstTheSettings(t *testing.T) {
	skipInShort(t)
	needPython(t)
	project := copyProject(t, "exec")
	cases := filepath.Join("testdata", "compat", "cases")

	code, stdout, stderr := hookchainCmd(t, "", "test", "--project", project, filepath.Join(cases, "exec.json"))
	assert.Empty(t, stderr)
	assert.Equal(t, "ok    rm -rf is blocked\nok    printing a token is blocked\nok    ls goes on\nok: 3 cases passed\n", stdout)
	assert.Equal(t, 0, code)

	code, stdout, stderr = hookchainCmd(t, "", "test", "--project", project, filepath.Join(cases, "*.json"))
	assert.Empty(t, stderr)
	assert.Equal(t, "ok    rm -rf is blocked\nok    printing a token is blocked\nok    ls goes on\n"+
		"FAIL  rm is allowed, says a case that is wrong\n"+
		"      case \"rm is allowed, says a case that is wrong\" (testdata/compat/cases/wrong.json):\n"+
		"        verdict:    want Allowed, got Denied\n"+
		"        reason:     want \"\"\n"+
		"                    got  \"denied by block-rm.sh: Destructive command blocked by hook\"\n"+
		"        decided_by: want \"\", got \"block-rm.sh\"\n"+
		"        cause:      want none, got link\n"+
		"        trail:      want [], got [block-rm.sh]\n"+
		"      chain's trail:\n"+
		"        #0 block-rm.sh: Denied, reason \"Destructive command blocked by hook\"\n"+
		"FAIL: 1 of 4 cases failed\n", stdout)
	assert.Equal(t, 1, code)

	wrong := filepath.Join(t.TempDir(), "wrong.json")
	data, err := os.ReadFile(filepath.Join(cases, "wrong.json"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(wrong, data, 0o644))
	code, stdout, stderr = hookchainCmd(t, "", "test", "--project", project, "--update", wrong)
	assert.Empty(t, stderr)
	assert.Equal(t, `updated "rm is allowed, says a case that is wrong" (`+wrong+`): verdict, reason, decided_by, cause, trail`+"\n", stdout)
	assert.Equal(t, 0, code)
	code, stdout, _ = hookchainCmd(t, "", "test", "--project", project, wrong)
	assert.Equal(t, "ok    rm is allowed, says a case that is wrong\nok: 1 case passed\n", stdout)
	assert.Equal(t, 0, code)
}

// inDir is input with its field at path (sjson's syntax) set to dir: the
// session of another CLI working in dir, where the Claude Code settings'
// hooks, run in the session's directory, find their relative paths.
func inDir(t *testing.T, input, path, dir string) string {
	t.Helper()
	abs, err := filepath.Abs(dir)
	require.NoError(t, err)
	out, err := sjson.Set(input, path, abs)
	require.NoError(t, err)
	return out
}
