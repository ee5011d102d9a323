package cli

import (
	"fmt"
	"io"
	"strconv"
)

// problems lists the problems err holds, one each. errors.Join puts
// several in one error, and its text gives them a line each; but one
// problem's own text may hold a newline too (a file name can), so split on
// newlines that text would count one problem twice and cut it apart. An
// error that wraps a joined one with words of its own stays one problem,
// so that its words are kept.
func problems(err error) []error {
	if err == nil {
		return nil
	}
	joined, ok := err.(interface{ Unwrap() []error })
	if !ok {
		return []error{err}
	}
	var out []error
	for _, e := range joined.Unwrap() {
		out = append(out, problems(e)...)
	}
	if len(out) == 0 {
		// An error that holds no problem is still an error: listing none
		// would let check pass settings that do not load.
		return []error{err}
	}
	return out
}

// oneLine keeps a message on one line: text with tabs, newlines or other
// control characters is quoted.
func oneLine(s string) string {
	for _, r := range s {
		if r < ' ' || r == 0x7f {
			return strconv.Quote(s)
		}
	}
	return s
}

// errOut writes a command's messages on stderr, each on one line after
// "hookchain NAME: ", so that every line says whose it is.
type errOut struct {
	name string
	w    io.Writer
}

func (o errOut) printf(format string, args ...any) {
	fmt.Fprintf(o.w, "hookchain %s: %s\n", o.name, oneLine(fmt.Sprintf(format, args...)))
}

// fail writes a message and returns the exit status of a failure.
func (o errOut) fail(format string, args ...any) int {
	o.printf(format, args...)
	return exitFailed
}

// printErr writes each problem err holds on its own line.
func (o errOut) printErr(err error) {
	for _, p := range problems(err) {
		o.printf("%v", p)
	}
}

// failOn writes each problem err holds and returns the exit status of a
// failure.
func (o errOut) failOn(err error) int {
	o.printErr(err)
	return exitFailed
}
