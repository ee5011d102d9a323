package cli

import (
	"flag"

	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/claudecode/settings"
)

// scopeFlags say which managed settings, skills and agents join the
// settings' hooks.
type scopeFlags struct {
	managed      []string // --managed-settings: instead of the system's managed settings
	skills       []string // --skill
	agents       []string // --agent
	activeSkills []string // --active-skill: eval and test run as if these skills run
}

func (f *scopeFlags) register(fs *flag.FlagSet) {
	repeat := func(dst *[]string) func(string) error {
		return func(s string) error { *dst = append(*dst, s); return nil }
	}
	fs.Func("managed-settings", "a managed settings `file`, instead of the system's (repeatable)", repeat(&f.managed))
	fs.Func("skill", "a skill's SKILL.md `file` whose frontmatter hooks join (repeatable)", repeat(&f.skills))
	fs.Func("agent", "an agent's .md `file` whose frontmatter hooks join (repeatable)", repeat(&f.agents))
	fs.Func("active-skill", "the `name` of a skill the call runs under (repeatable)", repeat(&f.activeSkills))
}

// parts are the settings these flags add: the skills and agents named, or
// in standard mode (discover) those of the project and home as well; then
// the managed settings named, or else the system's, which run last.
func (f *scopeFlags) parts(project, home string, discover bool) ([]*settings.Settings, error) {
	skills, agents := f.skills, f.agents
	if discover {
		foundSkills, foundAgents, err := settings.ComponentPaths(project, home)
		if err != nil {
			return nil, err
		}
		skills, agents = append(foundSkills, skills...), append(foundAgents, agents...)
	}
	var parts []*settings.Settings
	if len(skills)+len(agents) > 0 {
		c, err := settings.LoadComponents(skills, agents)
		if err != nil {
			return nil, err
		}
		parts = append(parts, c)
	}
	managed := f.managed
	if len(managed) == 0 {
		var err error
		if managed, err = settings.ManagedPaths(settings.ManagedDir()); err != nil {
			return nil, err
		}
	}
	if len(managed) > 0 {
		m, err := settings.LoadManaged(managed...)
		if err != nil {
			return nil, err
		}
		parts = append(parts, m)
	}
	return parts, nil
}

// session adds the active skills to a call's session.
func (f *scopeFlags) session(s claudecode.SessionInfo) claudecode.SessionInfo {
	if f.activeSkills != nil {
		s.Skills = f.activeSkills
	}
	return s
}
