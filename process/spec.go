package process

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
)

// Spec says what to run and within which limits. Exactly one of Args and
// Shell is set. The zero values of the limits mean the package defaults,
// never "no limit": a hook is a program someone else wrote, and every one of
// them gets a deadline and a ceiling. A negative limit is invalid (see
// Validate), never read as zero or as no limit.
type Spec struct {
	// Args is the argv, executed directly and never through a shell, so no
	// argument is ever re-read as shell syntax. Args[0] is looked up in PATH
	// when it has no slash; a relative Args[0] with a slash is resolved
	// against Dir.
	Args []string
	// Shell is a command line, run as `/bin/sh -c Shell`, as Claude Code runs
	// its hook commands.
	Shell string
	// Dir is the working directory; "" is the caller's.
	Dir string
	// Inherit says which of the caller's variables the command starts
	// with: InheritDefault and InheritBase are BaseEnv, InheritAll is the
	// caller's whole environment (os.Environ). A dialect built on Run may
	// give InheritDefault a meaning of its own; package claudecode does.
	Inherit Inherit
	// Unset removes variables from what the command inherits, before Env
	// is added: a name ("AWS_SECRET_ACCESS_KEY"), or a prefix followed by
	// '*' ("OTEL_*"). Env can still set any of them.
	Unset []string
	// Env is added to the inherited variables, as KEY=VALUE entries. Later
	// entries win, so Env can override what is inherited.
	Env []string
	// Timeout bounds the whole run; 0 means DefaultTimeout.
	Timeout time.Duration
	// MaxStdout bounds stdout in bytes; 0 means DefaultMaxStdout. More is a
	// failure, and nothing of it is parsed.
	MaxStdout int
	// MaxStderr bounds stderr in bytes; 0 means DefaultMaxStderr. More is a
	// failure.
	MaxStderr int
	// Truncate makes the caps bound what is kept rather than whether there
	// is a result: output past MaxStdout or MaxStderr is read and dropped,
	// the command runs on to its exit, and Result.StdoutTruncated or
	// StderrTruncated says that the output kept is the beginning of what
	// was written. A dialect whose answer is the exit status (Claude
	// Code's exit 2 blocks, whatever was printed) needs it; the timeout
	// still bounds the run.
	Truncate bool
}

// Inherit says which of the caller's environment variables a command starts
// with, before Spec.Unset and Spec.Env apply.
type Inherit uint8

const (
	// InheritDefault is the zero value: BaseEnv for Run and Native, and
	// whatever default a dialect documents for the specs it runs.
	InheritDefault Inherit = iota
	// InheritBase is BaseEnv: the variables an ordinary program needs, and
	// none of the host's secrets.
	InheritBase
	// InheritAll is the caller's whole environment, as os.Environ returns
	// it: what a hook written for a tool that runs hooks that way expects
	// (Claude Code does). API keys and tokens the host holds go with it;
	// use Unset to keep some back.
	InheritAll
)

// String names the value as its constant does, without the "Inherit".
func (i Inherit) String() string {
	switch i {
	case InheritDefault:
		return "Default"
	case InheritBase:
		return "Base"
	case InheritAll:
		return "All"
	}
	return fmt.Sprintf("Inherit(%d)", uint8(i))
}

const (
	// DefaultTimeout is the time a hook is given when Spec.Timeout is 0: a
	// hook sits in the path of a tool call, and a minute is already a long
	// wait for an agent. (Claude Code's own default for command hooks has
	// changed between versions; a dialect that must match it sets Timeout.)
	DefaultTimeout = 60 * time.Second
	// DefaultMaxStdout is large enough for a rewritten input or a replaced
	// tool result, and small enough that a runaway hook cannot exhaust memory.
	DefaultMaxStdout = 1 << 20
	// DefaultMaxStderr is smaller: stderr carries diagnostics, and only an
	// excerpt of it is ever shown.
	DefaultMaxStderr = 64 << 10
)

func (s Spec) timeout() time.Duration { return cmp0(s.Timeout, DefaultTimeout) }

func (s Spec) maxStdout() int { return cmp0(s.MaxStdout, DefaultMaxStdout) }

func (s Spec) maxStderr() int { return cmp0(s.MaxStderr, DefaultMaxStderr) }

// cmp0 is v, or def when v is zero.
func cmp0[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// String returns the command as messages name it: the Shell line as written,
// or the argv joined by spaces, each argument single-quoted when a POSIX
// shell would otherwise read it differently — so the text can be pasted into
// a terminal to reproduce the run.
func (s Spec) String() string {
	if s.Shell != "" || len(s.Args) == 0 {
		return s.Shell
	}
	var b strings.Builder
	for i, a := range s.Args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(shellQuote(a))
	}
	return b.String()
}

