package settings

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hookchain/hookchain"
)

// placed is how every frontmatter error starts: the file, and a line in it
// when the problem has one.
var placed = regexp.MustCompile(`^f\.md(:[1-9][0-9]*:[1-9][0-9]*)?: `)

func FuzzParseFrontmatter(f *testing.F) {
	f.Add([]byte("---\nname: deploy\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - {type: command, command: ./x.sh, once: true, timeout: 5}\n---\nbody\n"))
	f.Add([]byte("---\nname: r\nhooks:\n  Stop: [{hooks: [{type: command, command: x}]}]\n  PostToolUse: [{matcher: 'mcp__.*', hooks: [{type: http, url: 'http://127.0.0.1:9/'}]}]\n---\n"))
	f.Add([]byte("---\na: &x [1, 2]\nhooks: {PreToolUse: [{hooks: [{type: command, command: y, args: *x}]}]}\n---\n"))
	f.Add([]byte("---\nhooks:\n\tPreToolUse: []\n---\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, kind := range []componentKind{skillKind, agentKind} {
			s, err := parseFrontmatter(kind, "f.md", data)
			if err != nil {
				if !placed.MatchString(err.Error()) {
					t.Fatalf("the error is not placed in the file: %v", err)
				}
				continue
			}
			hooks := s.Hooks(Options{SkipUnsupported: true})
			for _, h := range hooks {
				if h.Component == "" || h.File != "f.md" {
					t.Fatalf("a frontmatter hook that does not say where it is from: %+v", h)
				}
			}
			links, err := s.Links(Options{SkipUnsupported: true})
			if err != nil {
				for _, line := range strings.Split(err.Error(), "\n") {
					if !placed.MatchString(line) {
						t.Fatalf("an error is not placed in the file: %q", line)
					}
				}
				continue
			}
			if _, err := hookchain.Build(links...); err != nil {
				t.Fatalf("links that loaded do not build a chain: %v", err)
			}
		}
	})
}
