package copilot

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// CompileCommand returns an interceptor that runs a Copilot command hook
// for each event it is asked about, as Copilot runs it (CommandSpec), with
// Copilot's camelCase input on its stdin (InputFor) and Copilot's reading
// of what it did (Decide). The session is s, overridden field by field by
// the call's own (harness.WithSessionInfo). Built into a link with
// hookchain.Before or hookchain.After, every failure denies; Link
// reproduces Copilot.
func CompileCommand(spec process.Spec, s harness.SessionInfo) (hookchain.Interceptor, error) {
	return harness.Command(Profile(), spec, s)
}

// Link is the link that runs spec as a Copilot command hook at hook h
// (BeforeTool or AfterTool) for the calls m matches, with Copilot's own
// failure policy, the failure in the outcome's trail with its Fault:
//
//   - before the call, a hook that errors — exits with any status but 0,
//     2 included, or cannot run — denies, as Copilot's preToolUse does,
//     and one that outruns its timeout lets the call go on;
//   - after the call, every failure lets the output through unchanged.
func Link(name string, h hookchain.Hook, m hookchain.Matcher, spec process.Spec, s harness.SessionInfo) (hookchain.Link, error) {
	return link(Profile(), name, h, m, spec, s)
}

// PascalLink is Link for the hook of a PascalCase entry: the same rules,
// with the snake_case input (PascalProfile).
func PascalLink(name string, h hookchain.Hook, m hookchain.Matcher, spec process.Spec, s harness.SessionInfo) (hookchain.Link, error) {
	return link(PascalProfile(), name, h, m, spec, s)
}

func link(p harness.Profile, name string, h hookchain.Hook, m hookchain.Matcher, spec process.Spec, s harness.SessionInfo) (hookchain.Link, error) {
	// The identity Profile.Link gives, with the entry's casing, so that
	// two links that run different commands, or give the same one
	// different inputs, give their chains different IDs.
	id := fmt.Sprintf("copilot\x00%s\x00%#v\x00%#v", p.Events[hookchain.BeforeTool], spec, s)
	if h != hookchain.BeforeTool {
		open := p
		open.FailOpen = true
		l, err := open.Link(name, h, m, spec, s)
		return l.Identity(id), err
	}
	fn, err := harness.Command(p, spec, s)
	if err != nil {
		return hookchain.Link{}, err
	}
	errored := func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		o, err := fn(ctx, e)
		if pe, ok := errors.AsType[*process.Error](err); err != nil && (!ok || pe.Kind != process.TimedOut) {
			// Only a timeout is forgiven before the call: every other
			// failure is Copilot's "hook errored", a denial.
			return o, hookchain.NotOwn(err)
		}
		return o, err
	}
	return hookchain.Before(name, m, errored).FailOpen().Identity(id), nil
}

// CommandSpec is spec as Copilot runs a command hook for session s:
//
//   - A Shell command (the entry's "bash", or "command") runs as
//     `bash -c COMMAND`; Args (the entry's "exec" and "args") run as they
//     are, without a shell.
//   - With Copilot's whole environment (spec.Inherit's default here is
//     process.InheritAll) and the entry's "env" (spec.Env) over it.
//   - In the session's Cwd when spec.Dir is empty, and a relative Dir
//     (the entry's "cwd") under the repository root, the session's
//     ProjectDir, as Copilot reads it.
//   - Within DefaultTimeout when spec.Timeout (the entry's timeoutSec) is 0.
func CommandSpec(spec process.Spec, s harness.SessionInfo) process.Spec {
	if spec.Inherit == process.InheritDefault {
		spec.Inherit = process.InheritAll
	}
	switch {
	case spec.Dir == "":
		spec.Dir = s.Cwd
	case !filepath.IsAbs(spec.Dir) && s.ProjectDir() != "":
		spec.Dir = filepath.Join(s.ProjectDir(), spec.Dir)
	}
	if spec.Timeout == 0 {
		spec.Timeout = DefaultTimeout
	}
	if spec.Shell != "" {
		spec.Args = []string{"bash", "-c", spec.Shell}
		spec.Shell = ""
	}
	return spec
}

// HTTPLink is the link that sends the input of a camelCase Copilot hook to
// h, an http hook, at hook at (BeforeTool or AfterTool) for the calls m
// matches, read as Copilot reads the body (Decide, as the stdout of a
// hook that exited 0), with Copilot's policy for http hooks: every
// failure — a refused connection, a timeout, a non-2xx status, a
// redirect — lets the call go on, before the call as after it, and is in
// the outcome's trail with its Fault. For a chain that denies when the
// hook fails, build the link from harness.HTTP with hookchain.Before.
func HTTPLink(name string, at hookchain.Hook, m hookchain.Matcher, h harness.HTTPHook, s harness.SessionInfo) (hookchain.Link, error) {
	return httpLink(Profile(), name, at, m, h, s)
}

// PascalHTTPLink is HTTPLink for the hook of a PascalCase entry, with the
// snake_case input (PascalProfile).
func PascalHTTPLink(name string, at hookchain.Hook, m hookchain.Matcher, h harness.HTTPHook, s harness.SessionInfo) (hookchain.Link, error) {
	return httpLink(PascalProfile(), name, at, m, h, s)
}

func httpLink(p harness.Profile, name string, at hookchain.Hook, m hookchain.Matcher, h harness.HTTPHook, s harness.SessionInfo) (hookchain.Link, error) {
	p.FailOpen = true // Copilot's http hooks fail open, unlike its command hooks before the call
	return p.HTTPLink(name, at, m, h, s)
}
