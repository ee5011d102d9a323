package harness

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/hookchain/hookchain/internal/jsonscan"
)

// This file reads the settings.json of the CLIs whose hooks are Claude
// Code's three levels, {EVENT: [{"matcher", "sequential", "hooks":
// [HANDLER]}]}, with timeouts in milliseconds (Gemini CLI, Qwen Code).

// SettingsFault says what makes data no settings file to read exactly,
// "" when nothing does: not valid JSON (with a word on comments, which
// the CLI named strips and the reader does not), or a key given twice.
func SettingsFault(data []byte, cli string) string {
	f := jsonscan.Fault(data)
	if f == "not valid JSON" && (bytes.Contains(data, []byte("//")) || bytes.Contains(data, []byte("/*"))) {
		return "the file is not valid JSON; if it has comments, remove them: " + cli + " strips comments from settings.json, hookchain does not read them yet"
	}
	if f != "" {
		return "the file is " + f
	}
	return ""
}

// Group is one matcher group of an event's list.
type Group struct {
	Matcher    string
	Sequential bool
	Handlers   []json.RawMessage
}

// ReadGroup reads a matcher group: its matcher, its sequential and its
// list of handlers, which it must have.
func ReadGroup(raw json.RawMessage) (Group, error) {
	var gr Group
	f, err := ReadObject(raw)
	if err != nil {
		return gr, err
	}
	if gr.Matcher, _, err = f.String("matcher"); err != nil {
		return gr, errors.New("the matcher is not a string")
	}
	if gr.Sequential, _, err = f.Bool("sequential"); err != nil {
		return gr, err
	}
	var ok bool
	if gr.Handlers, ok, err = f.List("hooks"); err != nil {
		return gr, err
	} else if !ok {
		return gr, errors.New(`the group has no "hooks" list`)
	}
	return gr, nil
}

// Milliseconds is a handler's "timeout", a positive whole number of
// milliseconds; 0 when it gives none.
func (o Object) Milliseconds(key string) (time.Duration, error) {
	v, ok := o[key]
	if !ok || string(v) == "null" {
		return 0, nil
	}
	var ms uint64
	if err := json.Unmarshal(v, &ms); err != nil || ms == 0 {
		return 0, fmt.Errorf("%s %s is not a positive whole number of milliseconds", key, v)
	}
	return time.Duration(ms) * time.Millisecond, nil
}

// Env is a handler's "env", an object of strings, as KEY=VALUE sorted by
// key; nil when it gives none.
func (o Object) Env(key string) ([]string, error) {
	v, ok := o[key]
	if !ok || string(v) == "null" {
		return nil, nil
	}
	env := map[string]string{}
	if err := json.Unmarshal(v, &env); err != nil {
		return nil, fmt.Errorf("%s is not an object of strings", key)
	}
	var list []string
	for _, k := range slices.Sorted(maps.Keys(env)) {
		if k == "" || strings.ContainsAny(k, "=\x00") {
			return nil, fmt.Errorf("%s: %q is not a variable name", key, k)
		}
		list = append(list, k+"="+env[k])
	}
	return list, nil
}

// SettingsWalk goes through the events of a settings file's hooks
// section, in the file's order, as the CLI reads them.
type SettingsWalk struct {
	File     string
	CLI      string                     // as warnings name it: "Gemini"
	Events   []string                   // the CLI's events; another is skipped with a warning
	Settings []string                   // the section's keys that are settings, not events
	Matcher  func(pattern string) error // nil when a matcher the reader cannot read exactly is
}

// Each calls handler for every handler of every matcher group of every
// event, in order, with where it is written (FILE:hooks.EVENT[G].hooks[H]);
// a skip that handler returns is a warning of that place. An error names
// where in the section it is (hooks.EVENT[G]…), for the caller to name
// the file.
func (w SettingsWalk) Each(events map[string]json.RawMessage, order []string,
	handler func(event string, g Group, raw json.RawMessage, place string) (skip string, err error)) ([]string, error) {
	var warnings []string
	for _, event := range order {
		raw := events[event]
		switch {
		case slices.Contains(w.Settings, event) || string(raw) == "null":
			continue
		case !slices.Contains(w.Events, event):
			warnings = append(warnings, fmt.Sprintf("%s: hooks.%s: skipped: %s has no such event", w.File, event, w.CLI))
			continue
		}
		var groups []json.RawMessage
		if err := json.Unmarshal(raw, &groups); err != nil {
			return nil, fmt.Errorf("hooks.%s: not a list of matcher groups", event)
		}
		for g, raw := range groups {
			gr, err := ReadGroup(raw)
			if err == nil && w.Matcher != nil {
				err = w.Matcher(gr.Matcher)
			}
			if err != nil {
				return nil, fmt.Errorf("hooks.%s[%d]: %v", event, g, err)
			}
			for h, raw := range gr.Handlers {
				place := fmt.Sprintf("%s:hooks.%s[%d].hooks[%d]", w.File, event, g, h)
				skip, err := handler(event, gr, raw, place)
				if err != nil {
					return nil, fmt.Errorf("hooks.%s[%d].hooks[%d]: %v", event, g, h, err)
				}
				if skip != "" {
					warnings = append(warnings, place+": skipped: "+skip)
				}
			}
		}
	}
	return warnings, nil
}
