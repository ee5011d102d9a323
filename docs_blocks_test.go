package hookchain_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goBlock is a fenced Go block of a Markdown file.
var goBlock = regexp.MustCompile("(?s)\n```go\n(.*?)\n```\n")

// Every Go block of every Markdown page in the repository is code that a
// test compiles: its lines, as written, are a run of lines of a Go file of
// the repository (at any indentation, as a block reads inside a function
// body), and every Go file is built by the tests of its module, which
// .ci/run runs. A page cannot show code that does not build.
func TestEveryGoBlockOfTheDocsIsInAFileTheTestsCompile(t *testing.T) {
	pages, sources := repositoryFiles(t)
	var code []string
	for _, path := range sources {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		code = append(code, normalized(string(b)))
	}
	blocks := 0
	for _, page := range pages {
		b, err := os.ReadFile(page)
		require.NoError(t, err)
		for i, m := range goBlock.FindAllStringSubmatch(string(b), -1) {
			blocks++
			block := normalized(m[1])
			found := false
			for _, c := range code {
				if strings.Contains(c, block) {
					found = true
					break
				}
			}
			assert.True(t, found, "%s: Go block %d is in no Go file of the repository:\n%s", page, i+1, m[1])
		}
	}
	assert.Greater(t, blocks, 10, "the docs' Go blocks were not found")
}

// repositoryFiles lists the repository's Markdown pages and Go files, every
// module's, testdata aside.
func repositoryFiles(t *testing.T) (pages, sources []string) {
	t.Helper()
	require.NoError(t, filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") && path != ".":
			return filepath.SkipDir
		case strings.HasSuffix(path, ".md"):
			pages = append(pages, path)
		case strings.HasSuffix(path, ".go"):
			sources = append(sources, path)
		}
		return nil
	}))
	return pages, sources
}

// normalized is Go text with each line's leading white space removed and
// blank lines dropped, newline-terminated, so that a block matches the body
// it was taken from at whatever depth it sits.
func normalized(s string) string {
	var b strings.Builder
	b.WriteByte('\n')
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}
