package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// ComponentPaths returns the skills and agents Claude Code finds for a
// project, user's first: HOMEDIR/.claude/skills/NAME/SKILL.md and
// PROJECTDIR/.claude/skills/NAME/SKILL.md, HOMEDIR/.claude/agents/*.md and
// PROJECTDIR/.claude/agents/*.md, each in alphabetical order. An empty
// directory name leaves its files out, and a directory that does not exist
// has none; one that cannot be read is an error.
func ComponentPaths(projectDir, homeDir string) (skills, agents []string, err error) {
	var roots []string
	for _, dir := range []string{homeDir, projectDir} {
		if dir != "" && !slices.Contains(roots, filepath.Clean(dir)) {
			roots = append(roots, filepath.Clean(dir))
		}
	}
	for _, root := range roots {
		found, err := listDir(filepath.Join(root, ".claude", "skills"), func(d fs.DirEntry, path string) (string, bool) {
			skill := filepath.Join(path, "SKILL.md")
			fi, err := os.Stat(skill)
			return skill, err == nil && !fi.IsDir()
		})
		if err != nil {
			return nil, nil, err
		}
		skills = append(skills, found...)
		found, err = listDir(filepath.Join(root, ".claude", "agents"), func(d fs.DirEntry, path string) (string, bool) {
			return path, strings.HasSuffix(d.Name(), ".md") && !d.IsDir()
		})
		if err != nil {
			return nil, nil, err
		}
		agents = append(agents, found...)
	}
	return skills, agents, nil
}

// listDir lists what keep says of dir's entries, hidden ones aside, in
// alphabetical order.
func listDir(dir string, keep func(d fs.DirEntry, path string) (string, bool)) ([]string, error) {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("settings: %w", err)
	}
	var out []string
	for _, d := range entries { // ReadDir sorts by name
		if strings.HasPrefix(d.Name(), ".") {
			continue
		}
		if path, ok := keep(d, filepath.Join(dir, d.Name())); ok {
			out = append(out, path)
		}
	}
	return out, nil
}

// LoadComponents loads the skills and agents at the paths given, as
// LoadSkill and LoadAgent do, skills first.
func LoadComponents(skills, agents []string) (*Settings, error) {
	var parts []*Settings
	for _, group := range []struct {
		paths []string
		load  func(string) (*Settings, error)
	}{{skills, LoadSkill}, {agents, LoadAgent}} {
		for _, path := range group.paths {
			s, err := group.load(path)
			if err != nil {
				return nil, err
			}
			parts = append(parts, s)
		}
	}
	return merge(parts), nil
}
