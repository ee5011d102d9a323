package cli

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"

	"github.com/hookchain/hookchain/claudecode/settings"
)

// reporting returns a Background whose reports are written to stderr, one
// line each, as the hooks end: eval and test run no later call for a note
// to reach.
func reporting(command string, stderr io.Writer) *settings.Background {
	var mu sync.Mutex
	return settings.NewBackground(settings.BackgroundOptions{Logger: quiet, OnReport: func(r settings.Report) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(stderr, "hookchain %s: %s\n", command, reportLine(r))
	}})
}

// quiet is the logger of what eval, test and check print themselves: a
// default logger would write each report a second time.
var quiet = slog.New(slog.DiscardHandler)

// reportLine is a report on one line.
func reportLine(r settings.Report) string {
	call := r.Tool
	if r.CallID != "" {
		call += " call " + r.CallID
	}
	line := fmt.Sprintf("background hook %s (%s, %s)", r.Link, r.Event, call)
	switch {
	case r.Fault != "":
		return line + " failed: " + r.Fault
	case r.Text != "":
		return fmt.Sprintf("%s exited %d; for the model: %q", line, r.ExitCode, r.Text)
	case r.Stderr != "":
		return fmt.Sprintf("%s exited %d; stderr: %q", line, r.ExitCode, r.Stderr)
	}
	return fmt.Sprintf("%s exited %d", line, r.ExitCode)
}

// awaitBackground waits for the async hooks a command started, so that
// their side effects have happened when it exits: each is bounded by its
// timeout, and SIGINT or SIGTERM stops them all.
func awaitBackground(command string, bg *settings.Background, stderr io.Writer) {
	ctx, stop := untilSignal(context.Background())
	defer stop()
	if err := bg.Wait(ctx); err != nil {
		fmt.Fprintf(stderr, "hookchain %s: %v: stopping %d background hooks\n", command, context.Cause(ctx), bg.Running())
		stopped, cancel := context.WithTimeout(context.Background(), closeGrace)
		defer cancel()
		_ = bg.Close(stopped)
	}
}

// closeBackground stops the async hooks still running, giving them
// closeGrace to end first.
func closeBackground(bg *settings.Background) {
	ctx, cancel := context.WithTimeout(context.Background(), closeGrace)
	defer cancel()
	if bg.Wait(ctx) == nil {
		return
	}
	ctx, cancel2 := context.WithTimeout(context.Background(), closeGrace)
	defer cancel2()
	_ = bg.Close(ctx)
}
