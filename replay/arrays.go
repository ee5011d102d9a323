package replay

import (
	"bufio"
	"bytes"
	"strings"

	"github.com/tidwall/gjson"
)

// eachElement calls fn with every element of a message-array transcript,
// and the line it starts on: a file of one array (pretty-printed or not),
// or JSONL with one array a line (one conversation each, as Invariant's
// tools take them).
func (r *run) eachElement(br *bufio.Reader, fn func(line int, elem gjson.Result) error) error {
	head, _ := br.Peek(detectBytes)
	first := firstLine(string(bytes.TrimLeft(trimBOM(head), " \t\r\n")))
	if !strings.HasPrefix(first, "[") || gjson.Valid(first) {
		return r.eachLineOf(br, '[', func(n int, line string) error {
			var err error
			gjson.Parse(line).ForEach(func(_, elem gjson.Result) bool {
				err = fn(n, elem)
				return err == nil
			})
			return err
		})
	}
	d := newDocument(r, br)
	return d.finish(d.array(func(line int, elem []byte) error {
		return fn(line, gjson.ParseBytes(elem))
	}))
}
