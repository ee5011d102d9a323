package casefile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/regularfile"
	"github.com/hookchain/hookchain/internal/textpos"
	"github.com/hookchain/hookchain/internal/validutf8"
)

// File is one JSON file of cases as it is written: a single case object, or
// an array of them. Names are kept as written (possibly empty); LoadFiles
// gives unnamed cases their default names.
type File struct {
	Path  string
	Array bool // the file holds an array of cases, even of one
	Cases []Case
}

// MaxFileSize is the most a case file may hold: 64 MiB, the size of the
// largest hook input the hookchain command reads, since a case's event can
// carry a whole tool result. It bounds the memory a stray match of a
// pattern can take.
const MaxFileSize = 64 << 20

// LoadFiles reads every file matching the glob pattern and returns their
// cases in file order, then case order, with default names given to unnamed
// cases: the file's base name ("guards.json"), followed by "#i" for the i-th
// case of an array, counting from 0. An event is read in the one of formats
// that recognizes it, or in hookchain's own form (see DecodeFile).
//
// Cases are read only from regular files (a symbolic link to one is fine)
// of at most MaxFileSize bytes: a device, a named pipe, a directory or a
// larger file is refused in one line that names it, without being read.
//
// A pattern that matches no file is an error, as is a file that holds no
// case, a case that cannot be decoded (see DecodeFile), and two cases with
// the same name: each of these would otherwise let a suite pass without
// testing what its author meant. Every file is read and every error
// returned, joined, so that one run lists everything there is to fix.
func LoadFiles(pattern string, formats ...Format) ([]Case, error) {
	_, cases, err := loadFiles(pattern, formats)
	return cases, err
}

func loadFiles(pattern string, formats []Format) ([]File, []Case, error) {
	paths, err := filepath.Glob(pattern)
	if err != nil {
		return nil, nil, fmt.Errorf("hookchaintest: pattern %q: %w", pattern, err)
	}
	if len(paths) == 0 {
		return nil, nil, fmt.Errorf("hookchaintest: no file matches %q", pattern)
	}
	var (
		files []File
		cases []Case
		errs  []error
	)
	for _, p := range paths {
		data, err := regularfile.Read(p, MaxFileSize, "a case file")
		if err != nil {
			errs = append(errs, fmt.Errorf("hookchaintest: %w", err))
			continue
		}
		f, err := DecodeFile(p, data, formats...)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		files = append(files, f)
		for i, tc := range f.Cases {
			if tc.Name == "" {
				tc.Name = filepath.Base(f.Path)
				if f.Array {
					tc.Name += "#" + strconv.Itoa(i)
				}
			}
			cases = append(cases, tc)
		}
	}
	if err := UniqueNames(cases); err != nil {
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		return nil, nil, errors.Join(errs...)
	}
	return files, cases, nil
}

// UniqueNames reports every two cases that share a name, naming where each
// is: a runner could not tell their results apart (subtests would differ
// only by a "#01" suffix), and a report would not say which one failed.
// LoadFiles refuses such files; hookchaintest.Run, cases written in Go.
func UniqueNames(cases []Case) error {
	first := make(map[string]int, len(cases))
	var errs []error
	for i, tc := range cases {
		if j, ok := first[tc.Name]; ok {
			errs = append(errs, fmt.Errorf("hookchaintest: two cases are named %q: %s and %s",
				tc.Name, where(cases[j], j), where(tc, i)))
			continue
		}
		first[tc.Name] = i
	}
	return errors.Join(errs...)
}

// where points at a case: its file, or its index among cases written in Go.
func where(tc Case, i int) string {
	if tc.Source != "" {
		return tc.Source
	}
	return "case #" + strconv.Itoa(i)
}

