package factory

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/jsonscan"
	"github.com/hookchain/hookchain/process"
)

// Hook is one command hook of a Droid hooks file.
type Hook struct {
	Event        string        // "PreToolUse", "PostToolUse", or one of Droid's other events
	Matcher      string        // as written; "" when there is none
	CommandRegex string        // the group's filter on the shell command; "" when there is none
	Command      string        // the command line, run by bash
	Timeout      time.Duration // 0 when the file gives none: DefaultTimeout
	Place        string        // where it is written: FILE:EVENT[GROUP].hooks[INDEX]
}

// hookEvents are Droid's events, in the order a file's hooks are listed.
var hookEvents = []string{PreToolUse, PostToolUse, "UserPromptSubmit", "Notification", "Stop", "SubagentStop",
	"PreCompact", "SessionStart", "SessionEnd"}

// ParseHooksFile reads data, the content of the Droid hooks file named
// file, as Droid reads one: {"hooks": {EVENT: [{"matcher": M,
// "commandRegex": R, "hooks": [{"type": "command", "command": C,
// "timeout": SECONDS}]}]}}. The same {"hooks": …} is read from a
// settings.json, whose other keys are not hooks', and a plugin's
// hooks/hooks.json may give the events at the top, without "hooks". It
// returns the command hooks in the file's order, and a warning for each
// hook Droid would not run and the reason: a handler of another type than
// "command", an empty command, an event Droid does not have. Keys are read
// exactly as written, and fields Droid does not know are ignored. A file
// that is not JSON of that shape, that gives a key twice, a field of the
// wrong type, a timeout that is not a positive number of seconds, or a
// matcher or commandRegex Go's regexp cannot compile, is an error.
//
// Which files Droid reads (ConfigFiles), and whether their hooks are
// trusted, is not this function's: it reads the file it is given.
func ParseHooksFile(file string, data []byte) ([]Hook, []string, error) {
	fail := func(format string, args ...any) ([]Hook, []string, error) {
		return nil, nil, fmt.Errorf("factory: %s: "+format, append([]any{file}, args...)...)
	}
	if f := jsonscan.Fault(data); f != "" {
		return fail("the file is %s", f)
	}
	top, err := harness.Fields(data)
	if err != nil {
		return fail("not a hooks file: %v", err)
	}
	events, prefix := top, ""
	if raw, ok := top["hooks"]; ok {
		for _, k := range slices.Sorted(maps.Keys(top)) {
			if slices.Contains(hookEvents, k) {
				return fail("the event %s is given beside \"hooks\", and only one of them is read", k)
			}
		}
		events, prefix = map[string]json.RawMessage{}, "hooks."
		if string(raw) != "null" {
			if events, err = harness.Fields(raw); err != nil {
				return fail("hooks: %v", err)
			}
		}
	}
	var hooks []Hook
	var warnings []string
	for _, event := range hookEvents {
		raw, ok := events[event]
		if !ok || string(raw) == "null" {
			continue
		}
		var groups []json.RawMessage
		if err := json.Unmarshal(raw, &groups); err != nil {
			return fail("%s%s: not a list of matcher groups", prefix, event)
		}
		for g, raw := range groups {
			where := fmt.Sprintf("%s:%s[%d]", file, event, g)
			matcher, commandRegex, handlers, err := group(raw)
			if err == nil && (event == PreToolUse || event == PostToolUse) {
				_, err = GroupMatcher(matcher, commandRegex)
			}
			if err != nil {
				return fail("%s%s[%d]: %v", prefix, event, g, err)
			}
			for h, raw := range handlers {
				place := fmt.Sprintf("%s.hooks[%d]", where, h)
				hook, skip, err := handler(raw)
				switch {
				case err != nil:
					return fail("%s%s[%d].hooks[%d]: %v", prefix, event, g, h, err)
				case skip != "":
					warnings = append(warnings, place+": skipped: "+skip)
					continue
				}
				hook.Event, hook.Matcher, hook.CommandRegex, hook.Place = event, matcher, commandRegex, place
				hooks = append(hooks, hook)
			}
		}
	}
	if prefix != "" {
		for _, k := range slices.Sorted(maps.Keys(events)) {
			if !slices.Contains(hookEvents, k) {
				warnings = append(warnings, fmt.Sprintf("%s: hooks.%s: skipped: Factory Droid has no such event", file, k))
			}
		}
	}
	return hooks, warnings, nil
}

