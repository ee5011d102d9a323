package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTestNamesEveryCaseFileProblemOnALineOfItsOwn(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "two\nlines")
	require.NoError(t, mkdirWrite(dir, "a.json", "not json"))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.json"), []byte("[]"), 0o644))
	none := filepath.Join(dir, "none*.json")

	code, stdout, stderr := hookchainCmd(t, "", append([]string{"test", "--project", "testdata"},
		append(settingsFlags("allow.json"), none, filepath.Join(dir, "*.json"))...)...)
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "hookchain test: hookchaintest: no file matches "+strconv.Quote(none)+"\n"+
		"hookchain test: "+strconv.Quote(filepath.Join(dir, "a.json")+":1:2: invalid character 'o' in literal null (expecting 'u')")+"\n"+
		"hookchain test: "+strconv.Quote(filepath.Join(dir, "b.json")+":1:1: the file holds no case")+"\n", stderr)
}
