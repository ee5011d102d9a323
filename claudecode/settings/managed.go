package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/hookchain/hookchain/internal/regularfile"
	"github.com/tidwall/gjson"
)

// ManagedDir returns where Claude Code reads managed settings files on this
// system: /Library/Application Support/ClaudeCode on macOS,
// C:\Program Files\ClaudeCode on Windows, /etc/claude-code elsewhere (Linux
// and WSL).
func ManagedDir() string { return managedDir(runtime.GOOS) }

func managedDir(goos string) string {
	switch goos {
	case "darwin":
		return "/Library/Application Support/ClaudeCode"
	case "windows":
		return `C:\Program Files\ClaudeCode`
	}
	return "/etc/claude-code"
}

// ManagedPaths returns the managed settings files of dir that exist, in
// the order Claude Code merges them: DIR/managed-settings.json first, then
// every DIR/managed-settings.d/*.json in alphabetical order, each
// overriding the ones before it. Names that start with '.' are left out,
// as Claude Code leaves them out. A directory that does not exist has no
// files; one that cannot be read is an error, since a policy that cannot
// be read must not become no policy.
func ManagedPaths(dir string) ([]string, error) {
	var paths []string
	base := filepath.Join(dir, "managed-settings.json")
	switch _, err := os.Stat(base); {
	case err == nil:
		paths = append(paths, base)
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("settings: managed settings: %w", err)
	}
	dropIns := filepath.Join(dir, "managed-settings.d")
	entries, err := os.ReadDir(dropIns)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return paths, nil
	case err != nil:
		return nil, fmt.Errorf("settings: managed settings: %w", err)
	}
	var names []string
	for _, d := range entries {
		if name := d.Name(); !strings.HasPrefix(name, ".") && strings.HasSuffix(name, ".json") {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		// A directory or a device among them is Load's to refuse, by name.
		paths = append(paths, filepath.Join(dropIns, name))
	}
	return paths, nil
}

// LoadManaged reads managed settings files, with the rules and limits of
// Load, from the lowest precedence to the highest (as ManagedPaths lists
// them). Their hooks are managed hooks: merged with other settings they
// run after every other hook, whatever the order given to Merge, so that
// the organization's guards judge each call as the hooks before them left
// it, the call that will run. Their allowManagedHooksOnly and
// disableAllHooks decide for every hook (see the package documentation).
func LoadManaged(paths ...string) (*Settings, error) {
	var parts []*Settings
	for _, path := range paths {
		data, err := regularfile.Read(path, MaxFileSize, "a managed settings file")
		if err != nil {
			return nil, fmt.Errorf("settings: %w", err)
		}
		s, err := Parse(path, data)
		if err != nil {
			return nil, err
		}
		s.markManaged()
		parts = append(parts, s)
	}
	return merge(parts), nil
}

// Standard says where LoadStandardFrom looks for settings.
type Standard struct {
	ProjectDir string // "" leaves the project's two files out
	HomeDir    string // "" leaves the user's file out
	// ManagedDir is where the managed settings are: "" is ManagedDir().
	ManagedDir string
	// NoManaged leaves managed settings out.
	NoManaged bool
}

// LoadStandardFrom loads the settings Claude Code would: those of
// StandardPaths(ProjectDir, HomeDir) that exist, and the managed settings
// of ManagedPaths(ManagedDir), which run last and decide as LoadManaged
// says. Files lists them all.
func LoadStandardFrom(where Standard) (*Settings, error) {
	s, err := loadStandard(where.ProjectDir, where.HomeDir)
	if err != nil || where.NoManaged {
		return s, err
	}
	dir := where.ManagedDir
	if dir == "" {
		dir = ManagedDir()
	}
	paths, err := ManagedPaths(dir)
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return s, nil
	}
	m, err := LoadManaged(paths...)
	if err != nil {
		return nil, err
	}
	return Merge(s, m), nil
}

// flagAt is a boolean setting of one file, and where it is written.
type flagAt struct {
	file      string
	on        bool
	line, col int
}

// scope is what the managed settings decide about the other hooks.
type scope struct {
	// managedOnly is allowManagedHooksOnly as the managed files set it,
	// the last of them deciding; nil when none does.
	managedOnly *flagAt
	// forced are the plugins that managed enabledPlugins turn on, by id.
	forced map[string]bool
	// asWritten are the keys of a file that only managed settings may
	// set, before it is known whether the file is managed.
	asWritten *scopeKeys
	// ignored are warnings about a file rather than a hook: each is shown
	// with the first hook of its file.
	ignored []Warning
}

// scopeKeys are allowManagedHooksOnly and enabledPlugins as one file gives
// them.
type scopeKeys struct {
	managedOnly *flagAt
	enabled     map[string]bool
}

