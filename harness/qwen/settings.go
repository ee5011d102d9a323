package qwen

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Hook is one command or http hook of the hooks section of a Qwen
// settings.json file.
type Hook struct {
	Event      string            // "PreToolUse", "PostToolUse", or one of Qwen's other events
	Matcher    string            // as written; "" when there is none
	Sequential bool              // the group's "sequential"
	Name       string            // the hook's "name"; "" when there is none
	Command    string            // the command line, run by bash; "" for an http hook
	HTTP       harness.HTTPEntry // an http hook's url, headers and allowedEnvVars; its URL is "" for a command hook
	Timeout    time.Duration     // 0 when the file gives none: DefaultTimeout, or DefaultHTTPTimeout
	Env        []string          // the hook's "env", as KEY=VALUE, sorted by key
	FailClosed bool              // "failMode": "closed": a failure denies
	Place      string            // where it is written: FILE:hooks.EVENT[GROUP].hooks[INDEX]
}

// settingsEvents are Qwen's hook events (HookEventName in Qwen's
// hooks/types.ts).
var settingsEvents = append([]string{PreToolUse, PostToolUse}, otherEvents...)

// settingsOnly are the keys of the hooks section that are not events
// (HOOKS_CONFIG_FIELDS in Qwen's hooks/types.ts).
var settingsOnly = []string{"enabled", "disabled", "notifications"}

// ParseSettings reads data, the content of the Qwen settings.json file
// named file, and returns the command hooks of its "hooks" section, as
// Qwen reads it: {"hooks": {EVENT: [{"matcher": M, "sequential": B,
// "hooks": [{"type": "command", "command": C, "name": N, "timeout":
// MILLISECONDS, "env": {K: V}, "shell": "bash", "failMode": "open" or
// "closed"}, {"type": "http", "url": U, "headers": {K: V},
// "allowedEnvVars": [N], "timeout": SECONDS, "name": N}]}]}}, events in
// the file's order, groups and hooks in theirs.
// It warns of what Qwen would not run, which is skipped: an event Qwen
// does not have, a handler of a type Qwen does not have or without its
// command, a hook named in the section's "disabled" list, an "async" hook
// (Qwen runs it in the background, and it decides nothing), a hook given
// again for an event (Merge: Qwen keeps the first),
// and a handler of type http, prompt or plugin at an event that is not a
// tool call.
//
// It is an error, rather than a misreading, when the file is not JSON of
// that shape or gives a key twice; when it has comments (Qwen strips
// them; this reader does not); when it turns every hook off
// ("disableAllHooks": true), which this reader does not reproduce; when
// a timeout is not a positive whole number of milliseconds, or a
// failMode not one of Qwen's; when a hook asks for powershell; when a
// matcher would select tools in Qwen that it cannot here
// (CompileMatcher); when an http hook has no "url", or one that is not
// http or https; and when a PreToolUse or PostToolUse handler is of type
// prompt or plugin, which Qwen runs and hookchain cannot yet: leaving one
// out would let calls by that it would judge. Fields it does
// not know are ignored, as Qwen ignores them; keys are read exactly as
// written.
//
// Where the files are (ConfigFiles), how Qwen merges them (Merge), and
// which folders it trusts, is not this function's: it reads the file it
// is given.
func ParseSettings(file string, data []byte) ([]Hook, []string, error) {
	fail := func(format string, args ...any) ([]Hook, []string, error) {
		return nil, nil, fmt.Errorf("qwen: %s: "+format, append([]any{file}, args...)...)
	}
	if f := harness.SettingsFault(data, "Qwen"); f != "" {
		return fail("%s", f)
	}
	top, err := harness.ReadObject(data)
	if err != nil {
		return fail("not a settings file: %v", err)
	}
	if off, _, err := top.Bool("disableAllHooks"); err != nil {
		return fail("%v", err)
	} else if off {
		return fail("disableAllHooks: true turns Qwen's hooks off, in this file and the others it merges; hookchain does not reproduce that")
	}
	raw, ok := top["hooks"]
	if !ok || string(raw) == "null" {
		return nil, nil, nil
	}
	events, order, err := harness.OrderedFields(raw)
	if err != nil {
		return fail("hooks: %v", err)
	}
	var disabled []string
	if v, ok := events["disabled"]; ok && string(v) != "null" {
		if err := json.Unmarshal(v, &disabled); err != nil {
			return fail("hooks.disabled: not a list of hook names")
		}
	}
	var hooks []Hook
	walk := harness.SettingsWalk{File: file, CLI: "Qwen", Events: settingsEvents, Settings: settingsOnly,
		Matcher: func(p string) error { _, err := CompileMatcher(p); return err }}
	warnings, err := walk.Each(events, order, func(event string, g harness.Group, raw json.RawMessage, place string) (string, error) {
		hook, skip, err := readHandler(raw, event)
		switch {
		case err != nil || skip != "":
			return skip, err
		case slices.Contains(disabled, hookName(hook)):
			return "hooks.disabled names it, and Qwen does not run it", nil
		}
		hook.Event, hook.Matcher, hook.Sequential, hook.Place = event, g.Matcher, g.Sequential, place
		hooks = append(hooks, hook)
		return "", nil
	})
	if err != nil {
		return fail("%v", err)
	}
	hooks, again := Merge(hooks)
	return hooks, append(warnings, again...), nil
}

