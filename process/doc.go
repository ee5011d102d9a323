// Package process runs external hook commands for a hookchain chain — one
// process per event, or one process for many (Persistent) — under rules that
// keep a broken, slow or hostile hook from hanging the agent, leaking the
// host's secrets or leaving processes behind. Run is the mechanism; Native
// is an interceptor that speaks hookchain's own wire dialect with the
// command, and other dialects (Claude Code's, in package claudecode) are
// built on Run the same way. Persistent speaks the same dialect, a line per
// call, with a process started once.
//
//	guard := process.Native(process.Spec{Args: []string{"./hooks/guard.sh"}, Timeout: 5 * time.Second})
//	chain := hookchain.New(hookchain.Before("guard", hookchain.Tool("Bash"), guard))
//
// # Running a command
//
// A Spec gives either Args, an argv executed directly — no shell ever reads
// its arguments, so a model-chosen string passed as an argument stays one
// argument — or Shell, a command line run as `/bin/sh -c LINE`, which is how
// Claude Code runs hook commands. Args[0] without a slash is looked up in
// the caller's PATH.
//
// By default the command does not inherit the caller's environment. It gets
// BaseEnv — PATH, HOME, USER, LOGNAME, SHELL, LANG, LC_ALL, LC_CTYPE, TZ,
// TMPDIR and TERM, each copied when the caller has it set — followed by
// Spec.Env, where a later entry for a key replaces an earlier one. An
// agent's process typically holds model API keys and cloud credentials; a
// hook that needs one is given it by name in Spec.Env.
//
// Hooks written for a tool that runs them with its whole environment read
// their settings from it (a deny list in a variable, an off switch, a CI
// workspace). Spec.Inherit set to InheritAll gives the command the caller's
// whole environment instead; Spec.Unset then names what to keep back, by
// name or by prefix ("OTEL_*"), and Spec.Env still adds and overrides.
// Spec.Environ shows the result without running anything. Package
// claudecode runs Claude Code's hooks this way by default, as Claude Code
// does; Native keeps the strict baseline.
//
// # Descriptors
//
// A hook inherits stdin, stdout and stderr and no other descriptor: none of
// the files, sockets and pipes the host has open, and no pipe of another
// hook. Go opens its own descriptors close-on-exec, but one opened by C
// code, or inherited from a parent shell (`exec 9<secret`), is not, and
// every child started would get it. os/exec offers no way to close
// descriptors in the child before it execs, so just before each hook is
// started Run marks every descriptor of the host above 2 close-on-exec:
// with close_range(2) and CLOSE_RANGE_CLOEXEC on Linux 5.11 and later,
// otherwise one by one as /proc/self/fd (Linux) or /dev/fd (other Unix
// systems) lists them. They stay open and usable in the host; they only
// stop being inherited, by every child started from then on, the host's own
// included. A child the host starts with os/exec still gets what it is given
// in Cmd.ExtraFiles, which the child makes inheritable again on its side;
// that is the way to pass a descriptor on purpose. Where not every
// descriptor can be marked (a Linux older than 5.11 without /proc, or a
// /dev/fd that lists only 0, 1 and 2, as on FreeBSD without fdescfs), Run
// refuses to start the hook (StartFailed) rather than let it inherit them.
// On Windows, os/exec hands a child an explicit list of the handles it
// passes, and there is nothing to mark.
//
// Hooks are started one at a time: from the moment Run makes a hook's pipes
// until the hook's ends of them (stdin's read end, stdout's and stderr's
// write ends) are closed in the host, no other hook is forked. So those ends
// are never copied into another hook's child, even for the instant between
// its fork and its exec, and a hook's output ends when it exits. The host's
// ends live as long as the run, close-on-exec: a hook B started while hook
// A runs holds copies of A's host ends from B's fork to B's exec, which is
// over before B's start returns. A copy of a read end keeps no pipe open,
// and a copy of stdin's write end only delays the end of A's input until
// B's exec. A run waiting for its turn to start still ends with its timeout
// or ctx: an exec that hangs in the kernel (a program on an unreachable
// network file system) holds up the other hooks' starts, not their
// deadlines.
//
// What this package cannot order is code outside it. A descriptor made
// inheritable between the marking and the fork (by C code, or by
// syscall.Open without O_CLOEXEC) reaches the hook. A fork by the host
// while a hook is being started copies the hook's ends of its pipes into the
// host's child until that child execs, or for good if it never does; output
// held that way after the hook has exited is reported as OutputHeld.
//
// # Input and output
//
// stdin is written while stdout and stderr are read, all concurrently, so a
// command that answers before reading its input, never reads it, or closes
// it early cannot deadlock against Run; the broken pipe that follows is not
// a failure. stdout and stderr are capped (Spec.MaxStdout, 1 MiB by default;
// Spec.MaxStderr, 64 KiB): Run reads one byte past the cap, then kills the
// command and reports the overflow. Output over the cap is never parsed.
// With Spec.Truncate the caps bound only what is kept: Run keeps the first
// MaxStdout (MaxStderr) bytes, reads and drops the rest, lets the command
// run to its exit, and marks the Result as truncated, so that a dialect
// whose answer is the exit status still gets it.
//
// # Time, process groups and what survives
//
// Every command runs in a new process group and under a timeout
// (Spec.Timeout, a minute by default). When the timeout runs out or ctx
// ends, Run sends SIGKILL to the whole group, so children and grandchildren
// die with the hook, and returns an error; any output so far is discarded.
// A duration or a limit left zero, in a Spec or a PersistentSpec, is its
// documented default, never "none" or "no limit"; a negative one makes the
// spec invalid (Validate), and Run, Native and NewPersistent refuse it.
//
// The group is also killed when the command exits normally. A hook is done
// when its process exits: background children it left behind, holding a
// pipe or not, are not part of any answer and are not left running. Once
// the group is dead, its pipes are read to the end, which is immediate,
// since nothing is left to write; everything the command wrote before it
// exited is kept. So a hook whose grandchild holds stdout open is answered
// as soon as the hook itself exits, not when the timeout runs out.
//
// Only a process that has left the group (setsid, a daemon) can survive. If
// it holds stdout or stderr open, Run waits 500ms and then gives up with an
// OutputHeld error rather than a possibly partial answer. On Linux that is
// the kernel's call: when the 500ms have passed, Run asks it whether any
// process still holds a write end of either pipe, and reports OutputHeld
// only if one does. A command that exited with its output complete is never
// reported held, however long a loaded machine takes to read that output;
// Run keeps reading it until the timeout or ctx ends. Elsewhere, output
// still open after 500ms is taken for held.
//
// On Linux, the group is killed while the exited command is still a zombie,
// so that its group id cannot have been reused by an unrelated process;
// elsewhere it is killed just after the command is reaped. Run reaps the
// command itself; the killed descendants are reaped by whoever adopted them
// (init, or a subreaper), as for any orphan.
//
// On systems without POSIX process groups (Windows, Plan 9, wasm), the same
// rules apply except that only the command itself is killed.
//
// # Exit status and errors
//
// Run reports a command's exit status and leaves its meaning to the dialect:
// a non-zero status is not an error. Errors are what prevents a result —
// the command could not start, was killed by a signal, outran its timeout
// or ctx, overflowed a cap, or left a pipe held — and each is an *Error
// whose Kind says which, and whose message names the command and ends with
// the end of its stderr:
//
//	hook "./hooks/guard.sh": timed out after 5s; stderr: "waiting for lock /tmp/guard.lock"
//
// Each Kind is also an error to match against: errors.Is(err,
// process.TimedOut) holds for an *Error of that Kind however it is wrapped
// (fmt.Errorf's %w, errors.Join, hookchain.NotOwn), and errors.As gives the
// *Error itself, with its exit status, signal, limit and stderr.
//
// In a chain, such an error is the link's failure: the chain fails closed
// (Denied) unless the link was built with FailOpen. Spec.Timeout bounds every
// run even on a link without a hookchain Timeout; a link Timeout that runs
// out first ends the run's context, and the group is killed the same way.
//
// # The native dialect
//
// Native sends the event on stdin as one line of JSON (see Request and
// EncodeRequest). Before the call:
//
//	{"hook_schema":1,"hook":"before_tool","tool":"Bash","call_id":"toolu_01","input":{"command":"rm -rf build"}}
//
// After it, with the result and whether it is an error:
//
//	{"hook_schema":1,"hook":"after_tool","tool":"Bash","call_id":"toolu_01","input":{"command":"ls"},"output":"a.txt\n","is_error":false}
//
// input is always present ({} when the call had none); output is null when
// the tool returned nothing.
//
// The command answers with one JSON object on stdout and exits 0:
//
//	{"verdict":"allow"}
//	{"verdict":"deny","reason":"rm -rf is not allowed here"}
//	{"verdict":"modify","reason":"pinned a timeout","input":{"command":"ls","timeout":10}}
//	{"verdict":"replace","reason":"redacted a token","output":"token=[redacted]","is_error":false}
//	{"verdict":"ask","reason":"pushes to a shared remote"}
//	{"verdict":"ask","reason":"push with a lease instead?","input":{"command":"git push --force-with-lease"}}
//	{"verdict":"allow","note":"this repository uses pnpm, not npm"}
//
// "ask" puts the call to the chain's approver, with the reason as the
// question (hookchain.Ask): before the call only, and a chain without an
// approver denies it. With an "input", the hook rewrites the call and asks
// about the rewrite in one answer (hookchain.AskAbout); the approver is asked
// about the final input, so what is approved is what runs. "note", a string,
// may go with any verdict: it is text for the model to read next to the
// call (hookchain.Outcome.WithNote), and the chain files it under the link's
// name. A blank note is none.
//
// The exit status is checked before stdout is read: a hook that exits
// non-zero has failed, whatever it printed. Then DecodeAnswer reads stdout
// strictly, because the answer is a security matter: empty stdout is a
// failure, never consent; stdout must be exactly one JSON object (white
// space around it is fine, anything else is not); an unknown verdict,
// "modify" without "input" and "replace" without "output" are failures, as
// is a known key given twice or a key beside a verdict it does not belong
// to (an "input" next to "allow", an "output" next to "ask"). Unknown keys
// are ignored. "replace" without "is_error" keeps the
// result's error flag as it was.
//
// A native hook in sh, denying recursive deletes:
//
//	#!/bin/sh
//	read -r req
//	case $req in
//	*'rm -rf'*) printf '{"verdict":"deny","reason":"recursive delete"}\n' ;;
//	*) printf '{"verdict":"allow"}\n' ;;
//	esac
//
// A native hook written in Go reads its request with DecodeRequest and
// writes its answer with EncodeAnswer, which joins several notes into one,
// separated by a blank line.
//
// # Persistent hooks
//
// A Persistent is a hook program started once and asked about many calls
// over its stdin and stdout, one JSON object per line each way:
//
//	hook:  {"protocol":"hookchain-persistent","version":1}
//	host:  {"id":1,"hook_schema":1,"hook":"before_tool","tool":"Bash","call_id":"toolu_01","input":{"command":"rm -rf build"}}
//	host:  {"id":2,"hook_schema":1,"hook":"before_tool","tool":"Bash","call_id":"toolu_02","input":{"command":"ls"}}
//	hook:  {"id":2,"verdict":"allow"}
//	hook:  {"id":1,"verdict":"deny","reason":"recursive delete"}
//
// The hook's first line is its hello, which names the protocol and its
// version (ProtocolVersion). Each request is the native dialect's request
// with an "id" in front; each answer is the native dialect's answer with the
// id of the request it answers, in any order, or {"id":N,"error":"…"} for a
// call the hook could not decide; an id is answerable once its request has
// been written in full. Several calls may be in flight at once, up to
// PersistentSpec.MaxInFlight; a call beyond it waits for a slot, never in a
// queue that grows. A slot is the hook's until it has answered the call or
// its process is gone, even when the caller left first, so that the hook
// never holds more requests than MaxInFlight; a process that holds every
// slot for calls whose callers have left is restarted. examples/persistent/README.md in the repository is
// the protocol's page, with runnable hooks in Python, Node and Go;
// ServePersistent and HookMain are the hook's side, in Go.
//
// The process runs under the rules above: its own process group, descriptors
// 0, 1 and 2 only (it is started under the same lock as every other hook),
// the Spec's environment with PersistentEnv added, its stdout bounded per
// line by MaxStdout. It is started by the first call, or by Start; when it
// exits, closes its stdout (it is given 100ms to exit, then stopped),
// breaks the protocol or stops answering, its group is killed, the calls
// waiting on it fail with the reason, and the next call starts it again
// after a backoff. Close waits for the calls in flight up to a
// deadline, then closes its stdin, sends its group SIGTERM and, StopGrace
// later, SIGKILL. A Pool owns the persistent hooks built from
// configuration, and closes them all.
//
// Failures are named and fail closed, as for a hook run per call: a call
// that outruns its Timeout (TimedOut), a process that ends before it
// answers (Exited), a line that is not a JSON object with an id, an answer
// for an id no call has, for a call whose request is not yet written or
// for a call already answered, a stdout closed by a process that lives on
// (ProtocolError), a line over the cap (LineTooLong), a hook that answers
// nothing for a whole Timeout (Unresponsive). An answer for a call that
// has already ended — it timed out, or its caller went away — is discarded
// and counted (PersistentStats.LateAnswers): it never reaches another call.
//
// One process serves many calls, so one call's input can take it down
// under the others, as a hook run per call cannot. So Intercept returns an error
// — which a fail-open link allows — only for a failure that is the call's
// own: the hook could not start, answered the call with an error or an
// answer that does not decode, or went down or outran the call's Timeout
// in a process that was sent that call and no other. A failure that may be
// another call's is an error marked hookchain.NotOwn, which the chain
// denies whatever the link's failure policy, named: a process that had served other calls went down (the calls it held
// are asked once more of the next process, within their Timeout, first),
// the call outran its Timeout in such a process or after waiting for a
// restart, the hook restarts later than the call can wait (Restarting),
// other calls held every slot (Overloaded), or the hook was closed
// (Closed). So is a line over the cap, whatever else the process served:
// a cap bounds what is read, never what is decided.
//
// # Cost
//
// A process hook costs a process start per call — about a millisecond for a
// small sh script, several thousand times an in-process interceptor with the
// same policy (see BenchmarkNativeProcessHook and BenchmarkInProcessLink),
// and a hundred milliseconds or more for a Python one. That is the price of
// running hooks written for other tools unchanged. A persistent hook pays
// the start once and then a line each way per call, tens of microseconds
// (BenchmarkPythonHook and BenchmarkGoHook compare the same program run both
// ways); a policy that runs on every call is cheapest as a Go interceptor.
package process
