package gemini

import (
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Command returns an interceptor that runs a Gemini command hook for each
// event it is asked about, as Gemini runs it (CommandSpec), with Gemini's
// input on its stdin (InputFor) and Gemini's reading of what it did
// (Decide). The session is s, overridden field by field by the call's own
// (harness.WithSessionInfo). In a chain the link's fail mode decides what
// a failure leads to: a link built with hookchain.Before or hookchain.After
// denies the call; Link reproduces Gemini, which runs it.
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

// Link is the link that runs spec as a Gemini hook at hook h (BeforeTool
// or AfterTool) for the calls m matches, with Gemini's own failure policy:
// a hook that fails — cannot start, times out, exits with status 1, or
// with no answer at all — lets the call go on, as in Gemini, and the
// failure is in the outcome's trail with its Fault. A hook that could not
// start because its working directory is gone denies all the same (see
// harness.Command).
func Link(name string, h hookchain.Hook, m hookchain.Matcher, spec process.Spec, s harness.SessionInfo) (hookchain.Link, error) {
	return Profile().Link(name, h, m, spec, s)
}

// CommandSpec is spec as Gemini runs a hook for session s:
//
//   - A Shell command runs as `bash -c COMMAND`. Args run as they are.
//   - With Gemini's whole environment (spec.Inherit's default here is
//     process.InheritAll), and GEMINI_PROJECT_DIR and CLAUDE_PROJECT_DIR
//     (Gemini's alias) set to the session's project (ProjectDir),
//     GEMINI_CWD to its Cwd, GEMINI_SESSION_ID to its ID; spec.Env, the
//     hook's own "env", overrides them.
//   - In the session's Cwd when spec.Dir is empty: Gemini runs a hook in
//     the input's cwd.
//   - Within DefaultTimeout when spec.Timeout is 0.
func CommandSpec(spec process.Spec, s harness.SessionInfo) process.Spec {
	spec = harness.SpecDefaults(spec, s, DefaultTimeout)
	spec.Env = append([]string{
		"GEMINI_PROJECT_DIR=" + s.ProjectDir(),
		"GEMINI_CWD=" + s.Cwd,
		"GEMINI_SESSION_ID=" + s.ID,
		"CLAUDE_PROJECT_DIR=" + s.ProjectDir(),
	}, spec.Env...)
	if spec.Shell != "" {
		spec.Args = []string{"bash", "-c", spec.Shell}
		spec.Shell = ""
	}
	return spec
}
