package mcpsdkhook_test

import (
	"testing"

	"github.com/hookchain/hookchain/internal/testfiles"
)

// What the README tells users to write is what Example runs.
func TestTheReadmesBlockIsWhatTheExampleRuns(t *testing.T) {
	testfiles.ReadmeBlockIsIn(t, "../../README.md", "**The MCP Go SDK**", "example_test.go")
}
