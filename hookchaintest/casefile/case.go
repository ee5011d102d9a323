package casefile

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/hookchain/hookchain"
)

// Case is one question to a chain and the answer it must give.
type Case struct {
	Name  string
	Event hookchain.Event
	Want  Want

	// Source says where the case was read from ("testdata/guards.json #2"),
	// so that a report points at the file to edit. It is empty for cases
	// written in Go and is never compared.
	Source string

	// SessionInfo, when set, is what the runtime tells the chain's hooks about
	// the conversation, beside the event: Check runs the case in the
	// context SessionInfo.NewContext returns. A *claudecode.SessionInfo is
	// one, for Claude Code's hooks. A case file whose event a Format reads
	// gets the session that the format reads from it.
	SessionInfo SessionInfo

	// HookInput is the event as a case file wrote it, when a Format read
	// it (a Claude Code hook input, say) rather than hookchain's own form;
	// update mode writes it back as it was. It is empty otherwise.
	HookInput json.RawMessage
}

// Want is the answer a case expects. Which fields are compared follows what
// the chain can answer: an input only comes with Modified, an output and its
// error flag only with Replaced. The trail is always compared, because who
// decided matters as much as what was decided: a deny by the wrong guard is a
// bug even when the verdict is right. So are the notes, because they are read
// by the model: a note that appears, goes or changes its words changes what
// the model is told; and the messages, for the same reason, of what the user
// is shown.
//
// An Asked outcome (the approver deferred) carries a ticket for the host to
// resolve; it is bound to the chain in this process and is not compared.
//
// DecidedBy and Cause are always compared too: they are how a program tells
// a guard's denial from a broken link, the chain's refusal or the approver,
// and a case that pins them keeps that distinction from drifting. The
// reason is the sentence for people, and its wording may improve: a want
// may pin the words that matter instead of the whole sentence, with
// ReasonContains (a part the reason must contain) or ReasonMatches (a
// regular expression it must match, not anchored, as in
// hookchain.InputMatches). A want gives at most one of Reason,
// ReasonContains and ReasonMatches; one that gives two, or a pattern that
// is not a regular expression, never passes.
//
// In reports and in Mismatch.Field, fields go by their JSON names: "verdict",
// "reason", "decided_by", "cause", "input", "output", "is_error", "trail",
// "steps[i].name" and so on, "notes[i].link" and "notes[i].text", and
// "messages[i].link" and "messages[i].text".
type Want struct {
	Verdict        hookchain.Verdict
	Reason         string           // compared exactly, unless ReasonContains or ReasonMatches is given ("" wants no reason)
	ReasonContains string           // when given: a part the reason must contain, in place of Reason
	ReasonMatches  string           // when given: a Go regular expression the reason must match (not anchored), in place of Reason
	DecidedBy      string           // always compared exactly
	Cause          hookchain.Cause  // always compared
	Input          json.RawMessage  // compared when Verdict is Modified, as JSON values (whitespace and key order ignored)
	Output         json.RawMessage  // compared when Verdict is Replaced, as JSON values
	IsError        bool             // compared when Verdict is Replaced
	Trail          []string         // names of Outcome.Trail, in order; ALWAYS compared (nil/empty means the trail must be empty)
	Steps          []hookchain.Step // optional: when non-nil, the whole trail is compared step by step (name, verdict, reason, fault, by) too
	Notes          []hookchain.Note // Outcome.Notes, note by note; ALWAYS compared (nil/empty means the outcome must carry none)
	Messages       []hookchain.Note // Outcome.Messages, as Notes; ALWAYS compared (nil/empty means none)
}

// WantOf returns the Want that o satisfies, with every step of its trail, so
// that a case can be written from what a chain answers today. Update mode
// uses it to rewrite files.
func WantOf(o hookchain.Outcome) Want {
	w := Want{Verdict: o.Verdict, Reason: o.Reason, DecidedBy: o.DecidedBy, Cause: o.Cause, Steps: []hookchain.Step{}}
	switch o.Verdict {
	case hookchain.Modified:
		w.Input = bytes.Clone(o.Input)
	case hookchain.Replaced:
		w.Output, w.IsError = bytes.Clone(o.Output), o.IsError
	}
	for _, s := range o.Trail {
		w.Trail = append(w.Trail, s.Name)
		w.Steps = append(w.Steps, s)
	}
	if len(o.Notes) > 0 {
		w.Notes = slices.Clone(o.Notes)
	}
	if len(o.Messages) > 0 {
		w.Messages = slices.Clone(o.Messages)
	}
	return w
}

// Mismatch is one field in which a chain's answer differs from a case's
// Want. Want and Got are already formatted for reading: verdicts by name,
// strings quoted, JSON compacted, "(none)" for a value that is absent.
type Mismatch struct{ Field, Want, Got string }

// String renders the mismatch on one line, as a log would show it.
func (m Mismatch) String() string {
	return m.Field + ": want " + m.Want + ", got " + m.Got
}

// Check runs one case and returns the chain's outcome and every way it
// differs from the case's Want, in the order verdict, reason, decided_by,
// cause, input, output, is_error, trail, steps, notes, messages. It is what
// hookchaintest.Run does for each case, without a testing.T.
//
// A case with a SessionInfo is run in the context it gives (NewContext).
func Check(ctx context.Context, c *hookchain.Chain, tc Case) (hookchain.Outcome, []Mismatch) {
	if tc.SessionInfo != nil {
		ctx = tc.SessionInfo.NewContext(ctx)
	}
	got := c.Run(ctx, tc.Event)
	return got, Diff(tc.Want, got)
}