// readHandler reads one handler of a matcher group of event: a command
// hook, or why Qwen, or hookchain, does not run it.
func readHandler(raw json.RawMessage, event string) (h Hook, skip string, err error) {
	f, err := harness.ReadObject(raw)
	if err != nil {
		return Hook{}, "", err
	}
	str := func(key string) (string, error) {
		s, _, err := f.String(key)
		return s, err
	}
	typ, err := str("type")
	toolCall := event == PreToolUse || event == PostToolUse
	switch {
	case err != nil:
		return Hook{}, "", err
	case typ == "http":
		return httpHandler(f)
	case (typ == "prompt" || typ == "plugin") && toolCall:
		return Hook{}, "", fmt.Errorf("a hook of type %q: Qwen runs it, and hookchain runs command and http hooks only; left out, it would let calls by that it judges", typ)
	case typ == "prompt" || typ == "plugin":
		return Hook{}, fmt.Sprintf("hookchain runs command and http hooks, not %q", typ), nil
	case typ == "":
		return Hook{}, `a handler without a "type": Qwen discards it`, nil
	case typ != "command":
		return Hook{}, fmt.Sprintf("Qwen has no hook type %q, and discards it", typ), nil
	}
	if h.Command, err = str("command"); err != nil {
		return Hook{}, "", err
	}
	if h.Command == "" {
		return Hook{}, "a command hook without a command: Qwen discards it", nil
	}
	if h.Name, err = str("name"); err != nil {
		return Hook{}, "", err
	}
	if async, _, err := f.Bool("async"); err != nil {
		return Hook{}, "", err
	} else if async {
		return Hook{}, "an async hook: Qwen runs it in the background, and it decides nothing", nil
	}
	if sh, err := str("shell"); err != nil {
		return Hook{}, "", err
	} else if sh == "powershell" {
		return Hook{}, "", errors.New(`shell "powershell": hookchain runs hooks with bash`)
	}
	if h.FailClosed, err = failClosed(f); err != nil {
		return Hook{}, "", err
	}
	if h.Timeout, err = f.Milliseconds("timeout"); err != nil {
		return Hook{}, "", err
	}
	if h.Env, err = f.Env("env"); err != nil {
		return Hook{}, "", err
	}
	return h, "", nil
}

// failClosed reads a hook's "failMode": "closed" is true, "open" or none
// false, and any other an error.
func failClosed(f harness.Object) (bool, error) {
	switch mode, _, err := f.String("failMode"); {
	case err != nil:
		return false, err
	case mode != "" && mode != "open" && mode != "closed":
		return false, fmt.Errorf(`failMode %q is not "open" or "closed"`, mode)
	default:
		return mode == "closed", nil
	}
}

// hookName is the name Qwen gives a hook: its name, or else its command
// or URL.
func hookName(h Hook) string {
	switch {
	case h.Name != "":
		return h.Name
	case h.HTTP.URL != "":
		return h.HTTP.URL
	}
	return h.Command
}

