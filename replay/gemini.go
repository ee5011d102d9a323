package replay

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"

	"github.com/tidwall/gjson"
)

// readGemini reads a Gemini CLI session: JSONL since 2026-04 (a metadata
// line {sessionId, projectHash, kind}, then one message record a line), or
// the older single JSON object {sessionId, projectHash, messages: […]}.
//
// Calls are the toolCalls of gemini messages: {id, name, args, result,
// status, timestamp, agentId}; a call and its result are one record. The
// JSONL file appends a message again each time it changes (its tool calls'
// results arriving, tokens counted), and $set can rewrite all messages: a
// call is yielded once, with the result of the first record of it that has
// one. A $rewindTo drops messages from the CLI's history, not from what ran:
// their calls stay read.
//
// Gemini records no cwd per call, nor in the file: the project is named by
// the folder the file lies in, which ReadFile looks up in the CLI's
// registry beside it (geminiProject), giving every call of the file that
// project as Cwd. Where nothing names it, or the sources disagree, or one
// is unreadable or garbage (a BadRegistry problem), Cwd is "" — as it is
// for Read, given a stream alone.
//
// What happened is the status: success ran; error errored (denied where
// the text says a policy denied it); cancelled rejected where the user did
// not allow it, else interrupted.
func readGemini(r *run, br *bufio.Reader) error {
	g := &gemini{run: r}
	if r.path != "" {
		var problem string
		if g.cwd, problem = geminiProject(r.path); problem != "" {
			r.problem(0, BadRegistry, problem)
		}
	}
	if wholeDocument(br) {
		d := newDocument(r, br)
		return d.finish(g.document(d))
	}
	return r.eachLine(br, g.line)
}

// wholeDocument says the transcript is one pretty-printed document: its
// first line that is not blank opens an object and is not one of its own.
func wholeDocument(br *bufio.Reader) bool {
	head, _ := br.Peek(detectBytes)
	first := firstLine(string(bytes.TrimLeft(trimBOM(head), " \t\r\n")))
	return strings.HasPrefix(first, "{") && !gjson.Valid(first)
}

type gemini struct {
	*run
	session, kind string
	cwd           string // the project the file's folder is named for, "" when not known
}

func (g *gemini) line(n int, line string) error {
	rec := gjson.Parse(line)
	var id, msgType, session, rewind gjson.Result
	var set, messages, toolCalls, kind gjson.Result
	object(rec, func(k string, v gjson.Result) {
		switch k {
		case "id":
			id = v
		case "type":
			msgType = v
		case "sessionId":
			session = v
		case "kind":
			kind = v
		case "$rewindTo":
			rewind = v
		case "$set":
			set = v
		case "messages":
			messages = v
		case "toolCalls":
			toolCalls = v
		}
	})
	switch {
	case rewind.Exists():
		return nil
	case set.Exists():
		if s := set.Get("sessionId"); s.Type == gjson.String {
			g.session = clone(s.Str)
		}
		return g.messages(n, set.Get("messages"))
	case id.Type == gjson.String:
		if msgType.Str == "gemini" {
			return g.calls(n, toolCalls)
		}
		return nil
	case session.Type == gjson.String:
		g.session, g.kind = clone(session.Str), clone(kind.Str)
		// An older session file written on one line holds its messages.
		return g.messages(n, messages)
	}
	return nil
}

func (g *gemini) messages(n int, msgs gjson.Result) error {
	var err error
	msgs.ForEach(func(_, m gjson.Result) bool {
		if m.Get("type").Str == "gemini" {
			err = g.calls(n, m.Get("toolCalls"))
		}
		return err == nil
	})
	return err
}

// document reads the older single-object session file, one message at a
// time.
func (g *gemini) document(d *document) error {
	tok, err := d.dec.Token()
	if err != nil {
		return d.broken(err)
	}
	if tok != json.Delim('{') {
		g.problem(d.line(), BadLine, "not a Gemini session object")
		return errBroken
	}
	for d.dec.More() {
		key, err := d.dec.Token()
		if err != nil {
			return d.broken(err)
		}
		if key == "messages" {
			err := d.array(func(line int, elem []byte) error {
				m := gjson.ParseBytes(elem)
				if m.Get("type").Str != "gemini" {
					return nil
				}
				return g.calls(line, m.Get("toolCalls"))
			})
			if err != nil {
				return err
			}
			continue
		}
		var v json.RawMessage
		if err := d.dec.Decode(&v); err != nil {
			return d.broken(err)
		}
		if key == "sessionId" {
			g.session = clone(gjson.ParseBytes(v).Str)
		}
	}
	return nil
}

func (g *gemini) calls(n int, calls gjson.Result) error {
	var err error
	calls.ForEach(func(_, tc gjson.Result) bool {
		err = g.call(n, tc)
		return err == nil
	})
	return err
}

func (g *gemini) call(n int, tc gjson.Result) error {
	var id, name, args, result, status, ts, agent, display gjson.Result
	object(tc, func(k string, v gjson.Result) {
		switch k {
		case "id":
			id = v
		case "name":
			name = v
		case "args":
			args = v
		case "result":
			result = v
		case "status":
			status = v
		case "timestamp":
			ts = v
		case "agentId":
			agent = v
		case "resultDisplay":
			display = v
		}
	})
	// A record seen again is the same call, updated: its result, if it
	// has one now, is taken once.
	switch {
	case id.Type == gjson.String && g.held.yielded(id.Str):
		return nil
	case id.Type != gjson.String || !g.held.waiting(id.Str):
		if bad := badCall(id, name, args); bad != "" {
			g.problem(n, BadCall, bad)
			return nil
		}
		c := Call{Format: Gemini, File: g.file, Line: n, Session: g.session, AgentID: str(agent), Cwd: g.cwd,
			Time: when(ts), ID: str(id), Tool: str(name), Input: raw(args)}
		c.Sidechain = c.AgentID != "" || g.kind == "subagent"
		if err := g.held.call(c); err != nil {
			return err
		}
	}
	st := status.Str
	if st != "success" && st != "error" && st != "cancelled" && (!result.Exists() || result.Type == gjson.Null) {
		return nil // not done yet: a later record of the message has its result
	}
	if g.held.resolved(id.Str) {
		return nil
	}
	text := contentText(result)
	res := Result{Line: n, Time: when(ts), Content: raw(result), IsError: st == "error",
		Original: geminiOriginal(st, text), Incomplete: strings.Contains(text, "Tool output was too large and has been truncated")}
	if res.Content == nil {
		res.Content = []byte(`null`)
	}
	if display.Exists() && display.Type != gjson.Null {
		res.Structured = raw(display)
	}
	return g.held.result(id.Str, res)
}

func geminiOriginal(status, text string) Original {
	switch status {
	case "success":
		return Ran
	case "cancelled":
		if strings.Contains(text, "User did not allow") {
			return Rejected
		}
		return Interrupted
	}
	if strings.Contains(text, "denied by policy") {
		return Denied
	}
	return Errored
}
