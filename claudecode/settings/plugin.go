package settings

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/regularfile"
	"github.com/tidwall/gjson"
)

// Plugin is a Claude Code plugin whose hooks are to run: its hooks live in
// Root/hooks/hooks.json, and what it asks its user to configure in the
// userConfig of Root/.claude-plugin/plugin.json.
type Plugin struct {
	// Root is the plugin's directory: CLAUDE_PLUGIN_ROOT for its hooks.
	Root string
	// ID is the plugin as enabledPlugins names it, "name@marketplace".
	// With allowManagedHooksOnly set, its hooks run only when managed
	// settings' enabledPlugins force it on, which needs the ID.
	ID string
	// Data is its persistent data directory, CLAUDE_PLUGIN_DATA, made
	// absolute; "" leaves the variable unset, and the placeholder as
	// written. Claude Code's is PluginDataDir's.
	Data string
	// UserConfig are the values of the plugin's user configuration, by the
	// key its manifest declares them under: what Claude Code asks for when
	// the plugin is enabled and keeps in the user's settings (pluginConfigs)
	// or, when sensitive, the keychain. A key the manifest does not declare
	// is an error of LoadPlugin; a declared key without a value here has
	// its declared default, or none.
	UserConfig map[string]string

	// name is the plugin's name: the manifest's, or its directory's.
	name string
	// declared are the keys of the manifest's userConfig, and options
	// their values, defaults included.
	declared []string
	options  map[string]string
	// manifest is the manifest's path, manifestData what it holds, and
	// manifestHooks its "hooks"; zero without a manifest.
	manifest      string
	manifestData  []byte
	manifestHooks gjson.Result
}

// LoadPlugin reads a plugin's hooks, from p.Root/hooks/hooks.json and from
// what the "hooks" of its manifest (p.Root/.claude-plugin/plugin.json)
// gives, inline or as the paths of more hooks files inside the plugin, with
// the same rules and limits as Load; a top-level "description" is allowed,
// as in Claude Code. Hooks the manifest names are never left out: a
// "hooks" of another shape, or a path outside the plugin, is an error. Its command hooks run with CLAUDE_PLUGIN_ROOT (and
// CLAUDE_PLUGIN_DATA, when p.Data is set) in their environment, and with
// ${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PLUGIN_DATA} replaced in their
// command, as Claude Code runs plugin hooks. Merge it with the settings
// files, which come first in Claude Code's order:
//
//	s, err := settings.LoadStandard(projectDir, homeDir)
//	…
//	fmt, err := settings.LoadPlugin(settings.Plugin{Root: pluginDir})
//	…
//	links, err := settings.Merge(s, fmt).Links(opts)
//
// A plugin's copy of a handler that a settings file also has runs as a
// hook of its own, as in Claude Code.
//
// The plugin's user configuration reaches its command hooks as Claude
// Code's does (2.1.207): each value with a key is in their environment as
// CLAUDE_PLUGIN_OPTION_<KEY>, the key in upper case; in the exec form
// ("args") ${user_config.KEY} is replaced by the value in the command and
// in each argument. A shell-form command that names ${user_config.KEY} is
// not run, since the shell would read the value as code: its link fails
// each call, a failure that blocks only with "onFailure": "block" or
// Options.FailClosed, as Claude Code reports a non-blocking error; so does
// an exec-form hook that names a key without a value. Hooks warns about
// both. A manifest that is not JSON, or whose userConfig is not an object
// of options keyed by identifiers, is an error.
func LoadPlugin(p Plugin) (*Settings, error) {
	if p.Root == "" {
		return nil, errors.New("settings: LoadPlugin: no plugin root")
	}
	root, err := filepath.Abs(p.Root)
	if err != nil {
		return nil, fmt.Errorf("settings: plugin %s: %w", p.Root, err)
	}
	p.Root = root
	if p.Data != "" {
		// Hooks run in the session's directory, where a relative path
		// would name another directory.
		if p.Data, err = filepath.Abs(p.Data); err != nil {
			return nil, fmt.Errorf("settings: plugin %s: its data directory: %w", p.Root, err)
		}
	}
	if err := p.readManifest(); err != nil {
		return nil, err
	}
	return p.loadHooks()
}

