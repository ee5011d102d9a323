package codex

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Hook is one command hook of a Codex hooks.json file.
type Hook struct {
	Event   string        // "PreToolUse", "PostToolUse", or one of Codex's other events
	Matcher string        // as written; "" when there is none
	Command string        // the command line, run by Codex's shell
	Timeout time.Duration // 0 when the file gives none: DefaultTimeout
	Place   string        // where it is written: FILE:EVENT[GROUP].hooks[INDEX]
}

// hookEvents are the events a hooks.json file can give hooks for.
var hookEvents = []string{"PreToolUse", "PermissionRequest", "PostToolUse", "PreCompact", "PostCompact",
	"SessionStart", "UserPromptSubmit", "SubagentStart", "SubagentStop", "Stop"}

// ParseHooksFile reads data, the content of the hooks.json file named
// file, as Codex reads one: {"hooks": {EVENT: [{"matcher": M, "hooks":
// [{"type": "command", "command": C, "timeout": SECONDS}]}]}}. It returns
// the command hooks in the file's order, and a warning for each hook Codex
// would not run and the reason: a matcher group whose matcher does not
// compile, an empty command, a handler of type "prompt" or "agent" (which
// Codex parses and skips), one of another type, and an "async" command
// hook (which Codex runs without waiting for it, so it decides nothing).
// A timeout of 0 is a second, as in Codex. Fields it does not know are
// ignored, as Codex ignores them, and keys are read exactly as written. A
// file that is not JSON of that shape, or that gives a key twice, is an
// error.
//
// Where the files are, and which of them and of their hooks Codex trusts,
// is not this function's: it reads the file it is given.
func ParseHooksFile(file string, data []byte) ([]Hook, []string, error) {
	fail := func(format string, args ...any) ([]Hook, []string, error) {
		return nil, nil, fmt.Errorf("codex: %s: "+format, append([]any{file}, args...)...)
	}
	// Keys are read exactly, as Codex reads them: encoding/json would take
	// "Command" for "command".
	_, events, err := harness.HooksObject(data)
	if err != nil {
		return fail("%v", err)
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
			return fail("hooks.%s: not a list of matcher groups", event)
		}
		for g, raw := range groups {
			where := fmt.Sprintf("%s:%s[%d]", file, event, g)
			matcher, handlers, err := group(raw)
			if err != nil {
				return fail("%s[%d]: %v", event, g, err)
			}
			if _, err := CompileMatcher(matcher); err != nil && matched(event) {
				warnings = append(warnings, fmt.Sprintf("%s: skipped: %v", where, err))
				continue
			}
			for h, raw := range handlers {
				place := fmt.Sprintf("%s.hooks[%d]", where, h)
				hook, skip, err := handler(raw)
				switch {
				case err != nil:
					return fail("%s[%d].hooks[%d]: %v", event, g, h, err)
				case skip != "":
					warnings = append(warnings, place+": skipped: "+skip)
					continue
				}
				hook.Event, hook.Matcher, hook.Place = event, matcher, place
				hooks = append(hooks, hook)
			}
		}
	}
	for _, k := range slices.Sorted(maps.Keys(events)) {
		if !slices.Contains(hookEvents, k) {
			warnings = append(warnings, fmt.Sprintf("%s: hooks.%s: skipped: Codex has no such event", file, k))
		}
	}
	return hooks, warnings, nil
}

// matched reports whether Codex reads the matchers of event's groups; for
// the others it ignores them, valid or not.
func matched(event string) bool {
	return event == PreToolUse || event == PostToolUse || event == "PermissionRequest" || event == "SessionStart"
}

// group reads a matcher group: its matcher ("" when there is none) and its
// handlers.
func group(raw json.RawMessage) (matcher string, handlers []json.RawMessage, err error) {
	f, err := harness.ReadObject(raw)
	if err != nil {
		return "", nil, err
	}
	if matcher, _, err = f.String("matcher"); err != nil {
		return "", nil, errors.New("the matcher is not a string")
	}
	handlers, _, err = f.List("hooks")
	return matcher, handlers, err
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
	case typ == "prompt" || typ == "agent":
		return Hook{}, typ + " hooks are not run by Codex", nil
	case typ != "command":
		return Hook{}, fmt.Sprintf("Codex has no handler type %q", typ), nil
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
	if async, _, err := f.Bool("async"); err != nil {
		return Hook{}, "", err
	} else if async {
		return Hook{}, "an async hook runs in the background and decides nothing", nil
	}
	for _, key := range []string{"timeout", "timeoutSec"} {
		v, ok := f[key]
		if !ok || string(v) == "null" {
			continue
		}
		n, err := strconv.ParseUint(string(v), 10, 32)
		if err != nil {
			return Hook{}, "", fmt.Errorf("%s %s is not a whole number of seconds", key, v)
		}
		// Codex gives a hook at least a second.
		h.Timeout = time.Duration(max(n, 1)) * time.Second
		break
	}
	h.Command = command
	return h, "", nil
}

// Links are the links that run hooks in a chain as Codex runs them
// (Link): the PreToolUse hooks before the call and the PostToolUse hooks
// after it, in the file's order, each selecting the calls its matcher does
// and failing open. Hooks of Codex's other events are left out. Each link
// is named after its command, with the hook's place added when two hooks
// run the same command.
func Links(hooks []Hook, s harness.SessionInfo) ([]hookchain.Link, error) {
	var commands, places []string
	for _, h := range hooks {
		commands, places = append(commands, h.Command), append(places, h.Place)
	}
	names := harness.LinkNames(commands, places)
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
		l, err := Link(names[i], at, m, process.Spec{Shell: h.Command, Timeout: h.Timeout}, s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Place, err)
		}
		links = append(links, l)
	}
	return links, nil
}
