package claudecode

import (
	"context"
	"fmt"
	"slices"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// ProjectDirEnv is the variable through which Claude Code tells a command
// hook the project's root directory.
const ProjectDirEnv = "CLAUDE_PROJECT_DIR"

// Command returns an interceptor that runs a Claude Code command hook for
// each event it is asked about: it writes InputFor(e, s) as JSON on the
// hook's stdin, runs spec with process.Run, and answers with Decide.
//
// The hook's environment is process.Run's — process.BaseEnv() and spec.Env,
// nothing else of the host's — with CLAUDE_PROJECT_DIR set to s.ProjectDir,
// or to s.Cwd when that is empty (and left unset when both are). When
// spec.Dir is empty the hook runs in s.Cwd, as Claude Code runs hooks in the
// session's working directory.
//
// Every failure is a *process.Error that names the command and quotes its
// stderr: one that could not run, was killed or outran its time (from
// process.Run), one that exited with a status other than 0 and 2 (Kind
// ExitStatus), or one whose output is not a valid answer (Kind BadAnswer).
//
// Command panics when spec is not valid (process.Spec.Validate): a
// construction mistake, like the core's. Validate specs read from
// configuration before building links from them.
func Command(spec process.Spec, s SessionInfo) hookchain.Interceptor {
	if err := spec.Validate(); err != nil {
		panic(fmt.Sprintf("claudecode: Command: %v", err))
	}
	spec = commandSpec(spec, s)
	name := spec.String()
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		stdin, err := marshal(InputFor(e, s))
		if err != nil {
			return hookchain.Outcome{}, fmt.Errorf("hook %q: encoding the hook input: %w", name, err)
		}
		res, err := process.Run(ctx, spec, stdin)
		if err != nil {
			return hookchain.Outcome{}, err // a *process.Error, naming the command
		}
		out, err := Decide(e, res)
		if err != nil {
			return hookchain.Outcome{}, failure(name, res, err)
		}
		return out, nil
	}
}

// failure is Decide's error as a *process.Error, so that every failure of a
// command hook reads alike and names the command: an exit status that is
// neither 0 nor 2, or output that is not a valid answer.
func failure(command string, r process.Result, err error) *process.Error {
	if r.ExitCode != 0 && r.ExitCode != 2 {
		return &process.Error{Command: command, Kind: process.ExitStatus, ExitCode: r.ExitCode, Stderr: process.Excerpt(r.Stderr)}
	}
	return &process.Error{Command: command, Kind: process.BadAnswer, ExitCode: -1, Stderr: process.Excerpt(r.Stderr), Err: err}
}

// commandSpec is spec as Claude Code would run it for session s: in the
// session's directory, with the project directory in the environment. The
// environment is copied, so the caller's slice is never written to.
func commandSpec(spec process.Spec, s SessionInfo) process.Spec {
	if spec.Dir == "" {
		spec.Dir = s.Cwd
	}
	project := s.ProjectDir
	if project == "" {
		project = s.Cwd
	}
	if project != "" {
		// Last, because process.Run lets a later entry win: the session,
		// not the configuration, says where the project is.
		spec.Env = append(slices.Clip(spec.Env), ProjectDirEnv+"="+project)
	}
	return spec
}
