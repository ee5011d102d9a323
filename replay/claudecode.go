package replay

import (
	"bufio"
	"time"

	"github.com/tidwall/gjson"
)

// readClaudeCode reads a Claude Code session or subagent file: one entry a
// line. Calls are the tool_use blocks of assistant entries (one block an
// entry: a streamed message is split over lines sharing message.id, so
// entries are told apart by uuid, never by message.id); results are the
// tool_result blocks of user entries, matched to calls by tool_use_id.
// Compaction summaries and metadata entries hold no calls.
func readClaudeCode(r *run, br *bufio.Reader) error {
	c := &claudeCode{run: r, uuids: newRecent(recentIDs)}
	return r.eachLine(br, c.line)
}

type claudeCode struct {
	*run
	uuids *recent // entries read, to tell copies and dangling parents
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
	e.message.Get("content").ForEach(func(_, block gjson.Result) bool {
		var typ string
		var id, name, input gjson.Result
		object(block, func(k string, v gjson.Result) {
			switch k {
			case "type":
				typ = v.Str
			case "id":
				id = v
			case "name":
				name = v
			case "input":
				input = v
			}
		})
		if typ != "tool_use" {
			return true
		}
		if bad := badCall(id, name, input); bad != "" {
			c.problem(n, BadCall, bad)
			return true
		}
		err = c.held.call(Call{
			Format: ClaudeCode, File: c.file, Line: n, Version: clone(e.version),
			Session: clone(e.session), AgentID: clone(e.agent), Sidechain: e.sidechain || e.agent != "",
			Cwd: clone(e.cwd), Time: e.time,
			ID: str(id), Tool: str(name), Input: raw(input),
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
	var results []gjson.Result
	content.ForEach(func(_, block gjson.Result) bool {
		if block.Get("type").Str == "tool_result" {
			results = append(results, block)
		}
		return true
	})
	for _, block := range results {
		var id, body gjson.Result
		var isError bool
		object(block, func(k string, v gjson.Result) {
			switch k {
			case "tool_use_id":
				id = v
			case "content":
				body = v
			case "is_error":
				isError = v.Bool()
			}
		})
		if id.Type != gjson.String || id.Str == "" {
			c.problem(n, ResultWithoutCall, "a tool_result without a tool_use_id")
			continue
		}
		text := contentText(body)
		res := Result{Line: n, Time: e.time, Content: raw(body), IsError: isError,
			Original: claudeOriginal(isError, text), Incomplete: persistedPreview(text)}
		if res.Content == nil {
			res.Content = []byte(`""`)
		}
		// toolUseResult is the structured result of the entry's one
		// tool_result; an entry of several cannot say whose it is.
		if len(results) == 1 {
			res.Structured = raw(e.toolUseResult)
		}
		if err := c.held.result(id.Str, res); err != nil {
			return err
		}
	}
	return nil
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
