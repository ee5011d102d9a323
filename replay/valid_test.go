package replay

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tidwall/gjson"
)

// validCases are JSON texts at the edges of the grammar, each placed at
// every offset of a word so that the word-at-a-time scan meets each stop
// byte in every position.
var validCases = []string{
	`{}`, `[]`, `""`, `0`, `-0`, `-`, `01`, `1.`, `1.5`, `.5`, `1e`, `1e+`, `1E-7`, `-1.5e+10`, `1x`,
	`true`, `tru`, `false`, `fals`, `null`, `nul`, `nullx`, ` {} `, "\t[1]\r\n", ``, ` `,
	`{"a":1}`, `{"a":1,}`, `{,"a":1}`, `{"a" : [1 , 2] }`, `{"a":1 "b":2}`, `{"a"}`, `{"a":}`, `{1:2}`,
	`[1,]`, `[,1]`, `[1 2]`, `[[[]]]`, `[[[]]`, `{}{}`, `{} x`,
	`"\""`, `"\\"`, `"\/\b\f\n\r\t"`, `"\u00e9"`, `"\u00G9"`, `"\u00e"`, `"\x"`, `"\"`, `"a` + "\x01" + `"`,
	`"` + "\x1f" + `"`, `"` + "\x7f\x80\xff" + `"`, `"é"`, `"abc`, `"abcdefghijklmnopqrstuvwxyz\"0123456789"`,
	`{"k":"` + strings.Repeat(`x\"`, 40) + `"}`, `["` + strings.Repeat("\\\\", 33) + `"]`,
}

func TestValidSaysWhatGjsonSaysOfEveryText(t *testing.T) {
	for _, c := range validCases {
		for pad := range 9 {
			for _, s := range []string{
				strings.Repeat(" ", pad) + c,
				`["` + strings.Repeat("y", pad) + `",` + c + `]`,
				`{"` + strings.Repeat("k", pad) + `":` + c + `}`,
			} {
				assert.Equal(t, gjson.Valid(s), valid([]byte(s)), "%q", s)
			}
		}
	}
	assert.True(t, valid([]byte(`{"a":[1,{"b":"c\n"}]}`)))
	assert.False(t, valid([]byte(`{"a":[1,{"b":"c`+"\n"+`"}]}`)))
}

func FuzzValidSaysWhatGjsonSays(f *testing.F) {
	for _, c := range validCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := validString(s), gjson.Valid(s); got != want {
			t.Fatalf("valid(%q) = %v, gjson says %v", s, got, want)
		}
	})
}
