package anthropichook_test

import (
	"testing"

	"github.com/hookchain/hookchain/internal/testfiles"
)

// What the README tells users to write is what Example_toolRunner runs.
func TestTheReadmesBlockIsWhatTheExampleRuns(t *testing.T) {
	testfiles.ReadmeBlockIsIn(t, "../../README.md", "**Anthropic's tool runner**", "example_test.go")
}
