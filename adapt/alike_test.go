package adapt_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/hookchain/hookchain/adapt"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAnArgumentAlikeButForCaseToANamedPropertyIsAFault(t *testing.T) {
	const schema = `{"type":"object","properties":{"path":{"type":"string"},"a/b":{"type":"object","properties":{"mode":{}}},"list":{"type":"array","items":{"properties":{"name":{}}}},"files":{"type":"object","additionalProperties":{"properties":{"mode":{}}}}}}`
	tests := []struct{ name, in, want string }{
		{"the property itself", `{"path":"x"}`, ""},
		{"a key the schema does not name", `{"other":1,"Other":2}`, ""},
		{"at the root", `{"PATH":"x"}`, `hookchain: the arguments of t give "PATH" at /, alike but for case to the property "path" of its input schema: a handler could read it as either`},
		{"beside the property", `{"path":"x","pAth":"y"}`, `hookchain: the arguments of t give "pAth" at /, alike but for case to the property "path" of its input schema: a handler could read it as either`},
		{"under a key that needs escaping", `{"a/b":{"MODE":1}}`, `hookchain: the arguments of t give "MODE" at /a~1b, alike but for case to the property "mode" of its input schema: a handler could read it as either`},
		{"in an array's items", `{"list":[{"name":1},{"Name":2}]}`, `hookchain: the arguments of t give "Name" at /list/1, alike but for case to the property "name" of its input schema: a handler could read it as either`},
		{"not an object", `[1,2]`, ""},
		{"in a map's value", `{"files":{"a":{"mode":1},"b":{"Mode":2}}}`, `hookchain: the arguments of t give "Mode" at /files/b, alike but for case to the property "mode" of its input schema: a handler could read it as either`},
		{"a map's own keys", `{"files":{"MODE":{},"Files":{}}}`, ""},
		{"a key that lowers to the property without folding to it", `{"lİst":[]}`, `hookchain: the arguments of t give "lİst" at /, alike but for case to the property "list" of its input schema: a handler could read it as either`},
		{"a key that upper-cases to the property without folding to it", `{"lıst":[]}`, `hookchain: the arguments of t give "lıst" at /, alike but for case to the property "list" of its input schema: a handler could read it as either`},
	}
	k := adapt.KeysOf(json.RawMessage(schema))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, k.AlikeFault("t", json.RawMessage(tt.in)))
		})
	}
}

func TestASchemaThatNamesNoPropertiesChecksNothing(t *testing.T) {
	for _, schema := range []string{`{"type":"object"}`, `{}`, `true`, `not json`} {
		k := adapt.KeysOf(json.RawMessage(schema))
		assert.Nil(t, k, schema)
		assert.Equal(t, "", k.AlikeFault("t", json.RawMessage(`{"PATH":"x"}`)), schema)
	}
}

// The model writes the keys and the schema names the properties: each key
// is looked up once per way a decoder ignores case, so checking an input
// costs the same whether its schema names one property or many.
func TestCheckingAnInputCostsTheSameHoweverManyPropertiesItsSchemaNames(t *testing.T) {
	schema := func(n int) *adapt.Keys {
		props := map[string]any{}
		for i := range n {
			props[fmt.Sprintf("prop%02d", i)] = map[string]any{}
		}
		b, err := json.Marshal(map[string]any{"properties": props})
		require.NoError(t, err)
		return adapt.KeysOf(b)
	}
	in := map[string]int{}
	for i := range 500 {
		in[fmt.Sprintf("key%03d", i)] = i
	}
	input, err := json.Marshal(in)
	require.NoError(t, err)
	allocs := func(k *adapt.Keys) float64 {
		return testing.AllocsPerRun(5, func() {
			if k.AlikeFault("t", input) != "" {
				t.Fatal("no key is alike to a property")
			}
		})
	}
	assert.Equal(t, allocs(schema(1)), allocs(schema(40)))
}