// The wire form of a case, as read. Required fields are pointers so that a
// missing one is told apart from its zero value; verdicts and hooks are read
// as strings and parsed here, so that an error names the field it is in.
type (
	caseIn struct {
		Name  string          `json:"name"`
		Event json.RawMessage `json:"event"`
		Want  json.RawMessage `json:"want"`
	}
	eventIn struct {
		Hook    *string         `json:"hook"`
		Tool    string          `json:"tool"`
		CallID  string          `json:"call_id"`
		Input   json.RawMessage `json:"input"`
		Output  json.RawMessage `json:"output"`
		IsError bool            `json:"is_error"`
	}
	wantIn struct {
		Verdict        *string           `json:"verdict"`
		Reason         *string           `json:"reason"`
		ReasonContains *string           `json:"reason_contains"`
		ReasonMatches  *string           `json:"reason_matches"`
		DecidedBy      string            `json:"decided_by"`
		Cause          *string           `json:"cause"`
		Input          json.RawMessage   `json:"input"`
		Output         json.RawMessage   `json:"output"`
		IsError        bool              `json:"is_error"`
		Trail          []string          `json:"trail"`
		Steps          []json.RawMessage `json:"steps"`
		Context        []json.RawMessage `json:"notes"`
		Messages       []json.RawMessage `json:"messages"`
	}
	stepIn struct {
		Name     string  `json:"name"`
		Verdict  *string `json:"verdict"`
		Reason   string  `json:"reason"`
		Fault    string  `json:"fault"`
		By       string  `json:"by"`
		Approver bool    `json:"approver"`
	}
	noteIn struct {
		Link string  `json:"link"`
		Text *string `json:"text"`
	}
)

// DecodeFile decodes the content of one case file; path is used to name
// the file in errors and in each case's Source.
//
// Decoding is strict, because a mistake in a case file must not turn into a
// case that quietly tests less: an unknown field is an error (a misspelled
// "verdcit" would otherwise leave the verdict at allow), so is a key given
// twice in the case, its event, its want, a step or a note, even in two
// cases ("verdict" and "Verdict": only the last would be read), and so are a
// missing event.hook or want.verdict, a want.input on a verdict other than
// modify or a want.output or want.is_error on one other than replace (they
// would never be compared), a modify or replace verdict without the input or
// output it implies, an event.output or event.is_error before the tool has
// run, a note without its link or its text, a want that gives two of
// reason, reason_contains and reason_matches (even one of them empty), an
// empty reason_contains or reason_matches (every reason would satisfy it), a
// reason_matches that is not a regular expression, a file that is not valid
// UTF-8, and a file with no case at all. Errors name the file, the position
// of the case (path:line:column, the column in characters, as editors count
// it) and, in an array, its index.
//
// An event is read by the one of formats that recognizes it (see Format),
// and in hookchain's own form when none does; an event that two formats
// recognize is an error, since it could mean two calls.
//
// Event and want JSON values are stored compacted; a chain sees the same
// value, in its canonical form. An empty want.notes is read as none, which
// is what it means. A leading UTF-8 byte-order mark is skipped.
func DecodeFile(path string, data []byte, formats ...Format) (File, error) {
	// Editors on Windows start a file with a byte-order mark; lines and
	// columns are counted after it, as editors count them.
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	f := File{Path: path}
	var ix *textpos.Index // built when something is first placed
	place := func(off int) string {
		if ix == nil {
			ix = textpos.New(data)
		}
		line, col := ix.At(off)
		return fmt.Sprintf("%s:%d:%d", path, line, col)
	}
	fail := func(off int, format string, args ...any) (File, error) {
		return File{}, fmt.Errorf("%s: %s", place(off), fmt.Sprintf(format, args...))
	}
	start := skipSpace(data, 0)
	if start == len(data) {
		return File{}, fmt.Errorf("%s: the file is empty", path)
	}
	if off := validutf8.FirstInvalid(data); off >= 0 {
		// encoding/json would read the byte as U+FFFD.
		return fail(off, "not valid UTF-8: byte %#02x", data[off])
	}
	var whole json.RawMessage
	if err := json.Unmarshal(data, &whole); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			// Offset counts the bytes read, the bad one included; at the end
			// of the input, point just past it.
			off := int(se.Offset) - 1
			if strings.HasPrefix(se.Error(), "unexpected end") {
				off = len(data)
			}
			return fail(off, "%s", se.Error())
		}
		return fail(start, "%s", err.Error())
	}

	switch data[start] {
	case '{':
		tc, err := decodeCase(data[start:], path, -1, formats)
		if err != nil {
			return fail(start, "%s", err)
		}
		f.Cases = []Case{tc}
		return f, nil
	case '[':
		f.Array = true
	default:
		return fail(start, "the file must hold a case object or an array of cases, not %s", kindAt(data[start:]))
	}

	d := json.NewDecoder(bytes.NewReader(data))
	if _, err := d.Token(); err != nil { // '['; the data is known to be valid
		return fail(start, "%s", err)
	}
	var errs []error
	for i := 0; d.More(); i++ {
		at := nextValue(data, int(d.InputOffset()))
		var raw json.RawMessage
		if err := d.Decode(&raw); err != nil {
			return fail(at, "case #%d: %s", i, err)
		}
		tc, err := decodeCase(raw, path, i, formats)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", place(at), err))
			continue
		}
		f.Cases = append(f.Cases, tc)
	}
	if len(errs) > 0 {
		return File{}, errors.Join(errs...)
	}
	if len(f.Cases) == 0 {
		return fail(start, "the file holds no case")
	}
	return f, nil
}

