package hookchain_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	hc "github.com/hookchain/hookchain"
)

func allow(context.Context, hc.Event) (hc.Outcome, error) { return hc.Allow(), nil }

func TestConstructionMistakesPanicWithTheirCause(t *testing.T) {
	tests := []struct {
		name  string
		build func()
		want  string
	}{
		{"an empty link name", func() { hc.Before("", hc.Any(), allow) }, "hookchain: Before: empty link name"},
		{"a nil matcher", func() { hc.After("a", nil, allow) }, `hookchain: After("a"): nil Matcher`},
		{"a nil interceptor", func() { hc.On("a", hc.Any(), nil) }, `hookchain: On("a"): nil Interceptor`},
		{"a duplicate link name", func() { hc.New(hc.Before("a", hc.Any(), allow), hc.After("a", hc.Any(), allow)) }, `hookchain: New: two links are named "a"`},
		{"the zero Link", func() { hc.New(hc.Link{}) }, "hookchain: New: link 0 was not built with Before, After or On"},
		{"a zero timeout", func() { hc.Before("a", hc.Any(), allow).Timeout(0) }, `hookchain: link "a": Timeout(0s): must be positive`},
		{"a negative timeout", func() { hc.Before("a", hc.Any(), allow).Timeout(-time.Second) }, `hookchain: link "a": Timeout(-1s): must be positive`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.PanicsWithValue(t, tt.want, tt.build)
		})
	}
}

func TestALinkDescribesItselfForTooling(t *testing.T) {
	l := hc.Before("no-rm", hc.Tool("Bash"), allow).Timeout(5 * time.Second).FailOpen()
	assert.Equal(t, "no-rm", l.Name())
	assert.Equal(t, `Before("no-rm", Tool("Bash")) timeout=5s fail-open`, l.String())
	assert.Equal(t, `After("a", Any())`, hc.After("a", hc.Any(), allow).String())
	assert.Equal(t, `On("a", Any())`, hc.On("a", hc.Any(), allow).String())
}
