package codex

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/BurntSushi/toml"
)

// ParseConfigTOML reads data, the content of the config.toml file named
// file, for the hooks Codex reads from it: its [hooks] tables, which say in
// TOML what a hooks.json says in JSON ([[hooks.PreToolUse]] is a matcher
// group, [[hooks.PreToolUse.hooks]] one of its handlers), read by the same
// rules as ParseHooksFile. [hooks.state] is where Codex keeps each hook's
// trust and enablement, not an event, and is left out. The rest of the
// file — models, sandbox, features — is not read, except that a file that
// is not TOML, or that gives a key twice, is an error, as in Codex.
func ParseConfigTOML(file string, data []byte) ([]Hook, []string, error) {
	var doc map[string]any
	if _, err := toml.Decode(string(data), &doc); err != nil {
		return nil, nil, fmt.Errorf("codex: %s: not a TOML file: %v", file, err)
	}
	raw, ok := doc["hooks"]
	if !ok {
		return nil, nil, nil
	}
	hooks, ok := raw.(map[string]any)
	if !ok {
		return nil, nil, fmt.Errorf("codex: %s: hooks is a %T, not a table of events", file, raw)
	}
	events := make(map[string]any, len(hooks))
	for k, v := range hooks {
		if k != "state" {
			events[k] = v
		}
	}
	// TOML's values are JSON's but for dates, which no hook field takes:
	// ParseHooksFile refuses them where a string or number is wanted.
	b, err := json.Marshal(map[string]any{"hooks": events})
	if err != nil {
		return nil, nil, fmt.Errorf("codex: %s: the hooks tables: %v", file, err)
	}
	return ParseHooksFile(file, b)
}

// Parse reads one of Codex's hook files by its name: a config.toml (any
// name ending .toml) with ParseConfigTOML, any other with ParseHooksFile.
func Parse(file string, data []byte) ([]Hook, []string, error) {
	if filepath.Ext(file) == ".toml" {
		return ParseConfigTOML(file, data)
	}
	return ParseHooksFile(file, data)
}

// ConfigFiles are the files Codex reads hooks from, for a session in the
// project directory project of the user whose home is home, in the order
// their hooks run: the user's layer (~/.codex), then the project's
// (project/.codex), each layer's config.toml then its hooks.json. Codex
// runs the hooks of every layer and of both files of one layer; a layer's
// two files are merged, with a warning, and which comes first is not
// documented. An empty project or home leaves its layer out, and a project
// that is the home directory is one layer.
//
// Codex loads a project's layer only when the user has trusted the
// project, and a hook only once its exact definition has been reviewed and
// trusted; its trust is kept in Codex's own state, which hookchain does not
// read: the caller that names these files is the one who trusts them.
// CODEX_HOME, which moves the user's layer, is the caller's to apply.
// Plugins' hooks and managed requirements.toml are not among them.
func ConfigFiles(project, home string) []string {
	var files []string
	for i, dir := range []string{home, project} {
		if dir == "" || i == 1 && filepath.Clean(dir) == filepath.Clean(home) {
			continue // a session in the home directory has one layer there
		}
		files = append(files, filepath.Join(dir, ".codex", "config.toml"), filepath.Join(dir, ".codex", "hooks.json"))
	}
	return files
}
