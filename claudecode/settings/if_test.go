package settings

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// call is a before-call event for tool with input.
func call(tool, input string) hookchain.Event {
	return hookchain.Event{Hook: hookchain.BeforeTool, Tool: tool, Input: json.RawMessage(input)}
}

func TestCompileIfKeepsClaudeCodesMeaning(t *testing.T) {
	events := map[string]hookchain.Event{
		"rm":         bash("rm -rf build"),
		"sudo rm":    bash("sudo rm -rf build"),
		"bash -c rm": bash("bash -c 'rm -rf build'"),
		"list rm":    bash("cd src && rm -rf ../build"),
		"dynamic":    bash("$(printf rm) -rf build"),
		"echo rm":    bash("echo rm"),
		"firm":       bash("firm -rf build"),
		"git push":   bash("git push origin main"),
		"git status": bash("git status"),
		"edit":       call("Edit", `{"file_path":"src/main.go"}`),
		"fetch":      call("WebFetch", `{"url":"https://example.com"}`),
		"mcp store":  call("mcp__memory__store", `{}`),
		"mcp recall": call("mcp__memory__recall", `{}`),
		"mcp other":  call("mcp__github__create_issue", `{}`),
	}
	tests := []struct {
		name    string
		rule    string
		shown   string
		matches []string
	}{
		{"a Bash pattern matches the command wherever the shell runs it", "Bash(rm *)", `And(Tool("Bash"), shell.Rule("command", "rm *"))`,
			[]string{"rm", "sudo rm", "bash -c rm", "list rm", "dynamic"}},
		{"a Bash pattern with more words", "Bash(git push *)", `And(Tool("Bash"), shell.Rule("command", "git push *"))`,
			[]string{"git push", "dynamic"}},
		{"Bash alone is every Bash call", "Bash", `Tool("Bash")`,
			[]string{"rm", "sudo rm", "bash -c rm", "list rm", "dynamic", "echo rm", "firm", "git push", "git status"}},
		{"Bash(*) is Bash", "Bash(*)", `Tool("Bash")`,
			[]string{"rm", "sudo rm", "bash -c rm", "list rm", "dynamic", "echo rm", "firm", "git push", "git status"}},
		{"another tool's name is every call to it", "WebFetch", `Tool("WebFetch")`, []string{"fetch"}},
		{"an MCP server is every one of its tools", "mcp__memory", `ToolGlob("mcp__memory__*")`, []string{"mcp store", "mcp recall"}},
		{"an MCP server's wildcard is the same", "mcp__memory__*", `ToolGlob("mcp__memory__*")`, []string{"mcp store", "mcp recall"}},
		{"an MCP tool is that tool", "mcp__memory__store", `Tool("mcp__memory__store")`, []string{"mcp store"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := CompileIf(tt.rule)
			require.NoError(t, err)
			assert.Equal(t, tt.shown, fmt.Sprint(m))
			var got []string
			for name, e := range events {
				if m.Match(e) {
					got = append(got, name)
				}
			}
			assert.ElementsMatch(t, tt.matches, got)
		})
	}
}

