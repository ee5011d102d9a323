package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/hookchain/hookchain/internal/regularfile"
)

// MaxFileSize is the most a settings file may hold: 4 MiB. Settings written
// by hand or by Claude Code are kilobytes, and 20,000 handlers take under
// 2 MB; the cap is there because each handler costs some kilobytes of
// memory once parsed, so that a hostile or mistaken file cannot make a
// checker or an agent exhaust its memory.
const MaxFileSize = 4 << 20

// Settings is the hooks section of one or more Claude Code settings files,
// in the order they were loaded. Build one with Load, LoadStandard or Parse;
// turn it into chain links with Links, or describe it with Hooks.
//
// A Settings is immutable and safe for concurrent use.
type Settings struct {
	files   []string
	entries []entry
	// disable is the disableAllHooks setting that decides, or nil when no
	// file sets it.
	disable *disableAll
	// httpURLs and httpEnv are allowedHttpHookUrls and
	// httpHookAllowedEnvVars, merged from every file; nil when none sets it.
	httpURLs, httpEnv *allowList
	// env is every file's env, in load order (see Env).
	env []envVar
	// scope is what managed settings decide about the other hooks.
	scope scope
}

// disableAll is a file's disableAllHooks setting.
type disableAll struct {
	file    string
	on      bool
	managed bool // the file is managed settings (LoadManaged)
}

// Files returns the settings files, in the order they were loaded.
func (s *Settings) Files() []string { return append([]string(nil), s.files...) }

// Load reads the settings files at paths and merges their hooks in the
// order given: a file's hooks come after those of the files before it. Pass
// the files from the lowest precedence to the highest, as StandardPaths
// lists them, so that the chain asks user hooks, then project hooks, then
// local ones.
//
// Every path must exist: a caller names the files it means to use, and a
// missing one is an error rather than a chain without its guards. Use
// LoadStandard for "whichever of the usual files this project has".
//
// Settings are read only from regular files (a symbolic link to one is
// fine) of at most MaxFileSize bytes: a device, a named pipe, a directory
// or a larger file is refused, in one line that names it, without reading
// it. A file may start with a UTF-8 byte-order mark.
//
// A file that cannot be read, is not JSON, or whose hooks section does not
// have Claude Code's shape (an object of events, each an array of matcher
// groups, each with an array of handlers) is an error naming the file and
// the position. Mistakes inside a handler (an unknown type or event, a
// malformed if rule, a bad matcher or timeout) do not stop Load: they are
// reported by Links and listed by Hooks, so that a checker can show every
// hook and every problem.
func Load(paths ...string) (*Settings, error) {
	var parts []*Settings
	for _, path := range paths {
		data, err := regularfile.Read(path, MaxFileSize, "a settings file")
		if err != nil {
			return nil, fmt.Errorf("settings: %w", err)
		}
		s, err := Parse(path, data)
		if err != nil {
			return nil, err
		}
		parts = append(parts, s)
	}
	return merge(parts), nil
}

// Merge returns the hooks of parts, in the order given, as Load merges
// files: settings files first, from the lowest precedence to the highest,
// then plugins.
func Merge(parts ...*Settings) *Settings { return merge(parts) }

// ProjectOf returns the project a settings file belongs to: DIR for
// DIR/.claude/settings.json and DIR/.claude/settings.local.json, the
// directory Claude Code takes as the project root when it uses that file.
// It reports false for any other file, the user's ~/.claude/settings.json
// included.
func ProjectOf(file, homeDir string) (string, bool) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", false
	}
	dir := filepath.Dir(abs)
	switch filepath.Base(abs) {
	case "settings.json", "settings.local.json":
	default:
		return "", false
	}
	if filepath.Base(dir) != ".claude" {
		return "", false
	}
	root := filepath.Dir(dir)
	if homeDir != "" && sameDir(root, homeDir) {
		return "", false
	}
	return root, true
}

// FindProject returns the project that a session working in dir belongs
// to: dir or the nearest directory above it with .claude/settings.json or
// .claude/settings.local.json, the home directory's own .claude aside. It
// reports false when there is none.
func FindProject(dir, homeDir string) (string, bool) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for {
		if homeDir == "" || !sameDir(d, homeDir) {
			for _, name := range []string{"settings.json", "settings.local.json"} {
				if fi, err := os.Stat(filepath.Join(d, ".claude", name)); err == nil && !fi.IsDir() {
					return d, true
				}
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", false
		}
		d = parent
	}
}

