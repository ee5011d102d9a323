package casefile

import (
	"strconv"
	"strings"

	"github.com/hookchain/hookchain"
)

// Report renders a case's mismatches for a test failure, followed by the
// whole trail the chain produced and, when it gave any, its notes and
// messages, so that
// the failure can be understood without running the case again:
//
//	case "rm -rf is denied" (testdata/guards.json #2):
//	  verdict: want Denied, got Allowed
//	  reason:  want "denied by no-rm: recursive delete"
//	           got  ""
//	  trail:   want [no-rm], got []
//	chain's trail:
//	  (empty)
//
// The notes are listed under "chain's notes:", one note a line, as
// `#0 npm-note: "this repository uses pnpm, not npm"`, and the messages
// under "chain's messages:" the same way; a chain that gave none gets no
// such section, since most give none and the mismatches already say when
// some was wanted.
//
// Short values share a line; text that must be compared character by
// character (reasons, faults, JSON, whole steps) or any long value is shown
// as "want" above "got", aligned.
func Report(tc Case, got hookchain.Outcome, ms []Mismatch) string {
	var b strings.Builder
	b.WriteString("case " + strconv.Quote(tc.Name))
	if tc.Source != "" {
		b.WriteString(" (" + tc.Source + ")")
	}
	b.WriteString(":\n")

	width := 0
	for _, m := range ms {
		width = max(width, len(m.Field)+1)
	}
	for _, m := range ms {
		label := m.Field + ":"
		b.WriteString("  " + label + strings.Repeat(" ", width-len(label)))
		if sharesALine(m) {
			b.WriteString(" want " + m.Want + ", got " + m.Got + "\n")
			continue
		}
		b.WriteString(" want " + m.Want + "\n")
		b.WriteString("  " + strings.Repeat(" ", width) + " got  " + m.Got + "\n")
	}
	if len(ms) == 0 {
		b.WriteString("  (no mismatches)\n")
	}

	b.WriteString("chain's trail:")
	if len(got.Trail) == 0 {
		b.WriteString("\n  (empty)")
	}
	for i, s := range got.Trail {
		b.WriteString("\n  #" + strconv.Itoa(i) + " " + stepText(s))
	}
	for _, list := range []struct {
		name  string
		notes []hookchain.Note
	}{{"notes", got.Notes}, {"messages", got.Messages}} {
		if len(list.notes) > 0 {
			b.WriteString("\nchain's " + list.name + ":")
			for i, n := range list.notes {
				b.WriteString("\n  #" + strconv.Itoa(i) + " " + noteText(n))
			}
		}
	}
	return b.String()
}

// lineWidth is the longest value that is still shown on the same line as
// the other side of its mismatch.
const lineWidth = 30

func sharesALine(m Mismatch) bool {
	if len(m.Want) > lineWidth || len(m.Got) > lineWidth {
		return false
	}
	field := m.Field
	if i := strings.LastIndexByte(field, '.'); i >= 0 {
		field = field[i+1:]
	} else if strings.HasPrefix(field, "steps[") || strings.HasPrefix(field, "notes[") || strings.HasPrefix(field, "messages[") {
		return false // a whole step or note
	}
	switch field {
	case "reason", "fault", "input", "output", "text":
		return false
	}
	return true
}
