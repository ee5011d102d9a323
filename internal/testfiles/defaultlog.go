package testfiles

import (
	"log"
	"log/slog"
	"testing"
)

// DefaultLogTo makes slog's default logger write to h until the test ends,
// for a test of what a nil logger means. Restoring slog's default does not
// restore the log package's output, which SetDefault redirected: that is
// put back too. A test that calls it must not run in parallel.
func DefaultLogTo(t testing.TB, h slog.Handler) {
	oldDefault, oldOut, oldFlags := slog.Default(), log.Writer(), log.Flags()
	t.Cleanup(func() {
		slog.SetDefault(oldDefault)
		log.SetOutput(oldOut)
		log.SetFlags(oldFlags)
	})
	slog.SetDefault(slog.New(h))
}
