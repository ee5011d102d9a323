package claudecode

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// The variables through which Claude Code tells a command hook where the
// project and the plugin that bundles it are. In the exec form (Spec.Args),
// "${NAME}" in the program and in each argument is replaced by the value.
const (
	ProjectDirEnv = "CLAUDE_PROJECT_DIR"
	PluginRootEnv = "CLAUDE_PLUGIN_ROOT"
	PluginDataEnv = "CLAUDE_PLUGIN_DATA"
)

// placeholders are the variables substituted in the exec form.
var placeholders = []string{ProjectDirEnv, PluginRootEnv, PluginDataEnv}

// Command returns an interceptor that runs a Claude Code command hook for
// each event it is asked about: it writes InputFor(e, session) as JSON on
// the hook's stdin, runs spec with process.Run, and answers with Decide.
// The session is s, overridden field by field by the call's own
// (WithSessionInfo).
//
// The hook runs as Claude Code runs it:
//
//   - With Claude Code's environment: spec.Inherit's default here is
//     process.InheritAll less the OTEL_* variables, which Claude Code keeps
//     from every subprocess. Set spec.Inherit to process.InheritBase for the
//     strict baseline; spec.Unset and spec.Env remove and add as usual.
//   - With CLAUDE_EFFORT set to the session's effort.level (its Extra
//     field "effort"), and unset when the session gives none.
//   - Without the Scrubbed credentials when ScrubEnv
//     (CLAUDE_CODE_SUBPROCESS_ENV_SCRUB) is true in the environment the
//     hook would get, spec.Env included, as Claude Code scrubs every
//     subprocess's.
//   - With CLAUDE_PROJECT_DIR set to the session's ProjectDir. Without one,
//     the variable is left as the hook's environment has it (a hook program
//     run by Claude Code inherits it), and set to the session's Cwd when the
//     environment has none.
//   - In the exec form (spec.Args), with ${CLAUDE_PROJECT_DIR},
//     ${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PLUGIN_DATA} replaced, in the
//     program and in each argument, by their values in the hook's
//     environment, as plain strings: an argument stays one argument
//     whatever the path holds.
//   - In the session's Cwd when spec.Dir is empty.
//   - With its output kept up to spec's caps and the rest dropped
//     (spec.Truncate is set), so that exit status 2 blocks however much the
//     hook printed.
//
// Every failure is a *process.Error that names the command and quotes its
// stderr: one that could not run, was killed or outran its time (from
// process.Run), one that exited with a status other than 0 and 2 without
// a valid JSON answer (Kind ExitStatus), or one whose output is not a
// valid answer (Kind BadAnswer).
//
// Command panics when spec is not valid (process.Spec.Validate): a
// construction mistake, like the core's. CompileCommand returns the error
// instead.
func Command(spec process.Spec, s SessionInfo) hookchain.Interceptor {
	return must(CompileCommand(spec, s))
}

// CompileCommand is Command for specs read from configuration.
func CompileCommand(spec process.Spec, s SessionInfo) (hookchain.Interceptor, error) {
	if err := spec.Validate(); err != nil {
		return nil, fmt.Errorf("claudecode: Command: %w", err)
	}
	spec = claudeEnv(spec)
	spec.Truncate = true
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		session := sessionFor(ctx, s)
		run := commandSpec(spec, session)
		name := run.String()
		stdin, err := marshal(InputFor(e, session))
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
		out, err := Decide(e, res)
		if err != nil {
			return hookchain.Outcome{}, failure(name, res, err)
		}
		return persistNotes(ctx, out), nil
	}, nil
}

// claudeEnv gives spec Claude Code's environment when it asks for the
// default: the whole environment, less the OTEL_* variables.
func claudeEnv(spec process.Spec) process.Spec {
	if spec.Inherit == process.InheritDefault {
		spec.Inherit = process.InheritAll
		spec.Unset = append(slices.Clip(spec.Unset), "OTEL_*")
	}
	return spec
}

// CommandSpec is spec as Command runs it for session s: with Claude Code's
// environment when spec.Inherit is the default, CLAUDE_PROJECT_DIR set, in
// the session's Cwd when spec.Dir is empty, and the placeholders of the
// exec form replaced (see Command). A program that runs a hook command
// for a whole session at once, rather than once per call — a persistent
// hook (process.Persistent) configured in Claude Code settings, say —
// builds its spec this way, so that the hook runs where and as Claude
// Code would run it.
func CommandSpec(spec process.Spec, s SessionInfo) process.Spec {
	return commandSpec(claudeEnv(spec), s)
}

// failure is Decide's error as a *process.Error, so that every failure of a
// command hook reads alike and names the command: an exit status that is
// neither 0 nor 2, or output that is not a valid answer.
func failure(command string, r process.Result, err error) *process.Error {
	var status *exitStatusError
	if errors.As(err, &status) {
		return &process.Error{Command: command, Kind: process.ExitStatus, ExitCode: r.ExitCode, Stderr: process.Excerpt(r.Stderr)}
	}
	return &process.Error{Command: command, Kind: process.BadAnswer, ExitCode: -1, Stderr: process.Excerpt(r.Stderr), Err: err}
}

// commandSpec is spec as Claude Code would run it for session s: in the
// session's directory, with the project directory in the environment and
// the placeholders of the exec form replaced. The environment and the
// arguments are copied, so the caller's slices are never written to.
func commandSpec(spec process.Spec, s SessionInfo) process.Spec {
	if spec.Dir == "" {
		spec.Dir = s.Cwd
	}
	spec = sessionEnv(spec, s)
	env := spec.Environ()
	spec = scrub(spec, env)
	values := make(map[string]string, len(placeholders))
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if slices.Contains(placeholders, k) {
			values[k] = v
		}
	}
	project := s.ProjectDir
	if _, set := values[ProjectDirEnv]; project == "" && !set {
		project = s.Cwd
	}
	if project != "" {
		// Last, because process.Run lets a later entry win: the session,
		// not the configuration, says where the project is.
		spec.Env = append(slices.Clip(spec.Env), ProjectDirEnv+"="+project)
		values[ProjectDirEnv] = project
	}
	if len(spec.Args) > 0 {
		args := make([]string, len(spec.Args))
		for i, a := range spec.Args {
			args[i] = substitute(a, values)
		}
		spec.Args = args
	}
	return spec
}

// substitute replaces each ${NAME} in s whose NAME has a value. A
// placeholder for a variable that is not set is left as written, as Claude
// Code leaves it.
func substitute(s string, values map[string]string) string {
	if !strings.Contains(s, "${") {
		return s
	}
	for k, v := range values {
		s = strings.ReplaceAll(s, "${"+k+"}", v)
	}
	return s
}

// dirGone reports whether err is a hook that could not start because its
// working directory dir does not exist.
func dirGone(dir string, err error) bool {
	var pe *process.Error
	if dir == "" || !errors.As(err, &pe) || pe.Kind != process.StartFailed {
		return false
	}
	_, serr := os.Stat(dir)
	return errors.Is(serr, fs.ErrNotExist)
}

// must is a panicking constructor's end: its twin's error, as the panic's
// value, is the one validation both forms share.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err.Error())
	}
	return v
}
