package process

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAZeroDurationIsItsDocumentedDefault(t *testing.T) {
	var s PersistentSpec
	assert.Equal(t, DefaultTimeout, s.timeout())
	assert.Equal(t, 60*time.Second, DefaultTimeout)
	assert.Equal(t, DefaultStartTimeout, s.startTimeout())
	assert.Equal(t, 10*time.Second, DefaultStartTimeout)
	assert.Equal(t, DefaultStopGrace, s.stopGrace())
	assert.Equal(t, time.Second, DefaultStopGrace)
	assert.Equal(t, DefaultMinBackoff, s.minBackoff())
	assert.Equal(t, 100*time.Millisecond, DefaultMinBackoff)
	assert.Equal(t, DefaultMaxBackoff, s.maxBackoff())
	assert.Equal(t, 10*time.Second, DefaultMaxBackoff)
}

func TestABackoffBoundLeftZeroNeverOverridesOneThatWasSet(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name                   string
		minBackoff, maxBackoff time.Duration // the spec's
		wantMin, wantMax       time.Duration
	}{
		{"BothZero", 0, 0, DefaultMinBackoff, DefaultMaxBackoff},
		{"BothSet", 10 * ms, 50 * ms, 10 * ms, 50 * ms},
		{"OneSetToTheOther", 20 * ms, 20 * ms, 20 * ms, 20 * ms},
		{"AMinimumUnderTheDefaultMaximum", 2 * time.Second, 0, 2 * time.Second, DefaultMaxBackoff},
		{"AMinimumOverTheDefaultMaximum", 20 * time.Second, 0, 20 * time.Second, 20 * time.Second},
		{"AMaximumOverTheDefaultMinimum", 0, time.Second, DefaultMinBackoff, time.Second},
		{"AMaximumUnderTheDefaultMinimum", 0, 50 * ms, 50 * ms, 50 * ms},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := PersistentSpec{Spec: Spec{Shell: "guard"}, MinBackoff: tt.minBackoff, MaxBackoff: tt.maxBackoff}
			assert.NoError(t, s.Validate())
			assert.Equal(t, tt.wantMin, s.minBackoff(), "the minimum")
			assert.Equal(t, tt.wantMax, s.maxBackoff(), "the maximum")
		})
	}
}

func TestARestartTooLateForTheCallIsNeverReportedAsDueIn0s(t *testing.T) {
	tests := []struct {
		wait time.Duration // until the next start
		want string        // as the error reports it
	}{
		{time.Nanosecond, "100ms"},
		{30 * time.Millisecond, "100ms"},
		{100 * time.Millisecond, "100ms"},
		{1940 * time.Millisecond, "2s"},
		{2 * time.Second, "2s"},
	}
	for _, tt := range tests {
		t.Run(tt.wait.String(), func(t *testing.T) {
			assert.Equal(t, tt.want, dueIn(tt.wait).String())
		})
	}
}

// The wait a Restarting error names is what is left of the backoff when
// the call asks, however long a loaded machine takes to get there: between
// what was left before and after the ask, rounded as dueIn rounds it.
func TestARestartTooLateForTheCallNamesTheWaitLeft(t *testing.T) {
	p, err := NewPersistent(PersistentSpec{Spec: Spec{Shell: "guard"}})
	require.NoError(t, err)
	asked := time.Now()
	p.last, p.notBefore = &Error{Kind: Exited, ExitCode: 3}, asked.Add(time.Hour)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	pr, e := p.process(ctx, nil)
	answered := time.Now()

	assert.Nil(t, pr, "no process is started before the backoff ends")
	require.NotNil(t, e)
	assert.Equal(t, Restarting, e.Kind)
	assert.GreaterOrEqual(t, e.Timeout, dueIn(p.notBefore.Sub(answered)))
	assert.LessOrEqual(t, e.Timeout, dueIn(time.Hour))
	assert.EqualError(t, e, `hook "guard": is down after it exited with status 3, and starts again in `+e.Timeout.String()+`, later than this call can wait`)
}
