package casefile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/regularfile"
)

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
// every case has run (the chain would have denied the rest). Events are
// read in formats, as LoadFiles reads them.
func UpdateFiles(ctx context.Context, c *hookchain.Chain, pattern string, formats ...Format) ([]Change, error) {
	files, cases, err := loadFiles(pattern, formats)
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
			w := keepReason(WantOf(got), tc.Want, got.Reason)
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
