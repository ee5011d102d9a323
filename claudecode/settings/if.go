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
// runs only for calls the rule matches. It accepts:
//
//   - "Bash(PATTERN)": a Bash call whose command runs a simple command that
//     PATTERN matches, as a Bash permission rule matches it: "git push *",
//     "npm run test:*", an exact "ls". Every simple command of the command
//     line is checked separately, after unwrapping what runs its arguments
//     (sudo, env, bash -c '…', $(…) and the rest; see shell.Rule), so
//     "Bash(rm *)" matches "cd x && rm -rf y", "sudo rm -rf y" and
//     "bash -c 'rm -rf y'", and does not match "echo rm". "Bash(*)" is
//     "Bash".
//   - Path rules, "Edit(*.ts)", "Read(src/**)", "Edit(/docs/**)",
//     "Read(~/.ssh/**)", "Edit(//tmp/x)": a call to a file tool whose path
//     the pattern matches, by gitignore's rules (see below).
//   - "WebFetch(domain:HOST)": a WebFetch call whose URL's host HOST
//     matches, case-insensitively: "*.example.com" is any subdomain at any
//     depth but not example.com itself, "*" in any other place stands for
//     the text between two dots, and "domain:*" is every fetch.
//   - A bare tool name, "Bash" or "WebFetch": every call to that tool.
//     "Edit" is every call to a tool that edits files (Edit, Write,
//     MultiEdit, NotebookEdit) and "Read" every call to one that reads them
//     (Read, Grep, Glob), as Claude Code applies those rules.
//   - MCP tool names: "mcp__server" and "mcp__server__*" match every tool of
//     that server, "mcp__server__tool" that one tool.
//
// A path rule is checked against the path the call names: file_path for
// Read, Edit, Write and MultiEdit, notebook_path for NotebookEdit, path for
// Grep and Glob (the working directory when the call gives none); a
// relative path is taken from the working directory. "Edit(PATTERN)"
// applies to every tool that edits files and "Read(PATTERN)" to Read, Grep
// and Glob; a rule named after another file tool applies to that tool. The
// pattern is gitignore's: "//path" starts at the file system's root,
// "~/path" at the home directory, "/path" at the directory the settings
// belong to, and "path" or "./path" at the working directory; a pattern
// with no '/' other than a trailing one matches at any depth ("*.ts", ".env"),
// "*" stays within a path segment and "**" crosses them, a trailing '/'
// matches only directories, and a pattern that matches a directory
// matches everything under it. Links resolves "/path" against the
// settings file's project (or plugin) and "path" against each call's
// working directory; the matcher CompileIf returns resolves both against
// the process's working directory, as Claude Code does for rules given on
// its command line.
//
// A Bash command that cannot be read before it runs (it does not parse, or
// its program is computed: "$(printf rm) -rf /", "$CMD") matches: the hook
// runs when hookchain cannot tell. That is the safe side for a hook that
// blocks, and only costs a process for one that does not, because in a
// chain a hook's "allow" grants nothing: it is the absence of an objection.
// A hook that runs when it need not can object, ask, give a note or
// rewrite the input, and every later hook still sees the result. The same
// holds for a WebFetch whose URL cannot be read.
//
// Rules whose meaning hookchain does not reproduce exactly are refused with
// an error naming the rule (an *UnsupportedError, which the settings loader
// reports as an unsupported hook that can be skipped): parameter rules
// (Agent(model:opus), Bash(run_in_background:true)) and any other Tool(…)
// form. Text that is not a permission rule at all is an error too.
func CompileIf(rule string) (hookchain.Matcher, error) {
	c, err := compileIf(rule)
	if err != nil {
		return nil, err
	}
	return c.matcher(), nil
}

// UnsupportedError is CompileIf's error for a permission rule that is well
// formed but whose meaning hookchain does not reproduce exactly.
type UnsupportedError struct {
	Rule string
	Why  string
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("the if rule %q is not supported: %s", e.Rule, e.Why)
}

// condition is a compiled if rule: the tools it applies to, and what it
// requires of the call's input, when anything.
type condition struct {
	tool  string            // an exact tool name, when the rule names one tool; "" otherwise
	tools hookchain.Matcher // the tools the rule is about
	input hookchain.Matcher // what the input must be; nil for "any"
	path  *pathRule         // a path rule, checked where the call's directories are known
}

// matcher is the whole condition as one matcher, with a path rule's
// directories taken from the process.
func (c condition) matcher() hookchain.Matcher {
	parts := []hookchain.Matcher{c.tools}
	if c.input != nil {
		parts = append(parts, c.input)
	}
	if c.path != nil {
		parts = append(parts, processPaths{c.path})
	}
	if len(parts) == 1 {
		return c.tools
	}
	return hookchain.And(parts...)
}

// String is the condition as check shows it.
func (c condition) String() string {
	if c.path == nil {
		return fmt.Sprint(c.matcher())
	}
	parts := []string{fmt.Sprint(c.tools)}
	if c.input != nil {
		parts = append(parts, fmt.Sprint(c.input))
	}
	return "And(" + strings.Join(append(parts, c.path.String()), ", ") + ")"
}

// toolName is what Claude Code accepts as a tool name in a rule.
var toolName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// bashParams are the Bash tool's input fields. A Bash rule that starts with
// one of them and a colon is either Claude Code's parameter form
// (Bash(timeout:*)) or its legacy prefix form (commands starting with
// "timeout"); the two cannot be told apart, so it is refused.
var bashParams = []string{"command", "description", "timeout", "run_in_background", "dangerouslyDisableSandbox"}

// fileTools are the tools that take path rules, and the input field that
// holds the path each names.
var fileTools = map[string]string{
	"Read": "file_path", "Edit": "file_path", "Write": "file_path", "MultiEdit": "file_path",
	"NotebookEdit": "notebook_path", "Glob": "path", "Grep": "path",
}

// ruleTools are the tools a rule named after a file tool applies to: Edit
// rules to every tool that edits files, Read rules to every tool that reads
// them, as Claude Code applies them; any other to itself.
func ruleTools(name string) []string {
	switch name {
	case "Edit":
		return []string{"Edit", "Write", "MultiEdit", "NotebookEdit"}
	case "Read":
		return []string{"Read", "Grep", "Glob"}
	}
	return []string{name}
}

func compileIf(rule string) (condition, error) {
	refuse := func(why string, args ...any) (condition, error) {
		return condition{}, &UnsupportedError{Rule: rule, Why: fmt.Sprintf(why, args...)}
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
	case hasContent && fileTools[name] != "":
		return pathCondition(rule, name, content)
	case hasContent && name == "WebFetch":
		return domainCondition(rule, content)
	case hasContent:
		return refuse("hookchain honours Bash(…), path, WebFetch(domain:…) and MCP rules, and tool names")
	case name == "Read" || name == "Edit":
		tools := ruleTools(name)
		return condition{tools: hookchain.Tool(tools...)}, nil
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
			return condition{}, &UnsupportedError{Rule: rule, Why: fmt.Sprintf("it reads as a rule on the Bash tool's %s parameter and as a rule on commands starting with %q, and hookchain cannot tell which Claude Code means", p, p)}
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
		return condition{}, &UnsupportedError{Rule: rule, Why: "an MCP rule names a server or a tool, without parentheses"}
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
