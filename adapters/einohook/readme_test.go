package einohook_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The README's eino block is ExampleGuard's code, line for line, so that
// what a user copies from it compiles and does what the example's output
// shows.
func TestTheReadmesEinoBlockIsTheCodeOfExampleGuard(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	block := regexp.MustCompile("(?s)\\*\\*eino\\*\\* \\(`github.com/hookchain/hookchain/adapters/einohook`\\)\n\n```go\n(.*?)```\n").FindSubmatch(readme)
	require.NotNil(t, block, "the README has no eino block")
	example, err := os.ReadFile("example_test.go")
	require.NoError(t, err)
	i := strings.Index(string(example), "func ExampleGuard()")
	require.GreaterOrEqual(t, i, 0)
	var body strings.Builder
	for _, line := range strings.Split(strings.TrimSuffix(string(block[1]), "\n"), "\n") {
		body.WriteString("\t" + line + "\n")
	}
	assert.Contains(t, string(example[i:]), body.String())
}
