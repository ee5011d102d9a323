package cli

import (
	"flag"
	"io"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/harness"
	clinecli "github.com/hookchain/hookchain/harness/cline"
	codexcli "github.com/hookchain/hookchain/harness/codex"
	copilotcli "github.com/hookchain/hookchain/harness/copilot"
	cursorcli "github.com/hookchain/hookchain/harness/cursor"
	factorycli "github.com/hookchain/hookchain/harness/factory"
	geminicli "github.com/hookchain/hookchain/harness/gemini"
	kirocli "github.com/hookchain/hookchain/harness/kiro"
	qwencli "github.com/hookchain/hookchain/harness/qwen"
	windsurfcli "github.com/hookchain/hookchain/harness/windsurf"
)

// The agent CLIs --harness names. Only those with a profile work; the
// others are refused by name, so that a script written for a later version
// fails rather than runs Claude Code's rules.
const (
	claude   = "claude"
	codex    = "codex"
	gemini   = "gemini"
	cursor   = "cursor"
	copilot  = "copilot"
	factory  = "factory"
	cline    = "cline"
	qwen     = "qwen"
	kiro     = "kiro"
	windsurf = "windsurf"
)

// harnessNames are every name --harness knows, in the order help lists them.
var harnessNames = []string{claude, codex, gemini, cursor, copilot, factory, cline, windsurf, qwen, kiro}

// cli is what the commands know of an agent CLI other than Claude Code:
// one entry of clis each, so that a CLI is added in one place.
type cli struct {
	display string                                                                // its name as its users write it: "Codex"
	profile func() harness.Profile                                                // how it runs a hook and reads an answer
	chain   func(files []string, s harness.SessionInfo) (*hookchain.Chain, error) // the files' tool-call hooks, for session s
	check   func(c *common, fs *flag.FlagSet, stdout io.Writer, say errOut) int   // check's table of the files' hooks
	// files are the places the CLI reads hooks from, for a session in a
	// project of a user's home, running agent (--agent; "" when none is
	// named), in its order; a project's alone when home is "".
	files func(project, home, agent string) []string
	// agents says that the CLI's hooks are an agent's own, which --agent
	// names: for the others --agent is Claude Code's flag, and refused.
	agents bool
	// decodeAs reads a hook input as that of the event eval's --event
	// names, for a CLI whose input does not always say its event; nil
	// where it does, and --event is refused.
	decodeAs func(event string, input []byte) (hookchain.Event, harness.SessionInfo, error)
}

var clis map[string]cli

// init fills clis, which a variable's initializer cannot: a CLI's check
// names the CLI by looking it up there.
func init() {
	clis = map[string]cli{
		codex:    {"Codex", codexcli.Profile, codexChain, checkCodex, agentless(codexcli.ConfigFiles), false, nil},
		gemini:   {"Gemini", geminicli.Profile, geminiChain, checkGemini, agentless(geminicli.ConfigFiles), false, nil},
		cursor:   {"Cursor", cursorcli.Profile, cursorChain, checkCursor, agentless(cursorcli.ConfigFiles), false, nil},
		copilot:  {"Copilot", copilotcli.Profile, copilotChain, checkCopilot, agentless(copilotcli.ConfigFiles), false, copilotcli.DecodeEvent},
		factory:  {"Factory Droid", factorycli.Profile, factoryChain, checkFactory, factoryFiles, false, nil},
		cline:    {"Cline", clinecli.Profile, clineChain, checkCline, agentless(clinecli.ConfigFiles), false, nil},
		qwen:     {"Qwen Code", qwencli.Profile, qwenChain, checkQwen, agentless(qwencli.ConfigFiles), false, nil},
		kiro:     {"Kiro", kirocli.Profile, kiroChain, checkKiro, kiroFiles, true, nil},
		windsurf: {"Windsurf", windsurfcli.Profile, windsurfChain, checkWindsurf, agentless(windsurfcli.ConfigFiles), false, nil},
	}
}

// agentless is the files of a CLI that has no agents of its own.
func agentless(files func(project, home string) []string) func(project, home, agent string) []string {
	return func(project, home, _ string) []string { return files(project, home) }
}

// supported are the names eval, check and hook speak for, in harnessNames's
// order.
func supported() []string {
	var names []string
	for _, n := range harnessNames {
		if _, ok := clis[n]; ok || n == claude {
			names = append(names, n)
		}
	}
	return names
}

