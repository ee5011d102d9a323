package settings

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// everything has one handler of every kind the loader knows.
const everything = `{
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [
        {"type": "command", "command": "./guard.sh", "timeout": 10, "onFailure": "block"},
        {"type": "command", "command": "./audit.sh", "statusMessage": "auditing"},
        {"type": "command", "command": "./rm.sh", "if": "Bash(rm *)"}
      ]},
      {"matcher": "mcp__.*", "hooks": [
        {"type": "http", "url": "http://127.0.0.1:9/policy", "timeout": 0.5, "headers": {"Authorization": "Bearer $TOKEN"}, "allowedEnvVars": ["TOKEN"]},
        {"type": "prompt", "prompt": "Is this safe? $ARGUMENTS"},
        {"type": "agent", "prompt": "Check it", "if": "mcp__policy"},
        {"type": "mcp_tool", "server": "policy", "tool": "check"}
      ]},
      {"matcher": "Edit|Write", "hooks": [
        {"type": "command", "command": "./guard.sh"},
        {"type": "command", "command": "./notify.sh", "async": true},
        {"type": "command", "command": "./once.sh", "once": true},
        {"type": "command", "command": "bash-only", "shell": "bash"},
        {"type": "command", "command": "printf", "args": ["%s", "x"]},
        {"type": "webhook", "url": "http://127.0.0.1:9/"},
        {"type": "command", "command": "./src-only.sh", "if": "Edit(src/**)"}
      ]},
      {"matcher": "(?=x)", "hooks": [{"type": "command", "command": "./never.sh"}]}
    ],
    "PostToolUse": [{"hooks": [{"type": "command", "command": "./audit.sh", "onFailure": "continue"}]}],
    "PostToolUseFailure": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./failed.sh", "timeout": "5"}]}],
    "pretooluse": [{"hooks": [{"type": "command", "command": "./typo.sh"}]}],
    "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "./prompt.sh"}]}],
    "Stop": [{"matcher": 5, "hooks": [{"type": "surprise"}]}]
  }
}`

// summary is one line per hook with everything Hooks says about it.
func summary(hooks []Hook) []string {
	var out []string
	for _, h := range hooks {
		target := h.Command
		if h.Type == "http" {
			target = h.URL
		}
		if h.Args != nil {
			target += fmt.Sprint(h.Args)
		}
		matcher := fmt.Sprintf("matcher=%q/%s", h.Matcher, h.MatcherKind)
		if h.If != "" {
			matcher += fmt.Sprintf(" if=%q/%q", h.If, h.IfMatcher)
		}
		out = append(out, fmt.Sprintf("%s %s %s %s timeout=%v block=%v %s name=%q reason=%q",
			h.File, h.Where(), matcher, h.Type+" "+target, h.Timeout, h.Block, h.Status, h.Name, h.Reason))
	}
	return out
}

