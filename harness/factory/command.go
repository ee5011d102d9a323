package factory

import (
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Command returns an interceptor that runs a Droid command hook for each
// event it is asked about, as Droid runs it (CommandSpec), with Droid's
// input on its stdin (InputFor) and Droid's reading of what it did
// (Decide). The session is s, overridden field by field by the call's own
// (harness.WithSessionInfo). In a chain the link's fail mode decides what
// a failure leads to: a link built with hookchain.Before or hookchain.After
// denies the call; Link reproduces Droid, which runs it.
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

// Link is the link that runs spec as a Droid hook at hook h (BeforeTool or
// AfterTool) for the calls m matches, with Droid's own failure policy: a
// hook that fails — cannot start, times out, exits with a status other
// than 0 and 2, or answers JSON Droid cannot read — lets the call go on,
// as in Droid, and the failure is in the outcome's trail with its Fault.
// A hook that could not start because its working directory is gone
// denies all the same (see harness.Command).
func Link(name string, h hookchain.Hook, m hookchain.Matcher, spec process.Spec, s harness.SessionInfo) (hookchain.Link, error) {
	return Profile().Link(name, h, m, spec, s)
}

// CommandSpec is spec as Droid runs a hook for session s:
//
//   - A Shell command runs as `bash -c COMMAND`. Args run as they are.
//   - With Droid's whole environment (spec.Inherit's default here is
//     process.InheritAll), and FACTORY_PROJECT_DIR set to the session's
//     project (ProjectDir); spec.Env overrides it.
//   - In the session's Cwd when spec.Dir is empty: Droid runs a hook in
//     its current working directory.
//   - Within DefaultTimeout when spec.Timeout is 0.
func CommandSpec(spec process.Spec, s harness.SessionInfo) process.Spec {
	spec = harness.SpecDefaults(spec, s, DefaultTimeout)
	spec.Env = append([]string{"FACTORY_PROJECT_DIR=" + s.ProjectDir()}, spec.Env...)
	if spec.Shell != "" {
		spec.Args = []string{"bash", "-c", spec.Shell}
		spec.Shell = ""
	}
	return spec
}