// sameDir reports whether a and b name the same directory, as written or
// once symbolic links are resolved.
func sameDir(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ra, errA := filepath.EvalSymlinks(a)
	rb, errB := filepath.EvalSymlinks(b)
	return errA == nil && errB == nil && ra == rb
}

// LoadStandard loads those of StandardPaths(projectDir, homeDir) that exist,
// skipping the missing ones, and the system's managed settings
// (ManagedPaths(ManagedDir())), which Claude Code applies whatever the
// project: their hooks run last, and their allowManagedHooksOnly and
// disableAllHooks decide for every hook (see LoadManaged). Any other
// problem with a file, including one that exists but cannot be read, is
// an error. Files reports which were found; with none, the Settings has no
// hooks. LoadStandardFrom says where to look.
func LoadStandard(projectDir, homeDir string) (*Settings, error) {
	return LoadStandardFrom(Standard{ProjectDir: projectDir, HomeDir: homeDir})
}

// loadStandard loads those of StandardPaths that exist.
func loadStandard(projectDir, homeDir string) (*Settings, error) {
	var found []string
	for _, path := range StandardPaths(projectDir, homeDir) {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		found = append(found, path)
	}
	return Load(found...)
}

// StandardPaths returns where Claude Code looks for settings, from the lowest
// precedence to the highest, which is the order Load merges them in:
//
//	HOMEDIR/.claude/settings.json            user settings
//	PROJECTDIR/.claude/settings.json         project settings, shared
//	PROJECTDIR/.claude/settings.local.json   local project settings, not committed
//
// An empty homeDir leaves the user file out, and an empty projectDir the two
// project files. Managed settings are not among them: see ManagedPaths.
func StandardPaths(projectDir, homeDir string) []string {
	var paths []string
	if homeDir != "" {
		paths = append(paths, filepath.Join(homeDir, ".claude", "settings.json"))
	}
	if projectDir != "" {
		paths = append(paths,
			filepath.Join(projectDir, ".claude", "settings.json"),
			filepath.Join(projectDir, ".claude", "settings.local.json"))
	}
	return paths
}

// merge concatenates the hooks of parts, managed hooks last.
// disableAllHooks is a plain setting, so the last file that sets it
// decides, as a higher-precedence file overrides a lower one in Claude
// Code, and a managed file's over any other.
func merge(parts []*Settings) *Settings {
	s := &Settings{}
	for _, p := range parts {
		s.files = append(s.files, p.files...)
		s.entries = append(s.entries, p.entries...)
		s.disable = strongerDisable(s.disable, p.disable)
		s.mergeScope(p)
		s.httpURLs = mergeList(s.httpURLs, p.httpURLs)
		s.httpEnv = mergeList(s.httpEnv, p.httpEnv)
		s.env = append(s.env, p.env...)
	}
	s.entries = managedLast(s.entries)
	return s
}

