package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
	"github.com/hookchain/hookchain/replay"
)

// replayFlags are replay's own flags, beside the common ones.
type replayFlags struct {
	json, dedupe, full, realHome, allowRemote bool
	jobs                                      int
	baseline                                  []string
	emitCases                                 string
	window                                    window
}

func (f *replayFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&f.json, "json", false, "print one JSON object per call, then the summary")
	fs.IntVar(&f.jobs, "jobs", runtime.NumCPU(), "how many sessions to replay at once")
	fs.BoolVar(&f.dedupe, "dedupe", false, "ask identical questions once (for hooks that keep no state)")
	fs.Func("baseline-settings", "the settings `file` to compare with (repeatable)", func(s string) error {
		f.baseline = append(f.baseline, s)
		return nil
	})
	fs.StringVar(&f.emitCases, "emit-cases", "", "write hookchain test cases for flipped and denied calls into `DIR`")
	fs.BoolVar(&f.full, "full", false, "print secrets and long inputs as recorded")
	fs.BoolVar(&f.realHome, "real-home", false, "run hooks with the real HOME and TMPDIR")
	fs.BoolVar(&f.allowRemote, "allow-remote-hooks", false, "send http hooks to hosts other than loopback")
	f.window.register(fs, time.Now())
}

// replayCmd puts every tool call of the transcripts through the settings'
// hooks and reports what they would have done.
func replayCmd(ext Extensions, args []string, stdout, stderr io.Writer) int {
	var (
		c common
		h harnessFlags
		f replayFlags
		p policyFlags
	)
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	c.register(fs)
	h.register(fs, false)
	f.register(fs)
	p.register(fs)
	if !parse("replay", fs, args, stderr, true) {
		return exitFailed
	}
	defer c.useHome()()
	say := errOut{"replay", stderr}
	if !h.check(say, supported()...) {
		return exitFailed
	}
	if f.jobs < 1 {
		return say.fail("--jobs %d: want at least 1", f.jobs)
	}
	if err := f.window.check(); err != nil {
		return say.failOn(err)
	}
	if h.name != claude && !refuseClaudeFlags(fs, h.name, say) {
		return exitFailed
	}
	paths := fs.Args()
	var hist history
	if len(paths) == 0 {
		// Read before sandbox gives the hooks a scratch HOME.
		if hist = findHistory(homeDir(), c.home == ""); len(hist.dirs) == 0 {
			return say.fail("%s", hist.noHistory())
		}
		say.printf("reading %s (no PATH given)", strings.Join(hist.read, ", "))
		for _, p := range hist.problems {
			say.printf("not read: %v", p)
		}
		paths = hist.dirs
	}
	files, err := replay.Files(paths...)
	if err != nil {
		return say.failOn(err)
	}
	if f.emitCases != "" {
		if err := os.MkdirAll(f.emitCases, 0o755); err != nil {
			return say.failOn(err)
		}
	}
	if !f.allowRemote {
		c.httpClient = loopbackOnly()
	}
	var pool process.Pool
	defer closePool(&pool)
	c.background = reporting("replay", stderr)
	defer closeBackground(c.background)
	cwd, _ := os.Getwd()
	project := policyProject(&c, h.name, cwd)
	hooks := func(files []string) func() (*hookchain.Chain, error) {
		return func() (*hookchain.Chain, error) { return policyChain(&c, h.name, files, cwd, &pool) }
	}
	chain, err := withPolicy(ext, p.query, "--opa", p.opa, len(c.settings) > 0, hooks(c.settings))
	if err != nil {
		return say.failOn(err)
	}
	var base *hookchain.Chain
	if len(f.baseline) > 0 || len(p.baselineOPA) > 0 {
		if base, err = withPolicy(ext, p.query, "--baseline-opa", p.baselineOPA, len(f.baseline) > 0, hooks(f.baseline)); err != nil {
			return say.failOn(err)
		}
	}
	restore, err := sandbox(f.realHome)
	if err != nil {
		return say.failOn(err)
	}
	defer restore()

	ctx, stop := untilSignal(context.Background())
	defer stop()
	r := &replayer{flags: f, harness: h.name, files: files, project: project, stdout: stdout, stderr: stderr, sum: newSummary()}
	r.sum.Files = len(files)
	r.against = "the baseline settings"
	if len(p.baselineOPA) > 0 {
		r.against = "the baseline policy"
	}
	r.sum.HistoryRoots = hist.read
	for _, problem := range hist.problems {
		r.sum.ReadErrors = append(r.sum.ReadErrors, problem.Error())
	}
	if f.window.set() {
		r.window = newWindowed(f.window)
	}
	if f.emitCases != "" {
		r.cases = &caseWriter{dir: f.emitCases, claude: h.name == claude}
	}
	code := r.run(ctx, chain, base)
	if sig, ok := interruptedBy(ctx); ok {
		r.sum.Stopped = sig.Error()
		say.printf("%v after %s; the summary counts those", sig, count(r.sum.Calls, "call"))
		code = exitFailed
	}
	if err := r.finish(); err != nil {
		say.printErr(err)
		code = exitFailed
	}
	if len(r.sum.ReadErrors) > 0 {
		code = exitFailed
	}
	awaitBackground("replay", c.background, stderr)
	return code
}

