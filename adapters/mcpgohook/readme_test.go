package mcpgohook_test

import (
	"testing"

	"github.com/hookchain/hookchain/internal/testfiles"
)

// What the adapters page tells users to write is what Example runs.
func TestTheReadmesBlockIsWhatTheExampleRuns(t *testing.T) {
	testfiles.ReadmeBlockIsIn(t, "../../docs/adapters.md", "## mcp-go", "example_test.go")
}
