package process

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"sync"
	"time"
)

// Result is what a command that ran to its end printed, and the status it
// exited with.
type Result struct {
	ExitCode int // the status it exited with; -1 when Run returns an error
	Stdout   []byte
	Stderr   []byte
	// StdoutTruncated and StderrTruncated are set, only under
	// Spec.Truncate, when the command wrote more than the cap: Stdout or
	// Stderr is then the first MaxStdout or MaxStderr bytes of it.
	StdoutTruncated bool
	StderrTruncated bool
}

// drainDelay is how long Run waits for a command's output pipes to reach end
// of file, once the command has exited and its process group has been
// killed, before it asks whether anything still holds them. By then nothing
// in the group is alive, so only a process that left the group (setsid, a
// daemon) can hold a pipe, and it must not hold up the answer. It is also
// the exec.Cmd.WaitDelay: how long a command whose context has ended is
// given to die of the group kill before it is killed on its own (it could
// have moved itself to another group).
const drainDelay = 500 * time.Millisecond

// errTimedOut is the cause of the context Run bounds a command with, which
// tells a command's own timeout from the end of the caller's context.
var errTimedOut = errors.New("process: the hook's timeout ran out")

// Run runs the command once, with stdin as its standard input, and returns
// its exit status and what it printed. A non-zero exit status is not an
// error: what it means is for the dialect to say.
//
// The error is an *Error, and is returned when the command could not start,
// was killed by a signal, outran its timeout or ctx, wrote more than its caps,
// or left its output held open after it exited. The Result is then
// Result{ExitCode: -1}: output cut short is never handed on to be parsed.
//
// The command runs in a process group of its own. When it exits, and when it
// fails in any way, the whole group is killed, so neither a hook's background
// children nor its grandchildren outlive Run. See the package documentation
// for the full rules.
func Run(ctx context.Context, s Spec, stdin []byte) (Result, error) {
	started()
	defer finished()
	command := s.String()
	if err := s.Validate(); err != nil {
		return failed(command, &Error{Kind: InvalidSpec, Err: err}, nil)
	}
	if err := ctx.Err(); err != nil {
		return failed(command, &Error{Kind: Canceled, Err: err}, nil)
	}
	if s.Dir != "" {
		// Checked here because a child that cannot enter its directory
		// reports ENOENT from exec, which would read as a missing program.
		dir, err := runDir(ctx, s.Dir)
		if err != nil {
			return failed(command, &Error{Kind: StartFailed, Err: err}, nil)
		}
		s.Dir = dir
	}
	runCtx, cancel := context.WithTimeoutCause(ctx, s.timeout(), errTimedOut)
	defer cancel()

	cmd := s.command(func(name string, args ...string) *exec.Cmd { return exec.CommandContext(runCtx, name, args...) })

	r := &run{cmd: cmd, ctx: runCtx, timeout: s.timeout(), truncate: s.Truncate}
	cmd.Cancel = r.cancel
	cmd.WaitDelay = drainDelay
	if e := r.start(stdin); e != nil {
		return failed(command, e, nil)
	}
	r.serve(stdin, s.maxStdout(), s.maxStderr())
	waitErr := r.wait()

	if e := r.failure(); e != nil {
		return failed(command, e, r.stderr)
	}
	st := cmd.ProcessState
	if st == nil {
		return failed(command, &Error{Kind: IOFailed, Err: waitErr}, r.stderr)
	}
	if sig, ok := signaled(st); ok {
		return failed(command, &Error{Kind: Signaled, Signal: sig}, r.stderr)
	}
	return Result{ExitCode: st.ExitCode(), Stdout: r.stdout, Stderr: r.stderr,
		StdoutTruncated: r.stdoutCut, StderrTruncated: r.stderrCut}, nil
}

// command is the exec.Cmd that runs s in a process group of its own,
// made by newCmd: exec.Command, or exec.CommandContext bound to a run's
// context.
func (s Spec) command(newCmd func(name string, args ...string) *exec.Cmd) *exec.Cmd {
	name, args := shellPath, []string{"-c", s.Shell}
	if s.Shell == "" {
		name, args = s.Args[0], s.Args[1:]
	}
	cmd := newCmd(name, args...)
	cmd.Dir = s.Dir
	cmd.Env = s.Environ()
	ownGroup(cmd)
	return cmd
}

