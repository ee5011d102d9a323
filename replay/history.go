package replay

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// History is where one agent CLI keeps its transcripts, and what of it
// exists.
type History struct {
	Format Format // the transcripts' format: ClaudeCode, Codex or Gemini
	// Root is where the CLI keeps them, as looked for. Gemini CLI keeps one
	// folder per project: its Root is the pattern <home>/.gemini/tmp/*/chats.
	Root string
	// Dirs are the folders of transcripts that exist there, sorted: Root
	// itself, or Gemini's chats folders; none when the root does not exist.
	Dirs []string
	// Err says why what is there cannot be read as the root: a file where
	// a folder should be, a folder that cannot be listed. nil when the
	// root is read or does not exist; a root that cannot be read is not
	// one that is empty, so a caller should report it.
	Err error
}

// HistoryRoots are the places the agent CLIs whose transcripts Files reads
// keep their histories, as they keep them: Claude Code
// $CLAUDE_CONFIG_DIR/projects, else <home>/.claude/projects; Codex
// $CODEX_HOME/sessions, else <home>/.codex/sessions; Gemini CLI the
// <home>/.gemini/tmp/<project>/chats folders (its tmp folder also holds
// checkpoints and logs, which are not transcripts). getenv reads the
// environment (nil: os.Getenv); with home "", a root whose place depends
// on it is left out. Files(dirs...) of every History's Dirs reads them.
//
// What a history holds is what the CLI kept: Claude Code deletes
// transcripts older than its cleanupPeriodDays setting (30 days by
// default), so an empty or short history is not a clean one.
func HistoryRoots(home string, getenv func(string) string) []History {
	if getenv == nil {
		getenv = os.Getenv
	}
	var out []History
	if dir := configDir(getenv("CLAUDE_CONFIG_DIR"), home, ".claude"); dir != "" {
		out = append(out, folderRoot(ClaudeCode, filepath.Join(dir, "projects")))
	}
	if dir := configDir(getenv("CODEX_HOME"), home, ".codex"); dir != "" {
		out = append(out, folderRoot(Codex, filepath.Join(dir, "sessions")))
	}
	if home != "" {
		out = append(out, geminiRoot(filepath.Join(home, ".gemini", "tmp")))
	}
	return out
}

// configDir is a CLI's configuration folder: the one its variable names,
// else name in home; "" when neither is known.
func configDir(env, home, name string) string {
	switch {
	case env != "":
		return env
	case home != "":
		return filepath.Join(home, name)
	}
	return ""
}

// folderRoot is the History of a root that is one folder.
func folderRoot(f Format, root string) History {
	h := History{Format: f, Root: root}
	ok, err := isFolder(root)
	switch {
	case err != nil:
		h.Err = err
	case ok:
		h.Dirs = []string{root}
	}
	return h
}

// geminiRoot is the History of Gemini CLI's tmp folder: the chats folder
// of each project in it.
func geminiRoot(tmp string) History {
	h := History{Format: Gemini, Root: filepath.Join(tmp, "*", "chats")}
	ok, err := isFolder(tmp)
	if err != nil || !ok {
		h.Err = err
		return h
	}
	entries, err := os.ReadDir(tmp)
	if err != nil {
		h.Err = fmt.Errorf("replay: %w", err)
		return h
	}
	var errs []error
	for _, e := range entries {
		// A file beside the projects is not one of them.
		if !e.IsDir() && e.Type()&fs.ModeSymlink == 0 {
			continue
		}
		chats := filepath.Join(tmp, e.Name(), "chats")
		switch ok, err := isFolder(chats); {
		case err != nil:
			errs = append(errs, err)
		case ok:
			h.Dirs = append(h.Dirs, chats)
		}
	}
	slices.Sort(h.Dirs)
	h.Err = errors.Join(errs...)
	return h
}

// isFolder says whether p is a folder: false and no error when nothing is
// there, an error when something else is or it cannot be looked at.
func isFolder(p string) (bool, error) {
	info, err := os.Stat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("replay: %w", err)
	case !info.IsDir():
		return false, fmt.Errorf("replay: %s is not a folder", p)
	}
	return true, nil
}
