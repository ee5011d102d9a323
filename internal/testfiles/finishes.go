package testfiles

import (
	"testing"
	"time"
)

// Finishes fails the test when f does not return within limit, a bound far
// above what linear code needs: it is there to catch a change of complexity
// or a read that never ends, not a slow machine.
func Finishes(t testing.TB, limit time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("did not finish within %v", limit)
	}
}