func checkDir(dir string) error {
	fi, err := os.Stat(dir)
	var pe *fs.PathError
	switch {
	case errors.As(err, &pe):
		return fmt.Errorf("its working directory %s: %w", dir, pe.Err)
	case err != nil:
		return fmt.Errorf("its working directory %s: %w", dir, err)
	case !fi.IsDir():
		return fmt.Errorf("its working directory %s is not a directory", dir)
	}
	return nil
}

func failed(command string, e *Error, stderr []byte) (Result, error) {
	e.Command, e.ExitCode = command, -1
	e.Stderr = Excerpt(stderr)
	return Result{ExitCode: -1}, e
}

// run is one command's run: its pipes, the goroutines serving them, and the
// first reason, if any, that the run cannot give a result.
type run struct {
	cmd     *exec.Cmd
	ctx     context.Context // the caller's, bounded by the timeout
	timeout time.Duration

	stdoutR, stderrR, stdinW *os.File // the parent's ends of the pipes
	stdout, stderr           []byte   // set by the readers, read after readers.Wait
	// truncate is Spec.Truncate; stdoutCut and stderrCut, set by the
	// readers, say that output past a cap was dropped.
	truncate             bool
	stdoutCut, stderrCut bool

	readers sync.WaitGroup
	writer  sync.WaitGroup

	mu     sync.Mutex
	failed *Error
	// reaped is set just before the leader is reaped. From then on its pid
	// may be reused, so its group is never signalled again.
	reaped bool
}

// starting is held, as a lock, from the moment a run makes its pipes until
// the child's ends of them are closed again in this process. A fork copies
// every descriptor, close-on-exec or not, into the new child until it
// execs; one hook's child end copied into another hook's child would keep
// the first hook's output open after it exited, or its input from ending.
// While starting is held no other run forks, so no such end is ever open
// here during another run's fork. The parent's ends live as long as the run
// and are still copied into hooks started meanwhile, until they exec; the
// package documentation says why that holds nothing up, and what a fork
// outside this package can still do.
//
// It is a channel rather than a sync.Mutex so that a run waiting for its
// turn gives up when its context ends: a start normally takes a fork and an
// exec, but an exec can hang in the kernel (a program on an unreachable
// network file system), and the runs queued behind it must still end on
// time.
var starting = make(chan struct{}, 1)

// start makes the pipes and starts the command.
func (r *run) start(stdin []byte) *Error {
	var e *Error
	r.stdinW, r.stdoutR, r.stderrR, e = spawn(r.ctx, r.cmd, len(stdin) > 0, r.ctxError)
	return e
}

