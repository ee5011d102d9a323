package cursor

import (
	"encoding/json"
	"fmt"
	"regexp"

	"github.com/hookchain/hookchain"
)

// Matcher is the matcher of a Cursor hook of event, as Cursor reads it: it
// selects the calls of the event's own tool (a shell command for
// beforeShellExecution, an MCP tool's — "MCP:…", or Claude Code's
// "mcp__…" — for beforeMCPExecution, Read for
// beforeReadFile, Write for afterFileEdit; any for preToolUse, postToolUse
// (the calls that did not fail) and postToolUseFailure (those that did)),
// and among them those whose subject pattern matches: the shell
// command's text for the shell events, the tool's name ("Shell", "Read",
// "MCP:query", …) for the others. No pattern, "" or "*" selects them all;
// any other is a JavaScript regular expression tested anywhere in the
// subject ("curl|wget" selects "curl -s x"), case-sensitively. Cursor has
// no aliases: "Bash" selects none of its tools.
//
// A pattern Go cannot read as Cursor would — one that does not compile,
// or that uses JavaScript's lookarounds or backreferences — is an error,
// never a guess. Matcher panics on an error, a construction mistake;
// CompileMatcher returns it.
func Matcher(event, pattern string) hookchain.Matcher {
	m, err := CompileMatcher(event, pattern)
	if err != nil {
		panic(err.Error())
	}
	return m
}

// jsOnly finds the syntax JavaScript's regular expressions have and Go's
// do not.
var jsOnly = regexp.MustCompile(`\(\?<?[=!]|\\[1-9]|\\k<`)

// CompileMatcher is Matcher for patterns read from configuration.
func CompileMatcher(event, pattern string) (hookchain.Matcher, error) {
	if _, ok := toolEvents[event]; !ok {
		return nil, fmt.Errorf("cursor: matcher %q: %q is not one of Cursor's tool-call events", pattern, event)
	}
	m := matcher{event: event, pattern: pattern}
	if pattern == "" || pattern == "*" {
		return m, nil
	}
	if jsOnly.MatchString(pattern) {
		return nil, fmt.Errorf("cursor: matcher %q: Cursor reads it as a JavaScript expression that Go cannot", pattern)
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, fmt.Errorf("cursor: matcher %q: Go cannot read it as Cursor would: %w", pattern, err)
	}
	m.re = re
	return m, nil
}

type matcher struct {
	event, pattern string
	re             *regexp.Regexp // nil: every call of the event's tool
}

func (m matcher) Match(e hookchain.Event) bool {
	te := toolEvents[m.event]
	if e.Hook != te.hook {
		return false
	}
	switch m.event {
	case PostToolUse:
		if e.IsError {
			return false // Cursor tells postToolUseFailure of a failed call
		}
	case PostToolUseFailure:
		if !e.IsError {
			return false
		}
	}
	subject := e.Tool
	switch te.tool {
	case "":
	case MCPPrefix:
		if !isMCP(e.Tool) {
			return false
		}
	case Shell:
		if e.Tool != Shell {
			return false
		}
		var in struct {
			Command *string `json:"command"`
		}
		if json.Unmarshal(e.Input, &in) != nil || in.Command == nil {
			// A call Cursor's input cannot be made of is selected, so that
			// its hook runs and denies (InputFor), rather than skipped.
			return true
		}
		subject = *in.Command
	default:
		if e.Tool != te.tool {
			return false
		}
	}
	return m.re == nil || m.re.MatchString(subject)
}

func (m matcher) String() string { return fmt.Sprintf("cursor.Matcher(%q, %q)", m.event, m.pattern) }
