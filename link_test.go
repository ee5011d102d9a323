package hookchain_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

func allow(context.Context, hc.Event) (hc.Outcome, error) { return hc.Allow(), nil }

// linkMistakes are links built with a mistake, and the error it is.
var linkMistakes = []struct {
	name  string
	links func() []hc.Link
	want  string
}{
	{"an empty link name", func() []hc.Link { return []hc.Link{hc.Before("", hc.Any(), allow)} }, "hookchain: Before: empty link name"},
	{"a nil matcher", func() []hc.Link { return []hc.Link{hc.After("a", nil, allow)} }, `hookchain: After("a"): nil Matcher`},
	{"a nil interceptor", func() []hc.Link { return []hc.Link{hc.On("a", hc.Any(), nil)} }, `hookchain: On("a"): nil Interceptor`},
	{"a duplicate link name", func() []hc.Link { return []hc.Link{hc.Before("a", hc.Any(), allow), hc.After("a", hc.Any(), allow)} }, `hookchain: two links are named "a"`},
	{"the zero Link", func() []hc.Link { return []hc.Link{hc.Before("ok", hc.Any(), allow), {}} }, "hookchain: link 1 was not built with Before, After or On"},
	{"a zero timeout", func() []hc.Link { return []hc.Link{hc.Before("a", hc.Any(), allow).Timeout(0)} }, `hookchain: link "a": Timeout(0s): must be positive`},
	{"a negative timeout", func() []hc.Link { return []hc.Link{hc.Before("a", hc.Any(), allow).Timeout(-time.Second).FailOpen()} }, `hookchain: link "a": Timeout(-1s): must be positive`},
	{"the first of two mistakes", func() []hc.Link { return []hc.Link{hc.Before("", nil, nil).Timeout(0)} }, "hookchain: Before: empty link name"},
}

func TestNewPanicsOnALinkBuiltWithAMistake(t *testing.T) {
	for _, tt := range linkMistakes {
		t.Run(tt.name, func(t *testing.T) {
			assert.PanicsWithValue(t, tt.want, func() { hc.New(tt.links()...) })
		})
	}
}

func TestBuildReturnsTheMistakeAsAnErrorWithoutPanicking(t *testing.T) {
	for _, tt := range linkMistakes {
		t.Run(tt.name, func(t *testing.T) {
			var c *hc.Chain
			var err error
			require.NotPanics(t, func() { c, err = hc.Build(tt.links()...) })
			require.EqualError(t, err, tt.want)
			assert.Nil(t, c)
		})
	}
}

func TestBuildAnswersAsNewDoes(t *testing.T) {
	links := []hc.Link{hc.Before("no-rm", hc.Tool("Bash"), func(context.Context, hc.Event) (hc.Outcome, error) {
		return hc.Deny("no"), nil
	})}
	c, err := hc.Build(links...)
	require.NoError(t, err)
	want := hc.Outcome{Verdict: hc.Denied, Reason: "denied by no-rm: no", DecidedBy: "no-rm", Cause: hc.CauseLink,
		Trail: []hc.Step{{Name: "no-rm", Verdict: hc.Denied, Reason: "no"}}}
	ev := hc.Event{Hook: hc.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{}`)}
	assert.Equal(t, want, c.Run(context.Background(), ev))
	assert.Equal(t, want, hc.New(links...).Run(context.Background(), ev))
	assert.Equal(t, hc.New(links...).ID(), c.ID())
}

func TestALinkDescribesItselfForTooling(t *testing.T) {
	l := hc.Before("no-rm", hc.Tool("Bash"), allow).Timeout(5 * time.Second).FailOpen()
	assert.Equal(t, "no-rm", l.Name())
	assert.Equal(t, `Before("no-rm", Tool("Bash")) timeout=5s fail-open`, l.String())
	assert.Equal(t, `After("a", Any())`, hc.After("a", hc.Any(), allow).String())
	assert.Equal(t, `On("a", Any())`, hc.On("a", hc.Any(), allow).String())
}
