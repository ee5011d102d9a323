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
	tests := []struct {
		name string
		rule string
		err  string
	}{
		{"a parameter rule", "Agent(model:opus)", `the if rule "Agent(model:opus)" is not supported: hookchain honours Bash(…), path, WebFetch(domain:…) and MCP rules, and tool names`},
		{"a WebFetch rule that is not a domain", "WebFetch(https://example.com)", `the if rule "WebFetch(https://example.com)" is not supported: a WebFetch rule names a domain, WebFetch(domain:example.com)`},
		{"a Bash parameter rule, which is also a prefix rule", "Bash(run_in_background:true)",
			`the if rule "Bash(run_in_background:true)" is not supported: it reads as a rule on the Bash tool's run_in_background parameter and as a rule on commands starting with "run_in_background", and hookchain cannot tell which Claude Code means`},
		{"a Bash rule on timeout, which is also a program", "Bash(timeout:*)",
			`the if rule "Bash(timeout:*)" is not supported: it reads as a rule on the Bash tool's timeout parameter and as a rule on commands starting with "timeout", and hookchain cannot tell which Claude Code means`},
		{"an MCP rule with parentheses", "mcp__memory(store)", `the if rule "mcp__memory(store)" is not supported: an MCP rule names a server or a tool, without parentheses`},
		{"an MCP rule without a server", "mcp__", `the if rule "mcp__" names no MCP server`},
		{"an MCP rule with an empty tool", "mcp__memory__", `the if rule "mcp__memory__" names no MCP tool: write "mcp__memory" for every tool of the server`},
		{"a wildcard in a tool name", "mcp__memory__st*", `the if rule "mcp__memory__st*" is not supported: a tool name with a wildcard is matched only as an MCP server's tools, mcp__server__*`},
		{"a wildcard in a built-in tool's name", "Bash*", `the if rule "Bash*" is not supported: a tool name with a wildcard is matched only as an MCP server's tools, mcp__server__*`},
		{"an empty Bash pattern", "Bash()", `the if rule "Bash()" has an empty pattern: write "Bash" for every command`},
		{"an empty path", "Edit()", `the if rule "Edit()" has an empty pattern: write "Edit" for every call`},
		{"a path pattern that does not compile", "Read(src/[)", `the if rule "Read(src/[)": "src/[" is not a valid path pattern`},
		{"an empty domain", "WebFetch(domain:)", `the if rule "WebFetch(domain:)" names no domain: write "WebFetch" for every fetch`},
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
		`Before("rm.sh", Or(And(Tool("Bash"), shell.Rule("command", "rm *")), And(Tool("Bash", "Edit"), Tool("Bash"), shell.Rule("command", "rmdir *")))) timeout=10m1s fail-open`,
		`Before("all.sh", Tool("Bash")) timeout=10m1s fail-open`,
		`Before("push.sh", And(Any(), Tool("Bash"), shell.Rule("command", "git push *"))) timeout=10m1s fail-open`,
		`Before("memory.sh", And(ToolSearch("mcp__.*"), ToolGlob("mcp__memory__*"))) timeout=10m1s fail-open`,
		`After("pushed.sh", And(Tool("Bash"), Not(IsError()), shell.Rule("command", "git push *"))) timeout=10m1s fail-open`,
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

func TestPathRulesMatchAsGitignorePatternsFromTheirAnchor(t *testing.T) {
	// Read and Edit rules "use gitignore pattern syntax": "//path" from the
	// root, "~/path" from home, "/path" from the settings' project, "path"
	// from the working directory (permissions reference).
	d := dirs{cwd: "/p", home: "/h", source: "/p"}
	file := func(tool, path string) hookchain.Event {
		return call(tool, `{"file_path":`+string(hookchain.Text(path))+`}`)
	}
	tests := []struct {
		rule string
		e    hookchain.Event
		in   dirs
		want bool
	}{
		{"Edit(*.ts)", file("Edit", "/p/src/a.ts"), d, true},
		{"Edit(*.ts)", file("Edit", "/p/a.js"), d, false},
		{"Edit(*.ts)", file("Write", "/p/x/y.ts"), d, true},       // Edit rules cover every tool that edits files
		{"Edit(*.ts)", file("Read", "/p/a.ts"), d, false},         // not a tool Edit rules cover
		{"Edit(*.ts)", file("Edit", "/elsewhere/a.ts"), d, false}, // outside the working directory
		{"Edit(src/**)", file("Edit", "/p/src/app.ts"), d, true},  // a single-segment directory is the working directory's
		{"Edit(src/**)", file("Edit", "/p/vendor/pkg/src/lib.js"), d, false},
		{"Edit(**/src/**)", file("Edit", "/p/vendor/pkg/src/lib.js"), d, true},
		{"Edit(/src/**)", file("Edit", "/p/src/app.ts"), dirs{cwd: "/p/sub", home: "/h", source: "/p"}, true},
		{"Edit(/src/**)", file("Edit", "/p/sub/src/app.ts"), dirs{cwd: "/p/sub", home: "/h", source: "/p"}, false},
		{"Edit(src/**)", file("Edit", "/p/sub/src/app.ts"), dirs{cwd: "/p/sub", home: "/h", source: "/p"}, true},
		{"Read(.env)", file("Read", "/p/.env"), d, true},
		{"Read(.env)", file("Read", "/p/config/.env"), d, true}, // a bare name matches at any depth
		{"Read(.env)", file("Read", "/other/.env"), d, false},
		{"Read(//**/.env)", file("Read", "/other/.env"), d, true},
		{"Read(~/.ssh/**)", file("Read", "/h/.ssh/id_rsa"), d, true},
		{"Read(~/.ssh/**)", file("Read", "/p/.ssh/id_rsa"), d, false},
		{"Read(secrets)", file("Read", "/p/a/secrets/key.pem"), d, true}, // a matched directory holds what is in it
		{"Read(./secrets/)", file("Read", "/p/secrets/key.pem"), d, true},
		{"Read(./secrets/)", file("Read", "/p/secrets"), d, false}, // a trailing slash is a directory, and this is a file
		{"Read(src/**)", file("Read", "src/a.go"), d, true},        // a relative path is the working directory's
		{"Read(src/**)", call("Grep", `{"pattern":"x","path":"src"}`), d, true},
		{"Read(src/**)", call("Grep", `{"pattern":"x"}`), dirs{cwd: "/p/src", home: "/h", source: "/p"}, false},
		{"NotebookEdit(*.ipynb)", call("NotebookEdit", `{"notebook_path":"/p/n.ipynb"}`), d, true},
		{"NotebookEdit(*.ipynb)", file("Edit", "/p/n.ipynb"), d, false},
		{"Edit(*.ts)", call("Edit", `{"old_string":"a"}`), d, true}, // no path to check: the hook runs
	}
	for _, tt := range tests {
		t.Run(tt.rule+" "+string(tt.e.Input), func(t *testing.T) {
			c, err := compileIf(tt.rule)
			require.NoError(t, err)
			require.NotNil(t, c.path)
			got := c.tools.Match(tt.e) && c.path.matches(tt.e, tt.in)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestDomainRulesMatchTheHostOfTheFetchedURL(t *testing.T) {
	// "Matching is case-insensitive, supports * wildcards, and strips a
	// trailing ." (permissions reference, WebFetch).
	fetch := func(url string) hookchain.Event { return call("WebFetch", `{"url":"`+url+`","prompt":"?"}`) }
	tests := []struct {
		rule, url string
		want      bool
	}{
		{"WebFetch(domain:example.com)", "https://example.com/docs", true},
		{"WebFetch(domain:example.com)", "https://EXAMPLE.com./docs", true},
		{"WebFetch(domain:example.com)", "https://api.example.com/", false},
		{"WebFetch(domain:*.example.com)", "https://api.example.com/", true},
		{"WebFetch(domain:*.example.com)", "https://a.b.example.com/", true},
		{"WebFetch(domain:*.example.com)", "https://example.com/", false},
		{"WebFetch(domain:example.*)", "https://example.org/", true},
		{"WebFetch(domain:example.*)", "https://example.evil.com/", false},
		{"WebFetch(domain:*)", "https://anything.test/", true},
		{"WebFetch(domain:example.com)", "not a url", true}, // cannot be read: the hook runs
	}
	for _, tt := range tests {
		t.Run(tt.rule+" "+tt.url, func(t *testing.T) {
			m, err := CompileIf(tt.rule)
			require.NoError(t, err)
			assert.Equal(t, tt.want, m.Match(fetch(tt.url)))
		})
	}
}
