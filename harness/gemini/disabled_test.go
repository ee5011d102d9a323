package gemini_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/harness/gemini"
)

func TestAFilesDisabledNamesAreHooksConfigsAndThenHookss(t *testing.T) {
	for _, c := range []struct {
		doc  string
		want []string
	}{
		{`{}`, nil},
		{`{"hooks":null,"hooksConfig":null}`, nil},
		{`{"hooksConfig":{"disabled":null},"hooks":{"disabled":[]}}`, nil},
		{`{"hooksConfig":{"disabled":["no-rm"]}}`, []string{"no-rm"}},
		{`{"hooks":{"disabled":["bash x.sh"]},"hooksConfig":{"disabled":["no-rm","log"]}}`, []string{"no-rm", "log", "bash x.sh"}},
	} {
		got, err := gemini.Disabled("f", []byte(c.doc))
		require.NoError(t, err, c.doc)
		assert.Equal(t, c.want, got, c.doc)
	}
}

func TestADisabledListThatIsNotNamesIsAnError(t *testing.T) {
	for _, c := range []struct{ doc, err string }{
		{`[]`, "gemini: f: not a settings file: not a JSON object"},
		{`{"hooksConfig":1}`, "gemini: f: hooksConfig: not a JSON object"},
		{`{"hooksConfig":{"disabled":"no-rm"}}`, "gemini: f: hooksConfig.disabled: not a list of hook names"},
		{`{"hooks":{"disabled":[true]}}`, "gemini: f: hooks.disabled: not a list of hook names"},
	} {
		got, err := gemini.Disabled("f", []byte(c.doc))
		require.EqualError(t, err, c.err, c.doc)
		assert.Nil(t, got, c.doc)
	}
}

// Gemini names a hook by its name, or else its command, and leaves unrun
// every hook of that name, of whatever event or layer; a name it does not
// have disables nothing, and a hook's command does not match a disabled
// name when the hook has a name of its own.
func TestADisabledHookIsNotRunAndTheWarningSaysWhy(t *testing.T) {
	hooks := []gemini.Hook{
		{Event: "BeforeTool", Name: "no-rm", Command: "bash rm.sh", Place: "p:0"},
		{Event: "BeforeTool", Command: "node log.js", Place: "p:1"},
		{Event: "AfterTool", Name: "no-rm", Command: "bash other.sh", Place: "u:0"},
		{Event: "BeforeTool", Name: "guard", Command: "bash rm.sh", Place: "u:1"},
		{Event: "BeforeTool", Name: "keep", Command: "k", Place: "s:0"},
	}
	tests := []struct {
		name     string
		disabled []string
		places   []string
		warnings []string
	}{
		{name: "none disabled", places: []string{"p:0", "p:1", "u:0", "u:1", "s:0"}},
		{
			name: "by name, every hook of that name", disabled: []string{"no-rm", "bash rm.sh"},
			places: []string{"p:1", "u:1", "s:0"},
			warnings: []string{
				`p:0: "no-rm" is disabled (hooksConfig.disabled): Gemini does not run it, nor does hookchain`,
				`u:0: "no-rm" is disabled (hooksConfig.disabled): Gemini does not run it, nor does hookchain`,
			},
		},
		{
			name: "by command, a hook without a name", disabled: []string{"node log.js", "absent"},
			places:   []string{"p:0", "u:0", "u:1", "s:0"},
			warnings: []string{`p:1: "node log.js" is disabled (hooksConfig.disabled): Gemini does not run it, nor does hookchain`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			on, warnings := gemini.Enabled(hooks, tt.disabled)
			var places []string
			for _, h := range on {
				places = append(places, h.Place)
			}
			assert.Equal(t, tt.places, places)
			assert.Equal(t, tt.warnings, warnings)
		})
	}
}