func TestHooksDescribeEveryHandlerAndWhatBecomesOfIt(t *testing.T) {
	s, err := Parse("s.json", []byte(everything))
	require.NoError(t, err)
	assert.Equal(t, []string{
		`s.json PreToolUse[0].hooks[0] matcher="Bash"/names command ./guard.sh timeout=10s block=true linked name="guard.sh" reason=""`,
		`s.json PreToolUse[0].hooks[1] matcher="Bash"/names command ./audit.sh timeout=10m0s block=false linked name="audit.sh@PreToolUse[0].hooks[1]" reason=""`,
		`s.json PreToolUse[0].hooks[2] matcher="Bash"/names if="Bash(rm *)"/"And(Tool(\"Bash\"), shell.Rule(\"command\", \"rm *\"))" command ./rm.sh timeout=10m0s block=false linked name="rm.sh" reason=""`,
		`s.json PreToolUse[1].hooks[0] matcher="mcp__.*"/regexp http http://127.0.0.1:9/policy timeout=500ms block=false linked name="http://127.0.0.1:9/policy" reason=""`,
		// Without Options.Model and Options.MCP they are linked to deny
		// every call (see model_test.go); RequireRuntime refuses them.
		`s.json PreToolUse[1].hooks[1] matcher="mcp__.*"/regexp prompt  timeout=30s block=false linked name="prompt: Is this safe? $ARGUMENTS" reason=""`,
		`s.json PreToolUse[1].hooks[2] matcher="mcp__.*"/regexp if="mcp__policy"/"ToolGlob(\"mcp__policy__*\")" agent  timeout=1m0s block=false linked name="agent: Check it" reason=""`,
		`s.json PreToolUse[1].hooks[3] matcher="mcp__.*"/regexp mcp_tool  timeout=10m0s block=false linked name="mcp_tool: policy/check" reason=""`,
		`s.json PreToolUse[2].hooks[0] matcher="Edit|Write"/names command ./guard.sh timeout=10s block=true merged name="guard.sh" reason="the same hook as PreToolUse[0].hooks[0] in s.json, run once per call"`,
		`s.json PreToolUse[2].hooks[1] matcher="Edit|Write"/names command ./notify.sh timeout=10m0s block=false linked name="notify.sh" reason=""`,
		// Claude Code ignores "once" in settings files and runs the hook
		// on every call; so does the chain (issue 12, item 4).
		`s.json PreToolUse[2].hooks[2] matcher="Edit|Write"/names command ./once.sh timeout=10m0s block=false linked name="once.sh" reason=""`,
		`s.json PreToolUse[2].hooks[3] matcher="Edit|Write"/names command bash-only timeout=10m0s block=false linked name="bash-only" reason=""`,
		`s.json PreToolUse[2].hooks[4] matcher="Edit|Write"/names command printf[%s x] timeout=10m0s block=false linked name="printf %s x" reason=""`,
		`s.json PreToolUse[2].hooks[5] matcher="Edit|Write"/names webhook  timeout=0s block=false invalid name="" ` +
			`reason="unknown handler type \"webhook\": want \"command\", \"http\", \"mcp_tool\", \"prompt\" or \"agent\""`,
		`s.json PreToolUse[2].hooks[6] matcher="Edit|Write"/names if="Edit(src/**)"/"And(Tool(\"Edit\", \"Write\", \"MultiEdit\", \"NotebookEdit\"), Path(\"src/**\"))" ` +
			`command ./src-only.sh timeout=10m0s block=false linked name="src-only.sh" reason=""`,
		`s.json PreToolUse[3].hooks[0] matcher="(?=x)"/regexp command ./never.sh timeout=0s block=false invalid name="" reason="matcher \"(?=x)\" is not a regular expression Go can run: error parsing regexp: invalid or unsupported Perl syntax: ` + "`(?=`" + `"`,
		`s.json PostToolUse[0].hooks[0] matcher=""/all command ./audit.sh timeout=10m0s block=false linked name="audit.sh@PostToolUse[0].hooks[0]" reason=""`,
		`s.json PostToolUseFailure[0].hooks[0] matcher="Bash"/names command ./failed.sh timeout=10m0s block=false invalid name="" reason="timeout: want a positive number of seconds, such as 30, got \"5\""`,
		`s.json pretooluse[0].hooks[0] matcher=""/ command ./typo.sh timeout=0s block=false invalid name="" reason="unknown hook event \"pretooluse\": event names are case-sensitive; write \"PreToolUse\""`,
		`s.json UserPromptSubmit[0].hooks[0] matcher=""/ command ./prompt.sh timeout=0s block=false ignored name="" reason="UserPromptSubmit is not a tool-call event"`,
		`s.json Stop[0].hooks[0] matcher=""/ surprise  timeout=0s block=false ignored name="" reason="Stop is not a tool-call event"`,
	}, summary(s.Hooks(Options{})))
}

