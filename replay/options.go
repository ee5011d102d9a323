package replay

import (
	"context"
	"runtime"
)

// Option configures Run.
type Option func(*options)

type options struct {
	jobs    int
	dedupe  bool
	project string
	session func(ctx context.Context, c Call) context.Context // nil: SessionContext
}

func newOptions(opts []Option) options {
	o := options{jobs: runtime.NumCPU()}
	for _, opt := range opts {
		opt(&o)
	}
	if o.jobs < 1 {
		o.jobs = 1
	}
	return o
}

// Jobs is how many sessions are replayed at once; the default is
// runtime.NumCPU(), and less than 1 is 1. The calls of one session are
// always put to the chain one after another, in order: hooks keep state
// per session (a warning shown once, a ledger).
func Jobs(n int) Option { return func(o *options) { o.jobs = n } }

// Dedupe asks the chain once for every identical question — the same hook,
// tool, input and cwd, and after the call the same output and error flag —
// and hands the first answer to the others. It is for chains whose hooks
// keep no state: one that counts calls or warns once per session would be
// asked less than it was live.
func Dedupe() Option { return func(o *options) { o.dedupe = true } }

// ProjectDir is where a hook process runs when the cwd a call recorded
// cannot be entered (a worktree since deleted, another machine's path); ""
// (the default) is the replay's own working directory. The hook input
// keeps the recorded cwd either way. See process.WithFallbackDir.
func ProjectDir(dir string) Option { return func(o *options) { o.project = dir } }

// Session sets how a call's session is put in the context the chain is run
// with; the default is SessionContext. A runtime whose links read their
// session some other way gives its own, and usually calls SessionContext
// too.
func Session(f func(ctx context.Context, c Call) context.Context) Option {
	return func(o *options) {
		if f != nil {
			o.session = f
		}
	}
}
