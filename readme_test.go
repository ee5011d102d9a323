package hookchain_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The README's code blocks marked <!-- example: NAME --> are the bodies of
// the examples of that name in example_test.go, which compile and check
// their output: the README cannot show code that does not build or does not
// print what it says.
func TestTheReadmesMarkedBlocksAreExamplesThatRun(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	examples, err := os.ReadFile("example_test.go")
	require.NoError(t, err)

	marked := regexp.MustCompile("(?s)<!-- example: (\\w+) -->\n```go\n(.*?)```\n").FindAllStringSubmatch(string(readme), -1)
	require.NotEmpty(t, marked)
	for _, m := range marked {
		name, block := m[1], m[2]
		t.Run(name, func(t *testing.T) {
			body := regexp.MustCompile("(?s)\nfunc " + name + "\\(\\) \\{\n(.*?)\n\\}\n").FindStringSubmatch(string(examples))
			require.NotNil(t, body, "example_test.go has no func %s", name)
			assert.Equal(t, dedent(body[1]), strings.TrimSuffix(block, "\n"))
		})
	}
}

// The README opens with what hookchain is and the two commands that run the
// demo and the tests, and shows how to guard an executor on its first
// screen.
func TestTheReadmeOpensWithTheTwoCommandsAndTheGuardExample(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	lines := strings.Split(string(readme), "\n")
	first := strings.Join(lines[:min(len(lines), 15)], "\n")
	assert.Contains(t, first, "go run ./examples/agent")
	assert.Contains(t, first, "go test ./...")
	screen := strings.Join(lines[:min(len(lines), 45)], "\n")
	assert.Contains(t, screen, "go get github.com/hookchain/hookchain")
	assert.Contains(t, screen, "<!-- example: Example_guardAnExecutor -->")
}

// dedent removes one tab from every line, as a function body is indented.
func dedent(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "\t")
	}
	return strings.Join(lines, "\n")
}

// Every test the README names (its reliability table and fail-open audit
// among them) is a test in the repository: a promise pinned by a test that
// was renamed or removed would be a promise pinned by nothing.
func TestEveryTestTheReadmeNamesExists(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	defined := map[string]bool{}
	decl := regexp.MustCompile(`(?m)^func ((?:Test|Fuzz|Benchmark)\w+)\(`)
	require.NoError(t, filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range decl.FindAllSubmatch(src, -1) {
			defined[string(m[1])] = true
		}
		return nil
	}))
	named := regexp.MustCompile("`((?:Test|Fuzz)[A-Z]\\w+)").FindAllStringSubmatch(string(readme), -1)
	require.NotEmpty(t, named)
	for _, m := range named {
		assert.True(t, defined[m[1]], "the README names %s, which no test file defines", m[1])
	}
}
