package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode/settings"
	"github.com/hookchain/hookchain/process"
)

// common are the flags every command takes.
type common struct {
	settings        []string
	plugins         []string
	project         string
	home            string // --home: the user's home, for the command's whole run (useHome)
	failClosed      bool
	skipUnsupported bool
	strictEnv       bool
	pluginConfigs   map[int]*pluginConfig // by index into plugins
	// inSession says that projectFor's cwd is a session's (eval's input),
	// which the project must hold.
	inSession  bool
	scope      scopeFlags           // managed settings, skills and agents
	background *settings.Background // runs the async hooks; nil where none is run
	httpClient *http.Client         // sends http hooks' requests; nil is claudecode's default (replay's refuses remote hosts)
}

func (c *common) register(fs *flag.FlagSet) {
	fs.Func("settings", "a Claude Code settings `file` (repeatable)", func(s string) error {
		c.settings = append(c.settings, s)
		return nil
	})
	fs.Func("plugin-root", "a plugin's `directory` (repeatable)", func(s string) error {
		c.plugins = append(c.plugins, s)
		return nil
	})
	c.registerPlugin(fs)
	fs.StringVar(&c.project, "project", "", "the project `directory`")
	fs.StringVar(&c.home, "home", "", "the user's home `directory`, where the user's settings are and the hooks' HOME (default $HOME)")
	fs.BoolVar(&c.failClosed, "fail-closed", false, "hook failures block the call")
	fs.BoolVar(&c.skipUnsupported, "skip-unsupported", false, "leave out hooks that cannot run")
	fs.BoolVar(&c.strictEnv, "strict-env", false, "give command hooks the strict baseline environment")
	c.scope.register(fs)
}

// parse parses a subcommand's flags; it reports a bad command line itself.
// args says whether arguments other than flags are allowed.
func parse(name string, fs *flag.FlagSet, args []string, stderr io.Writer, allowArgs bool) bool {
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, usage)
		} else {
			errOut{name, stderr}.printf("%v; see 'hookchain help'", err) // a flag's name is printed as given
		}
		return false
	}
	if fs.NArg() > 0 && !allowArgs {
		fmt.Fprintf(stderr, "hookchain %s: unexpected argument %q; see 'hookchain help'\n", name, fs.Arg(0))
		return false
	}
	return true
}

// useHome makes --home the home directory of the command's run: where the
// user's settings are found (homeDir) and the HOME of every hook it runs,
// as the CLI a session runs in would give them. It returns what puts the
// environment back.
func (c *common) useHome() (restore func()) {
	if c.home == "" {
		return func() {}
	}
	home, err := filepath.Abs(c.home)
	if err != nil {
		home = c.home
	}
	return setenv("HOME", home)
}

// homeDir is the user's home directory, or "" when there is none.
func homeDir() string {
	home, _ := os.UserHomeDir()
	return home
}

// projectFor is the project a session working in cwd belongs to, as Claude
// Code finds it: --project; else the project whose .claude/ holds a
// --settings file and cwd (see settingsProject); else the nearest directory
// at or above cwd with project settings; else the project of the last
// --settings file that is a project's (never the first of several, the
// user's place), unless cwd is a session's; else cwd itself.
func (c *common) projectFor(cwd string) string {
	if c.project != "" {
		if abs, err := filepath.Abs(c.project); err == nil {
			return abs
		}
		return c.project
	}
	home := homeDir()
	if root, ok := settingsProject(c.settings, cwd, home); ok {
		return root
	}
	if root, ok := settings.FindProject(cwd, home); ok {
		return root
	}
	if root, ok := lastProjectFile(c.settings, home); ok && !c.inSession {
		return root
	}
	return cwd
}

// load reads the settings the flags name, or the standard ones of project,
// and the plugins' hooks after them.
func (c *common) load(project string) (*settings.Settings, error) {
	var s *settings.Settings
	var err error
	home := homeDir() // no home: no user settings
	scoped, err := c.scope.parts(project, home, len(c.settings) == 0)
	if err != nil {
		return nil, err
	}
	if len(c.settings) > 0 {
		s, err = settings.Load(c.settings...)
	} else {
		// The managed settings are the scope flags' to load.
		s, err = settings.LoadStandardFrom(settings.Standard{ProjectDir: project, HomeDir: home, NoManaged: true})
		if err == nil && len(s.Files()) == 0 && len(c.plugins) == 0 && len(scoped) == 0 {
			err = fmt.Errorf("no settings: none of %s exists; name a file with --settings",
				strings.Join(settings.StandardPaths(project, home), ", "))
		}
	}
	if err != nil {
		return nil, err
	}
	parts := []*settings.Settings{s}
	for i, root := range c.plugins {
		plugin, err := c.pluginFor(i, root)
		if err != nil {
			return nil, err
		}
		p, err := settings.LoadPlugin(plugin)
		if err != nil {
			return nil, err
		}
		parts = append(parts, p)
	}
	return settings.Merge(append(parts, scoped...)...), nil
}

// options are the settings options the flags say, for project; pool owns
// the processes of the persistent hooks the links are built with.
func (c *common) options(project string, pool *process.Pool) settings.Options {
	opts := settings.Options{
		ProjectDir:      project,
		FailClosed:      c.failClosed,
		SkipUnsupported: c.skipUnsupported,
		Pool:            pool,
		// The CLI has no model or MCP client: their hooks are refused by
		// name (or skipped), never linked to deny every call.
		RequireRuntime: true,
		UsesApprover:   true, // every command builds its chain with Settings.Chain or gives it Settings.Approver
		Background:     c.background,
		HTTPClient:     c.httpClient,
		// The commands print what they have to say themselves; serve gives
		// its own logger.
		Logger: quiet,
	}
	if opts.Background == nil {
		opts.Background = settings.NewBackground(settings.BackgroundOptions{Logger: quiet}) // nothing is run with it
	}
	if c.strictEnv {
		opts.Inherit = process.InheritBase
	}
	return opts
}

// chain loads the settings and builds their chain, for a session working in
// cwd, and returns it with the project it was built for. pool owns the
// persistent hooks' processes.
func (c *common) chain(cwd string, pool *process.Pool) (*hookchain.Chain, string, error) {
	project := c.projectFor(cwd)
	s, err := c.load(project)
	if err != nil {
		return nil, "", err
	}
	chain, err := s.Chain(c.options(project, pool))
	return chain, project, err
}

// closeGrace bounds how long a command waits, once it is done, for its
// persistent hooks' processes to stop.
const closeGrace = 5 * time.Second

// closePool stops the persistent hooks a command started.
func closePool(pool *process.Pool) {
	ctx, cancel := context.WithTimeout(context.Background(), closeGrace)
	defer cancel()
	_ = pool.Close(ctx)
}
