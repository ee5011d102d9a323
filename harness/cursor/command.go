package cursor

import (
	"fmt"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Command returns an interceptor that runs a Cursor command hook of event
// for each call it is asked about, as Cursor runs it (CommandSpec), with
// Cursor's input for event on its stdin (InputFor) and Cursor's reading of
// what it did (Decide). The session is s, overridden field by field by the
// call's own (harness.WithSessionInfo). In a chain the link's fail mode
// decides what a failure leads to: a link built with hookchain.Before or
// hookchain.After denies the call; Link reproduces Cursor.
//
// Command panics when event is not one of Cursor's tool-call events or
// spec is not valid (process.Spec.Validate), as a construction mistake;
// CompileCommand returns the error.
func Command(event string, spec process.Spec, s harness.SessionInfo) hookchain.Interceptor {
	fn, err := CompileCommand(event, spec, s)
	if err != nil {
		panic(err.Error())
	}
	return fn
}

// CompileCommand is Command for hooks read from configuration.
func CompileCommand(event string, spec process.Spec, s harness.SessionInfo) (hookchain.Interceptor, error) {
	if _, ok := toolEvents[event]; !ok {
		return nil, fmt.Errorf("cursor: %q is not one of Cursor's tool-call events", event)
	}
	return harness.Command(eventProfile(event), spec, s)
}

// Link is the link that runs spec as a Cursor hook of event — before the
// call for preToolUse and the before… events, after it for the others —
// for the calls m matches (Matcher(event, …) selects the calls of the
// event's own tool), with Cursor's failure policy: a hook that fails —
// cannot start, times out, exits with a status but 0 or 2, or answers what
// is not JSON — lets the call go on, unless failClosed, its entry's
// "failClosed", says to block it. The failure is in the outcome's trail
// with its Fault. A hook that could not start because its working
// directory is gone denies all the same (see harness.Command).
func Link(name, event string, failClosed bool, m hookchain.Matcher, spec process.Spec, s harness.SessionInfo) (hookchain.Link, error) {
	te, ok := toolEvents[event]
	if !ok {
		return hookchain.Link{}, fmt.Errorf("cursor: Link %q: %q is not one of Cursor's tool-call events", name, event)
	}
	p := eventProfile(event)
	p.FailOpen = !failClosed
	return p.Link(name, te.hook, m, spec, s)
}

// CommandSpec is spec as Cursor runs a hook for session s:
//
//   - A Shell command runs as `sh -c COMMAND`. Args run as they are.
//   - With Cursor's whole environment (spec.Inherit's default here is
//     process.InheritAll), and CURSOR_PROJECT_DIR and CLAUDE_PROJECT_DIR
//     set to the session's project (ProjectDir: Project, else Cwd, the
//     first of the input's workspace_roots), CURSOR_TRANSCRIPT_PATH to its
//     transcript; spec.Env overrides them.
//   - In the project's root when spec.Dir is empty: Cursor runs a
//     project's hooks there, and a user's in ~/.cursor (the Dir of a Hook
//     read from that file).
//   - Within DefaultTimeout when spec.Timeout is 0.
func CommandSpec(spec process.Spec, s harness.SessionInfo) process.Spec {
	if spec.Dir == "" {
		spec.Dir = s.ProjectDir()
	}
	spec = harness.SpecDefaults(spec, s, DefaultTimeout)
	spec.Env = append([]string{
		"CURSOR_PROJECT_DIR=" + s.ProjectDir(),
		"CURSOR_TRANSCRIPT_PATH=" + s.TranscriptPath,
		"CLAUDE_PROJECT_DIR=" + s.ProjectDir(),
	}, spec.Env...)
	if spec.Shell != "" {
		spec.Args = []string{"sh", "-c", spec.Shell}
		spec.Shell = ""
	}
	return spec
}
