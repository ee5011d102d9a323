package windsurf

import (
	"path/filepath"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// CompileCommand returns an interceptor that runs a Windsurf hook for each
// event it is asked about, as Windsurf runs it (CommandSpec), with
// Windsurf's input on its stdin (InputFor) and Windsurf's reading of its
// exit status (Decide). The session is s, overridden field by field by the
// call's own (harness.WithSessionInfo). Built into a link with
// hookchain.Before or hookchain.After, every failure denies; Link
// reproduces Windsurf.
func CompileCommand(spec process.Spec, s harness.SessionInfo) (hookchain.Interceptor, error) {
	return harness.Command(Profile(), spec, s)
}

// Link is the link that runs spec as a Windsurf hook at hook h (BeforeTool
// or AfterTool) for the calls m matches, with Windsurf's own failure
// policy: a hook that exits with a status Windsurf counts as a failure (1,
// 127, …; 2 after the action), cannot start or outruns its timeout lets
// the call go on, and the failure is in the outcome's trail with its
// Fault. A hook of a hooks.json selects the calls of its event's action:
// m is Matcher(event).
func Link(name string, h hookchain.Hook, m hookchain.Matcher, spec process.Spec, s harness.SessionInfo) (hookchain.Link, error) {
	return Profile().Link(name, h, m, spec, s)
}

// CommandSpec is spec as Windsurf runs a hook for session s:
//
//   - A Shell command (the hook's "command") runs as `bash -c COMMAND`
//     (an inference: Windsurf documents a shell command, not which shell);
//     Args run as they are, without a shell.
//   - With Windsurf's whole environment (spec.Inherit's default here is
//     process.InheritAll): Windsurf sets no variable for a hook.
//   - In the workspace's root (s.ProjectDir()) when spec.Dir is empty, as
//     a hook without a working_directory runs; a relative spec.Dir is
//     taken from that root (an inference).
//   - Within DefaultTimeout when spec.Timeout is 0.
func CommandSpec(spec process.Spec, s harness.SessionInfo) process.Spec {
	root := s.ProjectDir()
	switch {
	case spec.Dir == "":
		spec.Dir = root
	case !filepath.IsAbs(spec.Dir) && root != "":
		spec.Dir = filepath.Join(root, spec.Dir)
	}
	spec = harness.SpecDefaults(spec, s, DefaultTimeout)
	if spec.Shell != "" {
		spec.Args = []string{"bash", "-c", spec.Shell}
		spec.Shell = ""
	}
	return spec
}