// shellQuote quotes a for a POSIX shell only when it needs it, so the common
// case (a path and a few flags) reads as typed.
func shellQuote(a string) string {
	if a == "" {
		return "''"
	}
	for _, c := range a {
		if !isShellSafe(c) {
			return "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return a
}

func isShellSafe(c rune) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.ContainsRune("@%+=:,./_-", c)
}

// Validate reports what is wrong with s, or nil. Run and Native check it
// themselves; a loader of configuration calls it to report a bad hook when
// the configuration is read rather than when the hook is first run.
func (s Spec) Validate() error {
	var errs []error
	switch {
	case len(s.Args) == 0 && s.Shell == "":
		errs = append(errs, errors.New("neither Args nor Shell is set"))
	case len(s.Args) > 0 && s.Shell != "":
		errs = append(errs, errors.New("both Args and Shell are set; give one"))
	case len(s.Args) > 0 && s.Args[0] == "":
		errs = append(errs, errors.New("the program, Args[0], is empty"))
	case len(s.Args) == 0 && strings.TrimSpace(s.Shell) == "":
		errs = append(errs, errors.New("the Shell line is blank"))
	}
	// A NUL cannot cross execve; saying so here beats an EINVAL at start.
	for i, a := range s.Args {
		if strings.IndexByte(a, 0) >= 0 {
			errs = append(errs, fmt.Errorf("argument Args[%d] contains a NUL byte", i))
		}
	}
	if strings.IndexByte(s.Shell, 0) >= 0 {
		errs = append(errs, errors.New("the Shell line contains a NUL byte"))
	}
	if strings.IndexByte(s.Dir, 0) >= 0 {
		errs = append(errs, errors.New("the directory Dir contains a NUL byte"))
	}
	for i, kv := range s.Env {
		if k, _, ok := strings.Cut(kv, "="); !ok || k == "" {
			errs = append(errs, fmt.Errorf("entry Env[%d] %q is not KEY=VALUE", i, kv))
		} else if strings.IndexByte(kv, 0) >= 0 {
			errs = append(errs, fmt.Errorf("entry Env[%d] (%s) contains a NUL byte", i, k))
		}
	}
	if s.Inherit > InheritAll {
		errs = append(errs, fmt.Errorf("the Inherit %v is not one of InheritDefault, InheritBase and InheritAll", s.Inherit))
	}
	for i, name := range s.Unset {
		if name == "" || name == "*" || strings.ContainsAny(name, "=\x00") || strings.Contains(strings.TrimSuffix(name, "*"), "*") {
			errs = append(errs, fmt.Errorf("entry Unset[%d] %q is not a variable name or a prefix followed by '*'", i, name))
		}
	}
	if s.Timeout < 0 {
		errs = append(errs, fmt.Errorf("the Timeout %v is negative", s.Timeout))
	}
	if s.MaxStdout < 0 {
		errs = append(errs, fmt.Errorf("the MaxStdout %d is negative", s.MaxStdout))
	}
	if s.MaxStderr < 0 {
		errs = append(errs, fmt.Errorf("the MaxStderr %d is negative", s.MaxStderr))
	}
	return errors.Join(errs...)
}

// baseEnvNames are the variables a hook inherits from its host. They are
// what an ordinary program needs to find its tools, its home, its locale,
// its clock and a scratch directory; everything else the host holds — API
// keys, tokens, cloud credentials — stays with the host unless Spec.Env
// passes it on by name.
var baseEnvNames = [...]string{
	"PATH", "HOME", "USER", "LOGNAME", "SHELL",
	"LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "TERM",
}

// BaseEnv returns the environment every hook command starts from: PATH,
// HOME, USER, LOGNAME, SHELL, LANG, LC_ALL, LC_CTYPE, TZ, TMPDIR and TERM,
// each copied from the calling process when it is set there (an empty value
// counts as set), in that order.
func BaseEnv() []string {
	env := make([]string, 0, len(baseEnvNames))
	for _, k := range baseEnvNames {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// Environ returns the environment a command run from s gets, in the order
// given: the inherited variables (see Spec.Inherit) less those Spec.Unset
// names, then Spec.Env, with one entry per key — the last one given, kept
// at the position where that key first appeared. InheritDefault is read as
// InheritBase. It is never nil, because a nil Env would make os/exec hand
// the child the whole parent environment.
func (s Spec) Environ() []string {
	var inherited []string
	if s.Inherit == InheritAll {
		inherited = os.Environ()
	} else {
		inherited = BaseEnv()
	}
	all := make([]string, 0, len(inherited)+len(s.Env))
	for _, kv := range inherited {
		if k, _, _ := strings.Cut(kv, "="); !unset(k, s.Unset) {
			all = append(all, kv)
		}
	}
	all = append(all, s.Env...)
	env := make([]string, 0, len(all))
	at := make(map[string]int, len(all))
	for _, kv := range all {
		k, _, _ := strings.Cut(kv, "=")
		if i, ok := at[k]; ok {
			env[i] = kv
			continue
		}
		at[k] = len(env)
		env = append(env, kv)
	}
	return env
}

// unset reports whether one of names (a name, or a prefix followed by '*')
// names the variable k.
func unset(k string, names []string) bool {
	for _, n := range names {
		if prefix, ok := strings.CutSuffix(n, "*"); ok && strings.HasPrefix(k, prefix) || n == k {
			return true
		}
	}
	return false
}
