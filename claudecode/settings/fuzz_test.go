package settings

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
)

func FuzzParse(f *testing.F) {
	f.Add([]byte(everything))
	seeds, _ := filepath.Glob(filepath.Join("..", "..", "cmd", "hookchain", "testdata", "settings", "*.json"))
	for _, path := range seeds {
		if data, err := os.ReadFile(path); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("f.json", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.json:") {
				t.Fatalf("the error does not name the file: %v", err)
			}
			return
		}
		for _, opts := range []Options{{}, {SkipUnsupported: true, FailClosed: true}} {
			hooks := s.Hooks(opts)
			if len(hooks) != len(s.entries) {
				t.Fatalf("%d hooks described for %d handlers", len(hooks), len(s.entries))
			}
			links, err := s.Links(opts)
			if err != nil {
				for _, line := range strings.Split(err.Error(), "\n") {
					if !strings.HasPrefix(line, "f.json:") {
						t.Fatalf("an error does not name the file: %q", line)
					}
				}
				continue
			}
			// Links that load build a chain, and nothing in a settings file
			// can make that, or giving it Claude Code's own approver, panic.
			c, err := hookchain.Build(links...)
			if err != nil {
				t.Fatalf("links that loaded do not build a chain: %v", err)
			}
			c.WithApprover(claudecode.UserApprover())
		}
	})
}

func FuzzCompileMatcher(f *testing.F) {
	for _, m := range []string{"", "*", "Bash", "Edit|Write", " Edit , Write", "mcp__.*", "^Bash$", "^(Edit|Write)$", "^a|b$", "(?i)^bash$", "^$", `^\^$`, "^Bash$|x", "^(a)(b)$"} {
		f.Add(m, "Bash")
	}
	f.Fuzz(func(t *testing.T, text, tool string) {
		m, kind, err := CompileMatcher(text)
		if err != nil {
			return
		}
		got := m.Match(hookchain.Event{Tool: tool})
		var want bool
		switch kind {
		case MatchAll:
			want = true
		case MatchNames:
			for _, n := range strings.FieldsFunc(text, func(r rune) bool { return r == '|' || r == ',' }) {
				want = want || strings.TrimSpace(n) == tool && tool != ""
			}
		case MatchRegexp:
			// However it is compiled, a regexp matcher is a search.
			want = regexp.MustCompile(text).MatchString(tool)
		}
		if got != want {
			t.Fatalf("CompileMatcher(%q) (%s, %v) matched %q: %v, want %v", text, kind, m, tool, got, want)
		}
	})
}

func FuzzCompileIf(f *testing.F) {
	for _, rule := range []string{"Bash(rm *)", "Bash", "Bash(*)", "Bash()", "Bash(git push:*)", "Bash(timeout:*)", "Edit(src/**)",
		"WebFetch(domain:example.com)", "mcp__memory", "mcp__memory__*", "mcp__memory__store", "mcp__", "Bash(rm *", "Bash(a; b)"} {
		f.Add(rule, "rm -rf build")
	}
	f.Fuzz(func(t *testing.T, rule, command string) {
		m, err := CompileIf(rule)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "the if rule ") {
				t.Fatalf("the error does not name the rule: %v", err)
			}
			return
		}
		input, _ := json.Marshal(map[string]string{"command": command})
		m.Match(hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: input})
		if fmt.Sprint(m) == "" {
			t.Fatalf("CompileIf(%q) describes itself as nothing", rule)
		}
	})
}
