package replay

import (
	"bufio"
	"bytes"
	"strings"
	"time"

	"github.com/tidwall/gjson"
)

// readClaudeCode reads a Claude Code session or subagent file: one entry a
// line. Calls are the tool_use blocks of assistant entries (one block an
// entry: a streamed message is split over lines sharing message.id, so
// entries are told apart by uuid, never by message.id); results are the
// tool_result blocks of user entries, matched to calls by tool_use_id.
// Compaction summaries and metadata entries hold no calls.
//
// A transcript dumped as one JSON array of its entries (logs/chat.json of
// hooks that copy it on every Stop) is read an entry at a time, each at the
// line it starts on.
func readClaudeCode(r *run, br *bufio.Reader) error {
	c := &claudeCode{run: r, uuids: newRecent(recentIDs)}
	if head, _ := br.Peek(detectBytes); bytes.HasPrefix(bytes.TrimLeft(trimBOM(head), " \t\r\n"), []byte("[")) {
		return r.eachElement(br, func(line int, entry gjson.Result) error {
			if !entry.IsObject() {
				r.problem(line, BadLine, "an element that is not an entry: "+excerpt([]byte(entry.Raw)))
				return nil
			}
			return c.line(line, entry.Raw)
		})
	}
	return r.eachLine(br, c.line)
}

type claudeCode struct {
	*run
	uuids *recent // entries read, to tell copies and dangling parents

	agent, agentType string // the subagent whose type was looked up, and its type
}

// typeOf is the type of the subagent agent of session, looked up once.
func (c *claudeCode) typeOf(agent, session string) string {
	if agent == "" || c.path == "" {
		return ""
	}
	if agent != c.agent {
		c.agent, c.agentType = agent, claudeAgentType(c.path, session)
	}
	return c.agentType
}

// claudeEntry is what replay reads of one entry.
type claudeEntry struct {
	typ, uuid, parent, session, cwd, version, agent string
	parentSet, sidechain, compactSummary            bool
	time                                            time.Time
	message, toolUseResult                          gjson.Result
}

func (c *claudeCode) line(n int, line string) error {
	var e claudeEntry
	object(gjson.Parse(line), func(k string, v gjson.Result) {
		switch k {
		case "type":
			e.typ = v.Str
		case "uuid":
			e.uuid = v.Str
		case "parentUuid":
			e.parent, e.parentSet = v.Str, v.Type == gjson.String
		case "sessionId":
			e.session = v.Str
		case "cwd":
			e.cwd = v.Str
		case "version":
			e.version = v.Str
		case "agentId":
			e.agent = v.Str
		case "isSidechain":
			e.sidechain = v.Bool()
		case "isCompactSummary":
			e.compactSummary = v.Bool()
		case "timestamp":
			e.time = when(v)
		case "message":
			e.message = v
		case "toolUseResult":
			e.toolUseResult = v
		}
	})
	if e.uuid != "" {
		if c.uuids.has(e.uuid) {
			c.problem(n, Duplicate, "entry "+e.uuid+" was already read; this copy is skipped")
			return nil
		}
		c.uuids.add(clone(e.uuid))
	}
	if e.parentSet && e.parent != "" && !c.uuids.has(e.parent) {
		c.problem(n, DanglingParent, "parent "+e.parent+" is not in the file")
	}
	switch {
	case e.compactSummary:
		return nil
	case e.typ == "assistant":
		return c.calls(n, &e)
	case e.typ == "user":
		return c.results(n, &e)
	}
	return nil
}

func (c *claudeCode) calls(n int, e *claudeEntry) error {
	var err error
	e.message.Get("content").ForEach(func(_, v gjson.Result) bool {
		b := readBlock(v)
		if b.typ != "tool_use" {
			return true
		}
		if bad := badCall(b.id, b.name, b.input); bad != "" {
			c.problem(n, BadCall, bad)
			return true
		}
		err = c.held.call(Call{
			Format: ClaudeCode, File: c.file, Line: n, Version: clone(e.version),
			Session: clone(e.session), AgentID: clone(e.agent), AgentType: c.typeOf(clone(e.agent), e.session), Sidechain: e.sidechain || e.agent != "",
			Cwd: clone(e.cwd), Time: e.time,
			ID: str(b.id), Tool: str(b.name), Input: raw(b.input),
		})
		return err == nil
	})
	return err
}

func (c *claudeCode) results(n int, e *claudeEntry) error {
	content := e.message.Get("content")
	if !content.IsArray() {
		return nil
	}
	var results []block
	content.ForEach(func(_, v gjson.Result) bool {
		if b := readBlock(v); b.typ == "tool_result" {
			results = append(results, b)
		}
		return true
	})
	for _, r := range results {
		if r.toolUseID.Type != gjson.String || r.toolUseID.Str == "" {
			c.problem(n, ResultWithoutCall, "a tool_result without a tool_use_id")
			continue
		}
		res := Result{Line: n, Time: e.time, Content: raw(r.body), IsError: r.isError, Original: Ran}
		if res.Content == nil {
			res.Content = []byte(`""`)
		}
		// The text is read only where it says something: what happened
		// to a call that failed, a preview's marker. Walking a result of
		// megabytes for nothing is most of the time of a read.
		if preview := strings.Contains(r.body.Raw, "<persisted-output>"); preview || r.isError {
			text := contentText(r.body)
			res.Original, res.Incomplete = claudeOriginal(r.isError, text), persistedPreview(text)
		}
		// toolUseResult is the structured result of the entry's one
		// tool_result; an entry of several cannot say whose it is.
		if len(results) == 1 {
			res.Structured = raw(e.toolUseResult)
		}
		if err := c.held.result(r.toolUseID.Str, res); err != nil {
			return err
		}
	}
	return nil
}

// block is what replay reads of a content block of Anthropic's Messages
// API, which Claude Code writes as they are: a tool_use {id, name, input}
// or a tool_result {tool_use_id, content, is_error}.
type block struct {
	typ                              string
	id, name, input, toolUseID, body gjson.Result
	isError                          bool
}

// readBlock reads v's keys in one pass.
func readBlock(v gjson.Result) block {
	var b block
	object(v, func(k string, v gjson.Result) {
		switch k {
		case "type":
			b.typ = v.Str
		case "id":
			b.id = v
		case "name":
			b.name = v
		case "input":
			b.input = v
		case "tool_use_id":
			b.toolUseID = v
		case "content":
			b.body = v
		case "is_error":
			b.isError = v.Bool()
		}
	})
	return b
}

// badCall says what is wrong with a call's id, name and input, or "".
func badCall(id, name, input gjson.Result) string {
	switch {
	case id.Type != gjson.String || id.Str == "":
		return "a tool call without an id"
	case name.Type != gjson.String || name.Str == "":
		return "tool call " + id.Str + " has no tool name"
	case !input.IsObject():
		return "tool call " + id.Str + " has input that is not an object"
	}
	return ""
}
