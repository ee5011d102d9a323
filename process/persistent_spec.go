package process

import (
	"errors"
	"fmt"
	"log/slog"
	"time"
)

// The defaults of a PersistentSpec's zero fields.
const (
	// DefaultMaxInFlight bounds the calls a persistent hook has been sent
	// and has not answered. A call beyond it waits for a slot.
	DefaultMaxInFlight = 16
	// DefaultStartTimeout is how long a process has to write its hello.
	DefaultStartTimeout = 10 * time.Second
	// DefaultStopGrace is how long a closed hook is given, after SIGTERM,
	// before its group is killed.
	DefaultStopGrace = time.Second
	// DefaultMinBackoff and DefaultMaxBackoff bound the wait before a
	// process that went down is started again: the wait doubles with each
	// start after which the hook answered nothing, and is back at the
	// minimum once a process has answered a call.
	DefaultMinBackoff = 100 * time.Millisecond
	DefaultMaxBackoff = 10 * time.Second
)

// PersistentSpec says how to run a persistent hook: the command and its
// limits (Spec), and how many calls it may be asked at once, how long it
// has to start and to stop, and how it is restarted.
//
// The Spec's fields mean what they mean for Run, per call: Timeout bounds
// each call, from the moment it is asked (waiting for a slot or a start
// included) to its answer; MaxStdout bounds each line the hook writes;
// MaxStderr bounds how much of its stderr is kept, the end of it, for the
// excerpts in errors — stderr is read as it comes, however much the hook
// writes, and never fails a call. Truncate does not apply.
//
// As in a Spec, a limit or a duration left zero is its default, never "no
// limit", and a negative one is invalid: Validate says so, and
// NewPersistent fails.
type PersistentSpec struct {
	Spec
	// MaxInFlight bounds the calls sent (or being sent) to the hook and not
	// yet answered; 0 means DefaultMaxInFlight. A call beyond it waits for
	// one to end, for as long as its Timeout allows: back-pressure, not a
	// queue that grows.
	MaxInFlight int
	// StartTimeout bounds the time from starting the process to its hello
	// line, and, before that, the wait for its turn to start (see the
	// package documentation on descriptors); 0 means DefaultStartTimeout.
	StartTimeout time.Duration
	// StopGrace is how long Close gives the process to exit after SIGTERM
	// before it kills its group; 0 means DefaultStopGrace.
	StopGrace time.Duration
	// MinBackoff is the wait before the first restart, and before a
	// restart after a process that answered a call; 0 means
	// DefaultMinBackoff, or MaxBackoff when that is set and shorter, so
	// that a bound left zero never overrides one that was set.
	MinBackoff time.Duration
	// MaxBackoff bounds the wait before a restart as it doubles; 0 means
	// DefaultMaxBackoff, or MinBackoff when that is longer. A MaxBackoff
	// shorter than a MinBackoff that is set is invalid.
	MaxBackoff time.Duration
	// Logger is told when the process starts and stops, and of each late
	// answer it discards; nil is slog.Default(), as it is when the record is
	// written, and slog.New(slog.DiscardHandler) logs nothing.
	Logger *slog.Logger
}

func (s PersistentSpec) maxInFlight() int {
	return cmp0(s.MaxInFlight, DefaultMaxInFlight)
}

func (s PersistentSpec) startTimeout() time.Duration {
	return cmp0(s.StartTimeout, DefaultStartTimeout)
}

func (s PersistentSpec) stopGrace() time.Duration { return cmp0(s.StopGrace, DefaultStopGrace) }

func (s PersistentSpec) minBackoff() time.Duration {
	if s.MinBackoff == 0 && s.MaxBackoff > 0 {
		return min(DefaultMinBackoff, s.MaxBackoff)
	}
	return cmp0(s.MinBackoff, DefaultMinBackoff)
}

func (s PersistentSpec) maxBackoff() time.Duration {
	return max(cmp0(s.MaxBackoff, DefaultMaxBackoff), s.minBackoff())
}

// Validate reports what is wrong with s, or nil.
func (s PersistentSpec) Validate() error {
	var errs []error
	if err := s.Spec.Validate(); err != nil {
		errs = append(errs, err)
	}
	if s.Truncate {
		errs = append(errs, errors.New("the Truncate flag does not apply to a persistent hook: an answer cut at the cap could not be read"))
	}
	if s.MaxInFlight < 0 {
		errs = append(errs, fmt.Errorf("the MaxInFlight %d is negative", s.MaxInFlight))
	}
	for _, d := range []struct {
		name string
		v    time.Duration
	}{{"StartTimeout", s.StartTimeout}, {"StopGrace", s.StopGrace}, {"MinBackoff", s.MinBackoff}, {"MaxBackoff", s.MaxBackoff}} {
		if d.v < 0 {
			errs = append(errs, fmt.Errorf("the %s %v is negative", d.name, d.v))
		}
	}
	if s.MinBackoff > 0 && s.MaxBackoff > 0 && s.MinBackoff > s.MaxBackoff {
		errs = append(errs, fmt.Errorf("the MinBackoff %v is longer than the MaxBackoff %v", s.MinBackoff, s.MaxBackoff))
	}
	return errors.Join(errs...)
}
