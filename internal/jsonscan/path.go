package jsonscan

import (
	"errors"
	"strings"
	"unsafe"

	"github.com/tidwall/gjson"
)

// Path is a gjson path into a call's input, checked once, and read the way
// every input matcher reads it — the core's and package shell's alike:
// without copying the input, with an empty input read as {}, and with a
// path that yields several values ("edits.#.file_path") standing for each
// of them.
type Path struct {
	path  string
	multi bool
	keys  []string // set for a plain path of object keys, which Lookup reads
	head  uint64   // a path of one key: keyHead of it, to find it in an Index
}

// CompilePath checks path; the error's text is the bare reason (see
// PathError), for the caller to put in its own message.
func CompilePath(path string) (Path, error) {
	if err := PathError(path); err != "" {
		return Path{}, errors.New(err)
	}
	p := Path{path: path, multi: isMultiPath(path), keys: PlainKeys(path)}
	if len(p.keys) == 1 {
		p.head = keyHead(p.keys[0])
	}
	return p, nil
}

// PathError says what is wrong with a path into the input, or "". It must
// not be empty, and must not start with '!', which gjson reads as a literal
// (!true, !null): a constant, not a field, so a matcher built on it would
// match every input or none.
func PathError(path string) string {
	switch {
	case path == "":
		return "empty path"
	case path[0] == '!':
		return "a gjson literal, not a path into the input"
	}
	return ""
}

// Any reports whether test holds for a value the path yields in input: for
// a path that yields several values, any of them; otherwise the one, which
// is gjson's zero Result (Exists false) when the path is missing. The
// Results alias the input and must not outlive the call.
func (p Path) Any(input []byte, test func(gjson.Result) bool) bool {
	if p.keys != nil && len(input) > 0 {
		if r, ok := Lookup(input, p.keys); ok {
			return test(r)
		}
	}
	r := get(input, p.path)
	if p.multi && r.IsArray() {
		found := false
		r.ForEach(func(_, v gjson.Result) bool {
			found = test(v)
			return !found
		})
		return found
	}
	return test(r)
}

// Exists reports whether the path yields a value in input, as Any with a
// test of Exists does, but without building the value when the path is
// plain.
func (p Path) Exists(input []byte) bool {
	if p.keys != nil && len(input) > 0 {
		if found, ok := Exists(input, p.keys); ok {
			return found
		}
	}
	return p.Any(input, gjson.Result.Exists)
}

// String returns the path as written.
func (p Path) String() string { return p.path }

// get reads one path of a JSON input without copying it. The string view
// aliases the input's bytes, which is safe because neither the view nor the
// gjson.Result built on it outlives the match; an empty input reads as {}.
func get(input []byte, path string) gjson.Result {
	if len(input) == 0 {
		return gjson.Get("{}", path)
	}
	return gjson.Get(unsafe.String(unsafe.SliceData(input), len(input)), path)
}

// isMultiPath reports whether a gjson path can yield several values: an
// array step followed by more path ("edits.#.file_path") or an all-matches
// query ("edits.#(op=="rm")#").
func isMultiPath(path string) bool {
	return strings.Contains(path, "#.") || strings.Contains(path, ")#")
}
