//go:build race

package shell

// raceDetector is whether the tests run under the race detector, which
// allocates beside the code it watches: allocation bounds then say nothing
// about the code.
const raceDetector = true