func TestLinksRefuseEveryHookTheyCannotRunByName(t *testing.T) {
	s, err := Parse("s.json", []byte(everything))
	require.NoError(t, err)
	const skip = "; remove the hook, or skip unsupported hooks (--skip-unsupported, Options.SkipUnsupported) to run the others without it"
	refused := []string{
		`s.json:11:9: PreToolUse[1].hooks[1]: a prompt hook asks a model, and none is given (settings.Options.Model; the hookchain CLI has none)` + skip,
		`s.json:12:9: PreToolUse[1].hooks[2]: an agent hook runs a subagent on a model, and none is given (settings.Options.Model; the hookchain CLI has none)` + skip,
		`s.json:13:9: PreToolUse[1].hooks[3]: an mcp_tool hook calls a tool of an MCP server, and no MCP client is given (settings.Options.MCP; the hookchain CLI has none)` + skip,
		`s.json:21:18: PreToolUse[2].hooks[5]: unknown handler type "webhook": want "command", "http", "mcp_tool", "prompt" or "agent"`,
		"s.json:24:19: PreToolUse[3].hooks[0]: matcher \"(?=x)\" is not a regular expression Go can run: error parsing regexp: invalid or unsupported Perl syntax: `(?=`",
		`s.json:27:115: PostToolUseFailure[0].hooks[0]: timeout: want a positive number of seconds, such as 30, got "5"`,
		`s.json:28:20: pretooluse[0].hooks[0]: unknown hook event "pretooluse": event names are case-sensitive; write "PreToolUse"`,
	}
	var invalid []string
	for _, e := range refused {
		if !strings.HasSuffix(e, skip) {
			invalid = append(invalid, e)
		}
	}

	// Async hooks run: with a Background to run them (see async_test.go).
	bg := NewBackground(BackgroundOptions{})
	links, err := s.Links(Options{RequireRuntime: true, Background: bg})
	assert.Nil(t, links)
	require.Error(t, err)
	assert.Equal(t, refused, strings.Split(err.Error(), "\n"))

	links, err = s.Links(Options{SkipUnsupported: true, Background: bg})
	assert.Nil(t, links)
	require.Error(t, err)
	assert.Equal(t, invalid, strings.Split(err.Error(), "\n"), "skipping unsupported hooks does not excuse mistakes")
}

func TestLinksCarryEachHooksMatcherTimeoutAndFailureMode(t *testing.T) {
	s, err := Parse("s.json", []byte(`{"hooks": {
	  "PreToolUse": [
	    {"matcher": "Bash", "hooks": [
	      {"type": "command", "command": "./guard.sh", "timeout": 10, "onFailure": "block"},
	      {"type": "command", "command": "./audit.sh"}
	    ]},
	    {"matcher": "mcp__.*", "hooks": [{"type": "http", "url": "http://127.0.0.1:9/policy", "timeout": 0.5}]},
	    {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "./guard.sh"}]}
	  ],
	  "PostToolUse": [{"hooks": [{"type": "command", "command": "./audit.sh"}]}],
	  "PostToolUseFailure": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./failed.sh"}]}],
	  "Stop": [{"hooks": [{"type": "command", "command": "./done.sh"}]}]
	}}`))
	require.NoError(t, err)
	links, err := s.Links(Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{
		`Before("guard.sh", Or(Tool("Bash"), Tool("Edit", "Write"))) timeout=11s`,
		`Before("audit.sh@PreToolUse[0].hooks[1]", Tool("Bash")) timeout=10m1s fail-open`,
		`Before("http://127.0.0.1:9/policy", ToolSearch("mcp__.*")) timeout=1.5s fail-open`,
		`After("audit.sh@PostToolUse[0].hooks[0]", And(Any(), Not(IsError()))) timeout=10m1s fail-open`,
		`After("failed.sh", And(Tool("Bash"), IsError())) timeout=10m1s fail-open`,
	}, describe(links))

	links, err = s.Links(Options{FailClosed: true})
	require.NoError(t, err)
	for _, l := range links {
		assert.NotContains(t, l.String(), "fail-open", "with FailClosed every hook blocks on failure")
	}
}

