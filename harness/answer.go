package harness

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/apart"
	"github.com/hookchain/hookchain/internal/validutf8"
)

// MaxInput bounds the hook input Serve reads. A CLI puts a tool's whole
// output in its after-the-call input, so the bound is generous; it exists
// so that a runaway writer cannot exhaust the hook's memory.
const MaxInput = 256 << 20

// Answer is the answer of chain c, as the one hook of p's CLI, to one hook
// input: it decodes input (p.Decode), runs the chain on the call with the
// input's session (WithSessionInfo), degrades the outcome to what the CLI can
// say (Degrade) and writes it (p.Write). An input that is not valid UTF-8
// or not a valid hook input of p's CLI is answered with p.Refuse, a block:
// the CLI would run a call whose hook failed. An input of an event that is
// not a tool call is answered with p.Halt.
func Answer(ctx context.Context, p Profile, c *hookchain.Chain, input []byte) Reply {
	if err := validutf8.CheckJSON(input); err != nil {
		return p.Refuse(fmt.Sprintf("the hook input is %v", err))
	}
	e, s, err := p.Decode(input)
	if errors.Is(err, ErrNotToolCall) {
		return p.Halt(err.Error() + "; this hook program judges tool calls only")
	}
	if err != nil {
		return p.Refuse(err.Error())
	}
	// Run apart: a link that ended the goroutine it ran on would take the
	// answer with it, and a hook that exits with nothing said lets the call
	// run.
	o := apart.Run(WithSessionInfo(ctx, s), c, e)
	return p.Write(e, Degrade(p.Name, p.Can, o))
}

// Serve reads one hook input from stdin, answers it (Answer), writes the
// answer on stdout and stderr and returns the exit status to end with. An
// input larger than MaxInput, or one that cannot be read, is refused.
func Serve(ctx context.Context, p Profile, c *hookchain.Chain, stdin io.Reader, stdout, stderr io.Writer) int {
	data, err := io.ReadAll(io.LimitReader(stdin, MaxInput+1))
	var r Reply
	switch {
	case err != nil:
		r = p.Refuse(fmt.Sprintf("reading the hook input: %v", err))
	case len(data) > MaxInput:
		r = p.Refuse(fmt.Sprintf("the hook input is larger than %d bytes", MaxInput))
	default:
		r = Answer(ctx, p, c, data)
	}
	if _, err := stdout.Write(r.Stdout); err != nil {
		// What was meant for stdout cannot be trusted to have arrived: the
		// refusal's stderr and status are what is left to block with.
		f := p.Refuse(fmt.Sprintf("writing the answer: %v", err))
		_, _ = stderr.Write(f.Stderr)
		return f.Exit
	}
	// A stderr that cannot be written leaves nothing better to say.
	_, _ = stderr.Write(r.Stderr)
	return r.Exit
}

// Main is Serve on the process's stdin, stdout and stderr, then os.Exit
// with its status: the whole of a hook program for p's CLI. SIGINT and
// SIGTERM cancel the chain's context.
func Main(p Profile, c *hookchain.Chain) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := Serve(ctx, p, c, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
