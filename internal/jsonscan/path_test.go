package jsonscan

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/gjson"
)

// Path is how every input matcher reads a path, the core's and package
// shell's: the same rules for several values, a missing path and no input.
func TestAPathReadsTheInputAsTheInputMatchersDo(t *testing.T) {
	for path, want := range map[string]string{"": "empty path", "!true": "a gjson literal, not a path into the input"} {
		_, err := CompilePath(path)
		assert.EqualError(t, err, want, path)
	}
	edits := []byte(`{"edits":[{"p":"a"},{"p":"/etc/passwd"}],"cmd":"ls"}`)
	isEtc := func(r gjson.Result) bool { return strings.HasPrefix(r.Str, "/etc/") }
	tests := []struct {
		path  string
		input []byte
		test  func(gjson.Result) bool
		want  bool
	}{
		{"edits.#.p", edits, isEtc, true},
		{"edits.0.p", edits, isEtc, false},
		{"cmd", edits, func(r gjson.Result) bool { return r.Str == "ls" }, true},
		{"missing", edits, func(r gjson.Result) bool { return !r.Exists() }, true},
		{"cmd", nil, func(r gjson.Result) bool { return !r.Exists() }, true},
	}
	for _, tt := range tests {
		p, err := CompilePath(tt.path)
		require.NoError(t, err)
		assert.Equal(t, tt.path, p.String())
		assert.Equal(t, tt.want, p.Any(tt.input, tt.test), "%s on %s", tt.path, tt.input)
	}
}
