package hookchaintest

import (
	"flag"
	"strconv"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest/casefile"
)

var update = flag.Bool("hookchaintest.update", false,
	"rewrite the want side of hookchaintest case files from what the chain answers, instead of checking them")

// Run runs every case as a subtest named after it, with the subtest's
// context, and fails the subtest with a Report on any mismatch. A case
// without a name is named "#i" after its index.
//
// Run fails the test before running anything when it is given no chain, no
// case, or two cases with the same name: a suite that tests nothing, or
// whose failures cannot be told apart, must not pass.
func Run(t *testing.T, c *hookchain.Chain, cases ...Case) {
	t.Helper()
	if c == nil {
		t.Fatal("hookchaintest: Run: nil chain")
	}
	if len(cases) == 0 {
		t.Fatal("hookchaintest: Run: no cases")
	}
	cases = append([]Case(nil), cases...) // names are filled in; the caller's slice is left alone
	for i := range cases {
		if cases[i].Name == "" {
			cases[i].Name = "#" + strconv.Itoa(i)
		}
	}
	if err := casefile.UniqueNames(cases); err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			t.Helper()
			got, ms := Check(t.Context(), c, tc)
			if len(ms) > 0 {
				t.Error(Report(tc, got, ms))
			}
		})
	}
}

// RunFiles loads every JSON file matching the glob pattern (for example
// "testdata/*.json"), each holding one case object or an array of cases,
// and runs them like Run. Any error loading them (see LoadFiles), including
// a pattern that matches no file, fails the test.
//
// With the flag -hookchaintest.update it instead rewrites each file's "want"
// from what the chain now answers (keeping name and event), and logs which
// cases changed; see UpdateFiles.
func RunFiles(t *testing.T, c *hookchain.Chain, pattern string) {
	t.Helper()
	runFiles(t, c, pattern, *update)
}

func runFiles(t *testing.T, c *hookchain.Chain, pattern string, update bool) {
	t.Helper()
	if c == nil {
		t.Fatal("hookchaintest: RunFiles: nil chain")
	}
	if !update {
		cases, err := LoadFiles(pattern)
		if err != nil {
			t.Fatal(err)
		}
		Run(t, c, cases...)
		return
	}
	changes, err := UpdateFiles(t.Context(), c, pattern)
	for _, ch := range changes {
		t.Log(ch)
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) == 0 {
		t.Logf("hookchaintest: every case in %q already matches; no file rewritten", pattern)
	}
}
