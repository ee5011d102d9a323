package gemini

import "github.com/hookchain/hookchain/harness"

// FolderTrust is a warning when data, the content of the Gemini
// settings.json file named file, turns on Gemini's folder trust
// ("security.folderTrust.enabled": true), and "" otherwise. With it on,
// Gemini loads a project's settings, and runs their hooks, only in a
// folder its user has trusted, a choice kept in ~/.gemini/trustedFolders.json
// that hookchain does not read: it runs the project's hooks as in a trusted
// folder, which judges every call Gemini's would and perhaps more, never
// fewer, and the warning says so.
//
// A value that is not an object or a boolean where these keys are is no
// warning: ParseSettings reads the hooks, and the keys are not theirs.
func FolderTrust(file string, data []byte) string {
	on := false
	if top, err := harness.Fields(data); err == nil {
		if security, err := harness.Fields(top["security"]); err == nil {
			if trust, err := harness.Fields(security["folderTrust"]); err == nil {
				on = string(trust["enabled"]) == "true"
			}
		}
	}
	if !on {
		return ""
	}
	return file + ": security.folderTrust.enabled: Gemini runs a project's hooks only in a folder its user trusts " +
		"(~/.gemini/trustedFolders.json), which hookchain does not read: it runs them as in a trusted folder"
}
