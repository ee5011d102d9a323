package testfiles

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Interpreters puts the directories of the python3 and node programs
// that PATH's shims (pyenv's, nvm's, asdf's) stand for first in PATH, so
// that the tests' hook programs start the interpreter itself: a shim is
// a shell script that costs more than the hook it starts, once per run
// of every hook. Hooks are still found by name in PATH, as the agent
// CLIs find them. Call it from TestMain, before m.Run.
func Interpreters() {
	var dirs []string
	for _, probe := range [][]string{
		{"python3", "-c", "import sys; print(sys.executable)"},
		{"node", "-e", "console.log(process.execPath)"},
	} {
		out, err := exec.Command(probe[0], probe[1:]...).Output()
		if err != nil {
			continue // not installed: the tests that need it skip or fail on their own
		}
		if path := strings.TrimSpace(string(out)); filepath.IsAbs(path) {
			dirs = append(dirs, filepath.Dir(path))
		}
	}
	if len(dirs) > 0 {
		_ = os.Setenv("PATH", strings.Join(append(dirs, os.Getenv("PATH")), string(os.PathListSeparator)))
	}
}

// Main is the TestMain of a package whose tests run hook programs: the
// interpreters first (Interpreters), then the tests.
func Main(m *testing.M) {
	Interpreters()
	os.Exit(m.Run())
}