func TestLinkNamesStayUniqueAcrossFiles(t *testing.T) {
	dir := t.TempDir()
	user := write(t, dir, "user.json", `{"hooks": {
	  "PreToolUse": [{"hooks": [{"type": "command", "command": "./audit.sh"}, {"type": "command", "command": "./user.sh"}]}],
	  "PostToolUse": [{"hooks": [{"type": "command", "command": "./audit.sh"}]}]
	}}`)
	project := write(t, dir, "project.json", `{"hooks": {
	  "PreToolUse": [{"hooks": [{"type": "command", "command": "./user.sh"}, {"type": "command", "command": "./audit.sh"}]}],
	  "PostToolUseFailure": [{"hooks": [{"type": "command", "command": "./audit.sh"}]}]
	}}`)
	s, err := Load(user, project)
	require.NoError(t, err)
	links, err := s.Links(Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{
		`Before("audit.sh@PreToolUse[0].hooks[0]", Or(Any(), Any())) timeout=10m1s fail-open`,
		`Before("user.sh", Or(Any(), Any())) timeout=10m1s fail-open`,
		`After("audit.sh@PostToolUse[0].hooks[0]", And(Any(), Not(IsError()))) timeout=10m1s fail-open`,
		`After("audit.sh@PostToolUseFailure[0].hooks[0]", And(Any(), IsError())) timeout=10m1s fail-open`,
	}, describe(links), "a hook given in both files runs once, named after its first place")
	require.NotPanics(t, func() { hookchain.New(links...) })

	// The same file twice: every hook is a repeat of itself.
	s, err = Load(user, user)
	require.NoError(t, err)
	links, err = s.Links(Options{})
	require.NoError(t, err)
	assert.Len(t, links, 3)

	// Two hooks of one name at the same place in two files need their file
	// in the name.
	other := write(t, dir, "other.json", `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./audit.sh", "shell": "bash"}]}]}}`)
	s, err = Load(user, other)
	require.NoError(t, err)
	links, err = s.Links(Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{
		`Before("audit.sh@` + user + `:PreToolUse[0].hooks[0]", Any()) timeout=10m1s fail-open`,
		`Before("user.sh", Any()) timeout=10m1s fail-open`,
		`After("audit.sh@PostToolUse[0].hooks[0]", And(Any(), Not(IsError()))) timeout=10m1s fail-open`,
		`Before("audit.sh@` + other + `:PreToolUse[0].hooks[0]", Any()) timeout=10m1s fail-open`,
	}, describe(links))

	s, err = Load(user, write(t, dir, "post.json", `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./x.sh", "shell": "bash"}]}],
	  "PostToolUse": [{"hooks": [{"type": "command", "command": "./audit.sh", "timeout": 1}]}]}}`))
	require.NoError(t, err)
	links, err = s.Links(Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{
		`Before("audit.sh@PreToolUse[0].hooks[0]", Any()) timeout=10m1s fail-open`,
		`Before("user.sh", Any()) timeout=10m1s fail-open`,
		`After("audit.sh@PostToolUse[0].hooks[0]", Or(And(Any(), Not(IsError())), And(Any(), Not(IsError())))) timeout=10m1s fail-open`,
		`Before("x.sh", Any()) timeout=10m1s fail-open`,
	}, describe(links), "a repeat runs with its first occurrence's timeout")
}

func TestLinkNamesAreShortAndTheCommandIsKeptWhole(t *testing.T) {
	// A trail names each hook; an inline script as a name is unreadable.
	tests := []struct {
		name, handler, want string
	}{
		{"a script by path", `{"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/no-force-push.sh"}`, "no-force-push.sh"},
		{"a script run by an interpreter", `{"type": "command", "command": "python3 -u .claude/hooks/guard.py --strict"}`, "guard.py"},
		{"a plugin's node script", `{"type": "command", "command": "node ${CLAUDE_PLUGIN_ROOT}/hooks/spy/cargo-fmt.js"}`, "cargo-fmt.js"},
		{"uv run", `{"type": "command", "command": "uv run .claude/hooks/lint.py"}`, "lint.py"},
		{"the exec form", `{"type": "command", "command": "${CLAUDE_PROJECT_DIR}/.claude/hooks/block-rm.sh", "args": []}`, "block-rm.sh"},
		{"the exec form through an interpreter", `{"type": "command", "command": "node", "args": ["${CLAUDE_PLUGIN_ROOT}/scripts/format.js", "--fix"]}`, "format.js"},
		{"a short inline command", `{"type": "command", "command": "npx prettier --check ."}`, "npx prettier --check ."},
		{"a long inline script", `{"type": "command", "command": "jq -r '.tool_input.command' | grep -qE 'rm -rf|git push --force' && { echo 'blocked' >&2; exit 2; } || exit 0"}`,
			"jq -r '.tool_input.command' | grep -qE…"},
		{"sh -c is inline code", `{"type": "command", "command": "sh -c 'exit 0'"}`, "sh -c 'exit 0'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse("s.json", []byte(`{"hooks": {"PreToolUse": [{"hooks": [`+tt.handler+`]}]}}`))
			require.NoError(t, err)
			hooks := s.Hooks(Options{})
			require.Len(t, hooks, 1)
			assert.Equal(t, tt.want, hooks[0].Name)
			var h struct{ Command string }
			require.NoError(t, json.Unmarshal([]byte(tt.handler), &h))
			assert.Equal(t, h.Command, hooks[0].Command)
		})
	}
}

