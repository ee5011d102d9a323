package langchainhook

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// Whatever string a model writes, the chain is shown a JSON object, and an
// untouched input maps back to exactly that string.
func FuzzInputMapsToAnObjectAndBack(f *testing.F) {
	for _, s := range []string{"", "ls -la", `{"a":1}`, ` {"a":1} `, `{"a":`, `[1]`, `"x"`, "a <b> & c", "\xff", `{"input":"x","y":1}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		in, plain := eventInput(s)
		require.True(t, json.Valid(in), "%q -> %s", s, in)
		require.True(t, isObject(in), "%q -> %s", s, in)
		back, err := toolInput(in, plain)
		require.NoError(t, err)
		if plain {
			var want struct{ Input string }
			require.NoError(t, json.Unmarshal(in, &want))
			require.Equal(t, want.Input, back) // s, with invalid UTF-8 as U+FFFD
		} else {
			require.Equal(t, s, back)
		}
	})
}

func isObject(b []byte) bool {
	var m map[string]json.RawMessage
	return json.Unmarshal(b, &m) == nil && m != nil
}
