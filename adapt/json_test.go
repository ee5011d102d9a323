package adapt_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain/adapt"
)

func TestJSONTheChainRefusesIsRefusedWithItsReason(t *testing.T) {
	for _, tc := range []struct{ in, output, input string }{
		{`{"command":"ls"}`, "", ""},
		{`{"command":"ls","Command":"rm -rf /"}`, "", "ambiguous"},
		{`{"a":1,"a":2}`, "ambiguous", "ambiguous"},
		{`{"a":`, "not valid JSON", "not valid JSON"},
		{"\"\xff\"", "not valid UTF-8", "not valid UTF-8"},
	} {
		got := adapt.Fault([]byte(tc.in))
		assert.True(t, strings.Contains(got, tc.output) && (tc.output != "") == (got != ""), "Fault(%s) = %q, want %q", tc.in, got, tc.output)
		got = adapt.InputFault([]byte(tc.in))
		assert.True(t, strings.Contains(got, tc.input) && (tc.input != "") == (got != ""), "InputFault(%s) = %q, want %q", tc.in, got, tc.input)
	}
}

func TestKeysFoldToOneExactlyWhenEqualFoldHolds(t *testing.T) {
	for _, pair := range [][2]string{{"Kind", "KIND"}, {"kind", "\u212aind"}, {"path", "Path"}, {"path", "paths"}, {"lİst", "list"}} {
		assert.Equal(t, strings.EqualFold(pair[0], pair[1]), adapt.FoldKey(pair[0]) == adapt.FoldKey(pair[1]), "%q %q", pair[0], pair[1])
	}
}