func TestDisableAllHooksInTheLastFileThatSetsItDecides(t *testing.T) {
	dir := t.TempDir()
	hooks := write(t, dir, "hooks.json", `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./guard.sh"}]}]}}`)
	off := write(t, dir, "off.json", `{"disableAllHooks": true}`)
	on := write(t, dir, "on.json", `{"disableAllHooks": false}`)

	s, err := Load(hooks, off)
	require.NoError(t, err)
	links, err := s.Links(Options{})
	require.NoError(t, err)
	assert.Empty(t, links)
	assert.Equal(t, []string{
		hooks + ` PreToolUse[0].hooks[0] matcher=""/all command ./guard.sh timeout=10m0s block=false disabled name="" reason="disableAllHooks is set in ` + off + `"`,
	}, summary(s.Hooks(Options{})))

	s, err = Load(hooks, off, on)
	require.NoError(t, err)
	links, err = s.Links(Options{})
	require.NoError(t, err)
	assert.Len(t, links, 1)
}

func describe(links []hookchain.Link) []string {
	var out []string
	for _, l := range links {
		out = append(out, l.String())
	}
	return out
}

// chainFor builds a chain from one settings document.
func chainFor(t *testing.T, doc string, opts Options) *hookchain.Chain {
	t.Helper()
	s, err := Parse("s.json", []byte(doc))
	require.NoError(t, err)
	links, err := s.Links(opts)
	require.NoError(t, err)
	return hookchain.New(links...)
}

func bash(command string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "toolu_1", Input: json.RawMessage(`{"command":` + string(hookchain.Text(command)) + `}`)}
}

