package kiro

import (
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// CompileCommand returns an interceptor that runs a hook of a Kiro agent
// config for each event it is asked about, as Kiro runs it (CommandSpec),
// with Kiro's input on its stdin (InputFor) and Kiro's reading of its exit
// status (Decide). The session is s, overridden field by field by the
// call's own (harness.WithSessionInfo). Built into a link with
// hookchain.Before or hookchain.After, every failure denies; Link
// reproduces Kiro.
func CompileCommand(spec process.Spec, s harness.SessionInfo) (hookchain.Interceptor, error) {
	return harness.Command(Profile(), spec, s)
}

// Link is the link that runs spec as a hook of a Kiro agent config at hook
// h (BeforeTool or AfterTool) for the calls m matches, with Kiro's own
// failure policy: a hook that exits with a status Kiro counts as a failure
// (1, 127, …; 2 after the call), cannot start or outruns its timeout lets
// the call go on, and the failure is in the outcome's trail with its
// Fault.
func Link(name string, h hookchain.Hook, m hookchain.Matcher, spec process.Spec, s harness.SessionInfo) (hookchain.Link, error) {
	return Profile().Link(name, h, m, spec, s)
}

// CommandSpec is spec as Kiro runs a hook for session s:
//
//   - A Shell command (the hook's "command") runs as `bash -c COMMAND`;
//     Args run as they are, without a shell.
//   - With Kiro's whole environment (spec.Inherit's default here is
//     process.InheritAll): Kiro sets no variable for a tool hook.
//   - In the session's Cwd when spec.Dir is empty: Kiro runs a hook where
//     it runs, the cwd of its input.
//   - Within DefaultTimeout when spec.Timeout is 0.
func CommandSpec(spec process.Spec, s harness.SessionInfo) process.Spec {
	if spec.Inherit == process.InheritDefault {
		spec.Inherit = process.InheritAll
	}
	if spec.Dir == "" {
		spec.Dir = s.Cwd
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
