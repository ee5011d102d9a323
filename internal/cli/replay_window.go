package cli

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/hookchain/hookchain/replay"
)

// The reasons a call outside --since and --until is not judged.
const (
	notJudgedBeforeSince = "before --since"
	notJudgedAfterUntil  = "after --until"
)

// window is the time a replay's calls are taken from: at or after since,
// before until; a zero end is open.
type window struct {
	since, until time.Time
}

// register adds --since and --until to fs, durations counted back from now.
func (w *window) register(fs *flag.FlagSet, now time.Time) {
	fs.Func("since", "replay the calls made at or after `WHEN`: 30d, 12h (that long ago), 2026-11-01 (midnight UTC), 2026-11-01T10:00:00Z", func(s string) (err error) {
		w.since, err = parseWhen(s, now)
		return err
	})
	fs.Func("until", "replay the calls made before `WHEN` (the forms of --since)", func(s string) (err error) {
		w.until, err = parseWhen(s, now)
		return err
	})
}

func (w window) set() bool { return !w.since.IsZero() || !w.until.IsZero() }

// check refuses a window no call can be in.
func (w window) check() error {
	if !w.since.IsZero() && !w.until.IsZero() && !w.since.Before(w.until) {
		return fmt.Errorf("--since %s is not before --until %s: no call could be replayed", stamp(w.since), stamp(w.until))
	}
	return nil
}

// outside is why a call made at t is not in the window, "" when it is.
// A call with no time recorded is in it: it cannot be shown outside, and
// leaving it out would drop a call no one judged.
func (w window) outside(t time.Time) string {
	switch {
	case t.IsZero():
		return ""
	case !w.since.IsZero() && t.Before(w.since):
		return notJudgedBeforeSince
	case !w.until.IsZero() && !t.Before(w.until):
		return notJudgedAfterUntil
	}
	return ""
}

// errWhen is a --since or --until of none of the forms.
var errWhen = errors.New("want a duration before now (30d, 12h, 90m), a date (2026-11-01: midnight UTC) or a time (2026-11-01T10:00:00Z)")

// maxDays is the longest --since in days a time.Duration holds.
const maxDays = math.MaxInt64 / int64(24*time.Hour)

// parseWhen reads a --since or --until: a duration is that long before
// now, a date midnight UTC of that day, a time itself.
func parseWhen(s string, now time.Time) (time.Time, error) {
	if days, ok := strings.CutSuffix(s, "d"); ok {
		if n, err := strconv.ParseInt(days, 10, 64); err == nil && n >= 0 && n <= maxDays && days[0] != '+' {
			return now.Add(-time.Duration(n) * 24 * time.Hour), nil
		}
		return time.Time{}, errWhen
	}
	if d, err := time.ParseDuration(s); err == nil && d >= 0 && !strings.HasPrefix(s, "+") {
		return now.Add(-d), nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	return time.Time{}, errWhen
}

// stamp is t as the summary prints it.
func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// windowed is what a window left out of a replay and what it could not
// check.
type windowed struct {
	Since  string `json:"since,omitempty"`
	Until  string `json:"until,omitempty"`
	NoTime int    `json:"no_time_recorded"` // calls replayed whose transcript recorded no time

	outside map[string]int // by reason: before --since, after --until
}

func newWindowed(w window) *windowed {
	out := &windowed{outside: map[string]int{}}
	if !w.since.IsZero() {
		out.Since = stamp(w.since)
	}
	if !w.until.IsZero() {
		out.Until = stamp(w.until)
	}
	return out
}

// take says whether c is replayed, and counts it when count: a call
// outside the window by its reason, a call with no time as one.
func (r *replayer) take(c replay.Call, count bool) bool {
	if r.window == nil {
		return true
	}
	why := r.flags.window.outside(c.Time)
	switch {
	case !count:
	case why != "":
		r.window.outside[why]++
	case c.Time.IsZero():
		r.window.NoTime++
	}
	return why == ""
}

// span is the window in words.
func (t *windowed) span() string {
	var parts []string
	if t.Since != "" {
		parts = append(parts, "at or after "+t.Since)
	}
	if t.Until != "" {
		parts = append(parts, "before "+t.Until)
	}
	return strings.Join(parts, " and ")
}

// addWindow counts the calls the window left out as not judged, and puts
// the window in the summary; nothing without one.
func (s *summary) addWindow(t *windowed) {
	if t == nil {
		return
	}
	s.Window = t
	for why, n := range t.outside {
		s.NotJudged[why] += n
	}
}
