package claudecode

import (
	"context"
	"fmt"
	"os"
	"unicode/utf8"

	"github.com/hookchain/hookchain"
)

// Claude Code's bounds on what a hook puts in the model's context: text
// over MaxContextChars characters is saved to a file, and the model is
// shown its first ContextPreviewBytes and the file's path.
const (
	MaxContextChars     = 10000
	ContextPreviewBytes = 2000
)

// contextDirKey carries WithContextDir's directory in a context.
type contextDirKey struct{}

// WithContextDir returns a context in which the Claude Code hooks of a
// call (Command, HTTP) write the text they give the model that is longer
// than MaxContextChars characters to a file under dir, as Claude Code does
// (it uses the session's tool-results directory); without it they write
// under os.TempDir(). dir is not created.
func WithContextDir(ctx context.Context, dir string) context.Context {
	return context.WithValue(ctx, contextDirKey{}, dir)
}

// contextDir is the directory WithContextDir set in ctx, or os.TempDir().
func contextDir(ctx context.Context) string {
	if dir, ok := ctx.Value(contextDirKey{}).(string); ok && dir != "" {
		return dir
	}
	return os.TempDir()
}

// persistContext is out with each note longer than MaxContextChars
// characters saved to a file of its own under contextDir(ctx) and replaced
// by what Claude Code shows the model in its place:
//
//	<persisted-output>
//	Output too large (15.8KB). Full output saved to: /tmp/hook-123-context.txt
//
//	Preview (first 2KB):
//	… the first ContextPreviewBytes of the text …
//	</persisted-output>
//
// A file is created anew (0600, a name no other file has) and never
// overwrites one. When it cannot be written, the note keeps the whole
// text: nothing the hook said is lost.
func persistContext(ctx context.Context, out hookchain.Outcome) hookchain.Outcome {
	var notes []hookchain.Note
	for i, n := range out.Notes {
		if utf8.RuneCountInString(n.Text) <= MaxContextChars {
			continue
		}
		path, err := saveContext(contextDir(ctx), n.Text)
		if err != nil {
			continue
		}
		if notes == nil {
			notes = append([]hookchain.Note(nil), out.Notes...) // the hook's slice is not written to
		}
		notes[i].Text = contextPreview(n.Text, path)
	}
	if notes != nil {
		out.Notes = notes
	}
	return out
}

// saveContext writes text to a new file under dir and returns its path.
func saveContext(dir, text string) (string, error) {
	f, err := os.CreateTemp(dir, "hook-*-context.txt")
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

// contextPreview is what the model is shown in place of text, saved at
// path.
func contextPreview(text, path string) string {
	preview := text
	if n := ContextPreviewBytes; len(preview) > n {
		for n > 0 && !utf8.RuneStart(preview[n]) {
			n--
		}
		preview = preview[:n]
	}
	return fmt.Sprintf("<persisted-output>\nOutput too large (%.1fKB). Full output saved to: %s\n\nPreview (first 2KB):\n%s\n</persisted-output>",
		float64(len(text))/1024, path, preview)
}
