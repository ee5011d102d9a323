package adapt

import (
	"encoding/json"
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// parts is a framework's result form for these tests: an array of texts.
type parts []string

func textParts(s string) parts { return parts{s} }

func decodeParts(out json.RawMessage) (parts, error) {
	var p parts
	if err := json.Unmarshal(out, &p); err != nil {
		return nil, err
	}
	if len(p) == 0 {
		return nil, errors.New("no parts")
	}
	return p, nil
}

func TestAReplacementIsTextOrTheFrameworksOwnForm(t *testing.T) {
	for _, tc := range []struct {
		name, out string
		want      parts
	}{
		{"a JSON string is its text", `"redacted \u003csecret\u003e"`, parts{"redacted <secret>"}},
		{"the framework's form is decoded", `["a","b"]`, parts{"a", "b"}},
		{"the form after JSON's own space", " \n[\"a\"]", parts{"a"}},
		{"an object, not the form here, is text as written", `{"files": 3}`, parts{`{"files": 3}`}},
		{"a number is text as written", `42`, parts{"42"}},
		{"null is text as written", `null`, parts{"null"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Replacement("Read", json.RawMessage(tc.out), '[', textParts, decodeParts)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestAReplacementThatIsNoResultIsAnErrorWordedForTheModel(t *testing.T) {
	for _, tc := range []struct{ name, out, want string }{
		{"no output", "  ", "hookchain: a link replaced the result of Read with something that is not a tool result: empty output"},
		{"a form the framework cannot read", `[]`, "hookchain: a link replaced the result of Read with something that is not a tool result: no parts"},
		{"a form of the wrong shape", `[1]`, "hookchain: a link replaced the result of Read with something that is not a tool result: json: cannot unmarshal number into Go value of type string"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Replacement("Read", json.RawMessage(tc.out), '[', textParts, decodeParts)
			require.EqualError(t, err, tc.want)
			assert.Nil(t, got)
		})
	}
}

func TestAResultThatCannotBeEncodedIsAnErrorNamingTheTool(t *testing.T) {
	_, cause := json.Marshal(math.Inf(1))
	require.Error(t, cause)
	err := Unencodable("Read", cause)
	require.EqualError(t, err, "hookchain: the result of Read cannot be encoded as JSON: json: unsupported value: +Inf")
	assert.ErrorIs(t, err, cause)
}

// escaping writes its text as json.Marshal writes a string, escapes and
// all, whatever encoder it is in.
type escaping string

func (e escaping) MarshalJSON() ([]byte, error) { return json.Marshal(string(e)) }

func TestMarshalShowsTheChainTheCharactersAModelReads(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    any
		want string
	}{
		{"a string", map[string]string{"text": "<secret> & co"}, `{"text":"<secret> & co"}`},
		{"a type that marshals itself", map[string]escaping{"text": "<b>"}, `{"text":"<b>"}`},
		{"an escaped backslash is kept", map[string]string{"text": `\u003c`}, `{"text":"\\u003c"}`},
		{"other escapes are kept", map[string]string{"text": "\u2028\n"}, `{"text":"\u2028\n"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Marshal(tc.v)
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(b))
		})
	}
	_, err := Marshal(math.NaN())
	require.EqualError(t, err, "json: unsupported value: NaN")
}
