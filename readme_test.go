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

// The code blocks of the README and the pages under docs/ marked
// <!-- example: NAME --> are the bodies of the examples of that name in
// example_test.go, which compile and check their output: a page cannot show
// code that does not build or does not print what it says.
func TestTheDocsMarkedBlocksAreExamplesThatRun(t *testing.T) {
	pages, err := filepath.Glob("docs/*.md")
	require.NoError(t, err)
	var text strings.Builder
	for _, page := range append([]string{"README.md"}, pages...) {
		b, err := os.ReadFile(page)
		require.NoError(t, err)
		text.Write(b)
	}
	examples, err := os.ReadFile("example_test.go")
	require.NoError(t, err)

	marked := regexp.MustCompile("(?s)<!-- example: (\\w+) -->\n```go\n(.*?)```\n").FindAllStringSubmatch(text.String(), -1)
	require.GreaterOrEqual(t, len(marked), 2)
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

// Every test the docs name (the reliability table and fail-open audit
// among them) is a test in the repository: a promise pinned by a test that
// was renamed or removed would be a promise pinned by nothing.
func TestEveryTestTheDocsNameExists(t *testing.T) {
	pages, _ := repositoryFiles(t)
	var docs strings.Builder
	for _, page := range pages {
		b, err := os.ReadFile(page)
		require.NoError(t, err)
		docs.Write(b)
	}
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
	named := regexp.MustCompile("`((?:Test|Fuzz)[A-Z]\\w+)").FindAllStringSubmatch(docs.String(), -1)
	require.NotEmpty(t, named)
	for _, m := range named {
		assert.True(t, defined[m[1]], "the docs name %s, which no test file defines", m[1])
	}
}