// loadHooks reads the plugin's hooks: hooks/hooks.json, then those its
// manifest's "hooks" gives, inline or as the paths of more hooks files,
// as Claude Code loads both. A manifest's hooks are never left out
// silently: a "hooks" that is neither, or a path outside the plugin, is an
// error, and without either there must be a hooks/hooks.json.
func (p *Plugin) loadHooks() (*Settings, error) {
	std := filepath.Join(p.Root, "hooks", "hooks.json")
	var parts []*Settings
	if _, err := os.Stat(std); err == nil || !p.manifestHooks.Exists() {
		s, err := p.loadFile(std)
		if err != nil {
			return nil, err
		}
		parts = append(parts, s)
	}
	h := p.manifestHooks
	switch {
	case !h.Exists() || h.Type == gjson.Null:
	case h.IsObject():
		s, err := parse(p.manifest, p.manifestData, p)
		if err != nil {
			return nil, err
		}
		parts = append(parts, s)
	default:
		paths, ok := stringList(h)
		if h.Type == gjson.String {
			paths, ok = []string{h.Str}, true
		}
		if !ok {
			ps := &parser{file: p.manifest, data: p.manifestData}
			return nil, ps.at(h, "hooks", "want the path of a hooks file, a list of them, or the hooks themselves, got %s", show(h))
		}
		for _, rel := range paths {
			path := filepath.Join(p.Root, rel)
			if r, err := filepath.Rel(p.Root, path); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
				ps := &parser{file: p.manifest, data: p.manifestData}
				return nil, ps.at(h, "hooks", "the hooks file %q is outside the plugin", rel)
			}
			if path == std && len(parts) > 0 && parts[0].files[0] == std {
				continue // read already, as Claude Code reads it once
			}
			s, err := p.loadFile(path)
			if err != nil {
				return nil, err
			}
			parts = append(parts, s)
		}
	}
	return merge(parts), nil
}

// loadFile reads one of the plugin's hooks files.
func (p *Plugin) loadFile(path string) (*Settings, error) {
	data, err := regularfile.Read(path, MaxFileSize, "a plugin's hooks file")
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	return parse(path, data, p)
}

// PluginName is the name of the plugin in root: its manifest's "name", or
// the directory's name when it has no manifest, as Claude Code names a
// plugin loaded from a directory.
func PluginName(root string) (string, error) {
	p := Plugin{Root: root}
	if err := p.readManifest(); err != nil {
		return "", err
	}
	return p.name, nil
}

// PluginDataDir is the directory in which Claude Code keeps the persistent
// data of the plugin identified as id ("formatter@my-marketplace"; a
// plugin loaded with --plugin-dir is NAME@inline): configDir/plugins/data/,
// then id with every character other than a letter, a digit, '_' and '-'
// replaced by '-'. configDir is Claude Code's configuration directory,
// $CLAUDE_CONFIG_DIR or ~/.claude.
func PluginDataDir(configDir, id string) string {
	safe := strings.Map(func(r rune) rune {
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', r == '_', r == '-':
			return r
		}
		return '-'
	}, id)
	return filepath.Join(configDir, "plugins", "data", safe)
}

// optionKey is what a userConfig key must be: it becomes part of a
// variable's name.
var optionKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// readManifest reads p.Root/.claude-plugin/plugin.json, when there is one:
// the plugin's name and its userConfig, whose values it resolves from
// p.UserConfig and the declared defaults.
func (p *Plugin) readManifest() error {
	p.name = filepath.Base(p.Root)
	path := filepath.Join(p.Root, ".claude-plugin", "plugin.json")
	data, err := regularfile.Read(path, MaxFileSize, "a plugin's manifest")
	switch {
	case errors.Is(err, fs.ErrNotExist):
		data = nil
	case err != nil:
		return fmt.Errorf("settings: %w", err)
	}
	defaults := map[string]string{}
	if data != nil {
		if defaults, err = p.parseManifest(path, data); err != nil {
			return err
		}
	}
	p.options = map[string]string{}
	for k, v := range defaults {
		p.options[k] = v
	}
	for k, v := range p.UserConfig {
		if !slices.Contains(p.declared, k) {
			return fmt.Errorf("settings: plugin %s: a value is given for user_config key %q, which %s does not declare (it declares %s)",
				p.Root, k, path, declaredList(p.declared))
		}
		p.options[k] = v
	}
	return nil
}

