package harness

import (
	"encoding/json"
	"fmt"
)

// FlatHooks reads the flat lists of hooks of a configuration's events —
// {EVENT: [HOOK, …]}, the "hooks" object of Copilot's and Cursor's hooks
// files and of Kiro's agent configs — events in order's order, each list in its own.
// read reads one hook of event written at place (FILE:hooks.EVENT[INDEX]),
// or says why the CLI would not run it (skip), which is a warning and no
// hook. An event absent or null has no hooks; one that is not a list is
// an error, and so is read's, named after the hook it is about.
func FlatHooks[H any](file string, events map[string]json.RawMessage, order []string,
	read func(event, place string, raw json.RawMessage) (h H, skip string, err error)) ([]H, []string, error) {
	var hooks []H
	var warnings []string
	for _, event := range order {
		raw, ok := events[event]
		if !ok || string(raw) == "null" {
			continue
		}
		var list []json.RawMessage
		if err := json.Unmarshal(raw, &list); err != nil {
			return nil, nil, fmt.Errorf("hooks.%s: not a list of hooks", event)
		}
		for i, raw := range list {
			place := fmt.Sprintf("%s:hooks.%s[%d]", file, event, i)
			h, skip, err := read(event, place, raw)
			switch {
			case err != nil:
				return nil, nil, fmt.Errorf("hooks.%s[%d]: %v", event, i, err)
			case skip != "":
				warnings = append(warnings, place+": skipped: "+skip)
				continue
			}
			hooks = append(hooks, h)
		}
	}
	return hooks, warnings, nil
}
