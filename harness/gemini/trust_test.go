package gemini_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain/harness/gemini"
)

func TestFolderTrustTurnedOnIsAWarningThatTheProjectsHooksStillRun(t *testing.T) {
	const warning = "f: security.folderTrust.enabled: Gemini runs a project's hooks only in a folder its user trusts " +
		"(~/.gemini/trustedFolders.json), which hookchain does not read: it runs them as in a trusted folder"
	for _, c := range []struct{ doc, want string }{
		{`{"security":{"folderTrust":{"enabled":true}}}`, warning},
		{`{"security":{"folderTrust":{"enabled":false}}}`, ""},
		{`{"security":{"folderTrust":{}}}`, ""},
		{`{"security":{"folderTrust":true}}`, ""},
		{`{"security":null}`, ""},
		{`{}`, ""},
		{`[]`, ""},
	} {
		assert.Equal(t, c.want, gemini.FolderTrust("f", []byte(c.doc)), c.doc)
	}
}
