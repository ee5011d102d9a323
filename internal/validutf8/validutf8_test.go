package validutf8

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestFirstInvalidFindsTheFirstByteThatIsNotUTF8(t *testing.T) {
	tests := []struct {
		name string
		text string
		want int
	}{
		{"empty", "", -1},
		{"ASCII", `{"tool_name":"Bash"}`, -1},
		{"characters of every length", "é€𝄞", -1},
		{"U+FFFD itself is valid", "\uFFFD", -1},
		{"a lone 0xff", "Ba\xffsh", 2},
		{"a stray continuation byte", "ok\x80", 2},
		{"a truncated character", "é\xe2\x82", 2},
		{"an overlong encoding", "\xc0\xaf", 0},
		{"an encoded surrogate", "a\xed\xa0\x80", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, FirstInvalid([]byte(tt.text)))
		})
	}
}

func TestCheckSaysWhichByteWhere(t *testing.T) {
	assert.NoError(t, Check([]byte("Bash")))
	assert.EqualError(t, Check([]byte("Ba\xffsh")), "not valid UTF-8: byte 0xff at offset 2")
}

func TestCheckJSONRefusesAnUnpairedSurrogateEscape(t *testing.T) {
	tests := []struct {
		name string
		text string
		want string // "" when the text is fine
	}{
		{"plain JSON", `{"tool_name":"Bash"}`, ""},
		{"a pair spelled as escapes", `{"s":"\ud834\udd1e"}`, ""},
		{"a pair in upper case", `{"s":"\uD834\uDD1E"}`, ""},
		{"an escaped backslash before u", `{"s":"\\udcff"}`, ""},
		{"other escapes", `{"s":"\"\n\t\u00e9"}`, ""},
		{"a lone low half in a tool name", `{"tool_name":"Ba\udcffsh"}`, `not valid UTF-8: an unpaired surrogate \udcff at offset 16`},
		{"a lone high half at the end", `{"s":"x\ud834"}`, `not valid UTF-8: an unpaired surrogate \ud834 at offset 7`},
		{"a high half before a non-surrogate", `{"s":"\ud834\u0041"}`, `not valid UTF-8: an unpaired surrogate \ud834 at offset 6`},
		{"two high halves", `{"s":"\ud834\ud834\udd1e"}`, `not valid UTF-8: an unpaired surrogate \ud834 at offset 6`},
		{"a bad byte still comes first", "{\"s\":\"\xff\\udcff\"}", "not valid UTF-8: byte 0xff at offset 6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckJSON([]byte(tt.text))
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tt.want)
		})
	}
}

func FuzzCheckJSONAgreesWithADecoderOnWhatBecomesU_FFFD(f *testing.F) {
	for _, s := range []string{`"a"`, `"\udcff"`, `"\ud834\udd1e"`, `"\\udcff"`, `"\ud834"`, `"\uFFFD"`, "\"\xff\""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v string
		if json.Unmarshal([]byte(s), &v) != nil {
			return
		}
		// A valid JSON string that CheckJSON accepts decodes without a
		// replacement, unless it spelled U+FFFD itself.
		if CheckJSON([]byte(s)) == nil && strings.ContainsRune(v, utf8.RuneError) {
			assert.True(t, strings.Contains(s, "\uFFFD") || strings.Contains(strings.ToLower(s), `\ufffd`), "%q decoded to %q", s, v)
		}
	})
}
