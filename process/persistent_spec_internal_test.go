package process

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
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
