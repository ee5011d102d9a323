package testfiles

import (
	"os"
	"strings"
	"testing"
)

// ReadmeBlock returns the first Go code block in the file at path after the
// line that starts with heading, without its fences, failing the test when
// there is none: an adapter's tests check that what its README section
// tells users to write is what they run.
func ReadmeBlock(t testing.TB, path, heading string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	s := string(b)
	i := strings.Index(s, "\n"+heading)
	if i < 0 {
		t.Fatalf("%s has no line starting %q", path, heading)
	}
	s = s[i:]
	start := strings.Index(s, "```go\n")
	if start < 0 {
		t.Fatalf("%s has no Go block after %q", path, heading)
	}
	s = s[start+len("```go\n"):]
	end := strings.Index(s, "```")
	if end < 0 {
		t.Fatalf("%s: the Go block after %q does not end", path, heading)
	}
	return s[:end]
}

// Indented returns s with a tab before each of its lines that is not
// empty, as a block reads inside a function body.
func Indented(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "\t" + l
		}
	}
	return strings.Join(lines, "\n")
}

// ReadmeBlockIsIn fails the test unless the Go block of the README's
// section under heading is, indented as a function body, in the file at
// path: what the README tells users to write is what that file runs.
func ReadmeBlockIsIn(t testing.TB, readme, heading, path string) {
	t.Helper()
	block := ReadmeBlock(t, readme, heading)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	if !strings.Contains(string(b), Indented(block)) {
		t.Errorf("%s does not run the README's block under %q:\n%s", path, heading, block)
	}
}
