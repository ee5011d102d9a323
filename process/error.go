package process

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Kind says what went wrong with a hook command. A Kind is an error so
// that it can be matched with errors.Is: errors.Is(err, process.TimedOut)
// holds when err is, or wraps (fmt.Errorf's %w, errors.Join,
// hookchain.NotOwn), an *Error of that Kind. A Restarting error wraps the
// failure that brought the hook down, and so also matches that failure's
// Kind. No function returns a bare Kind.
type Kind uint8

const (
	InvalidSpec    Kind = iota + 1 // the Spec does not pass Validate
	StartFailed                    // the command could not start: not found, not executable, bad Dir
	TimedOut                       // it outran Spec.Timeout and its process group was killed
	Canceled                       // the caller's context ended first and its process group was killed
	Signaled                       // it was killed by a signal that Run did not send
	StdoutTooLarge                 // it wrote more than Spec.MaxStdout bytes on stdout
	StderrTooLarge                 // it wrote more than Spec.MaxStderr bytes on stderr
	OutputHeld                     // it exited, but a process outside its group kept its output open
	IOFailed                       // the pipes to it failed
	ExitStatus                     // it exited with a status its dialect counts as a failure
	BadAnswer                      // what it printed is not an answer in its dialect

	// The failures only a persistent hook has (see Persistent).
	Exited        // the process ended while the call waited for its answer
	ProtocolError // it wrote a line the persistent protocol does not allow
	LineTooLong   // it wrote a line longer than Spec.MaxStdout on stdout
	Unresponsive  // it answered nothing for a whole call timeout, and was stopped
	HookError     // it answered the call with an error of its own
	Overloaded    // every slot for calls in flight stayed taken until the call's deadline
	Restarting    // it is down, and its next start is later than the call can wait
	Closed        // its owner closed it
)

var kindNames = [...]string{
	InvalidSpec:    "InvalidSpec",
	StartFailed:    "StartFailed",
	TimedOut:       "TimedOut",
	Canceled:       "Canceled",
	Signaled:       "Signaled",
	StdoutTooLarge: "StdoutTooLarge",
	StderrTooLarge: "StderrTooLarge",
	OutputHeld:     "OutputHeld",
	IOFailed:       "IOFailed",
	ExitStatus:     "ExitStatus",
	BadAnswer:      "BadAnswer",
	Exited:         "Exited",
	ProtocolError:  "ProtocolError",
	LineTooLong:    "LineTooLong",
	Unresponsive:   "Unresponsive",
	HookError:      "HookError",
	Overloaded:     "Overloaded",
	Restarting:     "Restarting",
	Closed:         "Closed",
}

// String returns the constant's name.
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Error is the constant's name, as String: a Kind is an error to match
// against, not one to report.
func (k Kind) Error() string { return k.String() }

// Error is a hook command that could not give an answer. Its message names
// the command, says what happened and ends with an excerpt of what the
// command wrote on stderr, because that is where a hook's author explains
// what went wrong:
//
//	hook "./hooks/guard.sh": exited with status 1; stderr: "guard.sh: config.json: no such file"
//
// Run returns one for every failure; a dialect (Native, or another package's)
// builds one with Kind ExitStatus or BadAnswer for a run that it cannot read
// as an answer.
type Error struct {
	Command  string        // the command, as Spec.String writes it
	Kind     Kind          // what went wrong
	ExitCode int           // ExitStatus, Exited: the status it exited with; otherwise -1
	Signal   string        // Signaled, Exited: the signal, e.g. "SIGSEGV"
	Timeout  time.Duration // TimedOut, Unresponsive: the limit it outran; Restarting: the wait until its next start, rounded up to 100ms; 0 otherwise
	Limit    int           // StdoutTooLarge, StderrTooLarge, LineTooLong: the cap in bytes; Overloaded: the calls in flight
	ID       uint64        // a persistent hook's call: its id in the protocol; 0 otherwise
	Stderr   string        // an Excerpt of what it wrote on stderr; "" when nothing
	Err      error         // the cause underneath, where there is one
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "hook %q: ", e.Command)
	e.what(&b)
	if e.ID != 0 {
		fmt.Fprintf(&b, " (call %d)", e.ID)
	}
	if e.Stderr != "" {
		fmt.Fprintf(&b, "; stderr: %q", e.Stderr)
	}
	return b.String()
}

