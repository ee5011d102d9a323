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

// GrowsLinearly fails the test when the work prepare returns for n takes
// over a second and more than sixty times the work for n/10: linear code
// costs about ten times as much (a few times more where the larger input no
// longer fits a cache), quadratic code a hundred. prepare builds its input
// untimed and returns the work to time; the work for n runs last, once, so
// that it may leave results for the test to check.
//
// A ratio, not a deadline: a loaded machine, or -race, slows both sizes
// alike, so the test measures the complexity and not the machine. Every
// quadratic mistake these tests were written for took seconds at their n;
// under a second, the clock and the garbage collector set the ratio more
// than the code does.
func GrowsLinearly(t testing.TB, n int, prepare func(n int) func()) {
	t.Helper()
	small := time.Duration(1<<63 - 1)
	for range 3 {
		work := prepare(n / 10)
		start := time.Now()
		work()
		small = min(small, time.Since(start))
	}
	work := prepare(n)
	start := time.Now()
	Finishes(t, 10*time.Minute, work)
	big := time.Since(start)
	if big > time.Second && big > 60*small {
		t.Fatalf("the work for %d took %v, %.0f times the %v it took for %d: it grows faster than linearly",
			n, big, float64(big)/float64(small), small, n/10)
	}
}
