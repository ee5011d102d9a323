package claudecode

import (
	"context"
	"fmt"
	"os"
	"unicode/utf8"

	"github.com/hookchain/hookchain"
)

// Claude Code's bounds on a note a hook gives the model: a note over
// MaxNoteChars characters is saved to a file, and the model is shown its
// first NotePreviewBytes and the file's path.
const (
	MaxNoteChars     = 10000
	NotePreviewBytes = 2000
)

// noteDirKey carries WithNoteDir's directory in a context.
type noteDirKey struct{}

// WithNoteDir returns a context in which the Claude Code hooks of a call
// (Command, HTTP) write each note they give the model that is longer than
// MaxNoteChars characters to a file under dir, as Claude Code does (it
// uses the session's tool-results directory); without it they write under
// os.TempDir(). dir is not created.
func WithNoteDir(ctx context.Context, dir string) context.Context {
	return context.WithValue(ctx, noteDirKey{}, dir)
}

// noteDir is the directory WithNoteDir set in ctx, or os.TempDir().
func noteDir(ctx context.Context) string {
	if dir, ok := ctx.Value(noteDirKey{}).(string); ok && dir != "" {
		return dir
	}
	return os.TempDir()
}

// persistNotes is out with each note longer than MaxNoteChars
// characters saved to a file of its own under noteDir(ctx) and replaced
// by what Claude Code shows the model in its place:
//
//	<persisted-output>
//	Output too large (15.8KB). Full output saved to: /tmp/hook-123-note.txt
//
//	Preview (first 2KB):
//	… the first NotePreviewBytes of the text …
//	</persisted-output>
//
// A file is created anew (0600, a name no other file has) and never
// overwrites one. When it cannot be written, the note keeps the whole
// text: nothing the hook said is lost.
func persistNotes(ctx context.Context, out hookchain.Outcome) hookchain.Outcome {
	var notes []hookchain.Note
	for i, n := range out.Notes {
		if utf8.RuneCountInString(n.Text) <= MaxNoteChars {
			continue
		}
		path, err := saveNote(noteDir(ctx), n.Text)
		if err != nil {
			continue
		}
		if notes == nil {
			notes = append([]hookchain.Note(nil), out.Notes...) // the hook's slice is not written to
		}
		notes[i].Text = notePreview(n.Text, path)
	}
	if notes != nil {
		out.Notes = notes
	}
	return out
}

// saveNote writes text to a new file under dir and returns its path.
func saveNote(dir, text string) (string, error) {
	f, err := os.CreateTemp(dir, "hook-*-note.txt")
	if err != nil {
		return "", err
	}
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// notePreview is what the model is shown in place of text, saved at
// path.
func notePreview(text, path string) string {
	preview := text
	if n := NotePreviewBytes; len(preview) > n {
		for n > 0 && !utf8.RuneStart(preview[n]) {
			n--
		}
		preview = preview[:n]
	}
	return fmt.Sprintf("<persisted-output>\nOutput too large (%.1fKB). Full output saved to: %s\n\nPreview (first 2KB):\n%s\n</persisted-output>",
		float64(len(text))/1024, path, preview)
}