// harnessFlags are --harness and, for hook, --settings-harness.
type harnessFlags struct {
	name     string // the CLI the command speaks for
	settings string // the CLI whose settings --settings names; "" is name
}

func (h *harnessFlags) register(fs *flag.FlagSet, settingsToo bool) {
	fs.StringVar(&h.name, "harness", claude, "the agent `CLI` whose hooks run: "+strings.Join(harnessNames, ", "))
	if settingsToo {
		fs.StringVar(&h.settings, "settings-harness", "", "the agent `CLI` whose settings --settings names (default: --harness)")
	}
}

// check refuses a name the command cannot speak for, naming those it can.
func (h *harnessFlags) check(say errOut, works ...string) bool {
	if h.settings == "" {
		h.settings = h.name
	}
	for _, flagName := range []string{"harness", "settings-harness"} {
		name := h.name
		if flagName == "settings-harness" {
			name = h.settings
		}
		switch {
		case slices.Contains(works, name):
			continue
		case slices.Contains(harnessNames, name):
			say.printf("--%s %s: not supported yet; this command works with %s", flagName, name, strings.Join(works, ", "))
		default:
			say.printf("--%s %q: no such harness; this command works with %s (known: %s)",
				flagName, name, strings.Join(works, ", "), strings.Join(harnessNames, ", "))
		}
		return false
	}
	return true
}

// claudeOnly are the flags that say how Claude Code settings are found and
// run; a Codex hooks.json and a Gemini settings.json have none of these.
var claudeOnly = []string{"plugin-root", "plugin-data", "plugin-option", "managed-settings",
	"skill", "agent", "active-skill", "fail-closed", "skip-unsupported", "strict-env"}

// refuseClaudeFlags refuses the Claude Code flags given with settings of
// another CLI: silently ignoring --fail-closed, say, would let a call run
// that its author meant to block.
func refuseClaudeFlags(fs *flag.FlagSet, name string, say errOut) bool {
	settingsOf := displayName(name)
	var given []string
	fs.Visit(func(f *flag.Flag) {
		if slices.Contains(claudeOnly, f.Name) && !(f.Name == "agent" && clis[name].agents) {
			given = append(given, "--"+f.Name)
		}
	})
	if len(given) == 0 {
		return true
	}
	say.printf("%s: Claude Code settings only; not with %s settings", strings.Join(given, ", "), settingsOf)
	return false
}

// displayName is a CLI's name as its users write it.
func displayName(name string) string {
	if name == claude {
		return "Claude Code"
	}
	return clis[name].display
}

// capabilities is a CLI's row of the capability table.
func capabilities(name string) harness.Capabilities {
	if name == claude {
		return claudecode.Profile().Can
	}
	return clis[name].profile().Can
}

// degradeLint says what a chain of hooks written for from can say that
// to cannot, and what it becomes there (harness.Degrade), a line each.
func degradeLint(from, to string) []string {
	have, can := capabilities(from), capabilities(to)
	target := displayName(to)
	var lines []string
	if have.Ask && !can.Ask {
		lines = append(lines, "a hook that asks: "+target+" has no ask: degraded to deny")
	}
	if have.Rewrite && !can.Rewrite {
		lines = append(lines, "a hook that rewrites the input: "+target+" has no rewrite: degraded to deny")
	}
	switch {
	case have.Replace > can.Replace && can.Replace == harness.ReplaceNone:
		lines = append(lines, "a hook that replaces a tool's output: "+target+" cannot replace it: degraded to deny")
	case have.Replace > can.Replace:
		lines = append(lines, "a hook that replaces a tool's output: "+target+" replaces it with text only: degraded to its text, shown as a failed call")
	}
	if have.Context && !can.Context {
		lines = append(lines, "a hook that adds context: "+target+" has no context: the notes are dropped")
	}
	if have.Message && !can.Message {
		lines = append(lines, "a hook that shows the user a message: "+target+" has no message for its user: the messages are dropped")
	}
	if from != to {
		// Tools are renamed for the settings (judgedAs, crossTool); their
		// inputs are not, and a guard that reads a field by another name
		// sees none.
		lines = append(lines, "every hook: "+target+"'s calls reach it under "+displayName(from)+"'s tool names, but with "+
			target+"'s inputs: a hook that reads a field "+target+" names otherwise sees none")
	}
	return lines
}
