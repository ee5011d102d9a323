package main

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"
)

// crossTool gives a Claude Code hook input the tool name CLI to's settings
// know the call by (judgedAs does it for every other CLI's input, which a
// profile decodes), so that a policy written for one CLI judges the calls
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
func crossTool(stdin io.Reader, to string) (io.Reader, string) {
	if to == claude {
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
	name, err := nameIn(tool.Str, []string{tool.Str}, claude, to)
	if err != nil {
		return nil, err.Error()
	}
	if name == tool.Str {
		return bytes.NewReader(data), ""
	}
	out, err := sjson.SetBytes(data, "tool_name", name)
	if err != nil {
		return nil, fmt.Sprintf("renaming the tool %s to %s's %s: %v", tool.Str, displayName(to), name, err)
	}
	return bytes.NewReader(out), ""
}

// nameIn is the name CLI to's settings know a tool of CLI from by, which
// stands for the Claude Code tools claudeNames: tool itself when to has no
// counterpart, and an error when it has several, since judging the call as
// one would skip the others' hooks.
func nameIn(tool string, claudeNames []string, from, to string) (string, error) {
	names := claudeNames
	if to != claude {
		names = nil
		p := clis[to].profile()
		for _, c := range claudeNames {
			for _, own := range p.Tools.Owns(c) {
				if alias, ok := p.Aliases[own]; ok {
					own = alias // the same tool to the CLI's matchers
				}
				if !slices.Contains(names, own) {
					names = append(names, own)
				}
			}
		}
	}
	switch len(names) {
	case 0:
		return tool, nil
	case 1:
		return names[0], nil
	}
	return "", fmt.Errorf("%s's tool %s is %s to %s, and the call cannot be judged as one of them without skipping the others' hooks",
		displayName(from), tool, strings.Join(names, " and "), displayName(to))
}

// judgedAs is p, the profile of the CLI a hook answers, with each call's
// tool given the name CLI settingsOf's settings know it by (nameIn): the
// chain judges the call under that name, and the answer is written for
// p's CLI as ever. A tool nameIn cannot name is an input p refuses, the
// reason starting with the command's name (cmd).
func judgedAs(p harness.Profile, from, settingsOf, cmd string) harness.Profile {
	if from == settingsOf {
		return p
	}
	decode := p.Decode
	p.Decode = func(input []byte) (hookchain.Event, harness.SessionInfo, error) {
		e, s, err := decode(input)
		if err != nil {
			return e, s, err
		}
		if e.Tool, err = nameIn(e.Tool, p.Tools.Claude(e.Tool), from, settingsOf); err != nil {
			return e, s, fmt.Errorf("%s: %w", cmd, err)
		}
		return e, s, nil
	}
	return p
}
