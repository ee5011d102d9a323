package cli

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/harness"
)

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
// tool given the name CLI settingsOf's settings know it by (nameIn) and
// its input the field names they know it by (harness.InputNames): the
// chain judges the call as a call of that CLI, so that a policy written for
// one CLI judges the calls of another — Claude Code's Bash is Gemini's
// run_shell_command, and Windsurf's "command_line" is Bash's "command".
// Left as they were, the name would match none of the settings' matchers,
// the field none of their guards, and every guard would be skipped. The
// answer is written for p's CLI as ever, a rewritten input given its
// fields' names back. A tool nameIn cannot name is an input p refuses, the
// reason starting with the command's name (cmd).
func judgedAs(p harness.Profile, from, settingsOf, cmd string) harness.Profile {
	if from == settingsOf {
		return p
	}
	to := profileOf(settingsOf)
	decode, write := p.Decode, p.Write
	p.Decode = func(input []byte) (hookchain.Event, harness.SessionInfo, error) {
		e, s, err := decode(input)
		if err != nil {
			return e, s, err
		}
		claudeTool, one := only(p.Tools.Claude(e.Tool))
		if e.Tool, err = nameIn(e.Tool, p.Tools.Claude(e.Tool), from, settingsOf); err != nil {
			return e, s, fmt.Errorf("%s: %w", cmd, err)
		}
		if one {
			if e.Input, err = translated(e.Input, p.Inputs.Claude, to.Inputs.Own, claudeTool); err != nil {
				return e, s, fmt.Errorf("%s: %s's %s call, judged as %s's: %w", cmd, displayName(from), claudeTool, displayName(settingsOf), err)
			}
		}
		return e, s, nil
	}
	p.Write = func(e hookchain.Event, o hookchain.Outcome) harness.Reply {
		claudeTool, one := e.Tool, true // the settings' tool, and so Claude Code's, when they are Claude Code's
		if settingsOf != claude {
			claudeTool, one = only(to.Tools.Claude(e.Tool))
		}
		if one {
			var err error
			if e.Input, err = translated(e.Input, to.Inputs.Claude, p.Inputs.Own, claudeTool); err == nil {
				o.Input, err = translated(o.Input, to.Inputs.Claude, p.Inputs.Own, claudeTool)
			}
			if err != nil {
				// A rewrite the CLI cannot be given by its own names: the
				// call must not run as the model wrote it either.
				return p.Refuse(fmt.Sprintf("%s: the chain's input for %s cannot be given back in %s's names: %v", cmd, claudeTool, displayName(from), err))
			}
		}
		return write(e, o)
	}
	return p
}

// translated is input renamed by first, then by second, for Claude Code's
// tool; nil stays nil.
func translated(input json.RawMessage, first, second func(string, json.RawMessage) (json.RawMessage, error), tool string) (json.RawMessage, error) {
	if input == nil {
		return nil, nil
	}
	mid, err := first(tool, input)
	if err != nil {
		return nil, err
	}
	return second(tool, mid)
}

// only is the one name of names, and false when there are more or none.
func only(names []string) (string, bool) {
	if len(names) != 1 {
		return "", false
	}
	return names[0], true
}

// profileOf is the profile of the CLI named name, Claude Code's included.
func profileOf(name string) harness.Profile {
	if name == claude {
		return claudecode.Profile()
	}
	return clis[name].profile()
}