// decodeCase decodes one case object; index is its place in an array, or
// -1 when it is the whole file.
func decodeCase(raw []byte, path string, index int, formats []Format) (Case, error) {
	// label names the case in errors: "case #2 "rm is denied": ..." in an
	// array, and only by name, if it has one, in a file of one case.
	label := func(name string, err error) error {
		var parts []string
		if index >= 0 {
			parts = append(parts, "case #"+strconv.Itoa(index))
		}
		if name != "" {
			parts = append(parts, "case "+strconv.Quote(name))
		}
		if len(parts) == 0 {
			return err
		}
		return fmt.Errorf("%s: %w", strings.Replace(strings.Join(parts, " "), " case ", " ", 1), err)
	}
	tc := Case{Source: path}
	if index >= 0 {
		tc.Source += " #" + strconv.Itoa(index)
	}
	if raw[0] != '{' {
		return Case{}, fmt.Errorf("case #%d must be an object, not %s", index, kindAt(raw))
	}
	var in caseIn
	if err := strict(raw, &in, ""); err != nil {
		return Case{}, label(in.Name, err)
	}
	tc.Name = in.Name
	var err error
	tc.Event, tc.SessionInfo, tc.HookInput, err = readEvent(in.Event, formats)
	if err == nil {
		tc.Want, err = decodeWant(in.Want)
	}
	if err != nil {
		return Case{}, label(in.Name, err)
	}
	return tc, nil
}

// decodeEvent reads an event object in hookchain's own form.
func decodeEvent(raw json.RawMessage) (hookchain.Event, error) {
	var e hookchain.Event
	var in eventIn
	if err := strict(raw, &in, "event."); err != nil {
		return e, err
	}
	if in.Hook == nil {
		return e, errors.New("event.hook is missing")
	}
	if err := e.Hook.UnmarshalText([]byte(*in.Hook)); err != nil {
		return e, fmt.Errorf("event.hook: %s", strings.TrimPrefix(err.Error(), "hookchain: "))
	}
	if e.Hook == hookchain.BeforeTool {
		if in.Output != nil {
			return e, errors.New("event.output is set, but a before_tool event has no output yet")
		}
		if in.IsError {
			return e, errors.New("event.is_error is set, but a before_tool event has no output yet")
		}
	}
	e.Tool, e.CallID, e.IsError = in.Tool, in.CallID, in.IsError
	e.Input, e.Output = compact(in.Input), compact(in.Output)
	return e, nil
}

