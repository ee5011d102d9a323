package einohook_test

import (
	"testing"

	"github.com/hookchain/hookchain/internal/testfiles"
)

// The adapters page's eino block is ExampleGuard's code, line for line, so
// that what a user copies from it compiles and does what the example's
// output shows.
func TestTheAdaptersPagesEinoBlockIsTheCodeOfExampleGuard(t *testing.T) {
	testfiles.ReadmeBlockIsIn(t, "../../docs/adapters.md", "## eino", "example_test.go")
}
