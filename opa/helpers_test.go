package opa_test

import (
	"io"
	"log/slog"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/testfiles"
	"github.com/hookchain/hookchain/opa"
)

// readFile is the file at path, relative to this package's directory.
func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// examplePolicy is the policy the README shows.
func examplePolicy(t testing.TB) string {
	t.Helper()
	return readFile(t, "testdata/hookchain.rego")
}

// quiet is a logger for tests that do not read the log.
var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// jsonLogger is a logger whose records, in JSON without their time, a test
// reads back from buf.
func jsonLogger() (logger *slog.Logger, buf *testfiles.Buffer) {
	buf = &testfiles.Buffer{}
	return slog.New(slog.NewJSONHandler(buf, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}})), buf
}

// embeddedExample is the example policy as an Embedded link.
func embeddedExample(t testing.TB, opts ...opa.Option) hookchain.Interceptor {
	t.Helper()
	fn, err := opa.Embedded("data.hookchain.decision", map[string]string{"hookchain.rego": examplePolicy(t)},
		append([]opa.Option{opa.WithLogger(quiet)}, opts...)...)
	require.NoError(t, err)
	return fn
}

// goroutines returns the ids of the running goroutines, each with its
// stack. It reads the runtime's dump itself: a deep Rego evaluation's stack
// has elided frames, which goleak cannot parse.
func goroutines() map[string]string {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	all := map[string]string{}
	for _, g := range strings.Split(string(buf), "\n\n") {
		header, _, _ := strings.Cut(g, "\n")
		if id, ok := strings.CutPrefix(header, "goroutine "); ok {
			id, _, _ = strings.Cut(id, " ")
			all[id] = g
		}
	}
	return all
}

// noGoroutineLeft fails t, when the test ends, if a goroutine started
// since this call is still running after 10s: whatever the test started —
// an evaluation, OPA's plugins, a server — must have stopped.
func noGoroutineLeft(t testing.TB) {
	before := goroutines()
	t.Cleanup(func() {
		var left []string
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			left = left[:0]
			for id, stack := range goroutines() {
				if _, ok := before[id]; !ok && !strings.Contains(stack, "noGoroutineLeft") {
					left = append(left, stack)
				}
			}
			if len(left) == 0 || time.Now().After(deadline) {
				break
			}
		}
		if len(left) > 0 {
			t.Errorf("%d goroutines left behind:\n\n%s", len(left), strings.Join(left, "\n\n"))
		}
	})
}
