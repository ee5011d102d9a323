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
	if h != hookchain.BeforeTool {
		open := Profile()
		open.FailOpen = true
		return open.Link(name, h, m, spec, s)
	}
	fn, err := CompileCommand(spec, s)
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
	// The identity Profile.Link gives, so that two links that run
	// different commands give their chains different IDs.
	return hookchain.Before(name, m, errored).FailOpen().Identity(fmt.Sprintf("copilot\x00%#v\x00%#v", spec, s)), nil
}

// CommandSpec is spec as Copilot runs a command hook for session s:
//
//   - A Shell command (the entry's "bash", or "command") runs as
//     `bash -c COMMAND`; Args (the entry's "exec" and "args") run as they
//     are, without a shell.
//   - With Copilot's whole environment (spec.Inherit's default here is
//     process.InheritAll) and the entry's "env" (spec.Env) over it.
//   - In the session's Cwd when spec.Dir is empty, and a relative Dir
//     under it: Copilot reads "cwd" from the repository root, and runs in
//     it.
//   - Within DefaultTimeout when spec.Timeout (the entry's timeoutSec) is 0.
func CommandSpec(spec process.Spec, s harness.SessionInfo) process.Spec {
	if spec.Inherit == process.InheritDefault {
		spec.Inherit = process.InheritAll
	}
	switch {
	case spec.Dir == "":
		spec.Dir = s.Cwd
	case !filepath.IsAbs(spec.Dir) && s.Cwd != "":
		spec.Dir = filepath.Join(s.Cwd, spec.Dir)
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
