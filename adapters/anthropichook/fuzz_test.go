package anthropichook

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// A replacement is read into result blocks, or refused; never a panic. What
// is read encodes, and reads back as itself.
func FuzzDecodeBlocks(f *testing.F) {
	for _, s := range []string{
		`"text"`, `42`, `null`, `{}`, `[]`, `[{}]`, `[null]`, `[{"type":"text","text":"a"}]`,
		`[{"type":"image","source":{"type":"base64","media_type":"image/png","data":"AA=="}}]`,
		`[{"type":"document","source":{"type":"text","media_type":"text/plain","data":"x"}}]`,
		`[{"type":"hologram"}]`, `[{"text":"no type"}]`, `[1]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, out []byte) {
		if !json.Valid(out) {
			return // the chain refuses a Replace that is not JSON
		}
		bs, err := decodeBlocks("tool", out)
		if err != nil {
			return
		}
		enc, err := encodeBlocks(bs)
		if err != nil {
			return
		}
		require.True(t, json.Valid(enc), "%s", enc)
		again, err := decodeBlocks("tool", enc)
		require.NoError(t, err, "%s", enc)
		enc2, err := encodeBlocks(again)
		require.NoError(t, err)
		require.JSONEq(t, string(enc), string(enc2))
	})
}