func decodeWant(raw json.RawMessage) (Want, error) {
	var w Want
	if raw == nil {
		return w, errors.New("want is missing")
	}
	var in wantIn
	if err := object(raw, "want"); err != nil {
		return w, err
	}
	if err := strict(raw, &in, "want."); err != nil {
		return w, err
	}
	if in.Verdict == nil {
		return w, errors.New("want.verdict is missing")
	}
	if err := w.Verdict.UnmarshalText([]byte(*in.Verdict)); err != nil {
		return w, fmt.Errorf("want.verdict: %s", strings.TrimPrefix(err.Error(), "hookchain: "))
	}
	switch {
	case w.Verdict == hookchain.Modified && in.Input == nil:
		return w, errors.New(`want.input is missing: a "modify" verdict comes with the input the tool must run with`)
	case w.Verdict != hookchain.Modified && in.Input != nil:
		return w, errors.New(`want.input is set, but it is compared only when want.verdict is "modify"`)
	case w.Verdict == hookchain.Replaced && in.Output == nil:
		return w, errors.New(`want.output is missing: a "replace" verdict comes with the output the model must be shown`)
	case w.Verdict != hookchain.Replaced && in.Output != nil:
		return w, errors.New(`want.output is set, but it is compared only when want.verdict is "replace"`)
	case w.Verdict != hookchain.Replaced && in.IsError:
		return w, errors.New(`want.is_error is set, but it is compared only when want.verdict is "replace"`)
	}
	if in.Cause != nil {
		if err := w.Cause.UnmarshalText([]byte(*in.Cause)); err != nil {
			return w, fmt.Errorf("want.cause: %s", strings.TrimPrefix(err.Error(), "hookchain: "))
		}
	}
	var err error
	if w.Reason, w.ReasonContains, w.ReasonMatches, err = decodeReason(in); err != nil {
		return w, err
	}
	w.DecidedBy, w.IsError, w.Trail = in.DecidedBy, in.IsError, in.Trail
	w.Input, w.Output = compact(in.Input), compact(in.Output)
	if in.Steps != nil {
		w.Steps = make([]hookchain.Step, len(in.Steps))
	}
	for i, raw := range in.Steps {
		field := "want.steps[" + strconv.Itoa(i) + "]"
		if err := object(raw, field); err != nil {
			return w, err
		}
		var s stepIn
		if err := strict(raw, &s, field+"."); err != nil {
			return w, err
		}
		if s.Name == "" {
			return w, fmt.Errorf("%s.name is missing", field)
		}
		if s.Verdict == nil {
			return w, fmt.Errorf("%s.verdict is missing", field)
		}
		step := hookchain.Step{Name: s.Name, Reason: s.Reason, Fault: s.Fault, By: s.By, Approver: s.Approver}
		if err := step.Verdict.UnmarshalText([]byte(*s.Verdict)); err != nil {
			return w, fmt.Errorf("%s.verdict: %s", field, strings.TrimPrefix(err.Error(), "hookchain: "))
		}
		w.Steps[i] = step
	}
	if w.Notes, err = decodeNotes(in.Context, "want.notes"); err != nil {
		return w, err
	}
	w.Messages, err = decodeNotes(in.Messages, "want.messages")
	return w, err
}

// decodeNotes reads want.notes or want.messages; name is the field's.
func decodeNotes(list []json.RawMessage, name string) ([]hookchain.Note, error) {
	var notes []hookchain.Note
	for i, raw := range list {
		field := name + "[" + strconv.Itoa(i) + "]"
		if err := object(raw, field); err != nil {
			return nil, err
		}
		var n noteIn
		if err := strict(raw, &n, field+"."); err != nil {
			return nil, err
		}
		// A chain stamps every note with its link's name, so a note
		// without one could never match; and a note is its text, so the
		// text is written even when it is empty.
		if n.Link == "" {
			return nil, fmt.Errorf("%s.link is missing", field)
		}
		if n.Text == nil {
			return nil, fmt.Errorf("%s.text is missing", field)
		}
		notes = append(notes, hookchain.Note{Link: n.Link, Text: *n.Text})
	}
	return notes, nil
}

// object checks that a nested value is a JSON object; null counts as absent
// only for optional values, and these are not.
func object(raw json.RawMessage, field string) error {
	if raw[0] != '{' {
		return fmt.Errorf("%s must be an object, not %s", field, kindAt(raw))
	}
	return nil
}

