package anthropichook_test

import (
	"testing"

	"github.com/hookchain/hookchain/internal/testfiles"
)

// What the adapters page tells users to write is what Example_toolRunner runs.
func TestTheReadmesBlockIsWhatTheExampleRuns(t *testing.T) {
	testfiles.ReadmeBlockIsIn(t, "../../docs/adapters.md", "## Anthropic's tool runner", "example_test.go")
}
