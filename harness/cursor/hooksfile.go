package cursor

import (
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Hook is one command hook of a Cursor hooks.json file.
type Hook struct {
	Event      string        // "preToolUse", "beforeShellExecution", …, or one of Cursor's other events
	Matcher    string        // as written; "" when there is none
	Command    string        // the command line, run by sh
	Timeout    time.Duration // 0 when the file gives none: DefaultTimeout
	FailClosed bool          // the entry's failClosed: a failure blocks the call
	Dir        string        // where it runs; "" is the project's root (see ConfigFiles)
	Place      string        // where it is written: FILE:hooks.EVENT[INDEX]
}

// hookEvents are the events a hooks.json file gives hooks for, tool calls
// first, in the order the file's hooks are returned.
var hookEvents = slices.Concat([]string{PreToolUse, PostToolUse, PostToolUseFailure,
	BeforeShellExecution, AfterShellExecution, BeforeMCPExecution, AfterMCPExecution, BeforeReadFile, AfterFileEdit}, otherEvents)

// ParseHooksFile reads data, the content of the Cursor hooks.json file
// named file, as Cursor reads one: {"version": 1, "hooks": {EVENT:
// [{"command": C, "type": "command", "matcher": M, "timeout": SECONDS,
// "failClosed": B}]}}. It returns the command hooks, event by event and
// in each event's list order, and a warning for each hook Cursor would not
// run here and why: a "prompt" hook (the model is asked, no command
// runs), an empty command, an event Cursor does not have. Fields it does
// not know are ignored, as Cursor ignores them; keys are read exactly as
// written.
//
// It is an error, rather than a misreading, when the file is not JSON of
// that shape, gives a key twice, has a version other than 1, gives a
// timeout that is not a positive number of seconds, or a matcher that
// Go cannot read as Cursor would (CompileMatcher).
//
// Where the files are is ConfigFiles's; ParseHooksFile reads the one it is
// given, and leaves Dir empty.
func ParseHooksFile(file string, data []byte) ([]Hook, []string, error) {
	fail := func(format string, args ...any) ([]Hook, []string, error) {
		return nil, nil, fmt.Errorf("cursor: %s: "+format, append([]any{file}, args...)...)
	}
	top, events, err := harness.HooksObject(data)
	if err != nil {
		return fail("%v", err)
	}
	if v, ok := top["version"]; ok && string(v) != "1" {
		return fail("version %s: Cursor reads version 1", v)
	}
	hooks, warnings, err := harness.FlatHooks(file, events, hookEvents, func(event, place string, raw json.RawMessage) (Hook, string, error) {
		h, skip, err := entry(raw, event)
		h.Event, h.Place = event, place
		return h, skip, err
	})
	if err != nil {
		return fail("%v", err)
	}
	for _, k := range slices.Sorted(maps.Keys(events)) {
		if !slices.Contains(hookEvents, k) {
			warnings = append(warnings, fmt.Sprintf("%s: hooks.%s: skipped: Cursor has no such event", file, k))
		}
	}
	return hooks, warnings, nil
}

// entry reads one hook of an event's list: a command hook, or why Cursor
// runs no command for it.
func entry(raw json.RawMessage, event string) (h Hook, skip string, err error) {
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
	case typ == "prompt":
		return Hook{}, "a prompt hook asks the model and runs no command", nil
	case typ != "" && typ != "command":
		return Hook{}, fmt.Sprintf("Cursor has no hook type %q", typ), nil
	}
	if h.Command, err = str("command"); err != nil {
		return Hook{}, "", err
	}
	if strings.TrimSpace(h.Command) == "" {
		return Hook{}, "the command is empty", nil
	}
	if h.Matcher, err = str("matcher"); err != nil {
		return Hook{}, "", err
	}
	if _, ok := toolEvents[event]; ok {
		if _, err := CompileMatcher(event, h.Matcher); err != nil {
			return Hook{}, "", err
		}
	}
	if v, ok := f["timeout"]; ok && string(v) != "null" {
		var seconds float64
		if err := json.Unmarshal(v, &seconds); err != nil || seconds <= 0 || seconds > 1e6 {
			return Hook{}, "", fmt.Errorf("timeout %s is not a positive number of seconds", v)
		}
		h.Timeout = time.Duration(seconds * float64(time.Second))
	}
	if h.FailClosed, _, err = f.Bool("failClosed"); err != nil {
		return Hook{}, "", err
	}
	return h, "", nil
}

