package shell

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// read finds where a command begins with a closed grammar, and names the
// first option it cannot place.
func TestAClosedGrammarPlacesEveryOptionItListsAndNamesTheFirstItDoesNot(t *testing.T) {
	g := opts("a u: h! x::", "all user= help! bind=2 mount=?")
	nopt := with(opts("C: y", "yes prefix= color=?"), noptOptions)
	bwrap := with(opts("", "bind=2 ro-bind=2"), wholeNames)
	for _, tc := range []struct {
		g    grammar
		args []string
		at   int
		runs bool
		bad  string
	}{
		{g, []string{"-a", "-u", "root", "cmd"}, 3, true, ""},
		{g, []string{"-auroot", "cmd"}, 1, true, ""},
		{g, []string{"--us", "root", "cmd"}, 2, true, ""}, // getopt_long's abbreviation
		{g, []string{"--bind", "/", "/", "cmd"}, 3, true, ""},
		{g, []string{"--bind=/", "/", "cmd"}, 2, true, ""},
		{g, []string{"-x", "cmd"}, 1, true, ""},
		{g, []string{"-h", "cmd"}, 0, false, ""},
		{g, []string{"-b", "cmd"}, 0, true, "-b"},
		{g, []string{"-ab", "cmd"}, 0, true, "-b"},
		{g, []string{"--frob", "cmd"}, 0, true, "--frob"},
		{g, []string{"--all=1", "cmd"}, 0, true, "--all=1"}, // a flag refuses a value
		{g, []string{"--", "-b"}, 1, true, ""},
		{bwrap, []string{"--bind", "/", "/", "--ro-bind", "/a", "/b", "cmd"}, 6, true, ""},
		{bwrap, []string{"--bin", "/", "/", "cmd"}, 0, true, "--bin"}, // no abbreviations
		{bwrap, []string{"--bind=/", "/", "cmd"}, 0, true, "--bind=/"},
		{nopt, []string{"--yes", "true", "cmd"}, 2, true, ""},
		{nopt, []string{"-y", "false", "cmd"}, 2, true, ""},
		{nopt, []string{"--no-yes", "cmd"}, 1, true, ""},
		{nopt, []string{"-C", ".", "cmd"}, 2, true, ""},
		{nopt, []string{"-C.", "cmd"}, 0, true, "-C."},
		{nopt, []string{"--color=always", "cmd"}, 1, true, ""},
		{nopt, []string{"--color", "always", "cmd"}, 0, true, "--color always"},
	} {
		at, runs, bad := tc.g.read(tc.args, nil)
		assert.Equal(t, []any{tc.at, tc.runs, tc.bad}, []any{at, runs, bad}, "%q", tc.args)
	}
}
