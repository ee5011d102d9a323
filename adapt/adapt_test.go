package adapt

import (
	"encoding/json"
	"errors"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
)

func TestNotesFollowTheTextOneLineEach(t *testing.T) {
	notes := []hookchain.Note{{Link: "a", Text: "first"}, {Link: "b", Text: "second"}}
	for _, tc := range []struct {
		name  string
		s     string
		notes []hookchain.Note
		want  string
	}{
		{"no notes leave the text as it is", "ok", nil, "ok"},
		{"each note is a line of its own", "ok", notes, "ok\nfirst\nsecond"},
		{"an empty text still carries the notes", "", notes[:1], "\nfirst"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, WithNotes(tc.s, tc.notes))
		})
	}
}

func TestANotedErrorIsStillTheErrorItNotes(t *testing.T) {
	notes := []hookchain.Note{{Link: "a", Text: "see the runbook"}}
	err := Noted(io.ErrUnexpectedEOF, notes)
	assert.Equal(t, "unexpected EOF\nsee the runbook", err.Error())
	assert.ErrorIs(t, err, io.ErrUnexpectedEOF)

	assert.Same(t, io.ErrUnexpectedEOF, Noted(io.ErrUnexpectedEOF, nil), "no notes: the error itself")
	assert.NoError(t, Noted(nil, notes), "no error stays no error")

	var pe *json.SyntaxError
	syntax := json.Unmarshal([]byte("{"), &struct{}{})
	require.True(t, errors.As(Noted(syntax, notes), &pe), "errors.As sees through the notes")
}

func TestTheChainsTextReadsAsTextAndOtherJSONAsItself(t *testing.T) {
	for _, tc := range []struct{ out, want string }{
		{`"denied: no rm -rf"`, "denied: no rm -rf"},
		{`"line\nnext \u003c"`, "line\nnext <"},
		{`{"files":3}`, `{"files":3}`},
		{`42`, `42`},
		{`not json`, `not json`},
	} {
		assert.Equal(t, tc.want, TextOf(json.RawMessage(tc.out)), tc.out)
	}
}

func TestUnescapingHTMLTouchesOnlyTheThreeEscapesJSONMarshalWrites(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`"a\u003cb\u003e \u0026 c"`, `"a<b> & c"`},
		{`"\\u003c"`, `"\\u003c"`},
		{`"\u00e9\u2028"`, `"\u00e9\u2028"`},
		{`"plain"`, `"plain"`},
		{`"\u003`, `"\u003`},
	} {
		assert.Equal(t, tc.want, string(UnescapeHTML([]byte(tc.in))), tc.in)
	}
}

// Unescaping '<', '>' and '&' changes a JSON document's bytes, never its
// meaning, and leaves it valid.
func FuzzUnescapeHTML(f *testing.F) {
	for _, s := range []string{`a<b> & c`, `\u003c`, `\<`, "é\u2028", `"\`, "\x00<"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		in, err := json.Marshal(s) // what json.Marshal writes: the only input UnescapeHTML is given
		require.NoError(t, err)
		out := UnescapeHTML(in)
		require.True(t, json.Valid(out), "%s -> %s", in, out)
		var want, back string
		require.NoError(t, json.Unmarshal(in, &want))
		require.NoError(t, json.Unmarshal(out, &back))
		require.Equal(t, want, back)
	})
}

func TestSameIsTheVeryBytesNotEqualOnes(t *testing.T) {
	a := json.RawMessage(`{"command":"ls"}`)
	assert.True(t, Same(a, a))
	assert.True(t, Same(nil, json.RawMessage{}), "two empty inputs are the same")
	assert.False(t, Same(a, append(json.RawMessage(nil), a...)), "equal bytes elsewhere were rewritten")
	assert.False(t, Same(a, a[:len(a)-1]))
}
