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
// with its shell). Of several, it is the first Owns gives.
func (t ToolNames) Own(claude string) (string, bool) {
	if owns := t.Owns(claude); len(owns) > 0 {
		return owns[0], true
	}
	return "", false
}

// Owns returns every tool of the CLI that stands for a Claude Code tool,
// sorted, or only the one of the same name when there is one (Factory
// Droid's Edit, not also its ApplyPatch): a call judged under one of
// several names skips the hooks of the others, which is for the caller to
// refuse. An MCP tool is its own name.
func (t ToolNames) Owns(claude string) []string {
	if slices.Contains(t[claude], claude) {
		return []string{claude}
	}
	var owns []string
	for _, own := range slices.Sorted(maps.Keys(t)) {
		if slices.Contains(t[own], claude) {
			owns = append(owns, own)
		}
	}
	if len(owns) == 0 && strings.HasPrefix(claude, "mcp__") {
		return []string{claude}
	}
	return owns
}