func TestCommandHooksRunAsClaudeCodeRunsThem(t *testing.T) {
	project := t.TempDir()
	tests := []struct {
		name  string
		hooks string // the PreToolUse handlers
		want  hookchain.Outcome
	}{
		{
			name:  "exit status 2 blocks with stderr as the reason",
			hooks: `{"type": "command", "command": "cat >/dev/null; echo 'deploys are frozen' >&2; exit 2"}`,
			want: hookchain.Outcome{Verdict: hookchain.Denied,
				Reason: "denied by cat >/dev/null; echo 'deploys are froze…: deploys are frozen",
				Trail:  []hookchain.Step{{Name: "cat >/dev/null; echo 'deploys are froze…", Verdict: hookchain.Denied, Reason: "deploys are frozen"}}},
		},
		{
			name:  "a hook runs in the project directory, which CLAUDE_PROJECT_DIR names",
			hooks: `{"type": "command", "command": "test \"$(pwd)\" = \"$CLAUDE_PROJECT_DIR\" && pwd >&2; exit 2"}`,
			want: hookchain.Outcome{Verdict: hookchain.Denied,
				Reason: `denied by test "$(pwd)" = "$CLAUDE_PROJECT_DIR" &…: ` + project,
				Trail:  []hookchain.Step{{Name: `test "$(pwd)" = "$CLAUDE_PROJECT_DIR" &…`, Verdict: hookchain.Denied, Reason: project}}},
		},
		{
			name: "a failure is reported and the call goes on",
			hooks: `{"type": "command", "command": "echo 'jq: not found' >&2; exit 127"},
			        {"type": "command", "command": "echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"updatedInput\":{\"command\":\"ls -l\"}}}'"}`,
			want: hookchain.Outcome{Verdict: hookchain.Modified, Input: json.RawMessage(`{"command":"ls -l"}`),
				Reason: `echo '{"hookSpecificOutput":{"hookEvent…: updatedInput`,
				Trail: []hookchain.Step{
					{Name: "echo 'jq: not found' >&2; exit 127", Verdict: hookchain.Allowed, Fault: `hook "echo 'jq: not found' >&2; exit 127": exited with status 127; stderr: "jq: not found"`},
					{Name: `echo '{"hookSpecificOutput":{"hookEvent…`, Verdict: hookchain.Modified, Reason: "updatedInput"},
				}},
		},
		{
			name:  "onFailure block makes a failure deny the call",
			hooks: `{"type": "command", "command": "exit 1", "onFailure": "block"}`,
			want: hookchain.Outcome{Verdict: hookchain.Denied,
				Reason: `exit 1 failed and denies on failure: hook "exit 1": exited with status 1`,
				Trail:  []hookchain.Step{{Name: "exit 1", Verdict: hookchain.Denied, Fault: `hook "exit 1": exited with status 1`}}},
		},
		{
			name:  "a hook that outruns its timeout in seconds fails",
			hooks: `{"type": "command", "command": "sleep 5", "timeout": 0.2, "onFailure": "block"}`,
			want: hookchain.Outcome{Verdict: hookchain.Denied,
				Reason: `sleep 5 failed and denies on failure: hook "sleep 5": timed out after 200ms`,
				Trail:  []hookchain.Step{{Name: "sleep 5", Verdict: hookchain.Denied, Fault: `hook "sleep 5": timed out after 200ms`}}},
		},
		{
			name:  "shell bash runs the command with bash",
			hooks: `{"type": "command", "command": "[[ -n $BASH_VERSION ]] && echo bash >&2; exit 2", "shell": "bash"}`,
			want: hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by [[ -n $BASH_VERSION ]] && echo bash >&2…: bash",
				Trail: []hookchain.Step{{Name: "[[ -n $BASH_VERSION ]] && echo bash >&2…", Verdict: hookchain.Denied, Reason: "bash"}}},
		},
		{
			name:  "args run the command without a shell",
			hooks: `{"type": "command", "command": "sh", "args": ["-c", "echo \"$0\" >&2; exit 2", "$HOME;"]}`,
			want: hookchain.Outcome{Verdict: hookchain.Denied, Reason: `denied by sh -c echo "$0" >&2; exit 2 $HOME;: $HOME;`,
				Trail: []hookchain.Step{{Name: `sh -c echo "$0" >&2; exit 2 $HOME;`, Verdict: hookchain.Denied, Reason: "$HOME;"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chain := chainFor(t, `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [`+tt.hooks+`]}]}}`, Options{ProjectDir: project})
			assert.Equal(t, decided(tt.want), chain.Run(context.Background(), bash("ls")))
		})
	}
}

// answering writes a hook script, name, that prints answer, a hook's JSON
// output, and returns the settings handler that runs it.
func answering(t *testing.T, name, answer string) (handler string) {
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte("cat >/dev/null\necho '"+answer+"'\n"), 0o644))
	b, _ := json.Marshal(map[string]string{"type": "command", "command": "sh " + path})
	return string(b)
}

