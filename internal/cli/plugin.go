package cli

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookchain/hookchain/claudecode/settings"
)

// pluginConfig is what the flags after a --plugin-root say about that
// plugin: its data directory and its user configuration.
type pluginConfig struct {
	data    string
	options map[string]string
}

// registerPlugin adds the flags that configure the plugin of the
// --plugin-root before them.
func (c *common) registerPlugin(fs *flag.FlagSet) {
	fs.Func("plugin-data", "the `directory` of the last --plugin-root's data (CLAUDE_PLUGIN_DATA)", func(s string) error {
		pc, err := c.lastPlugin("--plugin-data")
		if err != nil {
			return err
		}
		if s == "" {
			return fmt.Errorf("--plugin-data: an empty directory")
		}
		pc.data = s
		return nil
	})
	fs.Func("plugin-option", "a `KEY=VALUE` of the last --plugin-root's user_config (repeatable)", func(s string) error {
		pc, err := c.lastPlugin("--plugin-option")
		if err != nil {
			return err
		}
		k, v, ok := strings.Cut(s, "=")
		if !ok || k == "" {
			return fmt.Errorf("--plugin-option %q: want KEY=VALUE", s)
		}
		if pc.options == nil {
			pc.options = map[string]string{}
		}
		pc.options[k] = v
		return nil
	})
}

// lastPlugin is the configuration of the plugin the last --plugin-root
// named, which flag configures.
func (c *common) lastPlugin(flag string) (*pluginConfig, error) {
	if len(c.plugins) == 0 {
		return nil, fmt.Errorf("%s: it configures the plugin of the --plugin-root before it, and there is none", flag)
	}
	if c.pluginConfigs == nil {
		c.pluginConfigs = map[int]*pluginConfig{}
	}
	i := len(c.plugins) - 1
	if c.pluginConfigs[i] == nil {
		c.pluginConfigs[i] = &pluginConfig{}
	}
	return c.pluginConfigs[i], nil
}

// pluginFor is the i-th --plugin-root, root, as Claude Code would run it:
// with the user configuration the flags give, and its data directory,
// --plugin-data or Claude Code's for a plugin loaded from a directory
// (CONFIG/plugins/data/NAME-inline, CONFIG being $CLAUDE_CONFIG_DIR or
// ~/.claude), created when missing, as Claude Code creates it.
func (c *common) pluginFor(i int, root string) (settings.Plugin, error) {
	p := settings.Plugin{Root: root}
	pc := c.pluginConfigs[i]
	if pc != nil {
		p.Data, p.UserConfig = pc.data, pc.options
	}
	if p.Data != "" {
		return p, nil
	}
	config := os.Getenv("CLAUDE_CONFIG_DIR")
	if config == "" {
		home := homeDir()
		if home == "" {
			return p, nil // nowhere Claude Code would keep it: the variable stays unset
		}
		config = filepath.Join(home, ".claude")
	}
	name, err := settings.PluginName(root)
	if err != nil {
		return p, err
	}
	p.Data = settings.PluginDataDir(config, name+"@inline")
	if err := os.MkdirAll(p.Data, 0o755); err != nil {
		return p, fmt.Errorf("plugin %s: its data directory: %w", root, err)
	}
	return p, nil
}
