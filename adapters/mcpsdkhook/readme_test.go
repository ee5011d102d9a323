package mcpsdkhook_test

import (
	"testing"

	"github.com/hookchain/hookchain/internal/testfiles"
)

// What the adapters page tells users to write is what Example runs.
func TestTheReadmesBlockIsWhatTheExampleRuns(t *testing.T) {
	testfiles.ReadmeBlockIsIn(t, "../../docs/adapters.md", "## The MCP Go SDK", "example_test.go")
}
