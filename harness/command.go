package harness

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// Command returns an interceptor that runs a hook written for p's CLI, as
// the CLI runs it, for each event it is asked about: the spec shaped by
// p.Spec for the call's session (SessionInfoFor(ctx, s)), p.Input on its stdin,
// process.Run, and p.Read on what it did. Output past spec's caps is kept
// up to them and dropped (spec.Truncate is set), so that an exit status
// that decides still decides however much the hook printed.
//
// Every failure is a *process.Error naming the command: one from
// process.Run (could not start, timed out, killed, …), one whose exit
// status p's CLI counts as a failure (Kind ExitStatus), or one whose output
// is not an answer in p's CLI's form (Kind BadAnswer).
//
// In a chain, the link's fail mode decides what a failure leads to; by
// default a chain fails closed. Profile.Link builds the link with the CLI's
// own policy instead. One failure denies whatever the link's policy
// (hookchain.NotOwn): a hook that could not start because its working
// directory is gone, which an agent could otherwise do to disarm every
// hook that fails open.
func Command(p Profile, spec process.Spec, s SessionInfo) (hookchain.Interceptor, error) {
	if err := spec.Validate(); err != nil {
		return nil, fmt.Errorf("%s: Command: %w", p.Name, err)
	}
	spec.Truncate = true
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		session := SessionInfoFor(ctx, s)
		run := p.Spec(spec, session)
		name := run.String()
		stdin, err := p.Input(e, session)
		if err != nil {
			return hookchain.Outcome{}, fmt.Errorf("hook %q: encoding the hook input: %w", name, err)
		}
		res, err := process.Run(ctx, run, stdin)
		if err != nil {
			if dirGone(run.Dir, err) {
				// The agent removed the directory it stood in: the hook
				// never ran, and a hook that fails open would be a guard
				// disarmed by the very call it was to judge.
				return hookchain.Outcome{}, hookchain.NotOwn(err)
			}
			return hookchain.Outcome{}, err // a *process.Error, naming the command
		}
		out, err := p.Read(e, res)
		if err != nil {
			return hookchain.Outcome{}, failure(name, res, err)
		}
		return out, nil
	}, nil
}

// dirGone reports whether err is a hook that could not start because its
// working directory dir does not exist.
func dirGone(dir string, err error) bool {
	pe, ok := errors.AsType[*process.Error](err)
	if dir == "" || !ok || pe.Kind != process.StartFailed {
		return false
	}
	_, serr := os.Stat(dir)
	return errors.Is(serr, fs.ErrNotExist)
}

// failure is a Read error as a *process.Error, so that every failure of a
// hook reads alike and names the command.
func failure(command string, r process.Result, err error) *process.Error {
	if _, ok := errors.AsType[*StatusError](err); ok {
		return &process.Error{Command: command, Kind: process.ExitStatus, ExitCode: r.ExitCode, Stderr: process.Excerpt(r.Stderr)}
	}
	return &process.Error{Command: command, Kind: process.BadAnswer, ExitCode: -1, Stderr: process.Excerpt(r.Stderr), Err: err}
}

// SpecDefaults is spec with what a CLI gives every hook whose spec leaves
// it unset: the CLI's whole environment (spec.Inherit's default becomes
// process.InheritAll), the session's Cwd as its directory, and timeout.
func SpecDefaults(spec process.Spec, s SessionInfo, timeout time.Duration) process.Spec {
	if spec.Inherit == process.InheritDefault {
		spec.Inherit = process.InheritAll
	}
	if spec.Dir == "" {
		spec.Dir = s.Cwd
	}
	if spec.Timeout == 0 {
		spec.Timeout = timeout
	}
	return spec
}

// LinkNames are the names of the links of a configuration's hooks, whose
// names (a hook's name, or its command) and places are given: a name given
// more than once has its hook's place added ("NAME@PLACE"), so that every
// link's name is its own.
func LinkNames(names, places []string) []string {
	seen := map[string]int{}
	for _, n := range names {
		seen[n]++
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n
		if seen[n] > 1 {
			out[i] += "@" + places[i]
		}
	}
	return out
}

// Link is the link that runs spec as a hook of p's CLI (Command) at hook h
// of a chain — hookchain.BeforeTool or hookchain.AfterTool — for the calls
// m matches, with the CLI's own failure policy: when the CLI lets a call go
// on past a hook that failed (p.FailOpen), so does the link, and the
// failure is in the outcome's trail with its Fault. For a chain that denies
// when the hook fails, build the link from Command with hookchain.Before or
// hookchain.After. The link's Identity is p's name, spec and s, so that two
// links that run different commands give their chains different IDs.
func (p Profile) Link(name string, h hookchain.Hook, m hookchain.Matcher, spec process.Spec, s SessionInfo) (hookchain.Link, error) {
	fn, err := Command(p, spec, s)
	if err != nil {
		return hookchain.Link{}, err
	}
	return p.link(name, h, m, fn, fmt.Sprintf("%s\x00%#v\x00%#v", p.Name, spec, s))
}

// link is fn as the link named name at hook h for the calls m matches,
// with p's failure policy and the identity id.
func (p Profile) link(name string, h hookchain.Hook, m hookchain.Matcher, fn hookchain.Interceptor, id string) (hookchain.Link, error) {
	var l hookchain.Link
	switch h {
	case hookchain.BeforeTool:
		l = hookchain.Before(name, m, fn)
	case hookchain.AfterTool:
		l = hookchain.After(name, m, fn)
	default:
		return hookchain.Link{}, fmt.Errorf("%s: Link %q: %v is not a tool-call hook", p.Name, name, h)
	}
	if p.FailOpen {
		l = l.FailOpen()
	}
	return l.Identity(id), nil
}
