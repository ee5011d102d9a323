//go:build race

package replay_test

// raceEnabled says the tests run under the race detector, which makes the
// gigabyte read take minutes: its memory bound is the same without it.
const raceEnabled = true
