package cli

import (
	"path/filepath"
	"strings"

	"github.com/hookchain/hookchain/claudecode/settings"
)

// settingsProject is the project that the --settings files say a session
// working in cwd belongs to: of the files that are a project's settings
// (DIR/.claude/settings.json or settings.local.json) and whose project holds
// cwd, the one nearest to cwd, the later file winning a tie, as a later file
// has the higher precedence. A file whose directory does not hold cwd is
// not the session's project: the user's settings passed by path (a test's
// home, a dotfiles checkout) look like a project's, and taking one would
// point CLAUDE_PROJECT_DIR at the home directory.
func settingsProject(files []string, cwd, home string) (string, bool) {
	best := ""
	for _, f := range files {
		root, ok := settings.ProjectOf(f, home)
		if !ok || !within(cwd, root) {
			continue
		}
		if best == "" || len(resolved(root)) >= len(resolved(best)) {
			best = root
		}
	}
	return best, best != ""
}

// lastProjectFile is the project of the highest-precedence --settings file
// that is a project's, for a command run from outside every project (check,
// serve): the lowest of several files, where the user's settings go, is
// never taken.
func lastProjectFile(files []string, home string) (string, bool) {
	for i := len(files) - 1; i >= 0; i-- {
		if i == 0 && len(files) > 1 {
			break
		}
		if root, ok := settings.ProjectOf(files[i], home); ok {
			return root, true
		}
	}
	return "", false
}

// within reports whether dir is root or a directory under it, once
// symbolic links are resolved.
func within(dir, root string) bool {
	if dir == "" {
		return false
	}
	rel, err := filepath.Rel(resolved(root), resolved(dir))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// resolved is dir absolute, with its symbolic links resolved when it exists.
func resolved(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	return abs
}
