package replay

import (
	"bufio"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"
)

// readCodex reads a Codex CLI rollout: {"timestamp","type","payload"} a
// line. Calls are the response items function_call (arguments: a JSON
// string, decoded to the object the tool got), custom_tool_call (a
// freeform input string, given as the object {"input": "<the string>"})
// and local_shell_call (tool "local_shell", input its exec action); results
// are function_call_output and custom_tool_call_output, matched by
// call_id. Tool names stay Codex's own (shell, apply_patch, update_plan).
//
// Codex records no error flag: a result is an error when its metadata's
// exit_code, or an "Exit code: N" line, is not 0. Its cwd is the call's
// workdir (working_directory), else the latest turn_context's, else the
// session_meta's.
func readCodex(r *run, br *bufio.Reader) error {
	c := &codex{run: r}
	return r.eachLine(br, c.line)
}

type codex struct {
	*run
	session, version, metaCwd, turnCwd string
}

func (c *codex) line(n int, line []byte) error {
	var typ string
	var t time.Time
	var payload gjson.Result
	object(gjson.ParseBytes(line), func(k string, v gjson.Result) {
		switch k {
		case "type":
			typ = v.Str
		case "timestamp":
			t = when(v)
		case "payload":
			payload = v
		}
	})
	switch typ {
	case "session_meta":
		c.session = clone(payload.Get("id").Str)
		c.version = clone(payload.Get("cli_version").Str)
		c.metaCwd = clone(payload.Get("cwd").Str)
	case "turn_context":
		if cwd := payload.Get("cwd"); cwd.Type == gjson.String {
			c.turnCwd = clone(cwd.Str)
		}
	case "response_item":
		return c.item(n, t, payload)
	}
	return nil
}

func (c *codex) item(n int, t time.Time, p gjson.Result) error {
	f := map[string]gjson.Result{"type": {}, "name": {}, "arguments": {}, "input": {}, "call_id": {}, "id": {}, "action": {}, "output": {}}
	fields(p, f)
	id := f["call_id"]
	if id.Type != gjson.String || id.Str == "" {
		id = f["id"] // local_shell_call names its call by id where call_id is absent
	}
	call := Call{Format: Codex, File: c.file, Line: n, Version: c.version, Session: c.session, Time: t, ID: str(id)}
	var input gjson.Result
	switch f["type"].Str {
	case "function_call":
		call.Tool, input = str(f["name"]), f["arguments"]
		if input.Type == gjson.String {
			input = gjson.Parse(input.Str)
			if !gjson.Valid(f["arguments"].Str) {
				input = gjson.Result{}
			}
		}
	case "custom_tool_call":
		call.Tool = str(f["name"])
		if f["input"].Type == gjson.String {
			b, _ := json.Marshal(map[string]string{"input": f["input"].Str})
			input = gjson.ParseBytes(b)
		}
	case "local_shell_call":
		call.Tool, input = "local_shell", f["action"]
	case "function_call_output", "custom_tool_call_output":
		return c.output(n, t, id, f["output"])
	default:
		return nil
	}
	if bad := badCall(id, gjson.Result{Type: gjson.String, Str: call.Tool}, input); bad != "" {
		c.problem(n, BadCall, bad)
		return nil
	}
	call.Input = raw(input)
	call.Cwd = c.turnCwd
	if call.Cwd == "" {
		call.Cwd = c.metaCwd
	}
	for _, k := range []string{"workdir", "working_directory"} {
		if w := input.Get(k); w.Type == gjson.String && w.Str != "" {
			call.Cwd = str(w)
		}
	}
	return c.held.call(call)
}

var exitLine = regexp.MustCompile(`(?m)^Exit code: (-?\d+)`)

func (c *codex) output(n int, t time.Time, id, out gjson.Result) error {
	if id.Type != gjson.String || id.Str == "" {
		c.problem(n, ResultWithoutCall, "an output without a call_id")
		return nil
	}
	res := Result{Line: n, Time: t, Content: raw(out)}
	if res.Content == nil {
		res.Content = []byte(`""`)
	}
	text := contentText(out)
	exit, known := 0, false
	// 0.58.0 writes the output as a JSON string of {output, metadata}.
	if inner := gjson.Parse(out.Str); out.Type == gjson.String && inner.IsObject() && gjson.Valid(out.Str) && inner.Get("output").Exists() {
		res.Structured = json.RawMessage(out.Str)
		text = contentText(inner.Get("output"))
		if code := inner.Get("metadata.exit_code"); code.Type == gjson.Number {
			exit, known = int(code.Int()), true
		}
	}
	if !known {
		if m := exitLine.FindStringSubmatch(text); m != nil {
			exit, _ = strconv.Atoi(m[1])
		}
	}
	res.IsError = exit != 0
	res.Incomplete = strings.HasPrefix(strings.TrimSpace(text), "Total output lines:")
	res.Original = codexOriginal(res.IsError, text)
	return c.held.result(id.Str, res)
}

// codexOriginal is what happened to a Codex call, read from its output.
func codexOriginal(isError bool, text string) Original {
	switch {
	case strings.Contains(firstLine(text), "rejected by user"):
		return Rejected
	case isError:
		return Errored
	}
	return Ran
}
