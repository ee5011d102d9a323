package gemini

import (
	"encoding/json"
	"fmt"

	"github.com/hookchain/hookchain/harness"
)

// Disabled reads data, the content of the Gemini settings.json file named
// file, and returns the names of the hooks it disables: the lists
// "hooksConfig.disabled" (Gemini's settings schema today) and
// "hooks.disabled" (its earlier place), in that order. Gemini unions the
// lists of every layer (MergeStrategy.UNION in its settingsSchema.ts), so
// a name any file gives leaves the hook unrun, whichever file has the hook.
//
// It is an error when a list is not a list of strings: read otherwise, a
// name Gemini honours could be lost and a hook it leaves unrun run here,
// or the other way round.
func Disabled(file string, data []byte) ([]string, error) {
	top, err := harness.Fields(data)
	if err != nil {
		return nil, fmt.Errorf("gemini: %s: not a settings file: %v", file, err)
	}
	var names []string
	for _, section := range []string{"hooksConfig", "hooks"} {
		raw, ok := top[section]
		if !ok || string(raw) == "null" {
			continue
		}
		keys, err := harness.Fields(raw)
		if err != nil {
			return nil, fmt.Errorf("gemini: %s: %s: %v", file, section, err)
		}
		v, ok := keys["disabled"]
		if !ok || string(v) == "null" {
			continue
		}
		var these []string
		if err := json.Unmarshal(v, &these); err != nil {
			// ParseSettings refuses the same list first.
			return nil, fmt.Errorf("gemini: %s: %s.disabled: not a list of hook names", file, section)
		}
		names = append(names, these...)
	}
	return names, nil
}

// Enabled are the hooks Gemini runs of hooks, given the names disabled
// (Disabled, of every layer): those whose name (their "name", or else
// their command, as Gemini names them) is not among the names. Each hook
// left out is said in a warning, so that check tells why a hook written
// in a file does not run.
func Enabled(hooks []Hook, disabled []string) ([]Hook, []string) {
	off := map[string]bool{}
	for _, n := range disabled {
		off[n] = true
	}
	var on []Hook
	var warnings []string
	for _, h := range hooks {
		if off[hookName(h)] {
			warnings = append(warnings, fmt.Sprintf("%s: %q is disabled (hooksConfig.disabled): Gemini does not run it, nor does hookchain", h.Place, hookName(h)))
			continue
		}
		on = append(on, h)
	}
	return on, warnings
}