// policyChain is the chain of the settings files of CLI name, as eval and
// test build it: for Claude Code, common's settings loading (so that one
// settings file works for all three); for another CLI, its hooks files.
func policyChain(c *common, name string, files []string, cwd string, pool *process.Pool) (*hookchain.Chain, error) {
	cc := *c
	cc.settings = files
	if name == claude {
		chain, _, err := cc.chain(cwd, pool)
		return chain, err
	}
	project := cc.projectOf(name, cwd)
	hooks, err := cc.hookFiles(name, project)
	if err != nil {
		return nil, err
	}
	return clis[name].chain(hooks, harness.SessionInfo{Cwd: project, Project: project})
}

// policyProject is the project the hooks run in when a call's recorded cwd
// is gone: the one the settings are found for.
func policyProject(c *common, name, cwd string) string {
	if name == claude {
		return c.projectFor(cwd)
	}
	return c.projectOf(name, cwd)
}

// replayer is one run of the command.
type replayer struct {
	flags          replayFlags
	harness        string
	files          []replay.File
	project        string
	stdout, stderr io.Writer
	sum            *summary
	cases          *caseWriter
	baseline       map[string]decision // by callKey; nil: against what happened then
	progress       *progress
	against        string // what a baseline is called in the summary
	// window counts what --since and --until left out; nil without them.
	// Only the reading goroutine writes it, the summary takes it at finish.
	window *windowed
}

// run replays the files through chain, and first through base when there
// is one.
func (r *replayer) run(ctx context.Context, chain, base *hookchain.Chain) int {
	r.progress = newProgress(r.stderr)
	if base != nil {
		r.baseline = map[string]decision{}
		_, err := r.replay(ctx, base, func(j replay.Judged) error {
			r.baseline[callKey(j.Call)] = decisionOf(j)
			r.progress.tick(j.Call.File)
			return nil
		}, false)
		if err != nil {
			return exitFailed
		}
	}
	r.sum.Flips = &flips{Against: "what happened then (original)", NotCompared: map[string]int{}}
	if base != nil {
		r.sum.Flips.Against = r.against
	}
	_, err := r.replay(ctx, chain, r.each, true)
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintf(r.stderr, "hookchain replay: %v\n", err)
		return exitFailed
	}
	return exitOK
}

// replay runs one replay of the files through chain; count says that its
// reader's problems go in the summary (the first of two replays of the
// same files does not count them).
func (r *replayer) replay(ctx context.Context, chain *hookchain.Chain, each func(replay.Judged) error, count bool) (replay.Totals, error) {
	opts := []replay.Option{replay.Jobs(r.flags.jobs), replay.ProjectDir(r.project)}
	if r.flags.dedupe {
		opts = append(opts, replay.Dedupe())
	}
	return replay.Run(ctx, r.calls(ctx, count), chain, each, opts...)
}

// errStopped ends a read whose replay has stopped taking calls.
var errStopped = errors.New("the replay stopped")

