package replay

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// MaxLine is the longest line a reader takes in. Lines of several MB are
// normal (a pasted image is base64 in the line); a longer one is read past
// without being held, and counted as a BadLine, so that a file with no
// newline in it cannot take memory without bound.
const MaxLine = 32 << 20

// lines reads a transcript line by line, holding one line at a time.
type lines struct {
	r    *bufio.Reader
	buf  []byte
	n    int  // the 1-based number of the line last read
	long bool // the line last read was over MaxLine and is not in buf
}

func newLines(r io.Reader) *lines {
	return &lines{r: bufio.NewReaderSize(r, 64<<10)}
}

// next returns the next line without its line ending (and without a BOM on
// the first line), or io.EOF after the last. A last line without a newline
// is a line. The bytes are valid until the next call.
func (l *lines) next() ([]byte, error) {
	l.buf, l.long = l.buf[:0], false
	// Lines of a few MB (images) come again and again: their buffer is
	// kept; one that a larger line needed is not kept for good.
	if cap(l.buf) > 4<<20 {
		l.buf = nil
	}
	for {
		chunk, err := l.r.ReadSlice('\n')
		if !l.long {
			if len(l.buf)+len(chunk) > MaxLine {
				l.long, l.buf = true, l.buf[:0]
			} else if len(l.buf) == 0 && err == nil {
				// The whole line is in the reader's buffer: no copy.
				l.n++
				return l.trim(chunk), nil
			} else {
				l.buf = append(l.buf, chunk...)
			}
		}
		switch {
		case err == nil:
			l.n++
			return l.trim(l.buf), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if len(l.buf) == 0 && !l.long {
				return nil, io.EOF
			}
			l.n++
			return l.trim(l.buf), nil
		default:
			return nil, err
		}
	}
}

var bom = []byte("\xef\xbb\xbf")

func (l *lines) trim(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte("\n"))
	b = bytes.TrimSuffix(b, []byte("\r"))
	if l.n == 1 {
		b = bytes.TrimPrefix(b, bom)
	}
	return b
}
