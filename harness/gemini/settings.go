package gemini

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Hook is one command hook of the hooks section of a Gemini settings.json
// file.
type Hook struct {
	Event      string        // "BeforeTool", "AfterTool", or one of Gemini's other events
	Matcher    string        // as written; "" when there is none
	Sequential bool          // the group's "sequential"
	Name       string        // the hook's "name"; "" when there is none
	Command    string        // the command line, run by bash
	Timeout    time.Duration // 0 when the file gives none: DefaultTimeout
	Env        []string      // the hook's "env", as KEY=VALUE, sorted by key
	Place      string        // where it is written: FILE:hooks.EVENT[GROUP].hooks[INDEX]
}

// settingsEvents are Gemini's hook events (HookEventName in Gemini's
// hooks/types.ts).
var settingsEvents = []string{BeforeTool, AfterTool, "BeforeAgent", "Notification", "AfterAgent",
	"SessionStart", "SessionEnd", "PreCompress", "BeforeModel", "AfterModel", "BeforeToolSelection"}

// ParseSettings reads data, the content of the Gemini settings.json file
// named file, and returns the command hooks of its "hooks" section, as
// Gemini reads it: {"hooks": {EVENT: [{"matcher": M, "sequential": B,
// "hooks": [{"type": "command", "command": C, "name": N, "timeout":
// MILLISECONDS, "env": {K: V}}]}]}}, events in the file's order, groups and
// hooks in theirs. It warns of what Gemini would not run, which is
// skipped: a command hook without a command, a handler of another type, an
// event Gemini does not have.
//
// It is an error, rather than a misreading, when the file is not JSON of
// that shape or gives a key twice; when it has comments (Gemini strips
// them; this reader does not yet); when a timeout is not a positive whole
// number of milliseconds; when a matcher would select tools in Gemini that
// it cannot here (CompileMatcher); when hooks are turned off
// ("hooks.enabled" or "hooksConfig.enabled" false), which this reader does
// not reproduce; and when a "disabled" list is not a list of names. Fields
// it does not know are ignored, as Gemini ignores them; keys are read
// exactly as written.
//
// The hooks it returns include those a "disabled" list names: Gemini
// unions those lists across files, so which hooks they leave unrun is
// known only with every layer read (Disabled, Enabled). Where the files
// are, how Gemini merges them, and which projects it trusts, is not this
// function's either: it reads the file it is given.
func ParseSettings(file string, data []byte) ([]Hook, []string, error) {
	fail := func(format string, args ...any) ([]Hook, []string, error) {
		return nil, nil, fmt.Errorf("gemini: %s: "+format, append([]any{file}, args...)...)
	}
	if f := harness.SettingsFault(data, "Gemini"); f != "" {
		return fail("%s", f)
	}
	top, err := harness.Fields(data)
	if err != nil {
		return fail("not a settings file: %v", err)
	}
	if raw, ok := top["hooksConfig"]; ok && string(raw) != "null" {
		keys, err := harness.Fields(raw)
		if err != nil {
			return fail("hooksConfig: %v", err)
		}
		if err := switches(keys); err != nil {
			return fail("hooksConfig.%v", err)
		}
	}
	raw, ok := top["hooks"]
	if !ok || string(raw) == "null" {
		return nil, nil, nil
	}
	events, order, err := harness.OrderedFields(raw)
	if err != nil {
		return fail("hooks: %v", err)
	}
	if err := switches(events); err != nil {
		return fail("hooks.%v", err)
	}
	var hooks []Hook
	walk := harness.SettingsWalk{File: file, CLI: "Gemini", Events: settingsEvents, Settings: settingsOnly,
		Matcher: func(p string) error { _, err := CompileMatcher(p); return err }}
	warnings, err := walk.Each(events, order, func(event string, g harness.Group, raw json.RawMessage, place string) (string, error) {
		hook, skip, err := readHandler(raw)
		if err != nil || skip != "" {
			return skip, err
		}
		hook.Event, hook.Matcher, hook.Sequential, hook.Place = event, g.Matcher, g.Sequential, place
		hooks = append(hooks, hook)
		return "", nil
	})
	if err != nil {
		return fail("%v", err)
	}
	return hooks, warnings, nil
}

// settingsOnly are the keys of the hooks section that are not events
// (HOOKS_CONFIG_FIELDS in Gemini's hooks/types.ts).
var settingsOnly = []string{"enabled", "disabled", "notifications"}

// switches refuses the keys of the hooks section, or of hooksConfig, that
// would leave hooks unrun in Gemini and that hookchain does not reproduce:
// running them here would judge calls Gemini lets by. A "disabled" list
// must be names; which hooks it leaves unrun is Enabled's.
func switches(events map[string]json.RawMessage) error {
	if v, ok := events["enabled"]; ok && string(v) != "null" {
		var on bool
		if err := json.Unmarshal(v, &on); err != nil {
			return errors.New("enabled: not a boolean")
		}
		if !on {
			return errors.New(`enabled: false turns Gemini's hooks off; hookchain does not read that yet`)
		}
	}
	if v, ok := events["disabled"]; ok && string(v) != "null" {
		if err := json.Unmarshal(v, new([]string)); err != nil {
			return errors.New("disabled: not a list of hook names")
		}
	}
	return nil
}

