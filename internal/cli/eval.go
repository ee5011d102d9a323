package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"os"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/apart"
	"github.com/hookchain/hookchain/internal/validutf8"
	"github.com/hookchain/hookchain/process"
	"github.com/tidwall/sjson"
)

// maxInput bounds the hook input eval reads: tool results can be large, but
// not without limit.
const maxInput = 64 << 20

func evalCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var c common
	var h harnessFlags
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	c.register(fs)
	h.register(fs, false)
	var eventFlag string
	fs.StringVar(&eventFlag, "event", "", "the `EVENT` whose hook input stdin is, for --harness copilot, whose camelCase input does not say it")
	if !parse("eval", fs, args, stderr, false) {
		return exitFailed
	}
	defer c.useHome()()
	say := errOut{"eval", stderr}
	fail := say.fail
	if !h.check(say, supported()...) {
		return exitFailed
	}
	if h.name != claude {
		return evalOther(h.name, eventFlag, &c, fs, stdin, stdout, say)
	}
	if eventFlag != "" {
		return fail("--event: Claude Code's hook input names its event; --event is for --harness copilot")
	}

	// Settings named on the command line are judged before the input is
	// read: a broken configuration is reported whatever the input.
	if len(c.settings) > 0 {
		s, err := c.load("")
		if err != nil {
			return say.failOn(err)
		}
		// Nothing is run here, so the pool never starts a process.
		if _, err := s.Links(c.options("", new(process.Pool))); err != nil {
			return say.failOn(err)
		}
	}

	data, ok := readInput(stdin, say)
	if !ok {
		return exitFailed
	}
	var in claudecode.Input
	if err := json.Unmarshal(data, &in); err != nil {
		return fail("the hook input is not a Claude Code hook input: %v", err)
	}
	if in.HookEventName == claudecode.PermissionRequest {
		return c.evalPermission(in, stdout, say)
	}
	event, err := in.Event()
	if err != nil {
		return say.failOn(err)
	}
	cwd := in.Cwd
	c.inSession = cwd != ""
	if cwd == "" {
		cwd, _ = os.Getwd()
	}
	var pool process.Pool
	defer closePool(&pool)
	c.background = reporting("eval", stderr)
	defer closeBackground(c.background)
	chain, project, err := c.chain(cwd, &pool)
	if err != nil {
		return say.failOn(err)
	}
	session := c.scope.session(in.SessionInfo())
	session.ProjectDir = project

	ctx, stop := untilSignal(context.Background())
	out := apart.Run(claudecode.WithSessionInfo(ctx, session), chain, event)
	stop()
	// What the chain answers once a signal has cancelled it is not the
	// hooks' decision, and must not be printed as one: the chain denies a
	// caller that went away, and a denial would exit 2.
	if sig, ok := interruptedBy(ctx); ok {
		return fail("%v before the hooks decided", sig)
	}

	code := printOutcome(stdout, out, say)
	awaitBackground("eval", c.background, stderr) // the outcome is the call's: async hooks cannot change it
	return code
}

// readInput reads one hook input: at most maxInput bytes of valid UTF-8.
func readInput(stdin io.Reader, say errOut) ([]byte, bool) {
	data, err := io.ReadAll(io.LimitReader(stdin, maxInput+1))
	switch {
	case err != nil:
		say.printf("reading the hook input: %v", err)
		return nil, false
	case len(data) > maxInput:
		say.printf("the hook input is larger than %d bytes", maxInput)
		return nil, false
	}
	if err := validutf8.CheckJSON(data); err != nil {
		say.printf("the hook input is %v", err)
		return nil, false
	}
	return data, true
}

// printOutcome prints the outcome as eval does, and returns its exit status.
func printOutcome(stdout io.Writer, out hookchain.Outcome, say errOut) int {
	line, err := outcomeJSON(out)
	if err != nil {
		return say.fail("writing the outcome: %v", err)
	}
	if _, err := stdout.Write(append(line, '\n')); err != nil {
		return say.fail("writing the outcome: %v", err)
	}
	return verdictExit(out)
}

// outcomeJSON is the object eval prints for an outcome, on one line
// without its newline: replay prints the same for each call.
func outcomeJSON(out hookchain.Outcome) ([]byte, error) {
	line, err := marshalLine(out)
	if err != nil {
		return nil, err
	}
	line = bytes.TrimSuffix(line, []byte("\n"))
	if harness.Stops(out) {
		// The CLI ends its whole run here, not only this call.
		return sjson.SetBytes(line, "stop", true)
	}
	return line, nil
}

// verdictExit is eval's exit status for an outcome: 2 for a call that does
// not run as asked (an ask has no approver left in eval), 0 otherwise.
func verdictExit(out hookchain.Outcome) int {
	if out.Verdict == hookchain.Denied || out.Verdict == hookchain.Asked {
		return exitDenied
	}
	return exitOK
}