// strict decodes one object level, rejecting unknown fields and a key
// given twice (encoding/json would keep its last value), and rewrites the
// decoder's errors to name fields by their path in the file (prefix)
// rather than by Go type.
func strict(raw []byte, v any, prefix string) error {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	err := d.Decode(v)
	if err == nil {
		return onceEach(raw, prefix)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		// The error is about the value that did not fit, which for an array
		// is one of its elements: name the field's own type instead.
		if ft, ok := fieldType(v, te.Field); ok && ft.Kind() == reflect.Slice && te.Type.Kind() != reflect.Slice {
			return fmt.Errorf("%s%s must be %s, not an array holding %s", prefix, te.Field, kindOf(ft), article(te.Value))
		}
		return fmt.Errorf("%s%s must be %s, not %s", prefix, te.Field, kindOf(te.Type), article(te.Value))
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if prefix != "" && strings.HasPrefix(msg, "unknown field ") {
		return fmt.Errorf("%s: %s", strings.TrimSuffix(prefix, "."), msg)
	}
	return errors.New(msg)
}

// onceEach refuses an object that gives a key twice, or two keys alike but
// for case, naming the object by its path in the file (prefix).
func onceEach(raw []byte, prefix string) error {
	first, k, ok := repeatedKey(raw)
	if !ok {
		return nil
	}
	msg := fmt.Sprintf("the key %q appears twice", k)
	if first != k {
		msg = fmt.Sprintf("the keys %q and %q name one field", first, k)
	}
	if prefix == "" {
		return errors.New(msg)
	}
	return fmt.Errorf("%s: %s", strings.TrimSuffix(prefix, "."), msg)
}

// repeatedKey returns the first key that the object raw gives twice, among
// its own keys (not those of the values it holds), with the key it repeats.
// Keys alike but for case count as one, because encoding/json decodes both
// into the one field ("Verdict" is "verdict" to it). Anything that is not a
// valid object is left to the decoder to report.
func repeatedKey(raw []byte) (first, again string, ok bool) {
	d := json.NewDecoder(bytes.NewReader(raw))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return "", "", false
	}
	var seen []string // a case's objects hold a handful of keys
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return "", "", false
		}
		k, _ := t.(string)
		for _, s := range seen {
			if strings.EqualFold(s, k) {
				return s, k, true
			}
		}
		seen = append(seen, k)
		var skip json.RawMessage
		if err := d.Decode(&skip); err != nil {
			return "", "", false
		}
	}
	return "", "", false
}

// fieldType returns the type of the field of struct *v whose JSON name is
// name.
func fieldType(v any, name string) (reflect.Type, bool) {
	t := reflect.TypeOf(v).Elem()
	for i := range t.NumField() {
		f := t.Field(i)
		if strings.Split(f.Tag.Get("json"), ",")[0] == name {
			return f.Type, true
		}
	}
	return nil, false
}

// kindOf names what a value of Go type t is in JSON.
func kindOf(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "a string"
	case reflect.Slice:
		if t.Elem().Kind() == reflect.String {
			return "an array of strings"
		}
		return "an array"
	}
	return "an object"
}

func article(kind string) string {
	switch kind {
	case "array", "object":
		return "an " + kind
	case "bool":
		return "a boolean"
	}
	return "a " + kind
}

