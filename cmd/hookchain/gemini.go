package main

import (
	"flag"
	"io"
	"os"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	geminicli "github.com/hookchain/hookchain/harness/gemini"
)

// geminiHooks reads the Gemini settings.json files named, in order, and
// returns their hooks one after another, with the warnings of each file
// (hooks Gemini would not run).
func geminiHooks(files []string) ([]geminicli.Hook, []string, error) {
	return readHooks(files, "a Gemini settings file", geminicli.ParseSettings)
}

// geminiChain is the chain of the files' tool-call hooks, run as Gemini
// runs them, for a session working in cwd.
func geminiChain(files []string, cwd string) (*hookchain.Chain, error) {
	return hooksChain(geminiHooks, geminicli.Links, files, cwd)
}

// checkGemini is check for --harness gemini with Gemini's own settings.json
// files: it lists every hook and the link it runs as, and says on stderr
// what Gemini would not run.
func checkGemini(c *common, fs *flag.FlagSet, stdout io.Writer, say errOut) int {
	if !refuseClaudeFlags(fs, "Gemini", say) || !requireSettings(c.settings, gemini, say) {
		return exitFailed
	}
	hooks, warnings, err := geminiHooks(c.settings)
	if err != nil {
		return say.failOn(err)
	}
	cwd, _ := os.Getwd()
	_, linkErr := geminicli.Links(hooks, harness.SessionInfo{Cwd: cwd})
	rows := make([]hookRow, len(hooks))
	for i, h := range hooks {
		rows[i] = hookRow{h.Place, h.Matcher, h.Command, geminicli.DefaultTimeout, h.Event, 0}
		if h.Timeout > 0 {
			rows[i].timeout = h.Timeout
		}
		switch h.Event {
		case geminicli.BeforeTool:
			rows[i].at = hookchain.BeforeTool
		case geminicli.AfterTool:
			rows[i].at = hookchain.AfterTool
		}
	}
	return printHooks(rows, warnings, linkErr, stdout, say)
}
