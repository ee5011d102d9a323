package cli

import (
	"errors"
	"flag"
	"io"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	geminicli "github.com/hookchain/hookchain/harness/gemini"
)

// geminiHooks reads the Gemini settings.json files named, highest
// priority first, and returns their hooks as Gemini merges them
// (gemini.Layers) less those a file's disabled list names
// (gemini.Enabled), with the warnings of each file and of each hook left
// out (hooks Gemini would not run), and of folder trust turned on
// (gemini.FolderTrust).
func geminiHooks(files []string) ([]geminicli.Hook, []string, error) {
	var layers [][]geminicli.Hook
	var warnings, disabled []string
	var errs []error
	parse := func(file string, data []byte) ([]geminicli.Hook, []string, error) {
		hooks, w, err := geminicli.ParseSettings(file, data)
		if err != nil {
			return nil, nil, err
		}
		if trust := geminicli.FolderTrust(file, data); trust != "" {
			w = append(w, trust)
		}
		names, err := geminicli.Disabled(file, data)
		disabled = append(disabled, names...)
		return hooks, w, err
	}
	for _, f := range files {
		hooks, w, err := readHooks([]string{f}, "a Gemini settings file", parse)
		layers, warnings, errs = append(layers, hooks), append(warnings, w...), append(errs, err)
	}
	hooks, off := geminicli.Enabled(geminicli.Layers(layers...), disabled)
	return hooks, append(warnings, off...), errors.Join(errs...)
}

// geminiChain is the chain of the files' tool-call hooks, run as Gemini
// runs them, for a session working in cwd.
func geminiChain(files []string, s harness.SessionInfo) (*hookchain.Chain, error) {
	return hooksChain(geminiHooks, geminicli.Links, files, s)
}

// checkGemini is check for --harness gemini with Gemini's own settings.json
// files: it lists every hook and the link it runs as, and says on stderr
// what Gemini would not run.
func checkGemini(c *common, fs *flag.FlagSet, stdout io.Writer, say errOut) int {
	return checkHooks(gemini, geminiHooks, geminicli.Links, func(h geminicli.Hook) hookRow {
		r := hookRow{h.Place, h.Matcher, h.Command, geminicli.DefaultTimeout, h.Event, 0, false}
		if h.Timeout > 0 {
			r.timeout = h.Timeout
		}
		switch h.Event {
		case geminicli.BeforeTool:
			r.at = hookchain.BeforeTool
		case geminicli.AfterTool:
			r.at = hookchain.AfterTool
		}
		return r
	}, c, fs, stdout, say)
}