// spawn makes cmd's pipes and starts it, holding starting from the moment
// the pipes exist until the child's ends of them are closed here, and
// returns this process's ends: stdin's write end (nil when withStdin is
// false, and the child reads /dev/null), stdout's and stderr's read ends.
// The child's ends are passed as *os.File so the child works on them
// directly: no os/exec copying goroutine stands between a cap and the
// process that exceeds it. ctx bounds only the wait for starting; ctxErr
// says how it ended.
func spawn(ctx context.Context, cmd *exec.Cmd, withStdin bool, ctxErr func() *Error) (stdinW, stdoutR, stderrR *os.File, e *Error) {
	select {
	case starting <- struct{}{}:
		defer func() { <-starting }()
	case <-ctx.Done():
		return nil, nil, nil, ctxErr()
	}
	var parent, child []*os.File
	closeAll := func(fs []*os.File) {
		for _, f := range fs {
			f.Close()
		}
	}
	// pipe makes a pipe whose end `mine` (0 read, 1 write) stays with us.
	pipe := func(mine int) (*os.File, *os.File, error) {
		rd, wr, err := os.Pipe()
		if err != nil {
			return nil, nil, err
		}
		ends := [2]*os.File{rd, wr}
		parent, child = append(parent, ends[mine]), append(child, ends[1-mine])
		return ends[mine], ends[1-mine], nil
	}
	var err error
	if stdoutR, cmd.Stdout, err = pipe(0); err == nil {
		if stderrR, cmd.Stderr, err = pipe(0); err == nil && withStdin {
			stdinW, cmd.Stdin, err = pipe(1)
		}
	}
	if err != nil {
		closeAll(append(parent, child...))
		return nil, nil, nil, &Error{Kind: IOFailed, Err: err}
	}
	// Last before the fork, and while starting is held, so that the window in which
	// code outside this package can make a descriptor inheritable again is
	// as short as it can be.
	if err := inheritOnlyStdio(); err != nil {
		closeAll(append(parent, child...))
		return nil, nil, nil, &Error{Kind: StartFailed, Err: err}
	}
	err = cmd.Start()
	// The child has its own copies now. Ours must go, or the child's exit
	// would never look like end of file to the readers.
	closeAll(child)
	if err != nil {
		closeAll(parent)
		if ctx.Err() != nil {
			return nil, nil, nil, ctxErr()
		}
		return nil, nil, nil, &Error{Kind: StartFailed, Err: err}
	}
	return stdinW, stdoutR, stderrR, nil
}

// serve starts the goroutines that feed stdin and read stdout and stderr,
// all at once: a command that fills its stdout pipe before reading its
// stdin, or never reads stdin at all, must not deadlock against us.
func (r *run) serve(stdin []byte, maxStdout, maxStderr int) {
	r.readers.Add(2)
	go r.read(r.stdoutR, maxStdout, StdoutTooLarge, &r.stdout, &r.stdoutCut)
	go r.read(r.stderrR, maxStderr, StderrTooLarge, &r.stderr, &r.stderrCut)
	if r.stdinW != nil {
		r.writer.Add(1)
		go r.write(stdin)
	}
}

// read reads f to its end, but never keeps more than limit+1 bytes: one
// byte over is enough to know the command failed, and the rest is not worth
// buffering. Under Spec.Truncate the output is cut at limit, the rest is
// read and dropped, and cut says so.
func (r *run) read(f *os.File, limit int, over Kind, dst *[]byte, cut *bool) {
	defer r.readers.Done()
	most := int64(limit) + 1
	if most <= 0 {
		most = math.MaxInt64 // a cap of MaxInt64 is no cap, not a cap of nothing
	}
	var buf bytes.Buffer
	n, err := buf.ReadFrom(io.LimitReader(f, most))
	if n > int64(limit) && r.truncate {
		buf.Truncate(limit)
		*cut = true
		_, err = io.Copy(io.Discard, f)
	}
	*dst = buf.Bytes()
	switch {
	case n > int64(limit) && !r.truncate:
		r.fail(&Error{Kind: over, Limit: limit})
		r.kill()
	case err != nil && !errors.Is(err, os.ErrClosed):
		r.fail(&Error{Kind: IOFailed, Err: err})
		r.kill()
	}
}

// write feeds stdin and closes it so the command sees end of file. A command
// may stop reading whenever it likes — exit without reading, close its stdin
// early — and the EPIPE that follows is its choice, not a failure.
func (r *run) write(data []byte) {
	defer r.writer.Done()
	_, err := r.stdinW.Write(data)
	r.stdinW.Close()
	if err != nil && !brokenPipe(err) && !errors.Is(err, os.ErrClosed) {
		r.fail(&Error{Kind: IOFailed, Err: err})
		r.kill()
	}
}

// wait waits for the leader to exit, kills what is left of its group, reaps
// it and gives its pipes a bounded time to drain.
//
// Where the platform can wait without reaping (Linux), the group is killed
// while the leader is a zombie: a zombie keeps its pid, and so its group id,
// from being reused, so the kill cannot reach an unrelated process. Elsewhere
// the group is killed just after the reap, which leaves the tiny window every
// group-killing supervisor lives with.
func (r *run) wait() error {
	err := waitReaping(r.cmd, r.reap)
	drained := whenDone(&r.readers)
	r.drain(drained)
	// Unblock whatever is still blocked on a pipe held from outside the
	// group; the goroutines end, and nothing outlives Run.
	r.stdoutR.Close()
	r.stderrR.Close()
	if r.stdinW != nil {
		r.stdinW.Close()
	}
	<-drained
	r.writer.Wait()
	return err
}

