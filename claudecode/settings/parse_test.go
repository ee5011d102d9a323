package settings

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseRejectsABrokenFileWithItsPlace(t *testing.T) {
	tests := []struct {
		name string
		data string
		err  string
	}{
		{"an empty file", "", "s.json:1:1: unexpected end of JSON input"},
		{"a truncated file", "{\n  \"hooks\": {\n", "s.json:3:1: unexpected end of JSON input"},
		{"a trailing comma", "{\n  \"hooks\": {\n    \"PreToolUse\": [],\n  }\n}",
			"s.json:4:3: invalid character '}' looking for beginning of object key string"},
		{"a column counts characters, not bytes", "{\"é\": 1 2}", "s.json:1:9: invalid character '2' after object key:value pair"},
		{"settings that are not an object", "[]", "s.json:1:1: the settings are an array, not a JSON object"},
		{"hooks that are not an object", `{"hooks": []}`, "s.json:1:11: hooks: want an object of events, got an array"},
		{"an event that is not an array", `{"hooks": {"PreToolUse": {"matcher": "Bash"}}}`,
			"s.json:1:26: hooks.PreToolUse: want an array of matcher groups, got an object"},
		{"a group that is not an object", "{\"hooks\": {\n  \"Stop\": [\"x\"]}}", `s.json:2:12: Stop[0]: want a matcher group object, got "x"`},
		{"a tool-event group without hooks", "{\"hooks\": {\"PreToolUse\": [\n  {\"matcher\": \"Bash\"}]}}",
			`s.json:2:3: PreToolUse[0]: the matcher group has no "hooks" array`},
		{"a group whose hooks are not an array", `{"hooks": {"PostToolUse": [{"hooks": {}}]}}`,
			"s.json:1:38: PostToolUse[0].hooks: want an array of hook handlers, got an object"},
		{"a handler that is not an object", `{"hooks": {"PreToolUse": [{"hooks": ["echo hi"]}]}}`,
			`s.json:1:38: PreToolUse[0].hooks[0]: want a hook handler object, got "echo hi"`},
		{"an event given twice", "{\"hooks\": {\n  \"PreToolUse\": [],\n  \"PreToolUse\": []}}",
			`s.json:3:3: hooks.PreToolUse: the key "PreToolUse" appears twice`},
		{"hooks given twice", "{\"hooks\": {}, \"hooks\": {}}", `s.json:1:15: hooks: the key "hooks" appears twice`},
		{"disableAllHooks that is not a boolean", `{"disableAllHooks": "yes"}`, `s.json:1:21: disableAllHooks: want true or false, got "yes"`},
		// encoding/json and gjson would read the byte as U+FFFD, and the
		// matcher would name a tool that does not exist.
		{"a matcher with a byte that is not UTF-8", "{\"hooks\": {\n  \"PreToolUse\": [{\"matcher\": \"é|Ba\xffsh\", \"hooks\": []}]}}",
			"s.json:2:35: not valid UTF-8: byte 0xff"},
		{"a byte that is not UTF-8 where JSON would refuse anything", "{\xff}", "s.json:1:2: not valid UTF-8: byte 0xff"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse("s.json", []byte(tt.data))
			require.EqualError(t, err, tt.err)
			assert.Nil(t, s)
		})
	}
}

func TestParseAcceptsSettingsWithoutHooks(t *testing.T) {
	for _, data := range []string{`{}`, `{"permissions": {"allow": ["Bash(ls)"]}}`, `{"hooks": null}`, `{"hooks": {}}`} {
		s, err := Parse("s.json", []byte(data))
		require.NoError(t, err, data)
		assert.Empty(t, s.Hooks(Options{}), data)
		links, err := s.Links(Options{})
		require.NoError(t, err, data)
		assert.Empty(t, links, data)
	}
}

func TestLoadNamesAMissingFile(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "settings.json")
	_, err := Load(missing)
	require.EqualError(t, err, "settings: stat "+missing+": no such file or directory")
}

func TestLoadMergesFilesInTheOrderGiven(t *testing.T) {
	dir := t.TempDir()
	user := write(t, dir, "user.json", `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./user.sh"}]}]}}`)
	project := write(t, dir, "project.json", `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./project.sh"}]}]}}`)
	s, err := Load(user, project)
	require.NoError(t, err)
	assert.Equal(t, []string{user, project}, s.Files())
	var order []string
	for _, h := range s.Hooks(Options{}) {
		order = append(order, h.File+" "+h.Command)
	}
	assert.Equal(t, []string{user + " ./user.sh", project + " ./project.sh"}, order)
}

func TestStandardPathsListUserProjectAndLocalSettings(t *testing.T) {
	assert.Equal(t, []string{
		filepath.Join("/home/me", ".claude", "settings.json"),
		filepath.Join("/src/app", ".claude", "settings.json"),
		filepath.Join("/src/app", ".claude", "settings.local.json"),
	}, StandardPaths("/src/app", "/home/me"))
	assert.Equal(t, []string{filepath.Join("/home/me", ".claude", "settings.json")}, StandardPaths("", "/home/me"))
	assert.Empty(t, StandardPaths("", ""))
}

func TestLoadStandardSkipsTheFilesThatDoNotExist(t *testing.T) {
	home, project := t.TempDir(), t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(project, ".claude"), 0o755))
	local := write(t, filepath.Join(project, ".claude"), "settings.local.json", `{"hooks": {}}`)

	s, err := LoadStandard(project, home)
	require.NoError(t, err)
	assert.Equal(t, []string{local}, s.Files())

	s, err = LoadStandard(t.TempDir(), t.TempDir())
	require.NoError(t, err)
	assert.Empty(t, s.Files())
}

func TestLoadStandardStillRejectsABrokenFile(t *testing.T) {
	project := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(project, ".claude"), 0o755))
	path := write(t, filepath.Join(project, ".claude"), "settings.json", "{\n  \"hooks\": \n}")
	_, err := LoadStandard(project, "")
	require.EqualError(t, err, path+":3:1: invalid character '}' looking for beginning of value")
}

func write(t *testing.T, dir, name, data string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
	return path
}

func TestASettingsFileMayStartWithAByteOrderMark(t *testing.T) {
	// Editors on Windows write one. It is not a character of line 1.
	const bom = "\xef\xbb\xbf"
	s, err := Parse("s.json", []byte(bom+`{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x"}]}]}}`))
	require.NoError(t, err)
	assert.Len(t, s.Hooks(Options{}), 1)

	_, err = Parse("s.json", []byte(bom+`{"hooks": []}`))
	require.EqualError(t, err, "s.json:1:11: hooks: want an object of events, got an array")
	_, err = Parse("s.json", []byte(bom+`{"hooks": `))
	require.EqualError(t, err, "s.json:1:11: unexpected end of JSON input")

	path := write(t, t.TempDir(), "settings.json", bom+`{"disableAllHooks": true}`)
	_, err = Load(path)
	require.NoError(t, err)
}