// Hook describes one handler of the settings and what Links makes of it.
// Hooks returns one for every handler in the files, events that hookchain
// does not run included.
type Hook struct {
	File  string // the settings file, as given to Load
	Event string // the event it is registered for: "PreToolUse", "Stop", ...
	Group int    // its matcher group: Event[Group]
	Index int    // its place in the group: Event[Group].hooks[Index]

	Matcher     string      // the group's matcher as written; "" when omitted
	MatcherKind MatcherKind // how it is read; "" for events that are not tool calls

	// If is the handler's if rule as written ("Bash(rm *)"); "" when it has
	// none. IfMatcher is what the rule became, as text: the matcher
	// CompileIf makes of it, which a call must match besides the group's
	// matcher for the hook to run. It is "" when there is no rule, or when
	// the rule cannot be honoured, which Reason then says.
	If        string
	IfMatcher string

	Type string // "command", "http", "prompt", "agent", "mcp_tool", ...
	// Persistent says that the command hook is a persistent hook
	// ("persistent": true, a key of hookchain's): its program is started
	// once and asked about every call in hookchain's persistent protocol
	// (see process.Persistent), not run per call in Claude Code's.
	Persistent bool
	// Async is "async" or "asyncRewake" for a command hook run in the
	// background: started with the call, never deciding it; "" otherwise.
	Async   string
	Command string            // command hooks: the command as written
	Args    []string          // command hooks: the arguments, when the command is run without a shell
	URL     string            // http hooks
	Headers map[string]string // http hooks: the headers as written, before interpolation
	Prompt  string            // prompt and agent hooks: the prompt as written
	Model   string            // prompt and agent hooks: the model as written; "" for the runtime's default
	Server  string            // mcp_tool hooks: the MCP server
	Tool    string            // mcp_tool hooks: the tool called on it

	// Timeout is how long the hook may run: its timeout setting, or
	// Claude Code's default for its type.
	Timeout time.Duration
	// Block says that a failure of the hook (it cannot start, crashes, exits
	// with a code other than 0 or 2, times out, or answers nonsense) blocks
	// the call. Otherwise, as in Claude Code, the failure is reported in the
	// trail and the call goes on.
	Block bool

	// Name is the name of the link the hook runs as, when it runs: its
	// script's base name ("no-force-push.sh"), or its command when that is
	// short and has no script, or the command's first words; its URL for
	// an http hook. Command and URL keep the whole text.
	Name   string
	Status Status
	// Runs says how a hook that runs will run, in a sentence: when it is
	// asked, what runs and how, and what its answer can do ("before the
	// call; run with /bin/sh -c for each call"). It is "" for a hook that
	// does not run, whose Reason says why.
	Runs string
	// Reason says why a hook is not linked; for Invalid and Refused it is
	// the error, without the file and place that Where and File give.
	Reason string
	// Warnings are what in the hook probably does not do what its author
	// meant, though it runs: a matcher no tool name matches, a script that
	// does not exist, a field Claude Code ignores. Each says how to fix it.
	Warnings []Warning
	// Plugin is the root of the plugin whose hooks.json holds the hook; ""
	// for a settings file.
	Plugin string
	// Managed says that the hook is from managed settings (LoadManaged):
	// it runs after the others, and allowManagedHooksOnly and another
	// file's disableAllHooks leave it on.
	Managed bool
	// Component is the skill or agent whose frontmatter holds the hook
	// (LoadSkill, LoadAgent): `skill "deploy"`, `agent "reviewer"`; "" for
	// a settings file. ActiveWhile says when it runs: while that skill or
	// agent does, as the call's session tells.
	Component   string
	ActiveWhile string
	// Once says that the hook runs once per session: after its first run
	// that neither fails nor blocks, it is not asked again in that session
	// ("once": true, honoured in skill frontmatter only).
	Once bool
}

// Where names the hook's place in its file: "PreToolUse[0].hooks[1]".
func (h Hook) Where() string { return fmt.Sprintf("%s[%d].hooks[%d]", h.Event, h.Group, h.Index) }

// Status says what Links does with a hook.
type Status string

const (
	// Linked hooks become a link of their own, named Hook.Name.
	Linked Status = "linked"
	// Merged hooks repeat an earlier hook of the same event (the same
	// command, or the same URL). Claude Code runs such a handler once per
	// call, and so does the chain: as the link of the first one, Hook.Name,
	// whose matcher is widened to every group that registers it.
	Merged Status = "merged"
	// Ignored hooks belong to an event that is not a tool call
	// (UserPromptSubmit, Stop, SessionStart, ...). They are not an error.
	Ignored Status = "ignored"
	// Disabled hooks are not run because disableAllHooks is set, or
	// managed settings set allowManagedHooksOnly and the hook is not
	// managed.
	Disabled Status = "disabled"
	// Skipped hooks need something a chain does not have (a model, an MCP
	// client, a call that waits for a background hook; for a
	// PermissionRequest hook, the approver Options.UsesApprover promises)
	// or an if rule hookchain does not reproduce, and were left out
	// because Options.SkipUnsupported is set. A PermissionRequest hook
	// that runs is Linked, its Reason saying that it answers the chain's
	// asks.
	Skipped Status = "skipped"
	// Refused hooks are the same without SkipUnsupported: Links fails.
	Refused Status = "refused"
	// Invalid hooks are a mistake in the settings (an unknown type or
	// event, a malformed if rule or matcher): Links fails.
	Invalid Status = "invalid"
)
