package replay_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/replay"
)

const (
	ran      = replay.Ran
	errored  = replay.Errored
	noResult = replay.NoResult
)

func TestClaudeCodeCallsAreReadInFileOrderWithTheirResultsMatchedByID(t *testing.T) {
	// Two parallel calls of one streamed message: a line each, sharing
	// message.id ("msg_m1"), told apart by uuid.
	split := func(uuid, parent, id, cmd string) string {
		return `{"type":"assistant","uuid":"` + uuid + `","parentUuid":"` + parent + `","sessionId":"s1","message":{"id":"msg_m1","content":[{"type":"tool_use","id":"` + id + `","name":"Bash","input":{"command":"` + cmd + `"}}]}}`
	}
	tests := []readCase{{
		name: "a split message's calls are two calls, never one by message.id",
		text: lines(
			use("a0", "", "toolu_0", "Read", `{"file_path":"/w/a"}`, ""),
			result("r0", "a0", "toolu_0", `"ok"`, false, ""),
			split("a1", "r0", "toolu_1", "ls"),
			split("a2", "a1", "toolu_2", "pwd"),
			`{"type":"user","uuid":"r1","parentUuid":"a2","message":{"content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"a"},{"type":"tool_result","tool_use_id":"toolu_2","content":"b"}]}}`,
		),
		want: []seen{
			{ID: "toolu_0", Tool: "Read", Input: `{"file_path":"/w/a"}`, Line: 1, ResultAt: 2, Original: ran},
			{ID: "toolu_1", Tool: "Bash", Input: `{"command":"ls"}`, Line: 3, ResultAt: 5, Original: ran},
			{ID: "toolu_2", Tool: "Bash", Input: `{"command":"pwd"}`, Line: 4, ResultAt: 5, Original: ran},
		},
		problems: []replay.ProblemKind{},
	}, {
		name: "results in the reverse order of their calls still go to their calls, and the calls stay in file order",
		text: lines(
			split("a1", "", "toolu_1", "ls"),
			split("a2", "a1", "toolu_2", "pwd"),
			result("r2", "a2", "toolu_2", `"b"`, true, ""),
			result("r1", "r2", "toolu_1", `"a"`, false, ""),
		),
		want: []seen{
			{ID: "toolu_1", Tool: "Bash", Input: `{"command":"ls"}`, Line: 1, ResultAt: 4, Original: ran},
			{ID: "toolu_2", Tool: "Bash", Input: `{"command":"pwd"}`, Line: 2, ResultAt: 3, Original: errored, IsError: true},
		},
		problems: []replay.ProblemKind{},
	}, {
		name: "a call without a result is yielded with none, a result without a call is reported",
		text: lines(
			use("a1", "", "toolu_1", "Bash", `{"command":"sleep 9"}`, ""),
			`{"type":"user","uuid":"u1","parentUuid":"a1","message":{"content":[{"type":"text","text":"[Request interrupted by user for tool use]"}]}}`,
			result("r9", "u1", "toolu_9", `"orphan"`, false, ""),
		),
		want: []seen{
			{ID: "toolu_1", Tool: "Bash", Input: `{"command":"sleep 9"}`, Line: 1, Original: noResult},
		},
		problems: []replay.ProblemKind{replay.ResultWithoutCall},
	}, {
		name: "an excerpt's first parent is not in the file: reported, and its call read",
		text: lines(
			use("a1", "gone", "toolu_1", "Read", `{"file_path":"/w/a"}`, ""),
			result("r1", "a1", "toolu_1", `"x"`, false, ""),
		),
		want: []seen{
			{ID: "toolu_1", Tool: "Read", Input: `{"file_path":"/w/a"}`, Line: 1, ResultAt: 2, Original: ran},
		},
		problems: []replay.ProblemKind{replay.DanglingParent},
	}, {
		name: "a truncated last line and a corrupted one are bad lines, the calls around them read",
		text: lines(
			use("a1", "", "toolu_1", "Read", `{"file_path":"/w/a"}`, ""),
			"\x00\x00garbage{",
			result("r1", "a1", "toolu_1", `"x"`, false, ""),
			"",
			`{"type":"assistant","uuid":"a2","parentUuid":"r1","message":{"content":[{"type":"tool_use","id":"toolu_2","na`,
		),
		want: []seen{
			{ID: "toolu_1", Tool: "Read", Input: `{"file_path":"/w/a"}`, Line: 1, ResultAt: 3, Original: ran},
		},
		problems: []replay.ProblemKind{replay.BadLine, replay.BadLine},
	}, {
		name: "a result persisted to disk is its preview: incomplete",
		text: lines(
			use("a1", "", "toolu_1", "Bash", `{"command":"cat big.log"}`, ""),
			result("r1", "a1", "toolu_1", `"<persisted-output>\nOutput too large (1.5 MB). Full output saved to: /h/.claude/projects/p/s/tool-results/toolu_1.txt\n\nPreview (first 2.0 KB):\nline 1\n</persisted-output>"`, false, ""),
		),
		want: []seen{
			{ID: "toolu_1", Tool: "Bash", Input: `{"command":"cat big.log"}`, Line: 1, ResultAt: 2, Original: ran, Incomplete: true},
		},
		problems: []replay.ProblemKind{},
	}, {
		name: "a compaction summary is not a call, and the calls before it are not read twice",
		text: lines(
			use("a1", "", "toolu_1", "Read", `{"file_path":"/w/a"}`, ""),
			result("r1", "a1", "toolu_1", `"x"`, false, ""),
			`{"type":"system","subtype":"compact_boundary","uuid":"c1","parentUuid":null,"logicalParentUuid":"r1","compactMetadata":{"trigger":"manual","preTokens":9}}`,
			`{"type":"user","uuid":"c2","parentUuid":"c1","isCompactSummary":true,"message":{"content":[{"type":"text","text":"This session is being continued from a previous conversation. toolu_1 Read /w/a"},{"type":"tool_result","tool_use_id":"toolu_1","content":"x"}]}}`,
			use("a2", "c2", "toolu_2", "Read", `{"file_path":"/w/b"}`, ""),
			result("r2", "a2", "toolu_2", `"y"`, false, ""),
		),
		want: []seen{
			{ID: "toolu_1", Tool: "Read", Input: `{"file_path":"/w/a"}`, Line: 1, ResultAt: 2, Original: ran},
			{ID: "toolu_2", Tool: "Read", Input: `{"file_path":"/w/b"}`, Line: 5, ResultAt: 6, Original: ran},
		},
		problems: []replay.ProblemKind{},
	}, {
		name: "a copied entry is read once, and a call copied under another uuid too",
		text: lines(
			use("a1", "", "toolu_1", "Read", `{"file_path":"/w/a"}`, ""),
			use("a1", "", "toolu_1", "Read", `{"file_path":"/w/a"}`, ""),
			use("a1bis", "a1", "toolu_1", "Read", `{"file_path":"/w/a"}`, ""),
			result("r1", "a1bis", "toolu_1", `"x"`, false, ""),
		),
		want: []seen{
			{ID: "toolu_1", Tool: "Read", Input: `{"file_path":"/w/a"}`, Line: 1, ResultAt: 4, Original: ran},
		},
		problems: []replay.ProblemKind{replay.Duplicate, replay.Duplicate},
	}, {
		name: "a second result for a call is reported, not taken",
		text: lines(
			use("a1", "", "toolu_1", "Read", `{"file_path":"/w/a"}`, ""),
			result("r1", "a1", "toolu_1", `"first"`, false, ""),
			result("r2", "r1", "toolu_1", `"second"`, true, ""),
		),
		want: []seen{
			{ID: "toolu_1", Tool: "Read", Input: `{"file_path":"/w/a"}`, Line: 1, ResultAt: 2, Original: ran},
		},
		problems: []replay.ProblemKind{replay.ResultWithoutCall},
	}, {
		name: "a call without a name, without an id, or whose input is not an object is a bad call, never yielded",
		text: lines(
			use("a1", "", "toolu_1", "", `{"command":"x"}`, ""),
			use("a2", "a1", "", "Bash", `{"command":"x"}`, ""),
			use("a3", "a2", "toolu_3", "Bash", `"rm -rf /"`, ""),
			use("a4", "a3", "toolu_4", "Bash", `null`, ""),
			use("a5", "a4", "toolu_5", "Bash", `["rm"]`, ""),
			`{"type":"assistant","uuid":"a6","parentUuid":"a5","message":{"content":[{"type":"tool_use","id":"toolu_6","Name":"Bash","input":{}}]}}`,
		),
		want:     []seen{},
		problems: []replay.ProblemKind{replay.BadCall, replay.BadCall, replay.BadCall, replay.BadCall, replay.BadCall, replay.BadCall},
	}, {
		name: "a key given twice keeps its last value, as Claude Code's own reader does",
		text: lines(
			`{"type":"assistant","uuid":"a1","parentUuid":null,"message":{"content":[{"type":"tool_use","id":"toolu_1","name":"Read","input":{"file_path":"/w/a"},"name":"Bash","input":{"command":"rm -rf /"}}]}}`,
		),
		want: []seen{
			{ID: "toolu_1", Tool: "Bash", Input: `{"command":"rm -rf /"}`, Line: 1, Original: noResult},
		},
		problems: []replay.ProblemKind{},
	}, {
		name: "CRLF line ends, a BOM and invalid UTF-8 in an input: the input's bytes as written",
		text: "\xef\xbb\xbf" + use("a1", "", "toolu_1", "Write", "{\"content\":\"\xff\xfe\"}", "") + "\r\n" + result("r1", "a1", "toolu_1", `"ok"`, false, "") + "\r\n",
		want: []seen{
			{ID: "toolu_1", Tool: "Write", Input: "{\"content\":\"\xff\xfe\"}", Line: 1, ResultAt: 2, Original: ran},
		},
		problems: []replay.ProblemKind{},
	}, {
		name: "server-side tool blocks and text are not calls",
		text: lines(
			`{"type":"assistant","uuid":"a1","parentUuid":null,"message":{"content":[{"type":"text","text":"hi"},{"type":"thinking","thinking":"x"},{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{"query":"q"}}]}}`,
		),
		want:     []seen{},
		problems: []replay.ProblemKind{},
	}}
	checkReads(t, replay.ClaudeCode, tests)
}

