package hookchaintest

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/regularfile"
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
	if err := uniqueNames(cases); err != nil {
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

// Change is a case whose want UpdateFiles rewrote.
type Change struct {
	Name       string     // the case's name, defaulted as LoadFiles does
	Source     string     // where it is: "testdata/guards.json #2"
	Mismatches []Mismatch // how the old want differed from the chain's answer
}

// String names the case and the fields that changed, as update mode logs
// it: `updated "rm -rf is denied" (testdata/guards.json #2): verdict, reason, trail`.
func (ch Change) String() string {
	fields := make([]string, len(ch.Mismatches))
	for i, m := range ch.Mismatches {
		fields[i] = m.Field
	}
	return "updated " + strconv.Quote(ch.Name) + " (" + ch.Source + "): " + strings.Join(fields, ", ")
}

// UpdateFiles runs every case in the files matching pattern and rewrites
// the want of each case whose answer changed, from what the chain now
// answers (see WantOf): the name and event are kept, and steps are written
// only for cases that already had them, since listing steps is the author's
// choice of detail. It returns the changed cases, in file order.
//
// A file is written only when one of its cases changed, and then whole, in
// EncodeFile's form and with its shape kept, so that `git diff` shows what
// the chain now answers. Files are loaded and checked like LoadFiles, and
// nothing is written if any of them cannot be loaded, or if ctx ends before
// every case has run (the chain would have denied the rest).
func UpdateFiles(ctx context.Context, c *hookchain.Chain, pattern string) ([]Change, error) {
	files, cases, err := loadFiles(pattern)
	if err != nil {
		return nil, err
	}
	type rewrite struct {
		path string
		data []byte
	}
	var (
		changes  []Change
		rewrites []rewrite
	)
	next := 0 // cases holds the cases of every file, in order, with their names given
	for _, f := range files {
		changed := false
		for i := range f.Cases {
			tc := cases[next]
			next++
			got, ms := Check(ctx, c, tc)
			if ctx.Err() != nil {
				// The chain denies a caller that went away: that answer is
				// not the hooks', and no want is rewritten from it.
				return nil, fmt.Errorf("hookchaintest: not updated: %v before every case had run", context.Cause(ctx))
			}
			if len(ms) == 0 {
				continue
			}
			w := WantOf(got)
			if tc.Want.Steps == nil {
				w.Steps = nil
			}
			f.Cases[i].Want = w
			changed = true
			changes = append(changes, Change{Name: tc.Name, Source: tc.Source, Mismatches: ms})
		}
		if !changed {
			continue
		}
		data, err := EncodeFile(f)
		if err != nil {
			return nil, err
		}
		rewrites = append(rewrites, rewrite{f.Path, data})
	}
	var errs []error
	for _, r := range rewrites {
		if err := writeIfChanged(r.path, r.data); err != nil {
			errs = append(errs, fmt.Errorf("hookchaintest: %w", err))
		}
	}
	return changes, errors.Join(errs...)
}

// writeIfChanged writes data to path, keeping its permissions, unless the
// file already holds exactly that.
func writeIfChanged(path string, data []byte) error {
	old, err := regularfile.Read(path, MaxFileSize, "a case file")
	if err != nil {
		return err
	}
	if bytes.Equal(old, data) {
		return nil
	}
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, info.Mode().Perm())
}
