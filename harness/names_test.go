package harness_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain/harness"
)

func TestAMatcherOfNamesOnlyIsAListAndAnyOtherAnExpression(t *testing.T) {
	names, ok := harness.ExactNames("Create|Edit_2")
	assert.True(t, ok)
	assert.Equal(t, []string{"Create", "Edit_2"}, names)
	for _, p := range []string{"mcp__.*", "Edit ", "^Bash", "Édit"} {
		_, ok := harness.ExactNames(p)
		assert.False(t, ok, p)
	}
}