func TestHooksThatAskAndGiveContext(t *testing.T) {
	const ask, rewrite, hint = "ask.sh", "rewrite.sh", "hint.sh"
	askHandler := answering(t, ask, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"deploys need a human"}}`)
	rewriteHandler := answering(t, rewrite, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","updatedInput":{"command":"make deploy-staging"}}}`)
	hintHandler := answering(t, hint, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"staging is make deploy-staging"}}`)
	approve := hookchain.Approver{Name: "operator", Timeout: time.Second,
		Answer: func(context.Context, hookchain.Question) (hookchain.Approval, error) {
			return hookchain.Approval{Decision: hookchain.Approve, By: "alice"}, nil
		}}
	tests := []struct {
		name     string
		handlers string
		approver *hookchain.Approver
		want     hookchain.Outcome
	}{
		{
			name:     "an ask with no approver is denied: approval was needed and not obtained",
			handlers: askHandler,
			want: hookchain.Outcome{Verdict: hookchain.Denied,
				Reason: "approval needed but not obtained: no approver is configured (asked by " + ask + ": deploys need a human)",
				Cause:  hookchain.CauseNoApproval,
				Trail: []hookchain.Step{
					{Name: ask, Verdict: hookchain.Asked, Reason: "deploys need a human"},
					{Name: "approver", Approver: true, Verdict: hookchain.Denied, Fault: "no approver is configured"},
				}},
		},
		{
			name:     "an ask goes to the chain's approver, with every hook's context",
			handlers: hintHandler + "," + askHandler,
			approver: &approve,
			want: hookchain.Outcome{
				DecidedBy: "operator", Cause: hookchain.CauseApprover,
				Trail: []hookchain.Step{
					{Name: ask, Verdict: hookchain.Asked, Reason: "deploys need a human"},
					{Name: "operator", Approver: true, Verdict: hookchain.Allowed, By: "alice"},
				},
				Notes: []hookchain.Note{{Link: hint, Text: "staging is make deploy-staging"}}},
		},
		{
			// Claude Code shows its user the rewritten call; the chain asks
			// its approver about it, and runs it once approved.
			name:     "an ask with updatedInput asks about the rewritten call",
			handlers: rewriteHandler,
			approver: &approve,
			want: hookchain.Outcome{Verdict: hookchain.Modified, Reason: rewrite,
				Input:     json.RawMessage(`{"command":"make deploy-staging"}`),
				DecidedBy: "operator", Cause: hookchain.CauseApprover,
				Trail: []hookchain.Step{
					{Name: rewrite, Verdict: hookchain.Asked},
					{Name: "operator", Approver: true, Verdict: hookchain.Allowed, By: "alice"},
				}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chain := chainFor(t, `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [`+tt.handlers+`]}]}}`, Options{ProjectDir: t.TempDir()})
			if tt.approver != nil {
				chain = chain.WithApprover(*tt.approver)
			}
			assert.Equal(t, tt.want, chain.Run(context.Background(), bash("make deploy")))
		})
	}
}

func TestPostToolUseHooksSeeSuccessesAndPostToolUseFailureHooksFailures(t *testing.T) {
	chain := chainFor(t, `{"hooks": {
	  "PostToolUse": [{"hooks": [{"type": "command", "command": "cat >/dev/null; echo succeeded >&2; exit 2"}]}],
	  "PostToolUseFailure": [{"hooks": [{"type": "command", "command": "grep -q '\"hook_event_name\":\"PostToolUseFailure\"' && echo failed >&2; exit 2"}]}]
	}}`, Options{ProjectDir: t.TempDir()})
	after := func(isError bool) hookchain.Event {
		return hookchain.Event{Hook: hookchain.AfterTool, Tool: "Bash", Input: json.RawMessage(`{}`), Output: hookchain.Text("out"), IsError: isError}
	}
	// A block after the call keeps the output: the reason is a note.
	success, failure := chain.Run(context.Background(), after(false)), chain.Run(context.Background(), after(true))
	assert.Equal(t, hookchain.Allowed, success.Verdict)
	require.Len(t, success.Notes, 1)
	assert.Equal(t, claudecode.BlockedAfterPrefix+"succeeded", success.Notes[0].Text)
	assert.Equal(t, hookchain.Allowed, failure.Verdict)
	require.Len(t, failure.Notes, 1)
	assert.Equal(t, claudecode.BlockedAfterPrefix+"failed", failure.Notes[0].Text)
	assert.Equal(t, hookchain.Allowed, chain.Run(context.Background(), bash("ls")).Verdict, "neither is asked before the call")
}

func TestHTTPHooksPostTheInputWithTheirHeaders(t *testing.T) {
	type request struct {
		Auth, Other string
		Input       claudecode.Input
	}
	got := make(chan request, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in claudecode.Input
		_ = json.NewDecoder(r.Body).Decode(&in)
		got <- request{Auth: r.Header.Get("Authorization"), Other: r.Header.Get("X-Other"), Input: in}
		if in.ToolName == "WebFetch" {
			http.Error(w, "policy server is down", http.StatusServiceUnavailable)
			return
		}
		fmt.Fprint(w, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"not on a Friday"}}`)
	}))
	defer srv.Close()
	env := map[string]string{"TOKEN": "t0k3n", "SECRET": "s3cr3t"}
	chain := chainFor(t, `{"hooks": {"PreToolUse": [{"hooks": [{"type": "http", "url": "`+srv.URL+`/hook", "timeout": 5,
	  "headers": {"Authorization": "Bearer ${TOKEN}", "X-Other": "$SECRET|$UNSET_TOO"}, "allowedEnvVars": ["TOKEN", "UNSET_TOO"]}]}]}}`,
		Options{
			ProjectDir:  "/src/app",
			SessionInfo: claudecode.SessionInfo{ID: "sess-1"},
			LookupEnv:   func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		})

	out := chain.Run(context.Background(), bash("ls"))
	assert.Equal(t, hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by " + srv.URL + "/hook: not on a Friday",
		DecidedBy: srv.URL + "/hook", Cause: hookchain.CauseLink,
		Trail: []hookchain.Step{{Name: srv.URL + "/hook", Verdict: hookchain.Denied, Reason: "not on a Friday"}}}, out)
	req := <-got
	assert.Equal(t, "Bearer t0k3n", req.Auth)
	assert.Equal(t, "|", req.Other, "a variable not listed in allowedEnvVars expands to nothing")
	assert.Equal(t, claudecode.Input{SessionID: "sess-1", Cwd: "/src/app", PermissionMode: "default", HookEventName: "PreToolUse",
		ToolName: "Bash", ToolInput: json.RawMessage(`{"command":"ls"}`), ToolUseID: "toolu_1"}, req.Input)

	out = chain.Run(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "WebFetch", Input: json.RawMessage(`{}`)})
	<-got
	assert.Equal(t, hookchain.Allowed, out.Verdict, "a non-2xx answer is a failure that does not block")
	require.Len(t, out.Trail, 1)
	assert.Equal(t, "http hook "+srv.URL+"/hook: status 503 Service Unavailable: body: policy server is down", out.Trail[0].Fault)
}

