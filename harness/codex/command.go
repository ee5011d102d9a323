package codex

import (
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Command returns an interceptor that runs a Codex command hook for each
// event it is asked about, as Codex runs it (CommandSpec), with Codex's
// input on its stdin (InputFor) and Codex's reading of what it did
// (Decide). The session is s, overridden field by field by the call's own
// (harness.WithSessionInfo). In a chain the link's fail mode decides what a
// failure leads to: a link built with hookchain.Before or hookchain.After
// denies the call; Link reproduces Codex, which runs it.
//
// Command panics when spec is not valid (process.Spec.Validate), as a
// construction mistake; CompileCommand returns the error.
func Command(spec process.Spec, s harness.SessionInfo) hookchain.Interceptor {
	fn, err := CompileCommand(spec, s)
	if err != nil {
		panic(err.Error())
	}
	return fn
}

// CompileCommand is Command for specs read from configuration.
func CompileCommand(spec process.Spec, s harness.SessionInfo) (hookchain.Interceptor, error) {
	return harness.Command(Profile(), spec, s)
}

// Link is the link that runs spec as a Codex hook at hook h (BeforeTool
// for PreToolUse, AfterTool for PostToolUse) for the calls m matches, with
// Codex's own failure policy: a hook that fails — cannot start, times out,
// exits with a status other than 0 and 2, answers outside Codex's schema —
// lets the call go on, as in Codex, and the failure is in the outcome's
// trail with its Fault. A hook that could not start because its working
// directory is gone denies all the same (see harness.Command).
func Link(name string, h hookchain.Hook, m hookchain.Matcher, spec process.Spec, s harness.SessionInfo) (hookchain.Link, error) {
	return Profile().Link(name, h, m, spec, s)
}

// CommandSpec is spec as Codex runs a hook for session s:
//
//   - A Shell command runs as `$SHELL -lc COMMAND`, a login shell, with
//     SHELL read from the hook's environment, or as `/bin/sh -lc COMMAND`
//     when it has none. (Codex reads SHELL from its own environment, which
//     the hook inherits.) Args run as they are.
//   - With Codex's whole environment: spec.Inherit's default here is
//     process.InheritAll, as Codex's hooks inherit its own.
//   - In the session's Cwd when spec.Dir is empty.
//   - Within DefaultTimeout, Codex's, when spec.Timeout is 0.
//
// Codex sets no variable of its own for a hook it loaded from a
// configuration file (a plugin's hooks get their plugin's root and data
// directories, which the settings loader will give).
func CommandSpec(spec process.Spec, s harness.SessionInfo) process.Spec {
	spec = harness.SpecDefaults(spec, s, DefaultTimeout)
	if spec.Shell != "" {
		shell := "/bin/sh"
		env := spec.Environ()
		// The last entry wins, as process.Run applies them.
		for _, kv := range slices.Backward(env) {
			if v, ok := strings.CutPrefix(kv, "SHELL="); ok {
				if v != "" {
					shell = v
				}
				break
			}
		}
		spec.Args = []string{shell, "-lc", spec.Shell}
		spec.Shell = ""
	}
	return spec
}
