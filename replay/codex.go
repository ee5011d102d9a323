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
	c := &codex{run: r, format: Codex, exitCodes: true}
	return r.eachLine(br, c.line)
}

type codex struct {
	*run
	format                             Format
	exitCodes                          bool // errors derived from exit codes, as Codex writes them
	session, version, metaCwd, turnCwd string
}

func (c *codex) line(n int, line string) error {
	var typ, ts, pay string
	members(line, func(k, raw string) {
		switch k {
		case "type":
			typ = raw
		case "timestamp":
			ts = raw
		case "payload":
			pay = raw
		}
	})
	t, payload := when(value(ts)), value(pay)
	switch typ = value(typ).Str; typ {
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

// itemTypes are the response items that are calls or their results.
var itemTypes = map[string]bool{
	"function_call": true, "custom_tool_call": true, "local_shell_call": true,
	"function_call_output": true, "custom_tool_call_output": true,
}

func (c *codex) item(n int, t time.Time, p gjson.Result) error {
	// Most items are reasoning and messages: told by their type without
	// reading the rest, unless a call's type ("…_call…") is anywhere in
	// them (a type given twice is read whole below, and its last value
	// counts).
	if !itemTypes[p.Get("type").Str] && !strings.Contains(p.Raw, "_call") {
		return nil
	}
	var typRaw, nameRaw, argsRaw, inputRaw, callIDRaw, idRaw, actionRaw, outputRaw string
	members(p.Raw, func(k, raw string) {
		switch k {
		case "type":
			typRaw = raw
		case "name":
			nameRaw = raw
		case "arguments":
			argsRaw = raw
		case "input":
			inputRaw = raw
		case "call_id":
			callIDRaw = raw
		case "id":
			idRaw = raw
		case "action":
			actionRaw = raw
		case "output":
			outputRaw = raw
		}
	})
	// Only the last value of each key is decoded.
	typ, callID, itemID := value(typRaw).Str, value(callIDRaw), value(idRaw)
	id := callID
	if id.Type != gjson.String || id.Str == "" {
		id = itemID // local_shell_call names its call by id where call_id is absent
	}
	call := Call{Format: c.format, File: c.file, Line: n, Version: c.version, Session: c.session, Time: t, ID: str(id)}
	var input gjson.Result
	switch typ {
	case "function_call":
		call.Tool, input = str(value(nameRaw)), value(argsRaw)
		if args := input; input.Type == gjson.String {
			input = gjson.Parse(args.Str)
			if !validString(args.Str) {
				input = gjson.Result{}
			}
		}
	case "custom_tool_call":
		call.Tool = str(value(nameRaw))
		if freeform := value(inputRaw); freeform.Type == gjson.String {
			b, _ := json.Marshal(map[string]string{"input": freeform.Str})
			input = gjson.ParseBytes(b)
		}
	case "local_shell_call":
		call.Tool, input = "local_shell", value(actionRaw)
	case "function_call_output", "custom_tool_call_output":
		return c.output(n, t, id, value(outputRaw))
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
	res.Original = Ran
	if !c.exitCodes {
		return c.held.result(id.Str, res)
	}
	text := contentText(out)
	exit, known := 0, false
	// 0.58.0 writes the output as a JSON string of {output, metadata}.
	if out.Type == gjson.String && strings.HasPrefix(out.Str, "{") && validString(out.Str) {
		if code := exitCode(out.Str); code.Type == gjson.Number {
			exit, known = int(code.Int()), true
		}
		res.Structured = decoded(out)
		text = outputStart(out.Str)
	}
	if !known {
		if m := exitLine.FindStringSubmatch(text[:min(len(text), 160)]); m != nil {
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

// outputStart is the start of the output text of a 0.58.0 {output,
// metadata} object: what is read of the text is at its start, and an
// output of megabytes is not unescaped a second time for it. Codex writes
// output first; any other order is read whole.
func outputStart(obj string) string {
	const key, n = `{"output":"`, 160
	raw, ok := strings.CutPrefix(obj, key)
	if !ok {
		return gjson.Get(obj, "output").Str
	}
	// Cut after n bytes (enough for the first line's markers), between
	// escapes, never in one.
	i := 0
	for i < len(raw) && i < n && raw[i] != '"' {
		switch {
		case raw[i] != '\\':
			i++
		case i+1 < len(raw) && raw[i+1] == 'u':
			i += 6
		default:
			i += 2
		}
	}
	i = min(i, len(raw))
	return gjson.Parse(`"` + raw[:i] + `"`).Str
}

// exitCode is metadata.exit_code of a 0.58.0 {output, metadata} object.
// Codex writes metadata last, and in the object's text a quote inside the
// output string is escaped, so the last `"metadata":` is the key: what
// follows it is read, not the whole output again.
func exitCode(obj string) gjson.Result {
	if i := strings.LastIndex(obj, `"metadata":`); i > 0 {
		return gjson.Get("{"+obj[i:], "metadata.exit_code")
	}
	return gjson.Get(obj, "metadata.exit_code")
}
