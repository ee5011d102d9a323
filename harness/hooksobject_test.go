package harness_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/harness"
)

// A hooks file is read exactly, or not at all.
func TestAHooksFileIsReadExactlyOrNotAtAll(t *testing.T) {
	top, events, err := harness.HooksObject([]byte(`{"version":1,"hooks":{"a":[]}}`))
	require.NoError(t, err)
	assert.Equal(t, harness.Object{"version": json.RawMessage(`1`), "hooks": json.RawMessage(`{"a":[]}`)}, top)
	assert.Equal(t, map[string]json.RawMessage{"a": json.RawMessage(`[]`)}, events)
	for _, data := range []string{`{}`, `{"hooks":null}`} {
		_, events, err := harness.HooksObject([]byte(data))
		require.NoError(t, err)
		assert.Empty(t, events)
	}
	for data, want := range map[string]string{
		`{"hooks":{"a":[{"command":"x","command":"y"}]}}`: `the file is ambiguous: an object in it has the key "command" twice`,
		`[]`:           "not a hooks file: not a JSON object",
		`{"hooks":[]}`: "hooks: not a JSON object",
	} {
		_, _, err := harness.HooksObject([]byte(data))
		assert.EqualError(t, err, want, data)
	}
}
