package claudecode

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/hookchain/hookchain"
)

// builtinTools are Claude Code's own tools, whose outputs have a shape of
// Claude Code's making: an updatedToolOutput for one of them is applied
// only when it has that shape, and ignored otherwise (Claude Code's debug
// log: "PostToolUse hook returned updatedToolOutput that does not match
// Bash's output shape"). MCP tools and tools Claude Code does not have are
// not in it: their replacements are applied as given.
//
// The value lists the fields a tool's output is known to need, with their
// JSON kinds, where they are known: Bash's are the ones Claude Code's
// maintainers show applied ({"stdout", "stderr", "interrupted"}). For the
// others the output the replacement takes the place of stands in for the
// schema, which hookchain does not have (see shapeFault).
var builtinTools = map[string][]shapeField{
	"Bash":         {{"stdout", "a string"}, {"stderr", "a string"}, {"interrupted", "a boolean"}},
	"BashOutput":   nil,
	"KillShell":    nil,
	"Read":         nil,
	"Write":        nil,
	"Edit":         nil,
	"MultiEdit":    nil,
	"NotebookEdit": nil,
	"NotebookRead": nil,
	"Glob":         nil,
	"Grep":         nil,
	"LS":           nil,
	"WebFetch":     nil,
	"WebSearch":    nil,
	"Task":         nil,
	"Agent":        nil,
	"TodoWrite":    nil,
	"ExitPlanMode": nil,
}

// shapeField is a field a tool's output must have, and its JSON kind (as
// kind names it).
type shapeField struct{ name, kind string }

// shapeFault says why replacement does not have the output shape of e's
// tool, or returns "" when it does or when the tool is not one of Claude
// Code's own (builtinTools).
//
// Claude Code checks a replacement against the tool's output schema.
// hookchain has Bash's required fields, and for every tool the output the
// replacement takes the place of, which stands in for the schema: the
// replacement must be the same kind of JSON, and an object must have each
// of the original's top-level fields, of the same kind (a null in the
// original is any kind). That can be stricter than Claude Code, which lets
// a schema's optional fields be left out, and looser, since values inside
// those fields are not compared; it is the closest rule that needs no
// schema. A Bash output that Claude Code would apply ({"stdout", "stderr",
// "interrupted"}) is always applied, whatever other fields the original
// had. At PostToolUseFailure the output is the error's text, and the
// replacement must be text too; and a runtime whose own tool named Bash
// answers text is held to its output, not to Claude Code's.
func shapeFault(e hookchain.Event, replacement json.RawMessage) string {
	required, builtin := builtinTools[e.Tool]
	if !builtin {
		return ""
	}
	got := kind(replacement)
	if len(required) > 0 && !e.IsError && (len(e.Output) == 0 || kind(e.Output) == "an object") {
		if got != "an object" {
			return fmt.Sprintf("%s's output is an object with %s, and the replacement is %s", e.Tool, fieldList(required), got)
		}
		fields, err := objectFields(replacement, "the replacement")
		if err != nil {
			return err.Error()
		}
		for _, f := range required {
			if fault := fieldFault(e.Tool, f, fields); fault != "" {
				return fault
			}
		}
		return ""
	}
	if len(e.Output) == 0 {
		return "" // nothing to compare with
	}
	want := kind(e.Output)
	if got != want {
		return fmt.Sprintf("%s's output is %s, and the replacement is %s", e.Tool, want, got)
	}
	if want != "an object" {
		return ""
	}
	original, err := objectFields(e.Output, "the output")
	if err != nil {
		return err.Error()
	}
	fields, err := objectFields(replacement, "the replacement")
	if err != nil {
		return err.Error()
	}
	names := make([]string, 0, len(original))
	for name := range original {
		names = append(names, name)
	}
	sort.Strings(names) // the first fault named is always the same one
	for _, name := range names {
		k := kind(original[name])
		if k == "null" {
			k = ""
		}
		if fault := fieldFault(e.Tool, shapeField{name, k}, fields); fault != "" {
			return fault
		}
	}
	return ""
}

// fieldFault says how field f is missing from fields, or of another kind;
// an empty f.kind takes any kind.
func fieldFault(tool string, f shapeField, fields map[string]json.RawMessage) string {
	raw, ok := fields[f.name]
	if !ok {
		return fmt.Sprintf("%s's output has %q, which the replacement lacks", tool, f.name)
	}
	if got := kind(raw); f.kind != "" && got != f.kind {
		return fmt.Sprintf("%s's output has %q as %s, and the replacement's is %s", tool, f.name, f.kind, got)
	}
	return ""
}

// fieldList names fields for a reason: "\"stdout\" (a string), … and
// \"interrupted\" (a boolean)".
func fieldList(fields []shapeField) string {
	parts := make([]string, len(fields))
	for i, f := range fields {
		parts[i] = fmt.Sprintf("%q (%s)", f.name, f.kind)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// ignoredReplacement is the reason of an answer whose updatedToolOutput
// does not have the tool's output shape. It says what follows, because a
// hook that redacts a secret this way does not redact it.
func ignoredReplacement(fault string) string {
	return "updatedToolOutput ignored: " + fault + "; Claude Code ignores a replacement that does not have " +
		"the tool's output shape, so the tool's own output reaches the model unchanged"
}