// parseManifest reads the name and the userConfig of a manifest: the keys
// in order, and the declared defaults.
func (p *Plugin) parseManifest(path string, data []byte) (map[string]string, error) {
	ps := &parser{file: path, data: bytes.TrimPrefix(data, utf8BOM)}
	var raw json.RawMessage
	if err := json.Unmarshal(ps.data, &raw); err != nil {
		return nil, ps.syntaxError(err)
	}
	root := gjson.ParseBytes(ps.data)
	if !root.IsObject() {
		return nil, ps.at(root, "", "the manifest is %s, not a JSON object", kind(root))
	}
	p.manifest, p.manifestData, p.manifestHooks = path, ps.data, root.Get("hooks")
	if name := root.Get("name"); name.Type == gjson.String && name.Str != "" {
		p.name = name.Str
	}
	uc := root.Get("userConfig")
	defaults := map[string]string{}
	if !uc.Exists() || uc.Type == gjson.Null {
		return defaults, nil
	}
	if !uc.IsObject() {
		return nil, ps.at(uc, "userConfig", "want an object of options, got %s", show(uc))
	}
	options, err := ps.members(uc, "userConfig")
	if err != nil {
		return nil, err
	}
	for _, o := range options {
		where := "userConfig." + o.key
		if !optionKey.MatchString(o.key) {
			return nil, ps.at(o.val, where, "the key %q is not an identifier (letters, digits and '_', not starting with a digit): it would be part of CLAUDE_PLUGIN_OPTION_<KEY>", o.key)
		}
		if !o.val.IsObject() {
			return nil, ps.at(o.val, where, "want an object describing the option, got %s", show(o.val))
		}
		p.declared = append(p.declared, o.key)
		switch d := o.val.Get("default"); d.Type {
		case gjson.String:
			defaults[o.key] = d.Str
		case gjson.Number, gjson.True, gjson.False:
			defaults[o.key] = d.Raw
		}
	}
	return defaults, nil
}

func declaredList(keys []string) string {
	if len(keys) == 0 {
		return "none"
	}
	return strings.Join(keys, ", ")
}

// OptionEnv is the variable a plugin's hooks read the user_config value of
// key from: CLAUDE_PLUGIN_OPTION_ and the key in upper case.
func OptionEnv(key string) string { return "CLAUDE_PLUGIN_OPTION_" + strings.ToUpper(key) }

// userConfigRef is a ${user_config.KEY} placeholder.
var userConfigRef = regexp.MustCompile(`\$\{user_config\.([A-Za-z_][A-Za-z0-9_]*)\}`)

// optionEnv is the CLAUDE_PLUGIN_OPTION_ entries of the plugin's hooks, in
// the order the manifest declares the keys.
func (p *Plugin) optionEnv() []string {
	var out []string
	for _, k := range p.declared {
		if v, ok := p.options[k]; ok {
			out = append(out, OptionEnv(k)+"="+v)
		}
	}
	return out
}

// userConfig applies the plugin's user configuration to args, the exec
// form of e's command: each ${user_config.KEY} replaced by its value. It
// returns why Claude Code would not run the hook instead, when it would
// not: a shell form that names a placeholder, or one without a value.
func (e *entry) userConfig(args []string) ([]string, string) {
	if e.plugin == nil {
		return args, ""
	}
	if !e.noShell {
		if m := userConfigRef.FindStringSubmatch(e.hook.Command); m != nil {
			return nil, fmt.Sprintf("not run: the shell-form command names ${user_config.%s}, which Claude Code does not substitute into a shell command (the shell would run the value as code) and refuses with a non-blocking error; give the command as \"args\" (exec form), where it is replaced, or read $%s", m[1], OptionEnv(m[1]))
		}
		return args, ""
	}
	out := make([]string, len(args))
	for i, a := range args {
		var missing string
		out[i] = userConfigRef.ReplaceAllStringFunc(a, func(ref string) string {
			key := userConfigRef.FindStringSubmatch(ref)[1]
			v, ok := e.plugin.options[key]
			if !ok && missing == "" {
				missing = key
			}
			return v
		})
		if missing != "" {
			return nil, "not run: " + e.plugin.missing(missing)
		}
	}
	return out, ""
}

// missing says why key has no value.
func (p *Plugin) missing(key string) string {
	if !slices.Contains(p.declared, key) {
		return fmt.Sprintf("${user_config.%s} names a key the plugin's manifest does not declare (it declares %s)", key, declaredList(p.declared))
	}
	return fmt.Sprintf("${user_config.%s} has no value: the user has not configured it and it has no default (give it with --plugin-option %s=VALUE, Plugin.UserConfig)", key, key)
}

// userConfigWarning says, for Hooks, why a plugin's command hook will not
// run, or "" when it will.
func (e *entry) userConfigWarning() string {
	args := append([]string{e.hook.Command}, e.hook.Args...)
	if _, why := e.userConfig(args); why != "" {
		return why + "; the hook fails on every call it runs for, and the call goes on unchecked unless the hook blocks on failure"
	}
	return ""
}

// notRunHook is the interceptor of a hook Claude Code would not run: every
// call it is asked about fails, with why, as Claude Code reports the
// hook's error.
func notRunHook(command, why string) hookchain.Interceptor {
	err := fmt.Errorf("hook %q: %s", command, why)
	return func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Outcome{}, err
	}
}
