package cli

import (
	"flag"
	"io"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	cursorcli "github.com/hookchain/hookchain/harness/cursor"
)

// cursorHooks reads the Cursor hooks.json files named, in order, and
// returns their hooks one after another, with the warnings of each file
// (hooks Cursor would not run). The hooks of the user's own
// ~/.cursor/hooks.json run in ~/.cursor, as Cursor runs them.
func cursorHooks(files []string) ([]cursorcli.Hook, []string, error) {
	hooks, warnings, err := readHooks(files, "a Cursor hooks file", cursorcli.ParseHooksFile)
	if err != nil {
		return nil, nil, err
	}
	home := homeDir()
	for i := range hooks {
		hooks[i].Dir = cursorcli.UserDir(fileOf(hooks[i].Place, files), home)
	}
	return hooks, warnings, nil
}

// fileOf is the file of files a hook's place is in.
func fileOf(place string, files []string) string {
	for _, f := range files {
		if strings.HasPrefix(place, f+":") {
			return f
		}
	}
	return ""
}

// cursorChain is the chain of the files' tool-call hooks, run as Cursor
// runs them, for session s.
func cursorChain(files []string, s harness.SessionInfo) (*hookchain.Chain, error) {
	return hooksChain(cursorHooks, cursorcli.Links, files, s)
}

// checkCursor is check for --harness cursor with Cursor's own hooks.json
// files: it lists every hook and the link it runs as, and says on stderr
// what Cursor would not run.
func checkCursor(c *common, fs *flag.FlagSet, stdout io.Writer, say errOut) int {
	return checkHooks(cursor, cursorHooks, cursorcli.Links, func(h cursorcli.Hook) hookRow {
		r := hookRow{h.Place, h.Matcher, h.Command, cursorcli.DefaultTimeout, h.Event, 0, h.FailClosed}
		if h.Timeout > 0 {
			r.timeout = h.Timeout
		}
		if at, ok := cursorcli.HookOf(h.Event); ok {
			r.at = at
		}
		return r
	}, c, fs, stdout, say)
}
