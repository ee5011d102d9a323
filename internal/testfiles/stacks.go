package testfiles

import (
	"runtime"
	"strings"
)

// Stacks returns the stack of every running goroutine, one string each, as
// the runtime dumps them: for a test to see where goroutines wait when no
// statistic says.
func Stacks() []string {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return strings.Split(string(buf[:n]), "\n\n")
		}
		buf = make([]byte, 2*len(buf))
	}
}