func TestWhatHappenedToAClaudeCodeCallIsReadFromItsResultText(t *testing.T) {
	tests := []struct {
		name    string
		content string
		isError bool
		want    replay.Original
	}{
		{"a result that is no error ran", `"file contents"`, false, replay.Ran},
		{"the user rejected it at the prompt", `"The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed."`, true, replay.Rejected},
		{"a 1.0.77 hook blocked it", `"Read operation blocked by hook:\n- [uv run ~/.claude/hooks/pre_tool_use.py]: BLOCKED: Access to .env files containing sensitive data is prohibited\n"`, true, replay.Blocked},
		{"a 2.1 hook blocked it", `"PreToolUse:Bash hook error: [~/.claude/hooks/guard.sh]: BLOCKED: rm -rf outside the project"`, true, replay.Blocked},
		{"the auto mode classifier denied it", `"Permission for this action was denied by the Claude Code auto mode classifier. Reason: deletes files outside the project"`, true, replay.Denied},
		{"a non-interactive session had no approval for it", `"This command requires approval"`, true, replay.Denied},
		{"a permission rule denied it", `"Permission to use Bash with command rm -rf / has been denied."`, true, replay.Denied},
		{"the user interrupted it", `"[Request interrupted by user for tool use]"`, true, replay.Interrupted},
		{"the tool failed", `"<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>"`, true, replay.Errored},
		{"the command failed", `"Exit code 1\nno such file"`, true, replay.Errored},
		{"a block array's text says it as a string would", `[{"type":"text","text":"The user doesn't want to proceed with this tool use."}]`, true, replay.Rejected},
		{"block text not at the start of a result is not a verdict", `"Exit code 1\nThe user doesn't want to proceed with this tool use."`, true, replay.Errored},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := read(t, replay.ClaudeCode, lines(
				use("a1", "", "toolu_1", "Bash", `{"command":"x"}`, ""),
				result("r1", "a1", "toolu_1", tt.content, tt.isError, ""),
			))
			require.Len(t, got, 1)
			assert.Equal(t, tt.want, got[0].Original())
			assert.Equal(t, tt.isError, got[0].Result.IsError)
		})
	}
}