// what says what went wrong, without naming the command.
func (e *Error) what(b *strings.Builder) {
	switch e.Kind {
	case InvalidSpec:
		b.WriteString("invalid: ")
		b.WriteString(errText(e.Err))
	case StartFailed:
		b.WriteString("could not start: ")
		b.WriteString(errText(e.Err))
		b.WriteString(startHint(e.Err))
	case TimedOut:
		b.WriteString("timed out after " + e.Timeout.String())
	case Canceled:
		b.WriteString("stopped because its context ended: ")
		b.WriteString(errText(e.Err))
	case Signaled:
		b.WriteString("was killed by signal " + e.Signal)
	case StdoutTooLarge:
		fmt.Fprintf(b, "wrote more than %d bytes on stdout", e.Limit)
	case StderrTooLarge:
		fmt.Fprintf(b, "wrote more than %d bytes on stderr", e.Limit)
	case OutputHeld:
		fmt.Fprintf(b, "exited, but its output was still open %v later: a process that left its process group holds it", drainDelay)
	case IOFailed:
		b.WriteString("i/o with it failed: ")
		b.WriteString(errText(e.Err))
	case ExitStatus:
		fmt.Fprintf(b, "exited with status %d", e.ExitCode)
	case BadAnswer:
		b.WriteString("gave no valid answer: ")
		b.WriteString(errText(e.Err))
	case Exited:
		switch {
		case e.Signal != "":
			b.WriteString("was killed by signal " + e.Signal)
		case e.ExitCode >= 0:
			fmt.Fprintf(b, "exited with status %d", e.ExitCode)
		default:
			b.WriteString("exited: ")
			b.WriteString(errText(e.Err))
		}
		if e.ID != 0 {
			b.WriteString(" before it answered")
		}
	case ProtocolError:
		b.WriteString("broke the persistent protocol: ")
		b.WriteString(errText(e.Err))
	case LineTooLong:
		fmt.Fprintf(b, "wrote a line of more than %d bytes on stdout", e.Limit)
	case Unresponsive:
		doing := "answered nothing"
		if e.Err != nil {
			doing = e.Err.Error()
		}
		fmt.Fprintf(b, "%s for %v while a call waited, and was stopped", doing, e.Timeout)
	case HookError:
		b.WriteString("answered with an error: ")
		b.WriteString(errText(e.Err))
	case Overloaded:
		fmt.Fprintf(b, "had every one of its %d slots for calls in flight taken until this call's time ran out", e.Limit)
	case Restarting:
		b.WriteString("is down after it ")
		if inner, ok := e.Err.(*Error); ok {
			inner.what(b)
		} else {
			b.WriteString("failed: " + errText(e.Err))
		}
		fmt.Fprintf(b, ", and starts again in %v, later than this call can wait", e.Timeout)
	case Closed:
		b.WriteString("is closed")
	default:
		b.WriteString("failed: ")
		b.WriteString(errText(e.Err))
	}
}

// Unwrap returns the cause: a start error, a context's error
// (context.DeadlineExceeded for TimedOut), or a decoding error.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is e's Kind, for errors.Is(err, TimedOut). The
// cause is matched through Unwrap, as usual.
func (e *Error) Is(target error) bool {
	k, ok := target.(Kind)
	return ok && e != nil && k == e.Kind
}

func errText(err error) string {
	if err == nil {
		return "unknown cause"
	}
	return err.Error()
}

// startHint adds the likely fix to the exec errors whose text alone puzzles
// people. Only an exec error gets one: ENOENT from anything else means what
// it says.
func startHint(err error) string {
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Op != "fork/exec" {
		return ""
	}
	switch {
	case errors.Is(err, fs.ErrPermission):
		return " (is it executable?)"
	case errExecFormat != nil && errors.Is(err, errExecFormat):
		return " (a script needs a #! line)"
	case errors.Is(err, fs.ErrNotExist):
		return " (or its #! interpreter is missing)"
	}
	return ""
}

// ExcerptLen is the most of a hook's stderr that an Error carries.
const ExcerptLen = 500

// Excerpt is how much of a hook's stderr goes into a message: trimmed of
// surrounding space and, when longer than ExcerptLen bytes, only its end
// (after "…"), because programs write the error that ended them last.
func Excerpt(stderr []byte) string {
	s := strings.TrimSpace(string(stderr))
	if len(s) <= ExcerptLen {
		return s
	}
	cut := len(s) - ExcerptLen
	for cut < len(s) && !utf8.RuneStart(s[cut]) {
		cut++ // never start inside a character
	}
	return "…" + strings.TrimLeft(s[cut:], " \t\r\n")
}