// readHandler reads one handler of a matcher group: a command hook, or
// why Gemini discards it.
func readHandler(raw json.RawMessage) (h Hook, skip string, err error) {
	f, err := harness.ReadObject(raw)
	if err != nil {
		return Hook{}, "", err
	}
	str := func(key string) (string, error) {
		s, _, err := f.String(key)
		return s, err
	}
	typ, err := str("type")
	switch {
	case err != nil:
		return Hook{}, "", err
	case typ == "":
		return Hook{}, "", errors.New(`the handler has no "type"`)
	case typ != "command":
		return Hook{}, fmt.Sprintf("hookchain runs command hooks only, not %q", typ), nil
	}
	if h.Command, err = str("command"); err != nil {
		return Hook{}, "", err
	}
	if h.Command == "" {
		return Hook{}, "a command hook without a command: Gemini discards it", nil
	}
	if h.Name, err = str("name"); err != nil {
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

// Links are the links that run hooks in a chain as Gemini runs them
// (Link): the BeforeTool hooks before the call and the AfterTool hooks
// after it, in the file's order, each selecting the calls its matcher does
// and failing open, with its own timeout and env. Hooks of Gemini's other
// events are left out. Each link is named as Gemini names the hook (its
// name, or else its command), with the hook's place added when two hooks
// have the same name.
//
// The links run one after another, each given the input as the one
// before it left it: Gemini runs a sequential group so, and other groups
// at once, each with the model's input. Either way a denial denies; only
// hooks that rewrite the input, in groups not sequential, can differ.
//
// Gemini runs a hook given twice for an event (the same name and command)
// once per call, however many of its groups match; Links refuses such
// hooks rather than run one twice.
func Links(hooks []Hook, s harness.SessionInfo) ([]hookchain.Link, error) {
	seen := map[string]int{}
	twice := map[string]string{}
	for _, h := range hooks {
		seen[hookName(h)]++
		key := h.Event + "\x00" + h.Name + "\x00" + h.Command
		if first, ok := twice[key]; ok {
			return nil, fmt.Errorf("gemini: %s: the hook of %s again: Gemini runs it once per call, hookchain cannot yet", h.Place, first)
		}
		twice[key] = h.Place
	}
	var links []hookchain.Link
	for _, h := range hooks {
		at := hookchain.BeforeTool
		switch h.Event {
		case BeforeTool:
		case AfterTool:
			at = hookchain.AfterTool
		default:
			continue
		}
		m, err := CompileMatcher(h.Matcher)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Place, err)
		}
		name := hookName(h)
		if seen[name] > 1 {
			name += "@" + h.Place
		}
		l, err := Link(name, at, m, process.Spec{Shell: h.Command, Timeout: h.Timeout, Env: h.Env}, s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Place, err)
		}
		links = append(links, l)
	}
	return links, nil
}

// hookName is the name Gemini gives a hook: its name, or else its command.
func hookName(h Hook) string {
	if h.Name != "" {
		return h.Name
	}
	return h.Command
}

// ConfigFiles are the settings.json files Gemini reads hooks from, for a
// session in the project directory project of the user whose home is home,
// in the order their hooks run: the project's (project/.gemini), the
// user's (~/.gemini), the system's (/etc/gemini-cli). An empty project
// leaves the project's out, and so does a project that is the home
// directory, whose .gemini is the user's; an empty home leaves the user's
// and the system's out, so that ConfigFiles(dir, "") is a project's alone. Extensions' hooks come after
// these, and are not among them; GEMINI_CLI_SYSTEM_SETTINGS_PATH, which
// moves the system's file, is the caller's to apply.
//
// Gemini runs a project's hooks only in a folder the user trusts, and
// keeps that trust in its own state, which hookchain does not read: the
// caller that names these files is the one who trusts them (FolderTrust
// warns of it).
func ConfigFiles(project, home string) []string {
	var files []string
	if project != "" && (home == "" || filepath.Clean(project) != filepath.Clean(home)) {
		files = append(files, filepath.Join(project, ".gemini", "settings.json"))
	}
	if home != "" {
		files = append(files, filepath.Join(home, ".gemini", "settings.json"), SystemSettings)
	}
	return files
}

// SystemSettings is the system's settings file on Linux and macOS.
const SystemSettings = "/etc/gemini-cli/settings.json"

// Layers are the hooks of settings files read one by one, highest
// priority first (ConfigFiles' order), as Gemini merges them: every
// layer's hooks, in order, but a hook of a later layer with the event,
// name and command of one an earlier layer has, which the earlier shadows.
func Layers(layers ...[]Hook) []Hook {
	var hooks []Hook
	seen := map[string]bool{}
	for _, layer := range layers {
		var these []string
		for _, h := range layer {
			key := h.Event + "\x00" + h.Name + "\x00" + h.Command
			if seen[key] {
				continue
			}
			hooks, these = append(hooks, h), append(these, key)
		}
		// A layer's own hook given twice is Links' to refuse, not this
		// function's to fold.
		for _, k := range these {
			seen[k] = true
		}
	}
	return hooks
}
