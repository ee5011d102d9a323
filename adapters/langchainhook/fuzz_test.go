package langchainhook

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// Whatever string a model writes, a text tool's chain is shown {"input": s},
// which maps back to s (invalid UTF-8 as U+FFFD, as JSON holds it), and a
// JSON tool's chain is shown the string itself, an object, or nothing.
func FuzzInputMapsToAnObjectAndBack(f *testing.F) {
	for _, s := range []string{"", "ls -la", `{"a":1}`, ` {"a":1} `, `{"a":`, `[1]`, `"x"`, "a <b> & c", "\xff", `{"input":"x","y":1}`, `{"x":"$(rm -rf /srv)"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		text := &tool{}
		in, ok := text.eventInput(s)
		require.True(t, ok)
		require.True(t, isObject(in), "%q -> %s", s, in)
		back, err := plainInput(in)
		require.NoError(t, err)
		var want string // s as JSON holds it
		b, _ := json.Marshal(s)
		require.NoError(t, json.Unmarshal(b, &want))
		require.Equal(t, want, back)

		object := &tool{object: true}
		if in, ok := object.eventInput(s); ok {
			require.True(t, isObject(in), "%q -> %s", s, in)
			require.Equal(t, s, string(in))
		}
	})
}

func isObject(b []byte) bool {
	var m map[string]json.RawMessage
	return json.Unmarshal(b, &m) == nil && m != nil
}
