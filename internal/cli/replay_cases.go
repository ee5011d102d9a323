package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/hookchaintest/casefile"
	"github.com/hookchain/hookchain/replay"
)

// caseWriter writes `hookchain test` case files for the calls a replay
// flags (--emit-cases): one file per call, its questions before and after
// as the chain answered them.
type caseWriter struct {
	dir    string
	claude bool // events are written as Claude Code hook inputs, with the call's session
	n      int  // files written
}

// unsafeName are the characters a case file's name leaves out.
var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// write writes the cases of one call, named after its transcript, line
// and id. The inputs are written as recorded, unmasked: a case must put
// the hooks the question the replay put them.
func (w *caseWriter) write(j replay.Judged, why string) error {
	c := j.Call
	base := strings.TrimSuffix(filepath.Base(c.File), filepath.Ext(c.File))
	name := unsafeName.ReplaceAllString(fmt.Sprintf("%s-%d-%s", base, c.Line, c.ID), "_")
	f := casefile.File{Path: filepath.Join(w.dir, name+".json"), Array: true}
	events := []hookchain.Event{c.Before()}
	if after, ok := c.After(j.Before); ok && j.After != nil {
		events = append(events, after)
	}
	for i, e := range events {
		out := j.Before
		if i == 1 {
			out = *j.After
		}
		tc := casefile.Case{
			Name:  fmt.Sprintf("%s:%d %s %s %s (%s)", c.File, c.Line, c.Tool, c.ID, e.Hook, why),
			Event: e,
			Want:  casefile.WantOf(out),
		}
		if w.claude {
			in, err := claudecode.InputFor(e, c.ClaudeCodeSession()).MarshalJSON()
			if err != nil {
				return err
			}
			tc.HookInput = in
		}
		f.Cases = append(f.Cases, tc)
	}
	data, err := casefile.EncodeFile(f)
	if err != nil {
		return err
	}
	if err := os.WriteFile(f.Path, data, 0o644); err != nil {
		return err
	}
	w.n++
	return nil
}
