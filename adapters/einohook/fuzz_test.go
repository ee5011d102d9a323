package einohook

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// A replacement for an enhanced tool is read into a ToolResult whose every
// part can be shown, or refused; never a panic. What is read encodes, and
// reads back as itself.
func FuzzDecodeToolResult(f *testing.F) {
	for _, s := range []string{
		`"text"`, `42`, `null`, `[1]`, `{}`, `{"parts":[]}`, `{"parts":null}`, `{"parts":{}}`,
		`{"parts":[{"type":"text","text":"a"}]}`,
		`{"parts":[{"type":"image","image":{"url":"data:image/png;base64,AA==","mime_type":"image/png"}}]}`,
		`{"parts":[{"type":"image"}]}`, `{"parts":[{"type":"hologram"}]}`, `{"parts":[null]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, out []byte) {
		if !json.Valid(out) {
			return // the chain refuses a Replace that is not JSON
		}
		r, err := decodeToolResult("t", out)
		if err != nil {
			return
		}
		for _, p := range r.Parts {
			require.NoError(t, checkPart(p))
		}
		res, err := encodeToolResult("t", r)
		require.NoError(t, err)
		again, err := decodeToolResult("t", res.Output)
		require.NoError(t, err, "%s", res.Output)
		res2, err := encodeToolResult("t", again)
		require.NoError(t, err)
		require.JSONEq(t, string(res.Output), string(res2.Output))
	})
}