func TestEachClaudeCodeCallCarriesItsOwnEntrysSessionAgentCwdVersionAndTime(t *testing.T) {
	text := lines(
		use("a1", "", "toolu_1", "Bash", `{"command":"cd other && rm -rf build"}`, `"cwd":"/w/main",`),
		result("r1", "a1", "toolu_1", `"ok"`, false, `"cwd":"/w/main",`),
		// A 1.0.x subagent: inline, isSidechain, no agent id.
		use("s1", "r1", "toolu_2", "Read", `{"file_path":"/w/x"}`, `"cwd":"/w/main","isSidechain":true,`),
		// A 2.x subagent in its own worktree: agentId, and its own cwd.
		use("s2", "s1", "toolu_3", "Edit", `{"file_path":"/w/wt/y"}`, `"cwd":"/w/wt","isSidechain":true,"agentId":"ab12cd34",`),
	)
	got, _ := read(t, replay.ClaudeCode, text)
	require.Len(t, got, 3)
	type who struct {
		Session, Agent, Cwd, Version, Time string
		Sidechain                          bool
	}
	var whos []who
	for _, c := range got {
		whos = append(whos, who{c.Session, c.AgentID, c.Cwd, c.Version, c.Time.Format("2006-01-02T15:04:05Z"), c.Sidechain})
	}
	assert.Equal(t, []who{
		{"s1", "", "/w/main", "2.1.146", "2026-01-02T03:04:05Z", false},
		{"s1", "", "/w/main", "2.1.146", "2026-01-02T03:04:05Z", true},
		{"s1", "ab12cd34", "/w/wt", "2.1.146", "2026-01-02T03:04:05Z", true},
	}, whos)
	assert.Equal(t, replay.ClaudeCode, got[0].Format)
	assert.Equal(t, "t.jsonl", got[0].File)
	assert.Equal(t, "2026-01-02T03:04:06Z", got[0].Result.Time.Format("2006-01-02T15:04:05Z"))
}

