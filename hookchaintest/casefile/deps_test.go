package casefile_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deps lists the packages that pkg imports, itself and the standard
// library's included, as the go command resolves them here.
func deps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", pkg).Output()
	require.NoError(t, err, "go list -deps %s", pkg)
	return strings.Fields(string(out))
}

// The core runs case files in programs as well as in tests: package testing
// would come into every such binary with its flags, and a flag registered
// by the core would be one more on the program's command line.
func TestTheCoreAndItsFormatsImportNeitherTestingNorFlag(t *testing.T) {
	for _, pkg := range []string{".", "./claudecodeinput"} {
		d := deps(t, pkg)
		assert.NotContains(t, d, "testing", pkg)
		assert.NotContains(t, d, "flag", pkg)
	}
}

// Claude Code is one runtime among those whose hook inputs a case file may
// hold: the core reads its format only when it is given it.
func TestTheCoreDoesNotImportClaudeCode(t *testing.T) {
	assert.NotContains(t, deps(t, "."), "github.com/hookchain/hookchain/claudecode")
}

// The hookchain command runs case files: it must not carry testing, whose
// flags and code a test binary needs and a program does not.
func TestTheHookchainCommandDoesNotImportTesting(t *testing.T) {
	assert.NotContains(t, deps(t, "github.com/hookchain/hookchain/cmd/hookchain"), "testing")
}