// Links are the links that run hooks in a chain as Qwen runs them (Link):
// the PreToolUse hooks before the call and the PostToolUse hooks after
// it, in the order given, each selecting the calls its matcher does and
// failing open — or closed, for a hook whose failMode is "closed" — with
// its own timeout and env. Hooks of Qwen's other events are left out.
// Each link is named as Qwen names the hook (its name, or else its
// command), with the hook's place added when two hooks have the same name.
//
// The links run one after another, each given the input as the one
// before it left it; Qwen runs a sequential group so, and other groups
// at once. A denial denies either way, and Qwen's hooks cannot rewrite
// the call, so the order decides nothing here.
func Links(hooks []Hook, s harness.SessionInfo) ([]hookchain.Link, error) {
	var names, places []string
	for _, h := range hooks {
		names, places = append(names, hookName(h)), append(places, h.Place)
	}
	names = harness.LinkNames(names, places)
	var links []hookchain.Link
	for i, h := range hooks {
		at := hookchain.BeforeTool
		switch h.Event {
		case PreToolUse:
		case PostToolUse:
			at = hookchain.AfterTool
		default:
			continue
		}
		m, err := CompileMatcher(h.Matcher)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Place, err)
		}
		p := Profile()
		p.FailOpen = !h.FailClosed
		var l hookchain.Link
		if h.HTTP.URL != "" {
			l, err = p.HTTPLink(names[i], at, m, h.Request(), s)
		} else {
			l, err = p.Link(names[i], at, m, process.Spec{Shell: h.Command, Timeout: h.Timeout, Env: h.Env}, s)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Place, err)
		}
		links = append(links, l)
	}
	return links, nil
}

// Merge is the hooks of settings files read one by one, in ConfigFiles'
// order, as Qwen merges them: every file's hooks, in order, but a hook of
// an event, matcher group (its matcher and sequential) and name that one
// before it has, which Qwen drops, with a warning for each.
//
// Qwen compares the matcher and sequential as written, and tells one left
// out from "" or false; a Hook does not. So a hook is dropped only when
// its group gives both, a matcher other than "" and sequential true: a
// hook run twice decides as it does once, and one dropped that Qwen runs
// would be a guard skipped.
func Merge(files ...[]Hook) ([]Hook, []string) {
	var hooks []Hook
	var warnings []string
	first := map[string]string{}
	for _, file := range files {
		for _, h := range file {
			if h.Matcher == "" || !h.Sequential {
				hooks = append(hooks, h)
				continue
			}
			key := fmt.Sprintf("%s\x00%s\x00%s", h.Event, h.Matcher, hookName(h))
			if place, ok := first[key]; ok {
				warnings = append(warnings, fmt.Sprintf("%s: skipped: the hook of %s again, and Qwen keeps the first", h.Place, place))
				continue
			}
			first[key] = h.Place
			hooks = append(hooks, h)
		}
	}
	return hooks, warnings
}

// ConfigFiles are the settings.json files Qwen reads hooks from, for a
// session in the project directory project of the user whose home is
// home, in the order Qwen merges them, and so the order their hooks are
// listed in: the system's defaults (SystemDefaults), the user's
// (~/.qwen/settings.json), the project's (project/.qwen/settings.json)
// and the system's (SystemSettings). An empty project leaves the
// project's out, and so does a project that is the home directory, whose
// .qwen is the user's; an empty home leaves the user's and the system's
// out, so that ConfigFiles(dir, "") is a project's alone. Extensions'
// hooks come after these, and are not among them;
// QWEN_CODE_SYSTEM_SETTINGS_PATH and QWEN_CODE_SYSTEM_DEFAULTS_PATH, which
// move the system's files, are the caller's to apply.
//
// Qwen runs none of these hooks — the user's and the system's neither —
// in a folder the user has not trusted, and keeps that trust in its own
// state, which hookchain does not read: the caller that names these files
// is the one who trusts them.
func ConfigFiles(project, home string) []string {
	var files []string
	if home != "" {
		files = append(files, SystemDefaults, filepath.Join(home, ".qwen", "settings.json"))
	}
	if project != "" && (home == "" || filepath.Clean(project) != filepath.Clean(home)) {
		files = append(files, filepath.Join(project, ".qwen", "settings.json"))
	}
	if home != "" {
		files = append(files, SystemSettings)
	}
	return files
}

// The system's settings files on Linux.
const (
	SystemDefaults = "/etc/qwen-code/system-defaults.json"
	SystemSettings = "/etc/qwen-code/settings.json"
)
