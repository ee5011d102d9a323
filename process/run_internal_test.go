package process

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestARunWaitingForItsTurnToStartStillEndsWithItsTimeoutOrContext(t *testing.T) {
	tests := []struct {
		name       string
		timeout    time.Duration // the Spec's
		ctxTimeout time.Duration // the caller's
		want       string
	}{
		{"its timeout runs out", 100 * time.Millisecond, time.Minute,
			`hook "true": timed out after 100ms`},
		{"its context ends", time.Minute, 100 * time.Millisecond,
			`hook "true": stopped because its context ended: context deadline exceeded`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			starting <- struct{}{} // another run's start, stuck in an exec that hangs
			t.Cleanup(func() { <-starting })
			ctx, cancel := context.WithTimeout(context.Background(), tt.ctxTimeout)
			defer cancel()
			began := time.Now()

			res, err := Run(ctx, Spec{Shell: "true", Timeout: tt.timeout}, nil)

			// The start it waits for never comes: only the 100ms ends it,
			// well within this on a loaded machine.
			assert.Less(t, time.Since(began), 10*time.Second)
			assert.EqualError(t, err, tt.want)
			assert.Equal(t, Result{ExitCode: -1}, res)
		})
	}
}
