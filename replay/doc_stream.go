package replay

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// document reads a transcript that is one JSON document (a message array,
// Gemini's older session object), pretty-printed or not, one element at a
// time: the document is never held whole, only the element being read.
type document struct {
	r     *run
	src   io.Reader
	dec   *json.Decoder
	lines *lineCounter
}

func newDocument(r *run, br *bufio.Reader) *document {
	lc := &lineCounter{line: 1}
	dec := json.NewDecoder(io.TeeReader(br, lc))
	dec.UseNumber()
	return &document{r: r, src: br, dec: dec, lines: lc}
}

// finish reads what is left after the document (or after its break) only
// to count its lines, as a JSONL read counts them, and returns err.
func (d *document) finish(err error) error {
	if _, cerr := io.Copy(d.lines, d.src); cerr != nil && err == nil {
		err = readError{fmt.Errorf("replay: reading %s: %w", d.r.file, cerr)}
	}
	d.r.stats.Lines = d.lines.total()
	return ended(err)
}

// line is the 1-based line at which the decoder's next value starts.
func (d *document) line() int {
	return d.lines.at(d.dec.InputOffset())
}

// errBroken ends the read of a broken document once it is counted; the
// format's reader returns nil for it (ended), so the calls read are
// yielded.
var errBroken = errors.New("replay: the document is broken")

// broken counts the document's syntax error as a BadLine at the line it
// was met, and ends the read there (errBroken): what follows cannot be
// told apart. Only a syntax error is the document's; the reader's errors
// are returned as they are.
func (d *document) broken(err error) error {
	var syntax *json.SyntaxError
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) || errors.As(err, &syntax) {
		d.r.problem(d.line(), BadLine, "the document ends or breaks here, read no further: "+err.Error())
		return errBroken
	}
	return readError{fmt.Errorf("replay: reading %s: %w", d.r.file, err)}
}

// ended is err, but nil for a broken document, whose break is counted.
func ended(err error) error {
	if errors.Is(err, errBroken) {
		return nil
	}
	return err
}

// array reads the elements of the array that is the decoder's next value,
// calling fn with each one's first line and bytes (valid until fn returns).
func (d *document) array(fn func(line int, elem []byte) error) error {
	tok, err := d.dec.Token()
	if err != nil {
		return d.broken(err)
	}
	if tok != json.Delim('[') {
		d.r.problem(d.line(), BadLine, fmt.Sprintf("not an array: %v", tok))
		return errBroken
	}
	var elem json.RawMessage
	for d.dec.More() {
		if err := d.r.ctx.Err(); err != nil {
			return fmt.Errorf("replay: reading %s stopped at line %d: %w", d.r.file, d.line(), err)
		}
		line := d.lines.at(d.dec.InputOffset() + int64(skipSpace(d.dec.Buffered())))
		elem = elem[:0]
		if err := d.dec.Decode(&elem); err != nil {
			return d.broken(err)
		}
		if err := fn(line, elem); err != nil {
			return err
		}
	}
	if _, err := d.dec.Token(); err != nil {
		return d.broken(err)
	}
	return nil
}

// skipSpace is how many bytes of separators (space, comma) come before the
// next value in what the decoder has buffered.
func skipSpace(r io.Reader) int {
	b, _ := io.ReadAll(io.LimitReader(r, 4096))
	return len(b) - len(bytes.TrimLeft(b, " \t\r\n,"))
}

// lineCounter counts the lines of what the decoder has read, to place an
// offset on its line; it keeps only the bytes read ahead of the last offset
// asked for. The decoder may read megabytes ahead after a large element:
// what is counted is skipped, not copied away, and the buffer compacted
// only once half of it is counted, so the work stays linear.
type lineCounter struct {
	pending []byte // pending[start:] are the bytes from offset base on, not yet counted
	start   int
	base    int64
	line    int  // the line at offset base
	last    byte // the last byte written
}

func (c *lineCounter) Write(p []byte) (int, error) {
	if c.start > 0 && c.start >= len(c.pending)/2 {
		c.pending = append(c.pending[:0], c.pending[c.start:]...)
		c.start = 0
	}
	c.pending = append(c.pending, p...)
	if len(p) > 0 {
		c.last = p[len(p)-1]
	}
	return len(p), nil
}

func (c *lineCounter) at(off int64) int {
	if n := off - c.base; n > 0 {
		n = min(n, int64(len(c.pending)-c.start))
		end := c.start + int(n)
		c.line += bytes.Count(c.pending[c.start:end], []byte("\n"))
		c.start, c.base = end, c.base+n
	}
	return c.line
}

// total is the number of lines written: a last line without a newline is
// one.
func (c *lineCounter) total() int {
	n := c.at(c.base+int64(len(c.pending)-c.start)) - 1
	if c.base > 0 && c.last != '\n' {
		n++
	}
	return n
}
