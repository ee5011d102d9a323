package langchainhook_test

import (
	"testing"

	"github.com/hookchain/hookchain/internal/testfiles"
)

// What the adapters page tells users to write is what Example_executor runs.
func TestTheReadmesBlockIsWhatTheExampleRuns(t *testing.T) {
	testfiles.ReadmeBlockIsIn(t, "../../docs/adapters.md", "## langchaingo", "example_test.go")
}