// group reads a matcher group: its matcher and commandRegex ("" when
// there is none) and its handlers.
func group(raw json.RawMessage) (matcher, commandRegex string, handlers []json.RawMessage, err error) {
	f, err := harness.ReadObject(raw)
	if err != nil {
		return "", "", nil, err
	}
	if matcher, _, err = f.String("matcher"); err != nil {
		return "", "", nil, err
	}
	if commandRegex, _, err = f.String("commandRegex"); err != nil {
		return "", "", nil, err
	}
	handlers, ok, err := f.List("hooks")
	if err == nil && !ok {
		err = errors.New(`the matcher group has no "hooks"`)
	}
	return matcher, commandRegex, handlers, err
}

// handler reads one handler of a matcher group: a command hook, or why it
// is skipped.
func handler(raw json.RawMessage) (h Hook, skip string, err error) {
	f, err := harness.ReadObject(raw)
	if err != nil {
		return Hook{}, "", err
	}
	typ, ok, err := f.String("type")
	switch {
	case err != nil:
		return Hook{}, "", err
	case !ok:
		return Hook{}, "", errors.New(`the handler has no "type"`)
	case typ != "command":
		return Hook{}, fmt.Sprintf("Factory Droid has no handler type %q", typ), nil
	}
	command, ok, err := f.String("command")
	switch {
	case err != nil:
		return Hook{}, "", err
	case !ok:
		return Hook{}, "", errors.New(`the command hook has no "command"`)
	case strings.TrimSpace(command) == "":
		return Hook{}, "the command is empty", nil
	}
	if v, ok := f["timeout"]; ok && string(v) != "null" {
		var seconds float64
		if json.Unmarshal(v, &seconds) != nil || !(seconds > 0) || seconds > math.MaxInt32 {
			return Hook{}, "", fmt.Errorf("timeout %s is not a positive number of seconds", v)
		}
		h.Timeout = time.Duration(seconds * float64(time.Second))
	}
	h.Command = command
	return h, "", nil
}

// ConfigFiles are the files Droid reads hooks from, for a session in the
// project directory project of the user whose home is home, in the order
// it reads them: the user's ~/.factory/hooks.json and, only when that file
// is absent, the "hooks" of ~/.factory/settings.json; then the project's
// .factory/hooks.json, its legacy .factory/hooks/hooks.json, which Droid
// still loads, and, only when .factory/hooks.json is absent, the "hooks"
// of .factory/settings.json. Droid runs the hooks of every file it reads.
// An empty project or home leaves its files out, and a project that is
// the home directory has the user's files only.
//
// A settings.json is a fallback: the caller reads it only when the
// hooks.json before it does not exist. Org-managed hooks (which come from
// Factory's servers) and plugins' hooks/hooks.json are not among them,
// nor is allowManagedHooksOnly, which drops the user's and the project's.
func ConfigFiles(project, home string) []string {
	var files []string
	if home != "" {
		files = append(files, filepath.Join(home, ".factory", "hooks.json"), filepath.Join(home, ".factory", "settings.json"))
	}
	if project != "" && (home == "" || filepath.Clean(project) != filepath.Clean(home)) {
		dir := filepath.Join(project, ".factory")
		files = append(files, filepath.Join(dir, "hooks.json"), filepath.Join(dir, "hooks", "hooks.json"), filepath.Join(dir, "settings.json"))
	}
	return files
}

// Links are the links that run hooks in a chain as Droid runs them
// (Link): the PreToolUse hooks before the call and the PostToolUse hooks
// after it, in the files' order, each selecting the calls its matcher and
// commandRegex do and failing open. Hooks of Droid's other events are left
// out. Each link is named after its command, with the hook's place added
// when two hooks run the same command.
//
// Droid runs an identical command given twice for an event once per call,
// however many of its groups match; Links refuses such hooks rather than
// run one twice.
func Links(hooks []Hook, s harness.SessionInfo) ([]hookchain.Link, error) {
	commands, places := make([]string, len(hooks)), make([]string, len(hooks))
	twice := map[string]string{}
	for i, h := range hooks {
		commands[i], places[i] = h.Command, h.Place
		key := h.Event + "\x00" + h.Command
		if first, ok := twice[key]; ok && (h.Event == PreToolUse || h.Event == PostToolUse) {
			return nil, fmt.Errorf("factory: %s: the hook of %s again: Factory Droid runs it once per call, hookchain cannot yet", h.Place, first)
		}
		twice[key] = h.Place
	}
	var links []hookchain.Link
	names := harness.LinkNames(commands, places)
	for i, h := range hooks {
		at := hookchain.BeforeTool
		switch h.Event {
		case PreToolUse:
		case PostToolUse:
			at = hookchain.AfterTool
		default:
			continue
		}
		m, err := GroupMatcher(h.Matcher, h.CommandRegex)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Place, err)
		}
		l, err := Link(names[i], at, m, process.Spec{Shell: h.Command, Timeout: h.Timeout}, s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Place, err)
		}
		links = append(links, l)
	}
	return links, nil
}
