package windsurf

import (
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Hook is one hook of a Windsurf hooks.json.
type Hook struct {
	Event            string // as written: "pre_run_command", …
	Command          string // the command line, run by bash
	ShowOutput       bool   // Windsurf shows the hook's stdout to its user; it decides nothing
	WorkingDirectory string // "" when the file gives none: the workspace's root
	Place            string // where it is written: FILE:hooks.EVENT[INDEX]
}

// toolEvents are Windsurf's events of a tool call, in the order a file's
// hooks are read.
var toolEvents = []string{PreRunCommand, PreReadCode, PreWriteCode, PreMCPToolUse,
	PostRunCommand, PostReadCode, PostWriteCode, PostMCPToolUse}

// ParseHooksFile reads data, the content of the Windsurf hooks.json named
// file, and returns its hooks as Windsurf reads them: {"hooks": {EVENT:
// [{"command": C, "show_output": B, "working_directory": D}]}}, the
// events of a tool call first (the pre_ events, then the post_ ones, each
// in Profile's order), then the others by name, each event's list in its
// order. It warns of what Windsurf would not run, which is skipped: an
// event Windsurf does not have, and a hook with no command or an empty
// one.
//
// It is an error, where Windsurf could not read the file or hookchain
// would have to guess, when the file is not JSON of that shape or gives a
// key twice, or a field is of the wrong type. Fields of a hook it does not
// know are ignored; keys are read exactly as written.
func ParseHooksFile(file string, data []byte) ([]Hook, []string, error) {
	fail := func(format string, args ...any) ([]Hook, []string, error) {
		return nil, nil, fmt.Errorf("windsurf: %s: "+format, append([]any{file}, args...)...)
	}
	_, events, err := harness.HooksObject(data)
	if err != nil {
		return fail("%v", err)
	}
	order := slices.Concat(toolEvents, otherEvents)
	var unknown []string
	for _, k := range slices.Sorted(maps.Keys(events)) {
		if !slices.Contains(order, k) {
			unknown = append(unknown, fmt.Sprintf("%s:hooks.%s: skipped: Windsurf has no such event", file, k))
		}
	}
	hooks, warnings, err := harness.FlatHooks(file, events, order, readHook)
	if err != nil {
		return fail("%v", err)
	}
	return hooks, append(unknown, warnings...), nil
}

// readHook reads one hook: the hook, or why Windsurf would not run it.
func readHook(event, place string, raw json.RawMessage) (h Hook, skip string, err error) {
	o, err := harness.ReadObject(raw)
	if err != nil {
		return Hook{}, "", err
	}
	command, ok, err := o.String("command")
	switch {
	case err != nil:
		return Hook{}, "", err
	case !ok:
		return Hook{}, `it has no "command"`, nil
	case strings.TrimSpace(command) == "":
		return Hook{}, "an empty command, which decides nothing", nil
	}
	h.Command = command
	if h.ShowOutput, _, err = o.Bool("show_output"); err != nil {
		return Hook{}, "", err
	}
	if h.WorkingDirectory, _, err = o.String("working_directory"); err != nil {
		return Hook{}, "", err
	}
	h.Event, h.Place = event, place
	return h, "", nil
}

// Links are the links that run hooks in a chain as Windsurf runs them
// (Link): the hooks of the tool events, before or after the call, in the
// order given, each selecting the calls of its event's action (Matcher),
// run in its working_directory and failing open. Hooks of Windsurf's other
// events are left out. Each link is named after its command, with the
// hook's place added when two hooks have the same command.
//
// Windsurf runs an event's hooks one after another, system's, user's and
// workspace's, and the first that exits with 2 blocks the action; so does
// a chain, whose reason is that hook's.
func Links(hooks []Hook, s harness.SessionInfo) ([]hookchain.Link, error) {
	commands, places := make([]string, len(hooks)), make([]string, len(hooks))
	for i, h := range hooks {
		commands[i], places[i] = h.Command, h.Place
	}
	names := harness.LinkNames(commands, places)
	var links []hookchain.Link
	for i, h := range hooks {
		_, at, ok := kindOf(h.Event)
		if !ok {
			continue
		}
		spec := process.Spec{Shell: h.Command, Dir: h.WorkingDirectory, Timeout: DefaultTimeout}
		l, err := Link(names[i], at, Matcher(h.Event), spec, s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Place, err)
		}
		links = append(links, l)
	}
	return links, nil
}

// ConfigFiles are the hooks.json files Windsurf reads, for a workspace
// project of the user whose home is home, in the order it runs their
// hooks: the system's (SystemFile), the user's
// (~/.codeium/windsurf/hooks.json), then the workspace's
// (project/.windsurf/hooks.json). Windsurf reads every one that exists and
// runs the hooks of all, none hiding another's. An empty project leaves
// the workspace's out; an empty home leaves the user's and the system's
// out, so that ConfigFiles(dir, "") is a workspace's alone. Windsurf's
// Enterprise teams can also give hooks in its cloud dashboard, which is no
// file and is not among them.
func ConfigFiles(project, home string) []string {
	var files []string
	if home != "" {
		files = append(files, SystemFile(runtime.GOOS), filepath.Join(home, ".codeium", "windsurf", "hooks.json"))
	}
	if project != "" {
		files = append(files, filepath.Join(project, ".windsurf", "hooks.json"))
	}
	return files
}

// SystemFile is the system's hooks.json on the system goos
// (runtime.GOOS's names).
func SystemFile(goos string) string {
	switch goos {
	case "darwin":
		return "/Library/Application Support/Windsurf/hooks.json"
	case "windows":
		return `C:\ProgramData\Windsurf\hooks.json`
	}
	return "/etc/windsurf/hooks.json"
}
