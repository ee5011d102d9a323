package replay_test

import "runtime"

// runtimeGoexit ends the calling goroutine, as t.FailNow does in a link.
func runtimeGoexit() { runtime.Goexit() }
