package cli

import (
	"fmt"
	"io"
	"os"
	"time"
)

// progress is the line a long replay keeps up to date on a terminal's
// stderr: never on a pipe or a file, where it would be noise in a log.
type progress struct {
	w     io.Writer // nil: not a terminal, nothing shown
	start time.Time
	last  time.Time
	calls int
}

// progressEvery is how often the line is redrawn.
const progressEvery = 250 * time.Millisecond

func newProgress(stderr io.Writer) *progress {
	p := &progress{start: time.Now()}
	if f, ok := stderr.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.w = f
		}
	}
	return p
}

// tick counts a call of file, and redraws the line now and then.
func (p *progress) tick(file string) {
	p.calls++
	if p.w == nil {
		return
	}
	now := time.Now()
	if now.Sub(p.last) < progressEvery {
		return
	}
	p.last = now
	rate := float64(p.calls) / now.Sub(p.start).Seconds()
	fmt.Fprintf(p.w, "\r\x1b[Kreplayed %d calls (%.0f/s), in %s", p.calls, rate, file)
}

// done clears the line.
func (p *progress) done() {
	if p.w != nil && !p.last.IsZero() {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
