package main

import (
	"errors"
	"flag"
	"io"
	"os"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode/settings"
	"github.com/hookchain/hookchain/harness"
	geminicli "github.com/hookchain/hookchain/harness/gemini"
	"github.com/hookchain/hookchain/internal/regularfile"
)

// geminiHooks reads the Gemini settings.json files named, in order, and
// returns their hooks one after another, with the warnings of each file
// (hooks Gemini would not run).
func geminiHooks(files []string) ([]geminicli.Hook, []string, error) {
	var hooks []geminicli.Hook
	var warnings []string
	var errs []error
	for _, file := range files {
		data, err := regularfile.Read(file, settings.MaxFileSize, "a Gemini settings file")
		if err != nil {
			errs = append(errs, err)
			continue
		}
		h, w, err := geminicli.ParseSettings(file, data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		hooks, warnings = append(hooks, h...), append(warnings, w...)
	}
	return hooks, warnings, errors.Join(errs...)
}

// geminiChain is the chain of the files' tool-call hooks, run as Gemini
// runs them, for a session working in cwd.
func geminiChain(files []string, cwd string) (*hookchain.Chain, error) {
	hooks, _, err := geminiHooks(files)
	if err != nil {
		return nil, err
	}
	links, err := geminicli.Links(hooks, harness.SessionInfo{Cwd: cwd})
	if err != nil {
		return nil, err
	}
	return hookchain.New(links...), nil
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
