package replay

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"unsafe"
)

// Read streams the calls of one transcript to yield, in file order of the
// calls; yield's error stops it and is returned. file names the transcript
// in calls and problems. When f is "" the format is detected from the first
// lines, as Files does; a transcript of no known format is one
// UnknownFormat problem and no calls.
//
// What is not a call is counted in Stats and never stops the read: a line
// that is not JSON or is over MaxLine (BadLine), an entry whose parent is
// not in the file, a result without its call, a call without a tool name or
// whose input is not an object (BadCall). Only r's error, ctx's end (checked
// on every line) and yield's error stop it, and the error is returned. On
// r's error the calls read whole before it are still yielded (those
// waiting for a result without it); on ctx's or yield's, nothing more is.
func Read(ctx context.Context, r io.Reader, file string, f Format, yield func(Call) error) (Stats, error) {
	return read(ctx, r, file, f, yield, "")
}

// read is Read, with ReadFile's knowledge of what lies beside the file at
// path ("": none, the stream is all there is).
func read(ctx context.Context, r io.Reader, file string, f Format, yield func(Call) error, path string) (Stats, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	if f == "" {
		head, err := br.Peek(detectBytes)
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
			return Stats{}, fmt.Errorf("replay: reading %s: %w", file, err)
		}
		f = Detect(head)
	}
	run := &run{ctx: ctx, file: file, format: f, yield: yield, path: path}
	run.held = newHeld(run)
	read, ok := readers[f]
	if !ok {
		run.problem(0, UnknownFormat, unknownDetail(f))
		return run.stats, nil
	}
	err := read(run, br)
	var broken readError
	if err == nil || errors.As(err, &broken) {
		if ferr := run.held.flush(); ferr != nil {
			return run.stats, ferr
		}
	}
	return run.stats, err
}

// readError is the transcript's reader failing, as opposed to the read
// being stopped.
type readError struct{ error }

func (e readError) Unwrap() error { return e.error }

func unknownDetail(f Format) string {
	if f == "" {
		return "not a transcript of any format replay reads"
	}
	return fmt.Sprintf("format %q is not one replay reads", f)
}

// ReadFile opens path and Reads it (format detected when f is ""). Only a
// regular file (or a symbolic link to one) is read: a named pipe or a
// device may never end. A Claude Code subagent's calls get their AgentType
// from the parent session file beside it, where only it is recorded; a
// Gemini CLI session's calls their Cwd from the CLI's project registry
// (see readGemini).
func ReadFile(ctx context.Context, path string, f Format, yield func(Call) error) (Stats, error) {
	fh, err := openRegular(path)
	if err != nil {
		return Stats{}, err
	}
	defer fh.Close()
	return read(ctx, fh, path, f, yield, path)
}

func openRegular(path string) (*os.File, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("replay: %s is not a regular file (%s)", path, info.Mode().Type())
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	return fh, nil
}

// readers reads each format from a stream, handing calls and results to
// the run.
var readers = map[Format]func(*run, *bufio.Reader) error{
	ClaudeCode:      readClaudeCode,
	Codex:           readCodex,
	Gemini:          readGemini,
	Anthropic:       readAnthropic,
	OpenAIChat:      readOpenAIChat,
	OpenAIResponses: readOpenAIResponses,
}

// run is one Read: where calls go, and what is counted.
type run struct {
	ctx    context.Context
	file   string
	format Format
	yield  func(Call) error
	held   *held
	stats  Stats

	path string // the transcript's file, for what lies beside it; "" for a stream
}

func (r *run) problem(line int, k ProblemKind, detail string) {
	r.stats.problem(Problem{File: r.file, Line: line, Kind: k, Detail: detail})
}

// emit yields c, counting it.
func (r *run) emit(c Call) error {
	r.stats.Calls++
	if c.Result == nil {
		r.stats.WithoutResult++
	} else {
		r.stats.Results++
		if c.Result.Incomplete {
			r.stats.Incomplete++
		}
	}
	return r.yield(c)
}

// eachLine calls fn with every line of a JSONL transcript that is a JSON
// object, counting the others as BadLine; blank lines are skipped.
//
// The line fn is given is a view of the reader's buffer, not a copy (a
// copy of every line is a tenth of the time of a read): it is valid only
// until fn returns, so whatever a reader keeps of it is copied first
// (str, clone, raw).
func (r *run) eachLine(br *bufio.Reader, fn func(n int, line string) error) error {
	return r.eachLineOf(br, '{', fn)
}

// eachLineOf is eachLine for lines that are JSON values opening with open:
// '{' an object, '[' an array.
func (r *run) eachLineOf(br *bufio.Reader, open byte, fn func(n int, line string) error) error {
	l := newLines(br)
	for {
		if err := r.ctx.Err(); err != nil {
			return fmt.Errorf("replay: reading %s stopped at line %d: %w", r.file, l.n, err)
		}
		line, err := l.next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return readError{fmt.Errorf("replay: reading %s after line %d: %w", r.file, l.n, err)}
		}
		r.stats.Lines++
		switch {
		case l.long:
			r.problem(l.n, BadLine, fmt.Sprintf("a line over %d bytes, read past", MaxLine))
			continue
		case isBlank(line):
			continue
		case !validJSON(line, open):
			r.problem(l.n, BadLine, "not a JSON "+kindOf(open)+" (truncated or corrupted): "+excerpt(line))
			continue
		}
		if err := fn(l.n, unsafe.String(unsafe.SliceData(line), len(line))); err != nil {
			return err
		}
	}
}
