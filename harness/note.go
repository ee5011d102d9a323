package harness

import (
	"strings"

	"github.com/hookchain/hookchain"
)

// NoteText is the notes of an outcome as one text for the model: a
// paragraph per note, written "LINK: TEXT" so that the model knows which
// check said what, blank notes left out.
func NoteText(notes []hookchain.Note) string {
	var b strings.Builder
	for _, n := range notes {
		if strings.TrimSpace(n.Text) == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		if n.Link != "" {
			b.WriteString(n.Link)
			b.WriteString(": ")
		}
		b.WriteString(n.Text)
	}
	return b.String()
}
