package replay

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheStartOfACodexOutputIsCutBetweenEscapesNeverInOne(t *testing.T) {
	for shift := range 12 {
		text := strings.Repeat("x", shift) + strings.Repeat("a\"\\é\u0001\n\t", 120)
		obj, err := json.Marshal(map[string]any{"output": text, "metadata": map[string]int{"exit_code": 0}})
		require.NoError(t, err)
		got := outputStart(string(obj))
		assert.True(t, strings.HasPrefix(text, got), "shift %d: %q", shift, got)
		assert.Greater(t, len(got), 60, "shift %d", shift)
	}
	assert.Equal(t, "short", outputStart(`{"output":"short","metadata":{}}`))
	assert.Equal(t, "later", outputStart(`{"metadata":{},"output":"later"}`), "another key order is read whole")
}

func TestACodexExitCodeIsTheMetadatasNotOneTheOutputQuotes(t *testing.T) {
	tests := []struct {
		obj  string
		want int64
	}{
		{`{"output":"x","metadata":{"exit_code":2,"duration_seconds":0.1}}`, 2},
		{`{"output":"{\"metadata\":{\"exit_code\":0}}","metadata":{"exit_code":7}}`, 7},
		{`{"metadata":{"exit_code":3},"output":"x"}`, 3},
		{`{"output":"\"metadata\": {\"exit_code\": 9}"}`, 0},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, exitCode(tt.obj).Int(), tt.obj)
	}
}