// calls are the calls of every file, in order. A file that cannot be read
// to its end is reported, and the others are still read.
func (r *replayer) calls(ctx context.Context, count bool) iter.Seq[replay.Call] {
	return func(yield func(replay.Call) bool) {
		for _, f := range r.files {
			st, err := replay.ReadFile(ctx, f.Path, f.Format, func(c replay.Call) error {
				if !r.take(c, count) {
					return nil
				}
				if !yield(c) {
					return errStopped
				}
				return nil
			})
			if count {
				r.sum.addStats(st)
			}
			switch {
			case errors.Is(err, errStopped) || ctx.Err() != nil:
				return
			case err != nil && count:
				r.sum.ReadErrors = append(r.sum.ReadErrors, err.Error())
			}
		}
	}
}

// each reports one judged call.
func (r *replayer) each(j replay.Judged) error {
	now := decisionOf(j)
	then, compared := originalDecision(j.Call)
	if r.baseline != nil {
		then, compared = r.baseline[callKey(j.Call)]
	}
	f := ""
	if compared {
		f = flip(then, now)
	}
	r.sum.addFlip(f, compared, j.Call.Original())
	r.sum.add(j, f, r.flags.full)
	r.progress.tick(j.Call.File)
	if r.cases != nil && (f != "" || now.denied) {
		why := f
		if why == "" {
			why = "denied"
		}
		if err := r.cases.write(j, why); err != nil {
			return err
		}
	}
	if !r.flags.json {
		return nil
	}
	line, err := r.callLine(j, f)
	if err != nil {
		return err
	}
	_, err = r.stdout.Write(r.printable(line))
	return err
}

// callLine is the JSON line --json prints for a call.
func (r *replayer) callLine(j replay.Judged, f string) ([]byte, error) {
	before, err := outcomeJSON(r.shown(j.Before))
	if err != nil {
		return nil, err
	}
	after := []byte("null")
	if j.After != nil {
		if after, err = outcomeJSON(r.shown(*j.After)); err != nil {
			return nil, err
		}
	}
	c := j.Call
	return marshalLine(struct {
		Transcript string          `json:"transcript"`
		CallID     string          `json:"call_id"`
		Tool       string          `json:"tool"`
		Before     json.RawMessage `json:"before"`
		After      json.RawMessage `json:"after"`
		Original   replay.Original `json:"original"`
		Input      json.RawMessage `json:"input"`
		Line       int             `json:"line"`
		Session    string          `json:"session,omitempty"`
		Agent      string          `json:"agent,omitempty"`
		Cwd        string          `json:"cwd,omitempty"`
		Flip       string          `json:"flip,omitempty"`
	}{c.File, c.ID, c.Tool, before, after, c.Original(), callInput(c), c.Line, c.Session, c.AgentID, c.Cwd, f})
}

// callInput is the call's input as recorded, or {} where it is none, as the
// chain reads it.
func callInput(c replay.Call) json.RawMessage {
	if len(c.Input) == 0 {
		return json.RawMessage("{}")
	}
	return c.Input
}

// shown is an outcome as eval prints it for the CLI: another CLI's reason
// is what that CLI gives the model.
func (r *replayer) shown(o hookchain.Outcome) hookchain.Outcome {
	if r.harness != claude {
		o.Reason = hookReason(o)
	}
	return o
}

// printable is what is printed of text: secrets masked, unless --full.
func (r *replayer) printable(text []byte) []byte {
	if r.flags.full {
		return text
	}
	return mask(text)
}

// finish prints the summary: the last JSON line, or the report.
func (r *replayer) finish() error {
	r.progress.done()
	r.sum.addWindow(r.window)
	if r.cases != nil {
		fmt.Fprintf(r.stderr, "hookchain replay: wrote %s into %s (their inputs as recorded, unmasked)\n", count(r.cases.n, "case file"), r.cases.dir)
	}
	if r.flags.json {
		line, err := marshalLine(struct {
			Summary *summary `json:"summary"`
		}{r.sum})
		if err != nil {
			return err
		}
		_, err = r.stdout.Write(r.printable(line))
		return err
	}
	var b bytes.Buffer
	r.sum.write(&b)
	_, err := r.stdout.Write(r.printable(b.Bytes()))
	return err
}

// marshalLine is v as one line of JSON, ending in a newline, with HTML
// characters as written: commands and reasons read as written, 2>&1 and not
// 2\u003e\u00261.
func marshalLine(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return b.Bytes(), err
}