func TestAClaudeCodeResultKeepsItsContentAndToolUseResultButAnImageIsNeverText(t *testing.T) {
	image := strings.Repeat("iVBORw0KGgo", 300_000) // a 3.3 MB line: past any 64 KiB scanner
	text := lines(
		use("a1", "", "toolu_1", "Read", `{"file_path":"/w/shot.png"}`, ""),
		`{"type":"user","uuid":"r1","parentUuid":"a1","message":{"content":[{"type":"tool_result","tool_use_id":"toolu_1","content":[{"type":"text","text":"the screenshot"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"`+image+`"}}]}]},"toolUseResult":{"type":"image","file":{"base64":"`+image[:40]+`"}}}`,
	)
	got, st := read(t, replay.ClaudeCode, text)
	require.Len(t, got, 1)
	r := got[0].Result
	require.NotNil(t, r)
	assert.Equal(t, "the screenshot\n[image]", r.Text())
	assert.Contains(t, string(r.Content), image, "the content as recorded")
	assert.JSONEq(t, `{"type":"image","file":{"base64":"`+image[:40]+`"}}`, string(r.Structured))
	assert.Equal(t, 2, st.Lines)
}

func TestAToolUseResultIsNotGivenToOneOfSeveralResultsInAnEntry(t *testing.T) {
	text := lines(
		use("a1", "", "toolu_1", "Bash", `{"command":"a"}`, ""),
		use("a2", "a1", "toolu_2", "Bash", `{"command":"b"}`, ""),
		`{"type":"user","uuid":"r1","parentUuid":"a2","message":{"content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"a"},{"type":"tool_result","tool_use_id":"toolu_2","content":"b"}]},"toolUseResult":{"stdout":"b"}}`,
		use("a3", "r1", "toolu_3", "Bash", `{"command":"c"}`, ""),
		`{"type":"user","uuid":"r3","parentUuid":"a3","message":{"content":[{"type":"tool_result","tool_use_id":"toolu_3","content":"c"}]},"toolUseResult":{"stdout":"c"}}`,
	)
	got, _ := read(t, replay.ClaudeCode, text)
	require.Len(t, got, 3)
	assert.Nil(t, got[0].Result.Structured)
	assert.Nil(t, got[1].Result.Structured)
	assert.Equal(t, `{"stdout":"c"}`, string(got[2].Result.Structured))
}

func TestAClaudeCodeTranscriptDumpedAsOneArrayIsReadAnEntryAtATime(t *testing.T) {
	text := "[\n  " + use("a1", "", "toolu_1", "Read", `{"file_path":"/w/.env"}`, `"cwd":"/w",`) + ",\n  " +
		result("r1", "a1", "toolu_1", `"Read operation blocked by hook:\n- [uv run ~/.claude/hooks/pre_tool_use.py]: BLOCKED: Access to .env files"`, true, "") + ",\n  " +
		`"not an entry"` + "\n]\n"
	got, st := read(t, "", text)
	assert.Equal(t, []seen{{ID: "toolu_1", Tool: "Read", Input: `{"file_path":"/w/.env"}`, Line: 2, ResultAt: 3, Original: replay.Blocked, IsError: true}}, seenAll(got))
	assert.Equal(t, replay.ClaudeCode, got[0].Format)
	assert.Equal(t, "/w", got[0].Cwd)
	assert.Equal(t, []replay.ProblemKind{replay.BadLine}, kinds(st))
	assert.Equal(t, 5, st.Lines)
}
