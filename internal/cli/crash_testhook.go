//go:build hookchain_crashtest

package cli

import (
	"os"
	"runtime/debug"
	"sync"
	"time"
)

// Test builds of the command crash on request, in each of the ways a Go
// program can, so that a test can see what a crash exits with. The tag
// keeps all of this out of the command as built.
func init() {
	crashTest = func() {
		switch os.Getenv("HOOKCHAIN_CRASHTEST") {
		case "panic":
			panic("crash test")
		case "goroutine-panic":
			go func() { panic("crash test in a goroutine") }()
			time.Sleep(time.Minute)
		case "fatal-error":
			var mu sync.Mutex
			mu.Unlock()
		case "stack-overflow":
			debug.SetMaxStack(1 << 20)
			recurse(0)
		}
	}
}

func recurse(n int) int { return recurse(n+1) + n }