func TestCompileIfRefusesWhatItCannotHonourExactly(t *testing.T) {
	const paths = "rules are paths that Claude Code matches with gitignore rules, relative to the settings file, the working directory or the home directory, which hookchain does not reproduce exactly"
	tests := []struct {
		name string
		rule string
		err  string
	}{
		{"an Edit path", "Edit(src/**)", `the if rule "Edit(src/**)" is not supported: Edit ` + paths},
		{"a Read path", "Read(./.env)", `the if rule "Read(./.env)" is not supported: Read ` + paths},
		{"a Write path", "Write(*.json)", `the if rule "Write(*.json)" is not supported: Write ` + paths},
		{"a WebFetch domain", "WebFetch(domain:example.com)",
			`the if rule "WebFetch(domain:example.com)" is not supported: WebFetch rules are domains that Claude Code matches against the URL it fetches, which hookchain does not reproduce exactly`},
		{"a parameter rule", "Agent(model:opus)", `the if rule "Agent(model:opus)" is not supported: hookchain honours Bash(…) rules, tool names and MCP tool names`},
		{"a Bash parameter rule, which is also a prefix rule", "Bash(run_in_background:true)",
			`the if rule "Bash(run_in_background:true)" is not supported: it reads as a rule on the Bash tool's run_in_background parameter and as a rule on commands starting with "run_in_background", and hookchain cannot tell which Claude Code means`},
		{"a Bash rule on timeout, which is also a program", "Bash(timeout:*)",
			`the if rule "Bash(timeout:*)" is not supported: it reads as a rule on the Bash tool's timeout parameter and as a rule on commands starting with "timeout", and hookchain cannot tell which Claude Code means`},
		{"bare Read, which Claude Code applies to Grep and Glob too", "Read",
			`the if rule "Read" is not supported: Claude Code applies Read rules to every tool that reads files (Grep, Glob, ...), not only to Read`},
		{"bare Edit, which Claude Code applies to Write too", "Edit",
			`the if rule "Edit" is not supported: Claude Code applies Edit rules to every tool that edits files (Write, NotebookEdit, ...), not only to Edit`},
		{"an MCP rule with parentheses", "mcp__memory(store)", `the if rule "mcp__memory(store)" is not supported: an MCP rule names a server or a tool, without parentheses`},
		{"an MCP rule without a server", "mcp__", `the if rule "mcp__" names no MCP server`},
		{"an MCP rule with an empty tool", "mcp__memory__", `the if rule "mcp__memory__" names no MCP tool: write "mcp__memory" for every tool of the server`},
		{"a wildcard in a tool name", "mcp__memory__st*", `the if rule "mcp__memory__st*" is not supported: a tool name with a wildcard is matched only as an MCP server's tools, mcp__server__*`},
		{"a wildcard in a built-in tool's name", "Bash*", `the if rule "Bash*" is not supported: a tool name with a wildcard is matched only as an MCP server's tools, mcp__server__*`},
		{"an empty Bash pattern", "Bash()", `the if rule "Bash()" has an empty pattern: write "Bash" for every command`},
		{"an unclosed parenthesis", "Bash(rm *", `the if rule "Bash(rm *" is not a permission rule: want Tool or Tool(specifier)`},
		{"an empty rule", "", `the if rule "" is not a permission rule: want Tool or Tool(specifier), such as "Bash(git *)"`},
		{"a space before the parenthesis", "Bash (rm *)", `the if rule "Bash (rm *)" is not a permission rule: want Tool or Tool(specifier), such as "Bash(git *)"`},
		{"an expression, which is not permission rule syntax", "tool_input.command matches 'git push'",
			`the if rule "tool_input.command matches 'git push'" is not a permission rule: want Tool or Tool(specifier), such as "Bash(git *)"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := CompileIf(tt.rule)
			require.EqualError(t, err, tt.err)
			assert.Nil(t, m)
		})
	}
}

// ran is a command hook that blocks whenever it runs, so that a call it
// did not run for is allowed with an empty trail.
const ran = "cat >/dev/null; echo ran >&2; exit 2"

func ranFor(name string) hookchain.Outcome {
	return hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by " + name + ": ran", DecidedBy: name, Cause: hookchain.CauseLink,
		Trail: []hookchain.Step{{Name: name, Verdict: hookchain.Denied, Reason: "ran"}}}
}

func TestIfRulesRunAHookOnlyForTheCallsTheyMatch(t *testing.T) {
	chain := chainFor(t, `{"hooks": {"PreToolUse": [
	  {"matcher": "*", "hooks": [{"type": "command", "command": "`+ran+`", "if": "Bash(rm *)"}]}
	]}}`, Options{ProjectDir: t.TempDir()})
	tests := []struct {
		name string
		e    hookchain.Event
		runs bool
	}{
		{"rm", bash("rm -rf x"), true},
		{"rm behind sudo", bash("sudo rm -rf x"), true},
		{"rm inside bash -c", bash("bash -c 'rm -rf x'"), true},
		{"rm after another command", bash("make clean; rm -rf x"), true},
		{"a program that cannot be known before it runs", bash(`"$(printf rm)" -rf x`), true},
		{"rm as an argument", bash("echo rm"), false},
		{"another program", bash("ls -la"), false},
		{"another tool, though the group matches every tool", call("Edit", `{"file_path":"rm"}`), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := hookchain.Outcome{}
			if tt.runs {
				want = ranFor(ran)
			}
			assert.Equal(t, want, chain.Run(context.Background(), tt.e))
		})
	}
}

func TestIfRulesAreAddedToTheLinksMatcher(t *testing.T) {
	s, err := Parse("s.json", []byte(`{"hooks": {
	  "PreToolUse": [
	    {"matcher": "Bash", "hooks": [
	      {"type": "command", "command": "./rm.sh", "if": "Bash(rm *)"},
	      {"type": "command", "command": "./all.sh", "if": "Bash"}
	    ]},
	    {"matcher": "*", "hooks": [{"type": "command", "command": "./push.sh", "if": "Bash(git push *)"}]},
	    {"matcher": "Bash|Edit", "hooks": [{"type": "command", "command": "./rm.sh", "if": "Bash(rmdir *)"}]},
	    {"matcher": "mcp__.*", "hooks": [{"type": "command", "command": "./memory.sh", "if": "mcp__memory"}]}
	  ],
	  "PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./pushed.sh", "if": "Bash(git push *)"}]}]
	}}`))
	require.NoError(t, err)
	links, err := s.Links(Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{
		`Before("./rm.sh", Or(And(Tool("Bash"), shell.Rule("command", "rm *")), And(Tool("Bash", "Edit"), Tool("Bash"), shell.Rule("command", "rmdir *")))) timeout=10m1s fail-open`,
		`Before("./all.sh", Tool("Bash")) timeout=10m1s fail-open`,
		`Before("./push.sh", And(Any(), Tool("Bash"), shell.Rule("command", "git push *"))) timeout=10m1s fail-open`,
		`Before("./memory.sh", And(ToolSearch("mcp__.*"), ToolGlob("mcp__memory__*"))) timeout=10m1s fail-open`,
		`After("./pushed.sh", And(Tool("Bash"), Not(IsError()), shell.Rule("command", "git push *"))) timeout=10m1s fail-open`,
	}, describe(links), "a rule's tool is not named twice when the group names only that tool")

	var ifs []string
	for _, h := range s.Hooks(Options{}) {
		ifs = append(ifs, h.Where()+" "+h.If+" -> "+h.IfMatcher)
	}
	assert.Equal(t, []string{
		`PreToolUse[0].hooks[0] Bash(rm *) -> And(Tool("Bash"), shell.Rule("command", "rm *"))`,
		`PreToolUse[0].hooks[1] Bash -> Tool("Bash")`,
		`PreToolUse[1].hooks[0] Bash(git push *) -> And(Tool("Bash"), shell.Rule("command", "git push *"))`,
		`PreToolUse[2].hooks[0] Bash(rmdir *) -> And(Tool("Bash"), shell.Rule("command", "rmdir *"))`,
		`PreToolUse[3].hooks[0] mcp__memory -> ToolGlob("mcp__memory__*")`,
		`PostToolUse[0].hooks[0] Bash(git push *) -> And(Tool("Bash"), shell.Rule("command", "git push *"))`,
	}, ifs)
}

func TestAHookRegisteredTwiceWithIfRulesRunsOnceWhenEitherMatches(t *testing.T) {
	chain := chainFor(t, `{"hooks": {"PreToolUse": [
	  {"matcher": "Bash", "hooks": [{"type": "command", "command": "`+ran+`", "if": "Bash(rm *)"}]},
	  {"matcher": "Bash", "hooks": [{"type": "command", "command": "`+ran+`", "if": "Bash(git push *)"}]}
	]}}`, Options{ProjectDir: t.TempDir()})
	for command, runs := range map[string]bool{"rm -rf x": true, "git push -f": true, "rm x && git push": true, "git status": false} {
		t.Run(command, func(t *testing.T) {
			want := hookchain.Outcome{}
			if runs {
				want = ranFor(ran)
			}
			assert.Equal(t, want, chain.Run(context.Background(), bash(command)))
		})
	}
}

func TestAnIfRuleThatIsNotAStringIsAnError(t *testing.T) {
	s, err := Parse("s.json", []byte(`{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./x.sh", "if": ["Bash(rm *)"]}]}]}}`))
	require.NoError(t, err)
	_, err = s.Links(Options{})
	require.EqualError(t, err, `s.json:1:85: PreToolUse[0].hooks[0]: if: want a permission rule such as "Bash(git *)", got an array`)
	assert.Equal(t, []string{
		`s.json PreToolUse[0].hooks[0] matcher=""/all command ./x.sh timeout=10m0s block=false invalid name="" reason="if: want a permission rule such as \"Bash(git *)\", got an array"`,
	}, summary(s.Hooks(Options{})))
}
