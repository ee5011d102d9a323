package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hookchain runs the command in-process and returns its exit status, stdout
// and stderr.
func hookchainCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// input is a Claude Code hook input whose cwd is testdata, where the test
// settings' commands (sh hooks/...) are run.
func input(t *testing.T, event, tool, toolInput string, extra ...string) string {
	t.Helper()
	cwd, err := filepath.Abs("testdata")
	require.NoError(t, err)
	return hookInput(t, cwd, event, tool, toolInput, extra...)
}

const deploy = `{"command":"make deploy"}`

func settingsFlags(files ...string) []string {
	var args []string
	for _, f := range files {
		args = append(args, "--settings", "testdata/settings/"+f)
	}
	return args
}

// testdata is the absolute path of the testdata directory, where the test
// settings' commands (sh hooks/...) run when it is the project.
func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("testdata")
	require.NoError(t, err)
	return dir
}

func TestUsage(t *testing.T) {
	code, stdout, stderr := hookchainCmd(t, "")
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, usage, stderr)

	code, stdout, stderr = hookchainCmd(t, "", "help")
	assert.Equal(t, 0, code)
	assert.Equal(t, usage, stdout)
	assert.Empty(t, stderr)

	code, stdout, stderr = hookchainCmd(t, "", "run")
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "hookchain: unknown command \"run\"; see 'hookchain help'\n", stderr)
}

func mkdirWrite(dir, name, data string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644)
}

// refusal is a command line a command refuses: exit status 1, the reason
// on stderr, nothing on stdout.
type refusal struct {
	name   string
	args   []string
	stdin  string
	stderr string
}

// requireRefusals runs each row's args after command (`eval --harness
// codex`, say) on its stdin, and asserts its refusal.
func requireRefusals(t *testing.T, command []string, rows []refusal) {
	t.Helper()
	for _, tt := range rows {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := hookchainCmd(t, tt.stdin, slices.Concat(command, tt.args)...)
			assert.Equal(t, 1, code)
			assert.Empty(t, stdout)
			assert.Equal(t, tt.stderr, stderr)
		})
	}
}

// skipInShort skips, under go test -short, a test that runs every answer
// of a CLI's hooks through real hook programs from the command line: the
// quick loop keeps each profile's own tests of the same hooks, and go test
// (the README's command, and .ci/run) runs these.
func skipInShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("a CLI's hooks run end to end from the command line: go test without -short runs it")
	}
}
