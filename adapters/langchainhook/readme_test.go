package langchainhook_test

import (
	"os"
	"testing"

	"github.com/hookchain/hookchain/internal/testfiles"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What the README tells users to write is what Example_executor runs.
func TestTheReadmesBlockIsWhatTheExampleRuns(t *testing.T) {
	block := testfiles.ReadmeBlock(t, "../../README.md", "**langchaingo**")
	example, err := os.ReadFile("example_test.go")
	require.NoError(t, err)
	assert.Contains(t, string(example), testfiles.Indented(block))
}
