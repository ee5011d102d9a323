package settings

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/shell"
)

// CompileIf turns a handler's "if" rule, written in Claude Code's permission
// rule syntax, into a hookchain matcher with Claude Code's meaning: the hook
// runs only for calls the rule matches. It accepts the forms whose meaning
// can be kept exactly:
//
//   - "Bash(PATTERN)": a Bash call whose command runs a simple command that
//     PATTERN matches, as a Bash permission rule matches it: "git push *",
//     "npm run test:*", an exact "ls". Every simple command of the command
//     line is checked separately, after unwrapping what runs its arguments
//     (sudo, env, bash -c '…', $(…) and the rest; see shell.Rule), so
//     "Bash(rm *)" matches "cd x && rm -rf y", "sudo rm -rf y" and
//     "bash -c 'rm -rf y'", and does not match "echo rm". "Bash(*)" is
//     "Bash".
//   - A bare tool name, "Bash" or "WebFetch": every call to that tool.
//   - MCP tool names: "mcp__server" and "mcp__server__*" match every tool of
//     that server, "mcp__server__tool" that one tool.
//
// A Bash command that cannot be read before it runs (it does not parse, or
// its program is computed: "$(printf rm) -rf /", "$CMD") matches: the hook
// runs when hookchain cannot tell. That is the safe side for a hook that
// blocks, and only costs a process for one that does not, because in a
// chain a hook's "allow" grants nothing: it is the absence of an objection.
// A hook that runs when it need not can object, ask, give context or
// rewrite the input, and every later hook still sees the result.
//
// Everything else is an error naming the rule, never a matcher with another
// meaning: path rules (Edit(src/**), Read(./.env)), which Claude Code
// matches with gitignore rules relative to the settings file and the
// working directory; WebFetch(domain:…) rules; parameter rules
// (Agent(model:opus), Bash(run_in_background:true)); the bare names Read
// and Edit, which Claude Code applies to every tool that reads or edits
// files; and any other Tool(…) form.
func CompileIf(rule string) (hookchain.Matcher, error) {
	c, err := compileIf(rule)
	if err != nil {
		return nil, err
	}
	return c.matcher(), nil
}

// condition is a compiled if rule: the tool it names, when it names one,
// and what it requires of the call's input, when anything.
type condition struct {
	tool  string            // an exact tool name; "" when tools matches
	tools hookchain.Matcher // the tools the rule is about
	input hookchain.Matcher // what the input must be; nil for "any"
}

// matcher is the whole condition as one matcher.
func (c condition) matcher() hookchain.Matcher {
	if c.input == nil {
		return c.tools
	}
	return hookchain.And(c.tools, c.input)
}

// toolName is what Claude Code accepts as a tool name in a rule.
var toolName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// bashParams are the Bash tool's input fields. A Bash rule that starts with
// one of them and a colon is either Claude Code's parameter form
// (Bash(timeout:*)) or its legacy prefix form (commands starting with
// "timeout"); the two cannot be told apart, so it is refused.
var bashParams = []string{"command", "description", "timeout", "run_in_background", "dangerouslyDisableSandbox"}

// fileTools take path rules.
var fileTools = map[string]bool{"Read": true, "Edit": true, "Write": true, "MultiEdit": true, "NotebookEdit": true, "Glob": true, "Grep": true, "LS": true}

func compileIf(rule string) (condition, error) {
	refuse := func(why string, args ...any) (condition, error) {
		return condition{}, fmt.Errorf("the if rule %q is not supported: "+why, append([]any{rule}, args...)...)
	}
	name, content, hasContent := strings.Cut(rule, "(")
	if hasContent {
		var closed bool
		content, closed = strings.CutSuffix(content, ")")
		if !closed {
			return condition{}, fmt.Errorf("the if rule %q is not a permission rule: want Tool or Tool(specifier)", rule)
		}
	}
	if strings.Contains(strings.TrimSuffix(name, "__*"), "*") {
		return refuse("a tool name with a wildcard is matched only as an MCP server's tools, mcp__server__*")
	}
	if !toolName.MatchString(strings.TrimSuffix(name, "__*")) {
		return condition{}, fmt.Errorf("the if rule %q is not a permission rule: want Tool or Tool(specifier), such as \"Bash(git *)\"", rule)
	}
	if server, ok := strings.CutPrefix(name, "mcp__"); ok {
		return mcpCondition(rule, server, hasContent)
	}
	if strings.HasSuffix(name, "__*") {
		return refuse("only an MCP server's tools can be matched with __*")
	}
	switch {
	case hasContent && name == "Bash":
		return bashCondition(rule, content)
	case hasContent && fileTools[name]:
		return refuse("%s rules are paths that Claude Code matches with gitignore rules, relative to the settings file, the working directory or the home directory, which hookchain does not reproduce exactly", name)
	case hasContent && name == "WebFetch":
		return refuse("WebFetch rules are domains that Claude Code matches against the URL it fetches, which hookchain does not reproduce exactly")
	case hasContent:
		return refuse("hookchain honours Bash(…) rules, tool names and MCP tool names")
	case name == "Read":
		return refuse("Claude Code applies Read rules to every tool that reads files (Grep, Glob, ...), not only to Read")
	case name == "Edit":
		return refuse("Claude Code applies Edit rules to every tool that edits files (Write, NotebookEdit, ...), not only to Edit")
	}
	return condition{tool: name, tools: hookchain.Tool(name)}, nil
}

// bashCondition compiles the pattern of a Bash(…) rule.
func bashCondition(rule, pattern string) (condition, error) {
	if pattern == "*" {
		return condition{tool: "Bash", tools: hookchain.Tool("Bash")}, nil // Claude Code: Bash(*) is Bash
	}
	if strings.TrimSpace(pattern) == "" {
		return condition{}, fmt.Errorf("the if rule %q has an empty pattern: write \"Bash\" for every command", rule)
	}
	for _, p := range bashParams {
		if strings.HasPrefix(pattern, p+":") {
			return condition{}, fmt.Errorf("the if rule %q is not supported: it reads as a rule on the Bash tool's %s parameter and as a rule on commands starting with %q, and hookchain cannot tell which Claude Code means", rule, p, p)
		}
	}
	m, err := shell.CompileRule("command", pattern)
	if err != nil {
		return condition{}, fmt.Errorf("the if rule %q: %w", rule, err)
	}
	return condition{tool: "Bash", tools: hookchain.Tool("Bash"), input: m}, nil
}

// mcpCondition compiles mcp__server, mcp__server__* and mcp__server__tool.
func mcpCondition(rule, rest string, hasContent bool) (condition, error) {
	if hasContent {
		return condition{}, fmt.Errorf("the if rule %q is not supported: an MCP rule names a server or a tool, without parentheses", rule)
	}
	server, tool, named := strings.Cut(rest, "__")
	switch {
	case server == "":
		return condition{}, fmt.Errorf("the if rule %q names no MCP server", rule)
	case !named:
		return condition{tools: hookchain.ToolGlob("mcp__" + server + "__*")}, nil
	case tool == "":
		return condition{}, fmt.Errorf("the if rule %q names no MCP tool: write %q for every tool of the server", rule, "mcp__"+server)
	case tool == "*":
		return condition{tools: hookchain.ToolGlob("mcp__" + server + "__*")}, nil
	}
	return condition{tool: "mcp__" + server + "__" + tool, tools: hookchain.Tool("mcp__" + server + "__" + tool)}, nil
}
