package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// hookFiles are the files of CLI name's hooks for a session in project:
// those --settings names, else those of the CLI's own places (cli.files)
// that exist, in the CLI's order. None at all is an error: a command that
// judged calls with no hooks would allow every one of them.
func (c *common) hookFiles(name, project string) ([]string, error) {
	if len(c.settings) > 0 {
		return c.settings, nil
	}
	agent, err := c.agentName(name)
	if err != nil {
		return nil, err
	}
	places := clis[name].files(project, homeDir(), agent)
	if len(places) == 0 && clis[name].agents && agent == "" {
		return nil, fmt.Errorf("no %s hooks: %s's hooks are an agent's; name the agent with --agent NAME, or the files with --settings",
			displayName(name), displayName(name))
	}
	if len(places) == 0 {
		return nil, fmt.Errorf("no %s hooks: hookchain does not find %s's files yet; name them with --settings", displayName(name), displayName(name))
	}
	var found []string
	for _, f := range places {
		_, err := os.Stat(f)
		switch {
		case err == nil:
			found = append(found, f)
		case !errors.Is(err, fs.ErrNotExist):
			// There, but not to be read: reading it says why.
			found = append(found, f)
		}
	}
	if len(found) == 0 {
		return nil, fmt.Errorf("no %s hooks: none of %s exists; name a file with --settings",
			displayName(name), strings.Join(places, ", "))
	}
	return found, nil
}

// agentName is the agent --agent names for CLI name, whose own hooks
// apply: one name, or "" when none is given.
func (c *common) agentName(name string) (string, error) {
	agents := c.scope.agents
	switch {
	case !clis[name].agents || len(agents) == 0:
		return "", nil
	case len(agents) > 1:
		return "", fmt.Errorf("--agent: a %s session runs one agent; %d are named", displayName(name), len(agents))
	case agents[0] == "" || strings.ContainsAny(agents[0], `/\`) || agents[0] == "." || agents[0] == "..":
		return "", fmt.Errorf("--agent %q: not an agent's name", agents[0])
	}
	return agents[0], nil
}

// projectOf is the project of CLI name a session working in cwd is in:
// --project; else the nearest directory at or above cwd, below the home
// directory, that holds one of the CLI's project files; else cwd itself.
func (c *common) projectOf(name, cwd string) string {
	if c.project != "" {
		if abs, err := filepath.Abs(c.project); err == nil {
			return abs
		}
		return c.project
	}
	home := filepath.Clean(homeDir())
	for dir := filepath.Clean(cwd); dir != home; {
		if slices.ContainsFunc(clis[name].files(dir, "", ""), exists) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return cwd
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
