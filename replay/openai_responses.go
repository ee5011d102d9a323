package replay

import (
	"bufio"
	"time"

	"github.com/tidwall/gjson"
)

// readOpenAIResponses reads an OpenAI Responses item array: the items
// Codex writes in its rollouts (function_call, custom_tool_call,
// local_shell_call and their outputs), read as Codex reads them, but with
// no error derived from an output's text: outside Codex an "Exit code" in
// a tool's output is the tool's business. The array records no session,
// cwd or time.
func readOpenAIResponses(r *run, br *bufio.Reader) error {
	c := &codex{run: r, format: OpenAIResponses}
	return r.eachElement(br, func(line int, item gjson.Result) error {
		return c.item(line, time.Time{}, item)
	})
}