// kindAt names the kind of the JSON value that b starts with.
func kindAt(b []byte) string {
	switch b[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

func compact(raw json.RawMessage) json.RawMessage {
	if raw == nil {
		return nil
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return raw // cannot happen: the decoder has checked it
	}
	return b.Bytes()
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && isSpace(data[i]) {
		i++
	}
	return i
}

// nextValue returns the offset of the next value in an array, from just
// after the previous one (or the opening bracket).
func nextValue(data []byte, i int) int {
	for i < len(data) && (isSpace(data[i]) || data[i] == ',') {
		i++
	}
	return i
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// The wire form of a case, as written: empty optional fields are left out,
// and a nil Trail or Steps is told apart from an empty one, so that a file
// re-encoded says exactly what it said.
type (
	caseOut struct {
		Name  string  `json:"name,omitempty"`
		Event any     `json:"event"` // an eventOut, or a hook input as written
		Want  wantOut `json:"want"`
	}
	eventOut struct {
		Hook    hookchain.Hook  `json:"hook"`
		Tool    string          `json:"tool,omitempty"`
		CallID  string          `json:"call_id,omitempty"`
		Input   json.RawMessage `json:"input,omitempty"`
		Output  json.RawMessage `json:"output,omitempty"`
		IsError bool            `json:"is_error,omitempty"`
	}
	wantOut struct {
		Verdict        hookchain.Verdict `json:"verdict"`
		Reason         string            `json:"reason,omitempty"`
		ReasonContains string            `json:"reason_contains,omitempty"`
		ReasonMatches  string            `json:"reason_matches,omitempty"`
		DecidedBy      string            `json:"decided_by,omitempty"`
		Cause          hookchain.Cause   `json:"cause,omitzero"`
		Input          json.RawMessage   `json:"input,omitempty"`
		Output         json.RawMessage   `json:"output,omitempty"`
		IsError        bool              `json:"is_error,omitempty"`
		Trail          []string          `json:"trail,omitzero"`
		Steps          []stepOut         `json:"steps,omitzero"`
		Context        []hookchain.Note  `json:"notes,omitempty"`
		Messages       []hookchain.Note  `json:"messages,omitempty"`
	}
	stepOut struct {
		Name     string            `json:"name"`
		Verdict  hookchain.Verdict `json:"verdict"`
		Reason   string            `json:"reason,omitempty"`
		Fault    string            `json:"fault,omitempty"`
		By       string            `json:"by,omitempty"`
		Approver bool              `json:"approver,omitempty"`
	}
)

// EncodeFile writes f in the form update mode writes: indented by two
// spaces, with a trailing newline, empty fields left out, HTML characters
// not escaped (the files are read by people), and the shape kept — a single
// case object unless f.Array. Its output decodes to the same cases, and a
// want that would not decode (one that says the reason two ways, or whose
// pattern is not a regular expression) is an error.
func EncodeFile(f File) ([]byte, error) {
	if !f.Array && len(f.Cases) != 1 {
		return nil, fmt.Errorf("hookchaintest: %s: a file that is not an array holds exactly one case, not %d", f.Path, len(f.Cases))
	}
	out := make([]caseOut, len(f.Cases))
	for i, tc := range f.Cases {
		// Written, such a want would not decode: the file could not be
		// read again.
		if _, err := wantedReason(tc.Want); err != nil {
			return nil, fmt.Errorf("hookchaintest: %s: case #%d: %w", f.Path, i, err)
		}
		out[i] = toOut(tc)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	var v any = out
	if !f.Array {
		v = out[0]
	}
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("hookchaintest: %s: %w", f.Path, err)
	}
	return b.Bytes(), nil
}

func toOut(tc Case) caseOut {
	e, w := tc.Event, tc.Want
	var event any = eventOut{
		Hook: e.Hook, Tool: e.Tool, CallID: e.CallID,
		Input: e.Input, Output: e.Output, IsError: e.IsError,
	}
	if tc.HookInput != nil {
		event = tc.HookInput
	}
	c := caseOut{
		Name:  tc.Name,
		Event: event,
		Want: wantOut{
			Verdict: w.Verdict, Reason: w.Reason, ReasonContains: w.ReasonContains, ReasonMatches: w.ReasonMatches,
			DecidedBy: w.DecidedBy, Cause: w.Cause,
			Input: w.Input, Output: w.Output, IsError: w.IsError,
			Trail: w.Trail, Context: w.Notes, Messages: w.Messages,
		},
	}
	if w.Steps != nil {
		c.Want.Steps = make([]stepOut, len(w.Steps))
		for i, s := range w.Steps {
			c.Want.Steps[i] = stepOut{Name: s.Name, Verdict: s.Verdict, Reason: s.Reason, Fault: s.Fault, By: s.By, Approver: s.Approver}
		}
	}
	return c
}