// Diff compares an outcome obtained some other way (through Chain.Wrap, say)
// with a Want, by the same rules as Check.
func Diff(want Want, got hookchain.Outcome) []Mismatch {
	var ms []Mismatch
	add := func(field, w, g string) { ms = append(ms, Mismatch{Field: field, Want: w, Got: g}) }

	if want.Verdict != got.Verdict {
		add("verdict", want.Verdict.String(), got.Verdict.String())
	}
	if rw, err := wantedReason(want); err != nil || !rw.holds(got.Reason) {
		add("reason", rw.text, strconv.Quote(got.Reason))
	}
	if want.DecidedBy != got.DecidedBy {
		add("decided_by", strconv.Quote(want.DecidedBy), strconv.Quote(got.DecidedBy))
	}
	if want.Cause != got.Cause {
		add("cause", want.Cause.String(), got.Cause.String())
	}
	switch want.Verdict {
	case hookchain.Modified:
		if !sameJSON(want.Input, got.Input) {
			add("input", jsonText(want.Input), jsonText(got.Input))
		}
	case hookchain.Replaced:
		if !sameJSON(want.Output, got.Output) {
			add("output", jsonText(want.Output), jsonText(got.Output))
		}
		if want.IsError != got.IsError {
			add("is_error", strconv.FormatBool(want.IsError), strconv.FormatBool(got.IsError))
		}
	}
	names := trailNames(got.Trail)
	if !slices.Equal(want.Trail, names) {
		add("trail", listText(want.Trail), listText(names))
	}
	if want.Steps != nil {
		for i := range max(len(want.Steps), len(got.Trail)) {
			field := "steps[" + strconv.Itoa(i) + "]"
			switch {
			case i >= len(got.Trail):
				add(field, stepText(want.Steps[i]), "(none)")
			case i >= len(want.Steps):
				add(field, "(none)", stepText(got.Trail[i]))
			default:
				w, g := want.Steps[i], got.Trail[i]
				if w.Name != g.Name {
					add(field+".name", nameText(w.Name), nameText(g.Name))
				}
				if w.Verdict != g.Verdict {
					add(field+".verdict", w.Verdict.String(), g.Verdict.String())
				}
				if w.Reason != g.Reason {
					add(field+".reason", strconv.Quote(w.Reason), strconv.Quote(g.Reason))
				}
				if w.Fault != g.Fault {
					add(field+".fault", strconv.Quote(w.Fault), strconv.Quote(g.Fault))
				}
				if w.By != g.By {
					add(field+".by", strconv.Quote(w.By), strconv.Quote(g.By))
				}
				if w.Approver != g.Approver {
					add(field+".approver", strconv.FormatBool(w.Approver), strconv.FormatBool(g.Approver))
				}
			}
		}
	}
	diffNotes(add, "notes", want.Notes, got.Notes)
	diffNotes(add, "messages", want.Messages, got.Messages)
	return ms
}

// diffNotes compares notes (or messages) one by one, as steps are: a note
// is a link and a sentence, and a changed word is easier to find in two
// aligned texts than in two lists.
func diffNotes(add func(field, w, g string), name string, want, got []hookchain.Note) {
	for i := range max(len(want), len(got)) {
		field := name + "[" + strconv.Itoa(i) + "]"
		switch {
		case i >= len(got):
			add(field, noteText(want[i]), "(none)")
		case i >= len(want):
			add(field, "(none)", noteText(got[i]))
		default:
			w, g := want[i], got[i]
			if w.Link != g.Link {
				add(field+".link", nameText(w.Link), nameText(g.Link))
			}
			if w.Text != g.Text {
				add(field+".text", strconv.Quote(w.Text), strconv.Quote(g.Text))
			}
		}
	}
}

func trailNames(trail []hookchain.Step) []string {
	if len(trail) == 0 {
		return nil
	}
	names := make([]string, len(trail))
	for i, s := range trail {
		names[i] = s.Name
	}
	return names
}

// jsonText shows a JSON value on one line. Invalid JSON (only a Want written
// in Go can hold it; the chain never answers with it) is shown as it is, and
// flagged, so that the mismatch explains itself.
func jsonText(raw json.RawMessage) string {
	if len(bytes.TrimSpace(raw)) == 0 {
		return "(none)"
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw) + " (not valid JSON)"
	}
	return b.String()
}

// listText shows trail names as "[no-rm, redact]". Names that could be
// misread in that form are quoted.
func listText(names []string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = nameText(n)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func nameText(n string) string {
	if n == "" || strings.ContainsAny(n, ` ,[]"`) || strings.IndexFunc(n, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 {
		return strconv.Quote(n)
	}
	return n
}

// stepText shows a step with every field that can tell two steps apart:
// `no-rm: Denied, reason "recursive delete"`, with `, fault "..."` when the
// link could not answer and `, by "..."` when an approver's step names who
// answered; an approver's step is marked `(approver)` after its name.
func stepText(s hookchain.Step) string {
	t := nameText(s.Name)
	if s.Approver {
		t += " (approver)"
	}
	t += ": " + s.Verdict.String() + ", reason " + strconv.Quote(s.Reason)
	if s.Fault != "" {
		t += ", fault " + strconv.Quote(s.Fault)
	}
	if s.By != "" {
		t += ", by " + strconv.Quote(s.By)
	}
	return t
}

// noteText shows a note as its link and its quoted text:
// `npm-note: "this repository uses pnpm"`.
func noteText(n hookchain.Note) string {
	return nameText(n.Link) + ": " + strconv.Quote(n.Text)
}