// Links are the links that run hooks in a chain as Cursor runs them
// (Link): the hooks of each tool-call event at its hook of the chain, in
// the order given, each selecting the calls its event and matcher do
// (Matcher), failing open unless failClosed, with its own timeout and
// directory. Hooks of Cursor's other events are left out. Each link is
// named after its command, with the hook's place added when two hooks run
// the same command.
//
// Cursor runs the hooks of every file, and those of an event at once; a
// chain runs them one after another, each given the input as the one
// before it left it. Either way a denial denies; only hooks that rewrite
// the input can differ.
func Links(hooks []Hook, s harness.SessionInfo) ([]hookchain.Link, error) {
	var commands, places []string
	for _, h := range hooks {
		commands, places = append(commands, h.Command), append(places, h.Place)
	}
	names := harness.LinkNames(commands, places)
	var links []hookchain.Link
	for i, h := range hooks {
		if _, ok := toolEvents[h.Event]; !ok {
			continue
		}
		m, err := CompileMatcher(h.Event, h.Matcher)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Place, err)
		}
		l, err := Link(names[i], h.Event, h.FailClosed, m, process.Spec{Shell: h.Command, Timeout: h.Timeout, Dir: h.Dir}, s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Place, err)
		}
		links = append(links, l)
	}
	return links, nil
}

// ConfigFiles are the hooks.json files Cursor reads its hooks from, for a
// project whose root is project and a user whose home is home, in the
// order of Cursor's precedence: the enterprise file of the system
// (/etc/cursor/hooks.json; /Library/Application Support/Cursor/hooks.json
// on macOS; C:\ProgramData\Cursor\hooks.json on Windows), the project's
// .cursor/hooks.json, the user's ~/.cursor/hooks.json. Cursor runs the
// hooks of every one of them; a user's hooks run in ~/.cursor (UserDir),
// the others' in the project's root. Team hooks, which Cursor's dashboard
// distributes, are in no file. The paths are given whether or not the
// files exist. An empty project leaves the project's out, and so does a
// project that is the home directory, whose .cursor is the user's; an
// empty home leaves the user's and the enterprise file out, so that
// ConfigFiles(dir, "") is a project's alone.
//
// Cursor also reads Claude Code's settings files (.claude/settings.json,
// .claude/settings.local.json, ~/.claude/settings.json) and runs their
// hooks; those are Claude Code's, read by hookchain's Claude Code support,
// and not listed here.
func ConfigFiles(project, home string) []string {
	var files []string
	if home != "" {
		files = append(files, enterpriseFile(runtime.GOOS))
	}
	if project != "" && (home == "" || filepath.Clean(project) != filepath.Clean(home)) {
		files = append(files, filepath.Join(project, ".cursor", "hooks.json"))
	}
	if home != "" {
		files = append(files, filepath.Join(home, ".cursor", "hooks.json"))
	}
	return files
}

// enterpriseFile is the enterprise hooks.json of the system goos.
func enterpriseFile(goos string) string {
	switch goos {
	case "darwin":
		return "/Library/Application Support/Cursor/hooks.json"
	case "windows":
		return `C:\ProgramData\Cursor\hooks.json`
	}
	return "/etc/cursor/hooks.json"
}

// UserDir is the directory Cursor runs the hooks of file in: home's
// .cursor for the user's hooks.json, "" (the project's root) for another.
func UserDir(file, home string) string {
	if home == "" {
		return ""
	}
	user := filepath.Join(home, ".cursor", "hooks.json")
	if abs, err := filepath.Abs(file); err == nil && abs == user {
		return filepath.Dir(user)
	}
	return ""
}
