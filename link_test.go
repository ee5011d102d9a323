package hookchain_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hc "github.com/hookchain/hookchain"
)

func allow(context.Context, hc.Event) (hc.Outcome, error) { return hc.Allow(), nil }

// linkMistakes are links built with a mistake, the error's text, and the
// BuildError it is.
var linkMistakes = []struct {
	name  string
	links func() []hc.Link
	want  string
	as    hc.BuildError
}{
	{"an empty link name", func() []hc.Link { return []hc.Link{hc.Before("", hc.Any(), allow)} }, "hookchain: Before: empty link name",
		hc.BuildError{Index: 0, Kind: hc.ErrEmptyName}},
	{"a nil matcher", func() []hc.Link { return []hc.Link{hc.After("a", nil, allow)} }, `hookchain: After("a"): nil Matcher`,
		hc.BuildError{Index: 0, Name: "a", Kind: hc.ErrNilMatcher}},
	{"a nil interceptor", func() []hc.Link { return []hc.Link{hc.Before("ok", hc.Any(), allow), hc.On("a", hc.Any(), nil)} }, `hookchain: On("a"): nil Interceptor`,
		hc.BuildError{Index: 1, Name: "a", Kind: hc.ErrNilInterceptor}},
	{"a duplicate link name", func() []hc.Link {
		return []hc.Link{hc.Before("a", hc.Any(), allow), hc.Before("b", hc.Any(), allow), hc.After("a", hc.Any(), allow)}
	}, `hookchain: two links are named "a"`,
		hc.BuildError{Index: 2, First: 0, Name: "a", Kind: hc.ErrDuplicateName}},
	{"the zero Link", func() []hc.Link { return []hc.Link{hc.Before("ok", hc.Any(), allow), {}} }, "hookchain: link 1 was not built with Before, After or On",
		hc.BuildError{Index: 1, Kind: hc.ErrNotALink}},
	{"a zero timeout", func() []hc.Link { return []hc.Link{hc.Before("a", hc.Any(), allow).Timeout(0)} }, `hookchain: link "a": Timeout(0s): must be positive`,
		hc.BuildError{Index: 0, Name: "a", Kind: hc.ErrBadTimeout}},
	{"a negative timeout", func() []hc.Link {
		return []hc.Link{hc.Before("x", hc.Any(), allow), hc.Before("y", hc.Any(), allow), hc.Before("a", hc.Any(), allow).Timeout(-time.Second).FailOpen()}
	}, `hookchain: link "a": Timeout(-1s): must be positive`,
		hc.BuildError{Index: 2, Name: "a", Kind: hc.ErrBadTimeout}},
	{"the first of two mistakes", func() []hc.Link { return []hc.Link{hc.Before("", nil, nil).Timeout(0)} }, "hookchain: Before: empty link name",
		hc.BuildError{Index: 0, Kind: hc.ErrEmptyName}},
	{"the first link of two with a mistake", func() []hc.Link {
		return []hc.Link{hc.Before("a", hc.Any(), allow), hc.After("b", nil, allow), hc.Before("a", hc.Any(), allow)}
	}, `hookchain: After("b"): nil Matcher`,
		hc.BuildError{Index: 1, Name: "b", Kind: hc.ErrNilMatcher}},
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

func TestBuildsErrorIsABuildErrorThatNamesTheLinkAndTheKindOfMistake(t *testing.T) {
	kinds := []hc.LinkMistake{hc.ErrEmptyName, hc.ErrNilMatcher, hc.ErrNilInterceptor, hc.ErrBadTimeout, hc.ErrNotALink, hc.ErrDuplicateName}
	for _, tt := range linkMistakes {
		t.Run(tt.name, func(t *testing.T) {
			_, err := hc.Build(tt.links()...)
			var be *hc.BuildError
			require.ErrorAs(t, err, &be)
			assert.Equal(t, tt.as.Index, be.Index, "Index")
			assert.Equal(t, tt.as.First, be.First, "First")
			assert.Equal(t, tt.as.Name, be.Name, "Name")
			assert.Equal(t, tt.as.Kind, be.Kind, "Kind")
			for _, k := range kinds {
				assert.Equal(t, k == tt.as.Kind, errors.Is(err, k), "errors.Is(err, %v)", k)
			}
			// Wrapped and joined, as a loader gathers the errors of many
			// chains, it is still found.
			joined := errors.Join(errors.New("another file's mistake"), fmt.Errorf("settings.json: %w", err))
			assert.ErrorIs(t, joined, tt.as.Kind)
			var found *hc.BuildError
			require.ErrorAs(t, joined, &found)
			assert.Same(t, be, found)
		})
	}
}

func TestALinkMistakeSaysWhatItIs(t *testing.T) {
	tests := []struct {
		kind hc.LinkMistake
		want string
	}{
		{hc.ErrEmptyName, "hookchain: empty link name"},
		{hc.ErrNilMatcher, "hookchain: nil Matcher"},
		{hc.ErrNilInterceptor, "hookchain: nil Interceptor"},
		{hc.ErrBadTimeout, "hookchain: Timeout must be positive"},
		{hc.ErrNotALink, "hookchain: not built with Before, After or On"},
		{hc.ErrDuplicateName, "hookchain: two links have one name"},
		{hc.LinkMistake(0), "hookchain: link mistake 0"},
	}
	for _, tt := range tests {
		assert.EqualError(t, tt.kind, tt.want)
	}
	// A BuildError of a kind it does not know still says which link.
	assert.EqualError(t, &hc.BuildError{Index: 3, Name: "x", Kind: 99}, `hookchain: link 3 ("x"): link mistake 99`)
}

func TestABuildErrorFromOneBuildIsNotSharedWithAnother(t *testing.T) {
	// The mistake is carried by the link; each Build returns its own
	// BuildError with the link's place in that Build's list.
	bad := hc.Before("a", nil, allow)
	_, err1 := hc.Build(bad)
	_, err2 := hc.Build(hc.Before("ok", hc.Any(), allow), bad)
	var be1, be2 *hc.BuildError
	require.ErrorAs(t, err1, &be1)
	require.ErrorAs(t, err2, &be2)
	assert.Equal(t, 0, be1.Index)
	assert.Equal(t, 1, be2.Index)
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
