package validutf8

import (
	"testing"

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