// markManaged makes every hook and setting of s managed.
func (s *Settings) markManaged() {
	for i := range s.entries {
		s.entries[i].origin.managed = true
		s.entries[i].hook.Managed = true
	}
	if s.disable != nil {
		s.disable.managed = true
	}
	s.scope.ignored = slices.DeleteFunc(s.scope.ignored, func(w Warning) bool { return strings.HasPrefix(w.Msg, onlyManagedMsg) })
	if k := s.scope.asWritten; k != nil {
		if k.managedOnly != nil {
			s.scope.managedOnly = k.managedOnly
		}
		for id, on := range k.enabled {
			if s.scope.forced == nil {
				s.scope.forced = map[string]bool{}
			}
			s.scope.forced[id] = on
		}
		s.scope.asWritten = nil
	}
}

// onlyManagedMsg marks the warning about allowManagedHooksOnly in a file
// that is not managed.
const onlyManagedMsg = "allowManagedHooksOnly has no effect outside managed settings"

// readScopeKey records allowManagedHooksOnly or enabledPlugins as a file
// gives them. Until LoadManaged says the file is managed, they decide
// nothing, and allowManagedHooksOnly is warned about.
func (p *parser) readScopeKey(s *Settings, m member) error {
	if s.scope.asWritten == nil {
		s.scope.asWritten = &scopeKeys{}
	}
	k := s.scope.asWritten
	switch m.key {
	case "allowManagedHooksOnly":
		if m.val.Type != gjson.True && m.val.Type != gjson.False {
			return p.at(m.val, m.key, "want true or false, got %s", show(m.val))
		}
		line, col := p.position(m.val.Index)
		k.managedOnly = &flagAt{file: p.file, on: m.val.Bool(), line: line, col: col}
		s.scope.ignored = append(s.scope.ignored, Warning{File: p.file, Line: line, Col: col, Where: m.key,
			Msg: onlyManagedMsg + ", as in Claude Code: user, project and local hooks still run; an administrator sets it in " +
				filepath.Join(ManagedDir(), "managed-settings.json")})
	case "enabledPlugins":
		if !m.val.IsObject() {
			return nil // not ours to judge: only its true entries matter here
		}
		k.enabled = map[string]bool{}
		m.val.ForEach(func(id, on gjson.Result) bool {
			k.enabled[id.Str] = on.Type == gjson.True
			return true
		})
	}
	return nil
}

// mergeScope adds part's scope to s's: the managed files' settings are
// plain settings, the last deciding.
func (s *Settings) mergeScope(part *Settings) {
	if part.scope.managedOnly != nil {
		s.scope.managedOnly = part.scope.managedOnly
	}
	for id, on := range part.scope.forced {
		if s.scope.forced == nil {
			s.scope.forced = map[string]bool{}
		}
		s.scope.forced[id] = on
	}
	s.scope.ignored = append(s.scope.ignored, part.scope.ignored...)
}

// strongerDisable is the disableAllHooks setting that decides between the
// one merged so far and next's: a managed file's over any other, else the
// later, as a higher-precedence file overrides a lower one.
func strongerDisable(sofar, next *disableAll) *disableAll {
	switch {
	case next == nil:
		return sofar
	case sofar != nil && sofar.managed && !next.managed:
		return sofar
	}
	return next
}

// managedLast moves the managed hooks after the others, keeping the order
// within each.
func managedLast(entries []entry) []entry {
	if !slices.ContainsFunc(entries, func(e entry) bool { return e.origin.managed }) {
		return entries
	}
	out := make([]entry, 0, len(entries))
	for _, managed := range []bool{false, true} {
		for _, e := range entries {
			if e.origin.managed == managed {
				out = append(out, e)
			}
		}
	}
	return out
}

// offReason says why the managed settings, or disableAllHooks, keep e from
// running; "" when nothing does.
func (s *Settings) offReason(e *entry) string {
	if d := s.disable; d != nil && d.on && (d.managed || !e.origin.managed) {
		if d.managed {
			return "disableAllHooks is set in " + d.file + ", a managed settings file: no hook runs"
		}
		return "disableAllHooks is set in " + d.file
	}
	only := s.scope.managedOnly
	if only == nil || !only.on || e.origin.managed {
		return ""
	}
	reason := "allowManagedHooksOnly is set in " + only.file + ": only managed hooks run"
	if e.plugin == nil {
		return reason
	}
	switch {
	case e.plugin.ID == "":
		return reason + ", and plugins that managed enabledPlugins force on; this plugin has no ID (Plugin.ID, \"name@marketplace\") to look up there"
	case s.scope.forced[e.plugin.ID]:
		return ""
	}
	return reason + fmt.Sprintf(", and plugins that managed enabledPlugins force on, which %q is not", e.plugin.ID)
}

// withFileWarnings adds each warning about a file to the first hook of
// that file.
func (s *Settings) withFileWarnings(hooks []Hook) {
	for _, w := range s.scope.ignored {
		if i := slices.IndexFunc(hooks, func(h Hook) bool { return h.File == w.File }); i >= 0 {
			hooks[i].Warnings = append(hooks[i].Warnings, w)
		}
	}
}