// waitReaping waits for cmd's leader to exit and reaps it, calling reap —
// which kills the group and marks the leader as reaped — while the leader
// is a zombie where the platform allows, just after the reap elsewhere.
func waitReaping(cmd *exec.Cmd, reap func()) error {
	early := awaitExit(cmd.Process.Pid)
	if early {
		reap()
	}
	err := cmd.Wait()
	if !early {
		reap()
	}
	return err
}

// whenDone returns a channel closed once wg's count is zero.
func whenDone(wg *sync.WaitGroup) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	return done
}

// drain waits until drained is closed, which the readers do when both pipes
// have reached end of file. By now the group is dead, so the pipes' write
// ends are closed unless a process that left the group holds one, and
// everything the command wrote is in the pipes. Which of the readers and a
// timer wakes this goroutine first says nothing about a holder: under load
// (hundreds of runs on two cores, the race detector) readers of a finished
// pipe can stay unscheduled for longer than drainDelay. So when drainDelay
// has passed, the kernel is asked: with no write end left, what remains is
// reading data that is already there, and drain keeps waiting for it, for as
// long as ctx allows; only a write end still open makes the output held.
// Where the kernel cannot be asked, output still open after drainDelay is
// taken for held.
func (r *run) drain(drained <-chan struct{}) {
	timer := time.NewTimer(drainDelay)
	defer timer.Stop()
	expired := timer.C
	for {
		select {
		case <-drained:
			return
		case <-r.ctx.Done():
			r.failUnless(drained, r.ctxError())
			return
		case <-expired:
			if gone, known := writersGone(r.stdoutR, r.stderrR); !gone || !known {
				r.failUnless(drained, &Error{Kind: OutputHeld})
				return
			}
			expired = nil // nothing can write any more: wait for the readers
		}
	}
}

// failUnless records e unless the pipes are drained: select picks at random
// among the cases that are ready, and output that is complete wins over a
// deadline met at the same moment.
func (r *run) failUnless(drained <-chan struct{}, e *Error) {
	select {
	case <-drained:
	default:
		r.fail(e)
	}
}

// reap kills the group and marks the leader as about to be reaped.
func (r *run) reap() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.reaped {
		killGroup(r.cmd.Process)
		r.reaped = true
	}
}

// kill kills the group unless the leader has been reaped.
func (r *run) kill() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.reaped {
		killGroup(r.cmd.Process)
	}
}

// cancel is the exec.Cmd's Cancel: os/exec calls it when the run's context
// ends before the command has been waited for.
func (r *run) cancel() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.reaped {
		// It exited just as time ran out: its answer stands.
		return os.ErrProcessDone
	}
	if r.failed == nil {
		r.failed = r.ctxError()
	}
	killGroup(r.cmd.Process)
	return nil
}

func (r *run) ctxError() *Error { return ctxError(r.ctx, r.timeout) }

// ctxError is the failure of a run or call whose ctx, bounded by timeout
// with the cause errTimedOut, ended: TimedOut, or Canceled for the end of
// the caller's context.
func ctxError(ctx context.Context, timeout time.Duration) *Error {
	if context.Cause(ctx) == errTimedOut {
		return &Error{Kind: TimedOut, Timeout: timeout, Err: context.DeadlineExceeded}
	}
	return &Error{Kind: Canceled, Err: ctx.Err()}
}

// fail records e unless an earlier failure was recorded: the first thing
// that went wrong is the one worth reporting, and the rest (a reader cut
// off by the kill, say) follow from it.
func (r *run) fail(e *Error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failed == nil {
		r.failed = e
	}
}

func (r *run) failure() *Error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failed
}