func TestChainLoadsFilesAndBuildsAChain(t *testing.T) {
	dir := t.TempDir()
	path := write(t, dir, "settings.json", `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "cat >/dev/null; echo no >&2; exit 2"}]}]}}`)
	chain, err := Chain(Options{ProjectDir: dir}, path)
	require.NoError(t, err)
	assert.Equal(t, hookchain.Denied, chain.Run(context.Background(), bash("ls")).Verdict)

	_, err = Chain(Options{}, filepath.Join(dir, "missing.json"))
	require.Error(t, err)
	_, err = Chain(Options{RequireRuntime: true}, write(t, dir, "prompt.json", `{"hooks": {"PreToolUse": [{"hooks": [{"type": "prompt", "prompt": "?"}]}]}}`))
	require.EqualError(t, err, filepath.Join(dir, "prompt.json")+`:1:38: PreToolUse[0].hooks[0]: a prompt hook asks a model, and none is given (settings.Options.Model; the hookchain CLI has none); `+
		`remove the hook, or skip unsupported hooks (--skip-unsupported, Options.SkipUnsupported) to run the others without it`)
}

// decided fills in who decided a denial from its trail, whose last step is
// the link that denied or failed: saying it twice would only hide the
// row's point.
func decided(o hookchain.Outcome) hookchain.Outcome {
	if o.Verdict == hookchain.Denied && len(o.Trail) > 0 {
		last := o.Trail[len(o.Trail)-1]
		o.DecidedBy, o.Cause = last.Name, hookchain.CauseLink
		if last.Fault != "" {
			o.Cause = hookchain.CauseFailure
		}
	}
	return o
}

// Claude Code's own prompt is an approver named "claude-code"; a hook whose
// command is claude-code is a link of that name. Loading both is not a
// mistake, and the trail tells them apart.
func TestAHookNamedLikeTheUserApproverLoadsAndIsToldApart(t *testing.T) {
	var chain *hookchain.Chain
	require.NotPanics(t, func() {
		chain = chainFor(t, `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "claude-code"}]}]}}`,
			Options{ProjectDir: t.TempDir()}).WithApprover(claudecode.UserApprover())
	})
	out := chain.Run(context.Background(), bash("ls"))
	require.Len(t, out.Trail, 1)
	assert.Equal(t, "claude-code", out.Trail[0].Name)
	assert.False(t, out.Trail[0].Approver, "the hook's step is a link's")
	assert.Equal(t, hookchain.Allowed, out.Verdict, "a hook that cannot run fails open, as in Claude Code")
}
