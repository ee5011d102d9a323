package hookchaintest_test

import (
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest"
)

// myChain is the chain docs/guide.md's "Testing your chain" tests: this
// package's policy, whose cases are in testdata/cases.
func myChain() *hookchain.Chain { return policy() }

// TestGuards is docs/guide.md's test, line for line.
func TestGuards(t *testing.T) {
	hookchaintest.RunFiles(t, myChain(), "testdata/cases/*.json")
}
