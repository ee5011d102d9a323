package cline

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Hook is one hook file of a Cline hooks folder.
type Hook struct {
	Event string // "PreToolUse", "PostToolUse", or one of Cline's other events: the file's name
	Path  string // the file, run by Cline's shell
	// Root is the workspace root the hook runs in: the folder that holds
	// the hooks folder, for a workspace's .clinerules/hooks; "" for any
	// other folder (the user's global one), whose hooks run in the
	// session's primary workspace root.
	Root string
}

// Events are Cline's events, each the name of its hook file, in the order
// ReadDir lists them.
var Events = []string{"TaskStart", "TaskResume", "TaskCancel", "TaskComplete", "UserPromptSubmit",
	PreToolUse, PostToolUse, "PreCompact", "Notification"}

// ReadDir reads dir, a Cline hooks folder, as Cline finds hooks in it: a
// hook is the file named exactly after its event, with no extension, that
// is executable. It returns the hooks, their paths absolute, in Events' order, and a warning for
// each file Cline would not run and the reason: an event's name that is
// not a regular file (a folder, a link to nothing) or that is not
// executable (Cline skips it without a word), and a file named after an
// event but for its case or an extension ("PreToolUse.sh", "pretooluse"),
// which Cline never runs on Linux or macOS. A folder that cannot be read is
// an error.
//
// Cline runs a hook only while its "Enable Hooks" setting is on, which
// hookchain does not read: the caller that names the folder is the one
// who turns its hooks on.
func ReadDir(dir string) ([]Hook, []string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("cline: hooks folder %s: %w", dir, errors.Unwrap(err))
	}
	// A hook runs in its workspace root: a path relative to anywhere else
	// would not be found there, and a hook not found lets every call go on.
	if dir, err = filepath.Abs(dir); err != nil {
		return nil, nil, fmt.Errorf("cline: hooks folder %s: %w", dir, err)
	}
	root := ""
	if filepath.Base(dir) == "hooks" && filepath.Base(filepath.Dir(dir)) == ".clinerules" {
		root = filepath.Dir(filepath.Dir(dir))
	}
	var hooks []Hook
	var warnings []string
	for _, event := range Events {
		path := filepath.Join(dir, event)
		info, err := os.Stat(path) // through a link, as Cline's fs.stat
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if _, lerr := os.Lstat(path); lerr == nil {
				warnings = append(warnings, fmt.Sprintf("%s: skipped: a link to nothing; Cline does not run it", path))
			}
			continue
		case err != nil:
			warnings = append(warnings, fmt.Sprintf("%s: skipped: %v; Cline does not run it", path, errors.Unwrap(err)))
			continue
		case !info.Mode().IsRegular():
			warnings = append(warnings, fmt.Sprintf("%s: skipped: not a file; Cline does not run it", path))
			continue
		case info.Mode().Perm()&0o111 == 0:
			warnings = append(warnings, fmt.Sprintf("%s: skipped: not executable; Cline runs only an executable file (chmod +x)", path))
			continue
		}
		hooks = append(hooks, Hook{Event: event, Path: path, Root: root})
	}
	for _, e := range entries {
		if event, ok := misnamed(e.Name()); ok {
			warnings = append(warnings, fmt.Sprintf("%s: skipped: Cline runs only a file named exactly %s", filepath.Join(dir, e.Name()), event))
		}
	}
	return hooks, warnings, nil
}

// misnamed reports whether name looks meant for an event's hook and is not
// its exact name: the event's name in another case, or with an extension.
func misnamed(name string) (string, bool) {
	for _, event := range Events {
		if name == event {
			return "", false
		}
		base, _, _ := strings.Cut(name, ".")
		if strings.EqualFold(base, event) {
			return event, true
		}
	}
	return "", false
}

// ConfigFiles are the hooks folders Cline reads for a session in the
// project (workspace root) project of the user whose home is home, in the
// order Cline lists them: the user's global folder
// (~/Documents/Cline/Hooks), then the project's (.clinerules/hooks). An
// empty home leaves the global folder out, so that ConfigFiles(dir, "") is
// a project's alone; an empty project leaves its folder out. Cline runs
// the hooks of every folder it finds, all at once; a folder given with
// Cline's --hooks-dir comes before these, and is the caller's to add.
func ConfigFiles(project, home string) []string {
	var dirs []string
	if home != "" {
		dirs = append(dirs, filepath.Join(home, "Documents", "Cline", "Hooks"))
	}
	if project != "" {
		dirs = append(dirs, filepath.Join(project, ".clinerules", "hooks"))
	}
	return dirs
}

// Links are the PreToolUse and PostToolUse hooks of hooks as links, in
// their order, each run as Cline runs it (Link: its failure policy, its
// timeout) for every tool (Cline has no matchers), named after its file:
// its path, quoted, run by /bin/sh, in its Root, else in the session's
// Cwd. The hooks of Cline's other events are not tool calls, and have no
// link.
func Links(hooks []Hook, s harness.SessionInfo) ([]hookchain.Link, error) {
	var links []hookchain.Link
	for _, h := range hooks {
		var at hookchain.Hook
		switch h.Event {
		case PreToolUse:
			at = hookchain.BeforeTool
		case PostToolUse:
			at = hookchain.AfterTool
		default:
			continue
		}
		spec := process.Spec{Shell: shellQuote(h.Path), Dir: h.Root}
		l, err := Link(h.Path, at, Matcher(), spec, s)
		if err != nil {
			return nil, fmt.Errorf("cline: %s: %w", h.Path, err)
		}
		links = append(links, l)
	}
	return links, nil
}

// shellQuote is path as one word of /bin/sh.
func shellQuote(path string) string {
	return "'" + strings.ReplaceAll(path, "'", `'\''`) + "'"
}
