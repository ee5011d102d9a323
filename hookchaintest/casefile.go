package hookchaintest

import (
	"context"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest/casefile"
	"github.com/hookchain/hookchain/hookchaintest/casefile/claudecodeinput"
)

// The cases and their files are package casefile's, which needs no
// testing.T; this package runs them as subtests and reads the events of
// files as casefile does, with Claude Code's hook input as one of its
// formats.
type (
	Case     = casefile.Case
	Want     = casefile.Want
	Mismatch = casefile.Mismatch
	File     = casefile.File
	Change   = casefile.Change
)

// MaxFileSize is casefile.MaxFileSize, the most a case file may hold.
const MaxFileSize = casefile.MaxFileSize

// formats are the forms of an event that this package's files are read in,
// beside hookchain's own.
var formats = []casefile.Format{claudecodeinput.Format{}}

// LoadFiles is casefile.LoadFiles, reading events written as Claude Code
// hook inputs too.
func LoadFiles(pattern string) ([]Case, error) { return casefile.LoadFiles(pattern, formats...) }

// DecodeFile is casefile.DecodeFile, reading events written as Claude Code
// hook inputs too.
func DecodeFile(path string, data []byte) (File, error) {
	return casefile.DecodeFile(path, data, formats...)
}

// UpdateFiles is casefile.UpdateFiles, reading events written as Claude
// Code hook inputs too.
func UpdateFiles(ctx context.Context, c *hookchain.Chain, pattern string) ([]Change, error) {
	return casefile.UpdateFiles(ctx, c, pattern, formats...)
}

// EncodeFile is casefile.EncodeFile.
func EncodeFile(f File) ([]byte, error) { return casefile.EncodeFile(f) }

// Check is casefile.Check.
func Check(ctx context.Context, c *hookchain.Chain, tc Case) (hookchain.Outcome, []Mismatch) {
	return casefile.Check(ctx, c, tc)
}

// Diff is casefile.Diff.
func Diff(want Want, got hookchain.Outcome) []Mismatch { return casefile.Diff(want, got) }

// WantOf is casefile.WantOf.
func WantOf(o hookchain.Outcome) Want { return casefile.WantOf(o) }

// Report is casefile.Report.
func Report(tc Case, got hookchain.Outcome, ms []Mismatch) string {
	return casefile.Report(tc, got, ms)
}
