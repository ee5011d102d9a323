// Package adapt is for adapter authors: the rules an adapter between a
// framework's tool calls and a hookchain Chain has to follow, whatever the
// framework, so that every adapter shows a model the same thing.
//
//   - A Note rides on a text (WithNotes) or an error (Noted) where the
//     framework has room for one text only.
//   - An Outcome's output the chain wrote reads as text (TextOf), and JSON a
//     framework marshals reads as the chain wrote it (UnescapeHTML); a
//     result is shown to the chain as Marshal writes it, and one that
//     cannot be written is an error instead (Unencodable).
//   - A link's replacement is a text, or the framework's own result form,
//     by one rule, and one that is neither is an error worded for the
//     model (Replacement).
//   - A person asked to approve a call reads one wording (Question), and
//     where they answer by form, one form with one reading (ApprovalForm,
//     ApprovalFromForm).
//   - An input or output a link left alone is passed on in the framework's
//     own decoded form (Same), and only a rewritten one is decoded again.
//   - JSON read from elsewhere on the chain's behalf (a policy engine's
//     answer) is refused where the chain would refuse it (Fault,
//     InputFault, FoldKey), so that it and every link read one value.
//   - A tool whose handler reads its arguments ignoring case is refused an
//     argument alike but for case to a property its schema names (KeysOf,
//     Keys.AlikeFault), since a link read the key exactly.
//
// The adapters under adapters/ and the opa module in this repository, each
// a module of its own, use it; so may an adapter kept anywhere else. It is
// part of the core module, under the core's version: an adapter requires
// the core version whose rules it follows.
package adapt

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/hookchain/hookchain"
)

// WithNotes returns s with each note's text on a line of its own after it:
// the form notes take where an SDK has room for one text only.
func WithNotes(s string, notes []hookchain.Note) string {
	if len(notes) == 0 {
		return s
	}
	var b strings.Builder
	b.WriteString(s)
	for _, n := range notes {
		b.WriteString("\n")
		b.WriteString(n.Text)
	}
	return b.String()
}

// Noted returns err with the notes added to its text, as WithNotes adds
// them, or err itself when there are none. errors.Is and errors.As still see
// err, so an SDK keeps recognising the errors it gives meaning to.
func Noted(err error, notes []hookchain.Note) error {
	if err == nil || len(notes) == 0 {
		return err
	}
	return &notedError{err: err, notes: notes}
}

type notedError struct {
	err   error
	notes []hookchain.Note
}

func (e *notedError) Error() string { return WithNotes(e.err.Error(), e.notes) }
func (e *notedError) Unwrap() error { return e.err }

// TextOf reads out, a result the chain wrote (a JSON string, as for a denial
// or a replacement made with hookchain.Text), as the text it holds; any
// other JSON reads as itself.
func TextOf(out json.RawMessage) string {
	var s string
	if json.Unmarshal(out, &s) != nil {
		return string(out)
	}
	return s
}

// UnescapeHTML turns the escapes json.Marshal writes for '<', '>' and '&'
// back into the characters, leaving every other escape as it is. The JSON
// means the same; only its bytes change, to what a model is shown when a
// tool's result is marshalled by its SDK.
func UnescapeHTML(b []byte) []byte {
	if !bytes.Contains(b, []byte(`\u00`)) {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' || i+1 >= len(b) {
			out = append(out, b[i])
			continue
		}
		if b[i+1] == 'u' && i+5 < len(b) && string(b[i+2:i+4]) == "00" {
			switch string(b[i+4 : i+6]) {
			case "3c":
				out, i = append(out, '<'), i+5
				continue
			case "3e":
				out, i = append(out, '>'), i+5
				continue
			case "26":
				out, i = append(out, '&'), i+5
				continue
			}
		}
		// Any other escape, \\ included, is kept whole.
		out, i = append(out, b[i], b[i+1]), i+1
	}
	return out
}

// Same reports whether b is a, the very bytes the chain was handed, rather
// than equal bytes: an adapter passes on its framework's own decoded form
// of an input or output the chain left alone, and re-decodes only one a
// link rewrote.
func Same(a, b json.RawMessage) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
