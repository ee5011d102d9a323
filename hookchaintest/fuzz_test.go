package hookchaintest_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/hookchaintest"
)

// FuzzDecodeCases checks that the case decoder never panics, and that
// whatever it accepts it can write back in a form that reads as the same
// cases: update mode depends on that to rewrite a file without changing its
// events or names.
func FuzzDecodeCases(f *testing.F) {
	files, err := filepath.Glob("testdata/*/*.json")
	require.NoError(f, err)
	for _, name := range files {
		data, err := os.ReadFile(name)
		require.NoError(f, err)
		f.Add(data)
	}
	for _, s := range []string{
		``, `[]`, `null`, `{}`, `[{}]`, `"x"`, `[1]`,
		`{"event": {"hook": "before_tool"}, "want": {"verdict": "allow"}}`,
		`{"event": {"hook": "after_tool", "output": null, "is_error": true}, "want": {"verdict": "replace", "output": 1e400, "trail": [], "steps": []}}`,
		`{"name": "\u2028<&>\ud800", "event": {"hook": "before_tool", "input": {"a": "\u00e9", "a": [1.50, -0]}}, "want": {"verdict": "Modified", "input": "x"}}`,
		`[{"event": {"hook": "before_tool"}, "want": {"verdict": "deny", "steps": [{"name": "a", "verdict": "allow", "fault": "f"}]}}, {"event": {"hook": "before_tool"}, "want": {"verdict": "deny"}}]`,
		`{"event": {"hook": "before_tool"}, "want": {"verdict": "ask", "steps": [{"name": "h", "verdict": "Asked", "by": "\u00e9"}], "notes": [{"link": "a", "text": ""}, {"text": "<t>\n", "link": "b"}]}}`,
		`[{"event": {"hook": "before_tool"}, "want": {"verdict": "allow", "notes": []}}, {"event": {"hook": "after_tool"}, "want": {"verdict": "allow", "notes": null}}]`,
		`[{"event": {"hook": "before_tool"}, "want": {"verdict": "deny", "reason_contains": "rm", "reason": null}}, {"event": {"hook": "before_tool"}, "want": {"verdict": "deny", "reason_matches": "^denied by \\w+$"}}]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := hookchaintest.DecodeFile("fuzz.json", data)
		if err != nil {
			return
		}
		out, err := hookchaintest.EncodeFile(file)
		require.NoError(t, err)
		again, err := hookchaintest.DecodeFile("fuzz.json", out)
		require.NoError(t, err, "%s", out)
		require.Equal(t, file, again)

		// The written form is stable: writing it again changes nothing.
		out2, err := hookchaintest.EncodeFile(again)
		require.NoError(t, err)
		require.Equal(t, string(out), string(out2))
	})
}
