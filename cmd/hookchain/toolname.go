package main

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"
)

// crossTool gives a hook input of CLI from the tool name CLI to's settings
// know the call by, so that a policy written for one CLI judges the calls
// of another: Claude Code's Bash is Gemini's run_shell_command, and a
// matcher of Gemini's settings names only the latter. Left as it was, the
// name would match none of them, and every guard would be skipped.
//
// A tool that stands for several of the settings' tools (Codex's
// apply_patch is Claude Code's Edit and Write) cannot be judged as one of
// them without skipping the guards of the others: that is a problem, and
// the call is blocked. A tool with no counterpart keeps its name. An input
// that is not a tool call, or that hookchain will refuse anyway, is given
// back as it was.
func crossTool(stdin io.Reader, from, to string) (io.Reader, string) {
	if from == to {
		return stdin, ""
	}
	data, err := io.ReadAll(io.LimitReader(stdin, maxInput+1))
	if err != nil || len(data) > maxInput {
		return io.MultiReader(bytes.NewReader(data), stdin), ""
	}
	// The key counted as the CLI's reader reads keys, unescaped: given
	// twice, the input is refused when it is read, renamed or not.
	var tool gjson.Result
	given := 0
	gjson.ParseBytes(data).ForEach(func(k, v gjson.Result) bool {
		if k.Str == "tool_name" {
			tool, given = v, given+1
		}
		return true
	})
	if given != 1 || tool.Type != gjson.String {
		return bytes.NewReader(data), ""
	}
	names := toolNamesIn(tool.Str, from, to)
	switch {
	case len(names) == 0 || len(names) == 1 && names[0] == tool.Str:
		return bytes.NewReader(data), ""
	case len(names) > 1:
		return nil, fmt.Sprintf("%s's tool %s is %s to %s, and the call cannot be judged as one of them without skipping the others' hooks",
			displayName(from), tool.Str, strings.Join(names, " and "), displayName(to))
	}
	out, err := sjson.SetBytes(data, "tool_name", names[0])
	if err != nil {
		return nil, fmt.Sprintf("renaming the tool %s to %s's %s: %v", tool.Str, displayName(to), names[0], err)
	}
	return bytes.NewReader(out), ""
}

// toolNamesIn is what CLI to calls the tool CLI from calls tool, by way of
// the Claude Code tools each stands for; nil when to has none of them.
func toolNamesIn(tool, from, to string) []string {
	claudeNames := []string{tool}
	if from != claude {
		claudeNames = clis[from].profile().Tools.Claude(tool)
	}
	if to == claude {
		return claudeNames
	}
	var names []string
	for _, c := range claudeNames {
		if own, ok := clis[to].profile().Tools.Own(c); ok && !slices.Contains(names, own) {
			names = append(names, own)
		}
	}
	return names
}
