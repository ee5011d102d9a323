package cli

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/hookchain/hookchain/replay"
)

// history is what a replay given no PATH reads: the folders of the CLIs'
// histories that exist.
type history struct {
	dirs     []string // the folders to read
	read     []string // the roots read, as shown
	looked   []string // every root looked for, as shown
	problems []error  // roots there that cannot be read
}

// findHistory finds the CLIs' history roots in home (--home, else $HOME).
// tilde shows home as "~": when home is the user's own, not --home, whose
// path the user should see.
func findHistory(home string, tilde bool) history {
	shown := func(p string) string {
		if rel, err := filepath.Rel(home, p); tilde && home != "" && err == nil && filepath.IsLocal(rel) {
			return "~" + string(filepath.Separator) + rel
		}
		return p
	}
	var h history
	for _, root := range replay.HistoryRoots(home, os.Getenv) {
		h.looked = append(h.looked, shown(root.Root))
		h.problems = append(h.problems, problems(root.Err)...)
		if len(root.Dirs) > 0 {
			h.read = append(h.read, shown(root.Root))
			h.dirs = append(h.dirs, root.Dirs...)
		}
	}
	return h
}

// noHistory is the message of a replay given no PATH that found nothing
// to read.
func (h history) noHistory() string {
	msg := "no transcripts: none of " + strings.Join(h.looked, ", ") + " exists"
	if len(h.looked) == 0 {
		msg = "no transcripts: no home directory to find the CLIs' histories in"
	}
	for _, p := range h.problems {
		msg += "; " + p.Error()
	}
	return msg + "; name the files or folders to replay; see 'hookchain help'"
}
