package mcpgohook

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// A replacement is read into a result, or refused; never a panic. What is
// read is a result that encodes, and reads back as itself.
func FuzzDecodeResult(f *testing.F) {
	for _, s := range []string{
		`"text"`, `42`, `null`, `[1,2]`, `{}`, `{"content":[]}`, `{"content":null}`, `{"content":{}}`,
		`{"content":[{"type":"text","text":"a"},{"type":"image","data":"AA==","mimeType":"image/png"}],"structuredContent":{"a":1}}`,
		`{"content":[{"type":"resource","resource":{"uri":"file:///a","text":"x"}}],"_meta":{"k":"v"},"isError":true}`,
		`{"content":[{"type":"resource_link","uri":"file:///a","name":"a"}],"inputRequests":{"x":{}},"requestState":"s"}`,
		`{"content":[null]}`, `{"content":[{"type":"nope"}]}`, `{"structuredContent":[1]}`,
	} {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, out []byte, isError bool) {
		if !json.Valid(out) {
			return // the chain refuses a Replace that is not JSON
		}
		r, err := decodeResult("tool", out, isError)
		if err != nil {
			return
		}
		require.NotNil(t, r.Content)
		require.True(t, r.IsError || !isError, "a replacement the link called an error is an error")
		require.Empty(t, r.InputRequests)
		enc, err := encodeResult(r)
		if err != nil {
			return // e.g. a content block whose fields cannot be written back
		}
		again, err := decodeResult("tool", enc, r.IsError)
		require.NoError(t, err, "%s", enc)
		enc2, err := encodeResult(again)
		require.NoError(t, err)
		require.JSONEq(t, string(enc), string(enc2))
	})
}
