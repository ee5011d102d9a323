package hookchain_test

import (
	"os"
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
