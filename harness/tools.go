package harness

import (
	"maps"
	"slices"
	"strings"
)

// ToolNames maps a CLI's tool names to the Claude Code tools each stands
// for — Codex's "apply_patch" for "Edit" and "Write" — so that a chain or a
// configuration written with one CLI's names can be read with another's.
// MCP tools are not in the map: a name "mcp__server__tool" is the same in
// both. (A CLI that spells them otherwise will need more than a map.)
type ToolNames map[string][]string

// Claude returns the Claude Code names of the CLI's tool, or nil when it
// stands for none.
func (t ToolNames) Claude(tool string) []string {
	if names, ok := t[tool]; ok {
		return slices.Clone(names)
	}
	if strings.HasPrefix(tool, "mcp__") {
		return []string{tool}
	}
	return nil
}

// Own returns the CLI's name for a Claude Code tool, and false when the
// CLI has no tool that stands for it (Codex has no "Read": it reads files
// with its shell). Of two tools that stand for it, the one of the same
// name is the CLI's own (Factory Droid's Edit, not its ApplyPatch).
func (t ToolNames) Own(claude string) (string, bool) {
	if slices.Contains(t[claude], claude) {
		return claude, true
	}
	// Sorted, so that a Claude name two tools stand for always gives the
	// same one.
	for _, own := range slices.Sorted(maps.Keys(t)) {
		if slices.Contains(t[own], claude) {
			return own, true
		}
	}
	if strings.HasPrefix(claude, "mcp__") {
		return claude, true
	}
	return "", false
}
