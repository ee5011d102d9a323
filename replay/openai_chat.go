package replay

import (
	"bufio"
	"fmt"

	"github.com/tidwall/gjson"
)

// readOpenAIChat reads an OpenAI Chat Completions message array: calls are
// the tool_calls of assistant messages ({id, function: {name, arguments}},
// arguments a JSON string decoded to the object the tool got, or an object
// where a compatible server wrote one), results the tool messages, matched
// by tool_call_id. Some compatible servers write no call id: such a call
// gets the id "#<line>.<n>" (its line, and its place among the message's
// calls), and a tool message without tool_call_id is the result of the
// oldest such call still waiting. The format has no error flag: every
// result is one that ran.
func readOpenAIChat(r *run, br *bufio.Reader) error {
	var unnamed []string // ids given to calls without one, oldest first
	return r.eachElement(br, func(line int, msg gjson.Result) error {
		var role string
		var calls, callID, content gjson.Result
		object(msg, func(k string, v gjson.Result) {
			switch k {
			case "role":
				role = v.Str
			case "tool_calls":
				calls = v
			case "tool_call_id":
				callID = v
			case "content":
				content = v
			}
		})
		switch role {
		case "assistant":
			var err error
			k := 0
			calls.ForEach(func(_, tc gjson.Result) bool {
				k++
				id := tc.Get("id")
				if id.Type != gjson.String || id.Str == "" {
					name := fmt.Sprintf("#%d.%d", line, k)
					unnamed = append(unnamed, name)
					id = gjson.Result{Type: gjson.String, Str: name}
				}
				name, input := tc.Get("function.name"), tc.Get("function.arguments")
				if input.Type == gjson.String {
					s := input.Str
					input = gjson.Parse(s)
					if !gjson.Valid(s) {
						input = gjson.Result{}
					}
				}
				if bad := badCall(id, name, input); bad != "" {
					r.problem(line, BadCall, bad)
					return true
				}
				err = r.held.call(Call{Format: OpenAIChat, File: r.file, Line: line, ID: str(id), Tool: str(name), Input: raw(input)})
				return err == nil
			})
			return err
		case "tool":
			if (callID.Type != gjson.String || callID.Str == "") && len(unnamed) > 0 {
				callID = gjson.Result{Type: gjson.String, Str: unnamed[0]}
				unnamed = unnamed[1:]
			}
			return r.plainResult(line, callID, content, false)
		}
		return nil
	})
}
