package process_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/process"
)

func TestANegativeDurationOrLimitOfAPersistentSpecIsInvalidNeverADefault(t *testing.T) {
	cmd := process.Spec{Shell: "guard"}
	rows := []struct {
		name string
		spec process.PersistentSpec
		err  string
	}{
		{"TheZeroFields", process.PersistentSpec{Spec: cmd}, ""},
		{"EveryField", process.PersistentSpec{Spec: cmd, MaxInFlight: 1, StartTimeout: time.Second, StopGrace: time.Second,
			MinBackoff: time.Millisecond, MaxBackoff: time.Millisecond}, ""},
		{"ANegativeTimeout", process.PersistentSpec{Spec: process.Spec{Shell: "guard", Timeout: -time.Second}}, "the Timeout -1s is negative"},
		{"ANegativeStartTimeout", process.PersistentSpec{Spec: cmd, StartTimeout: -1}, "the StartTimeout -1ns is negative"},
		{"ANegativeStopGrace", process.PersistentSpec{Spec: cmd, StopGrace: -time.Millisecond}, "the StopGrace -1ms is negative"},
		{"ANegativeMinBackoff", process.PersistentSpec{Spec: cmd, MinBackoff: -1}, "the MinBackoff -1ns is negative"},
		{"ANegativeMaxBackoff", process.PersistentSpec{Spec: cmd, MaxBackoff: -1}, "the MaxBackoff -1ns is negative"},
		{"ANegativeMaxInFlight", process.PersistentSpec{Spec: cmd, MaxInFlight: -1}, "the MaxInFlight -1 is negative"},
		{"AMinBackoffOverTheMaxBackoff", process.PersistentSpec{Spec: cmd, MinBackoff: time.Second, MaxBackoff: time.Millisecond},
			"the MinBackoff 1s is longer than the MaxBackoff 1ms"},
		{"Truncate", process.PersistentSpec{Spec: process.Spec{Shell: "guard", Truncate: true}},
			"the Truncate flag does not apply to a persistent hook: an answer cut at the cap could not be read"},
		{"EveryMistakeAtOnce", process.PersistentSpec{Spec: process.Spec{Timeout: -1}, StartTimeout: -2, StopGrace: -3, MinBackoff: -4, MaxBackoff: -5},
			"neither Args nor Shell is set\nthe Timeout -1ns is negative\nthe StartTimeout -2ns is negative\n" +
				"the StopGrace -3ns is negative\nthe MinBackoff -4ns is negative\nthe MaxBackoff -5ns is negative"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			err := row.spec.Validate()
			p, newErr := process.NewPersistent(row.spec)
			if row.err == "" {
				assert.NoError(t, err)
				require.NoError(t, newErr)
				assert.Equal(t, "guard", p.String())
				return
			}
			assert.EqualError(t, err, row.err)
			assert.EqualError(t, newErr, `process: persistent hook "`+row.spec.String()+`": `+row.err)
			assert.Nil(t, p)
		})
	}
}
