package harness_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/harness"
)

func TestFlatHooksAreReadInTheEventsOrderEachListInItsOwn(t *testing.T) {
	events, err := harness.Fields([]byte(`{"b":["b0","skip","b2"],"a":["a0"],"c":null,"other":["x"]}`))
	require.NoError(t, err)
	read := func(event, place string, raw json.RawMessage) (string, string, error) {
		var s string
		require.NoError(t, json.Unmarshal(raw, &s))
		if s == "skip" {
			return "", "not run here", nil
		}
		return place + "=" + s, "", nil
	}
	hooks, warnings, err := harness.FlatHooks("f.json", events, []string{"a", "b", "c", "d"}, read)
	require.NoError(t, err)
	assert.Equal(t, []string{"f.json:hooks.a[0]=a0", "f.json:hooks.b[0]=b0", "f.json:hooks.b[2]=b2"}, hooks)
	assert.Equal(t, []string{"f.json:hooks.b[1]: skipped: not run here"}, warnings)

	events, _ = harness.Fields([]byte(`{"a":{"x":1}}`))
	_, _, err = harness.FlatHooks("f.json", events, []string{"a"}, read)
	assert.EqualError(t, err, "hooks.a: not a list of hooks")

	events, _ = harness.Fields([]byte(`{"a":["ok","bad"]}`))
	hooks, warnings, err = harness.FlatHooks("f.json", events, []string{"a"}, func(_, _ string, raw json.RawMessage) (string, string, error) {
		if string(raw) == `"bad"` {
			return "", "", errors.New("not a hook")
		}
		return "ok", "", nil
	})
	assert.EqualError(t, err, "hooks.a[1]: not a hook")
	assert.Nil(t, hooks, "an error returns no hooks, not those before it")
	assert.Nil(t, warnings)
}
