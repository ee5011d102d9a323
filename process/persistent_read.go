package process

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"time"
)

// errStdoutEnded is the failure of a process whose stdout ended while it
// was still running: it can answer nothing more.
var errStdoutEnded = errors.New("it closed its stdout and kept running")

// stdoutGrace is how long a process whose stdout has ended has to exit on
// its own, as one whose stdout ends because it exits does at once, before
// it is stopped for keeping its calls with nothing to answer them on.
const stdoutGrace = 100 * time.Millisecond

// readStdout reads the hook's lines: its hello, then answers. The end of
// its stdout is the end of its answers: the process is stopped then,
// rather than left to hold its calls until their timeouts.
func (pr *proc) readStdout() {
	defer pr.readers.Done()
	br := bufio.NewReaderSize(pr.stdout, 64<<10)
	limit := pr.p.spec.maxStdout()
	for {
		line, err := readLine(br, limit)
		if errors.Is(err, errLineTooLong) {
			pr.fail(&Error{Kind: LineTooLong, Limit: limit})
			return
		}
		if errors.Is(err, io.EOF) {
			pr.mu.Lock()
			if pr.failed == nil {
				// No call is sent to it from now on; one that exits now
				// is reported with its exit status, by finish.
				pr.outEnded = &Error{Kind: ProtocolError, Err: errStdoutEnded}
				pr.failed = pr.outEnded
				pr.eof = time.AfterFunc(stdoutGrace, pr.kill)
			}
			pr.mu.Unlock()
			return
		}
		if err != nil {
			return // its stdout closed by wait, which says why it went
		}
		pr.line(line)
	}
}

// line routes one line: the hello, an answer to its call, a late answer
// (discarded, counted), or a breach of the protocol. A call is answerable
// once its request has been written: an answer that comes while it is
// being written waits for the write to end, and one for a call not yet
// being written is a breach, as if its id had never been sent.
func (pr *proc) line(b []byte) {
	p := pr.p
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.lastLine = time.Now()
	if pr.failed != nil {
		return
	}
	if !pr.helloed {
		if err := checkHello(b); err != nil {
			pr.failLocked(&Error{Kind: StartFailed, Err: err})
			return
		}
		pr.helloed = true
		pr.readyShut = true
		close(pr.ready)
		return
	}
	id, err := responseID(b)
	if err != nil {
		pr.failLocked(&Error{Kind: ProtocolError, Err: err})
		return
	}
	if c, ok := pr.pending[id]; ok {
		switch {
		case !c.sent:
			pr.failLocked(&Error{Kind: ProtocolError, Err: fmt.Errorf("it answered call %d before its request was written", id)})
		case c.early != nil:
			pr.failLocked(&Error{Kind: ProtocolError, Err: fmt.Errorf("it answered call %d twice", id)})
		case !c.written:
			c.early = b
		default:
			pr.answer(c, b)
		}
		return
	}
	_, gone := pr.gone[id]
	_, unsent := pr.unsent[id]
	switch {
	case gone:
		delete(pr.gone, id)
		pr.held--
		<-p.slots
		p.late.Add(1)
		p.log(slog.LevelDebug, "hookchain persistent hook answered late; discarded", slog.Uint64("id", id))
	case id <= pr.nextID && !unsent:
		pr.failLocked(&Error{Kind: ProtocolError, Err: fmt.Errorf("it answered call %d twice", id)})
	default:
		pr.failLocked(&Error{Kind: ProtocolError, Err: fmt.Errorf("it answered call %d, which it was never sent", id)})
	}
}

// readStderr reads stderr as it comes, so that a hook that writes much
// there never blocks, and keeps its end for the excerpts in errors.
func (pr *proc) readStderr() {
	defer pr.readers.Done()
	limit := pr.p.spec.maxStderr()
	buf := make([]byte, 32<<10)
	for {
		n, err := pr.stderr.Read(buf)
		if n > 0 {
			pr.mu.Lock()
			pr.tail = append(pr.tail, buf[:n]...)
			if len(pr.tail) > limit {
				pr.tail = append(pr.tail[:0], pr.tail[len(pr.tail)-limit:]...)
			}
			pr.mu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

func (pr *proc) stderrTail() []byte {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	return slices.Clone(pr.tail)
}
