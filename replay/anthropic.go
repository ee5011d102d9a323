package replay

import (
	"bufio"

	"github.com/tidwall/gjson"
)

// readAnthropic reads an Anthropic Messages API message array: calls are
// the tool_use blocks of assistant messages, results the tool_result
// blocks of user messages, matched by tool_use_id. Server tools
// (server_tool_use and their results) ran on Anthropic's side, never
// through a client's hooks: they are not calls. The array records no
// session, cwd or time.
func readAnthropic(r *run, br *bufio.Reader) error {
	return r.eachElement(br, func(line int, msg gjson.Result) error {
		var role string
		var content gjson.Result
		object(msg, func(k string, v gjson.Result) {
			switch k {
			case "role":
				role = v.Str
			case "content":
				content = v
			}
		})
		if !content.IsArray() {
			return nil
		}
		var err error
		content.ForEach(func(_, v gjson.Result) bool {
			switch b := readBlock(v); {
			case b.typ == "tool_use" && role == "assistant":
				if bad := badCall(b.id, b.name, b.input); bad != "" {
					r.problem(line, BadCall, bad)
					return true
				}
				err = r.held.call(Call{Format: Anthropic, File: r.file, Line: line, ID: str(b.id), Tool: str(b.name), Input: raw(b.input)})
			case b.typ == "tool_result":
				err = r.plainResult(line, b.toolUseID, b.body, b.isError)
			}
			return err == nil
		})
		return err
	})
}

// plainResult hands the result of call id to the held calls, for formats
// whose results say no more than their content and an error flag.
func (r *run) plainResult(line int, id, body gjson.Result, isError bool) error {
	if id.Type != gjson.String || id.Str == "" {
		r.problem(line, ResultWithoutCall, "a result without the id of its call")
		return nil
	}
	res := Result{Line: line, Content: raw(body), IsError: isError, Original: Ran}
	if res.Content == nil {
		res.Content = []byte(`""`)
	}
	if isError {
		res.Original = Errored
	}
	return r.held.result(id.Str, res)
}
