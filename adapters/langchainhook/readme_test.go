package langchainhook_test

import (
	"testing"

	"github.com/hookchain/hookchain/internal/testfiles"
)

// What the README tells users to write is what Example_executor runs.
func TestTheReadmesBlockIsWhatTheExampleRuns(t *testing.T) {
	testfiles.ReadmeBlockIsIn(t, "../../README.md", "**langchaingo**", "example_test.go")
}
