package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// fill replaces each {NAME} of s with its value.
func fill(s string, values map[string]string) string {
	for k, v := range values {
		s = strings.ReplaceAll(s, "{"+k+"}", v)
	}
	return s
}

// policyCalls are the calls of the replay tests: one for each hook of
// replayHooks, a call of a tool no hook matches, and one without a result.
var policyCalls = []recorded{
	{id: "t1", tool: "Bash", input: bashInput("rm -rf build"), content: `""`},
	{id: "t2", tool: "Bash", input: bashInput("curl example.com"), content: `"<html>"`},
	{id: "t3", tool: "Bash", input: bashInput("crash now"), content: `"ok"`},
	{id: "t4", tool: "Bash", input: bashInput("slow build"), content: `"ok"`},
	{id: "t5", tool: "Read", input: `{"file_path":"/etc/hosts"}`, content: `"127.0.0.1 localhost"`},
	{id: "t6", tool: "Bash", input: bashInput("ls")},
}

func TestReplayPutsEveryRecordedCallToTheSettingsHooksAndPrintsWhatEachDecided(t *testing.T) {
	skipInShort(t)
	project, settings := replayProject(t, "guard.sh", "rewrite.sh", "crash.sh", "slow.sh")
	dir := t.TempDir()
	gone := filepath.Join(dir, "deleted-worktree")
	file := claudeTranscript(t, dir, "s1", gone, policyCalls...)
	code, stdout, stderr := hookchainCmd(t, "", "replay", "--json", "--settings", settings, "--project", project, file)
	assert.Equal(t, 0, code, stderr)
	assert.Empty(t, stderr)
	head := `{"transcript":"{FILE}","call_id":`
	tail := `"session":"s1","cwd":"{CWD}"`
	fault := `hook \"bash \\\"$CLAUDE_PROJECT_DIR\\\"/.claude/hooks/`
	want := []string{
		head + `"t1","tool":"Bash","before":{"verdict":"deny","reason":"denied by guard.sh: recursive delete","decided_by":"guard.sh","cause":"link",` +
			`"trail":[{"name":"guard.sh","verdict":"deny","reason":"recursive delete"}]},"after":null,"original":"ran","input":{"command":"rm -rf build"},"line":1,` + tail + `,"flip":"newly denied"}`,
		head + `"t2","tool":"Bash","before":{"verdict":"modify","reason":"rewrite.sh: a timeout","input":{"command":"curl --max-time 5 example.com"},` +
			`"trail":[{"name":"rewrite.sh","verdict":"modify","reason":"a timeout"}],"messages":[{"link":"rewrite.sh","text":"curl was given a timeout"}]},"after":{"verdict":"allow"},"original":"ran","input":{"command":"curl example.com"},"line":3,` + tail + `,"flip":"changed rewrite"}`,
		head + `"t3","tool":"Bash","before":{"verdict":"allow","trail":[{"name":"crash.sh","verdict":"allow","fault":"` + fault +
			`crash.sh\": exited with status 1; stderr: \"crash.sh: something broke\""}]},"after":{"verdict":"allow"},"original":"ran","input":{"command":"crash now"},"line":5,` + tail + `}`,
		head + `"t4","tool":"Bash","before":{"verdict":"allow","trail":[{"name":"slow.sh","verdict":"allow","fault":"` + fault +
			`slow.sh\": timed out after 1s"}]},"after":{"verdict":"allow"},"original":"ran","input":{"command":"slow build"},"line":7,` + tail + `}`,
		head + `"t5","tool":"Read","before":{"verdict":"allow"},"after":{"verdict":"allow"},"original":"ran","input":{"file_path":"/etc/hosts"},"line":9,` + tail + `}`,
		head + `"t6","tool":"Bash","before":{"verdict":"allow"},"after":null,"original":"no result","input":{"command":"ls"},"line":11,` + tail + `}`,
		`{"summary":{"files":1,"calls":6,"verdicts":{"allow":2,"deny":1,"faulted":2,"modify":1},"deciding_hooks":{"guard.sh":1,"rewrite.sh":1},` +
			`"tools":{"Bash":5,"Read":1},"sessions":{"s1":6},"originals":{"no result":1,"ran":5},` +
			`"not_judged":{"a hook failed and the call went on: not judged by that hook":2,"no result recorded: the after-call hooks were not asked":1},` +
			`"hook_faults":{"crash.sh":1,"slow.sh":1},"reader_problems":{},` +
			`"flips":{"against":"what happened then (original)","newly_denied":1,"newly_allowed":0,"changed_rewrite":1,"unchanged":3,"not_compared":{"no result":1}}}}`,
	}
	for i := range want {
		want[i] = fill(want[i], map[string]string{"FILE": file, "CWD": gone})
	}
	assert.Equal(t, want, jsonLines(t, stdout))
}

func TestReplayWithoutJSONPrintsASummaryPeopleRead(t *testing.T) {
	skipInShort(t)
	project, settings := replayProject(t, "guard.sh", "rewrite.sh", "crash.sh")
	dir := t.TempDir()
	calls := append([]recorded(nil), policyCalls[:3]...)
	calls = append(calls, policyCalls[4:]...)
	file := claudeTranscript(t, dir, "s1", "/gone", calls...)
	other := claudeTranscript(t, dir, "s2", "/gone", recorded{id: "u1", tool: "Bash", input: bashInput("rm -rf /"), content: `"x"`, isError: true})
	code, stdout, stderr := hookchainCmd(t, "", "replay", "--settings", settings, "--project", project, dir)
	assert.Equal(t, 0, code, stderr)
	assert.Empty(t, stderr)
	assert.Equal(t, fill(`replayed 6 calls from 2 files

verdicts: 2 allow, 2 deny, 1 faulted, 1 modify

by deciding hook:
       2  guard.sh
       1  rewrite.sh

by tool:
       5  Bash
       1  Read

by session:
       5  s1
       1  s2

what happened then:
       4  ran
       1  errored
       1  no result

denied (2):
  {FILE}:1  Bash t1  denied by guard.sh: recursive delete
      {"command":"rm -rf build"}
  {OTHER}:1  Bash u1  denied by guard.sh: recursive delete
      {"command":"rm -rf /"}

rewritten (1):
  {FILE}:3  Bash t2  rewrite.sh: a timeout
      {"command":"curl example.com"}

not judged:
       1  a hook failed and the call went on: not judged by that hook
       1  no result recorded: the after-call hooks were not asked

hook faults:
       1  crash.sh

flips against what happened then (original): newly denied 2, newly allowed 0, changed rewrite 1, unchanged 2
  not compared: 1 no result
  {FILE}:1  Bash t1  newly denied: {"command":"rm -rf build"}
  {FILE}:3  Bash t2  changed rewrite: {"command":"curl example.com"}
  {OTHER}:1  Bash u1  newly denied: {"command":"rm -rf /"}
`, map[string]string{"FILE": file, "OTHER": other}), stdout)
}
