package shell

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A hunt row is a command and what it did when it was run for real. Rows
// checked "bash" or "git" are run again on every test run by
// TestEveryHuntRowDidInARealShellWhatItsRowSays, with stand-in programs
// that only log what they were asked to do; any other how says who ran it
// where ("zsh 5.9 on macOS 15", "bwrap 0.8's manual: --dev-bind SRC DEST"),
// for shells and programs this machine does not have.
type huntRow struct {
	cmd string
	// runs says the command ran what the guard fears: rm with -r on the
	// directory x, or a forced git push. A row that does not is a
	// control: the guard must stay quiet on it and read it in full.
	runs bool
	how  string
}

// How a row was checked.
const (
	inBash = "bash" // bash 5.2 with stand-ins, run again by the oracle
	inGit  = "git"  // bash 5.2 in a git 2.39 repository with a bare remote, run again by the oracle
)

// A hunt is one class of ways past a guard, with the controls that must
// keep their answer.
type hunt struct {
	m    *Matcher
	rows []huntRow
}

// hunts are every table, for the oracle.
var hunts []*hunt

func newHunt(m *Matcher, rows []huntRow) *hunt {
	h := &hunt{m: m, rows: rows}
	hunts = append(hunts, h)
	return h
}

// check asserts that the guard matches every row that ran what it fears,
// and is quiet on every control and reads it in full, so that a matcher
// that answers "may run anything" to everything cannot pass.
func (h *hunt) check(t *testing.T) {
	t.Helper()
	for _, r := range h.rows {
		if r.runs {
			t.Run("matches "+r.cmd, func(t *testing.T) {
				assert.True(t, h.m.Match(bash(r.cmd)), "%v\n%#v", h.m, Parse(r.cmd))
			})
			continue
		}
		t.Run("is quiet on "+r.cmd, func(t *testing.T) {
			s := Parse(r.cmd)
			assert.False(t, h.m.Match(bash(r.cmd)), "%v\n%#v", h.m, s)
			assert.Empty(t, s.Unknown)
		})
	}
}
