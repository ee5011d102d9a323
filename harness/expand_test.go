package harness_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain/harness"
)

func TestAHeaderExpandsOnlyWellFormedReferences(t *testing.T) {
	vars := map[string]string{"A": "1", "B_2": "2"}
	value := func(k string) string { return vars[k] }
	tests := map[string]string{
		"$A":          "1",
		"${A}":        "1",
		"x$A-y":       "x1-y",
		"$B_2$A":      "21",
		"${B_2}x":     "2x",
		"$":           "$",
		"$$A":         "$1",
		"${A":         "${A",
		"${}":         "${}",
		"$1":          "$1",
		"price: 5$":   "price: 5$",
		"$MISSING.":   ".",
		"Bearer ${A}": "Bearer 1",
	}
	for in, want := range tests {
		assert.Equal(t, want, harness.Expand(in, value), in)
	}
}
