package replay

import (
	"bytes"

	"github.com/tidwall/gjson"
)

// detectBytes is how much of a file Detect is given: the first lines,
// enough for a format's first entries, whatever a long line after them.
const detectBytes = 64 << 10

// Detect names the format of a transcript from its first bytes, or ""
// when it is none replay reads: a line with type and sessionId is Claude
// Code, type and payload Codex, sessionId and projectHash Gemini; a JSON
// array (a file of one, or one a line) is Anthropic's or OpenAI's by the
// shape of its items, or Claude Code's entries dumped as one array.
func Detect(head []byte) Format {
	head = bytes.TrimPrefix(head, bom)
	head = bytes.TrimLeft(head, " \t\r\n")
	if len(head) == 0 {
		return ""
	}
	if head[0] == '[' {
		return detectArray(head)
	}
	if head[0] != '{' {
		return ""
	}
	// A whole-file object (Gemini's older session file, pretty-printed)
	// says it in its keys, whatever its lines.
	if doc := gjson.ParseBytes(head); doc.Get("projectHash").Exists() && doc.Get("sessionId").Exists() {
		return Gemini
	}
	for i := 0; len(head) > 0 && i < 50; i++ {
		line := head
		if j := bytes.IndexByte(head, '\n'); j >= 0 {
			line, head = head[:j], head[j+1:]
		} else {
			head = nil
		}
		v := gjson.ParseBytes(line)
		has := func(k string) bool { return v.Get(k).Exists() }
		switch {
		case has("type") && has("payload"):
			return Codex
		case has("type") && has("sessionId"):
			return ClaudeCode
		case has("sessionId") && has("projectHash"):
			return Gemini
		}
		// Claude Code's metadata entries (summary, file-history-snapshot)
		// carry no sessionId: look at the next line.
	}
	return ""
}

// detectArray tells the message arrays apart by what only one of them has:
// tool_use blocks (Anthropic), tool_calls or a tool role (OpenAI chat),
// typed items without a role (OpenAI responses).
func detectArray(head []byte) Format {
	switch {
	// A dump of a Claude Code transcript as one array (hooks that copy
	// transcript_path into logs/chat.json on every Stop).
	case bytes.Contains(head, []byte(`"parentUuid"`)) && bytes.Contains(head, []byte(`"sessionId"`)):
		return ClaudeCode
	case bytes.Contains(head, []byte(`"function_call_output"`)) || bytes.Contains(head, []byte(`"type":"function_call"`)):
		return OpenAIResponses
	case bytes.Contains(head, []byte(`"tool_calls"`)) || bytes.Contains(head, []byte(`"tool_call_id"`)):
		return OpenAIChat
	case bytes.Contains(head, []byte(`"tool_use"`)) || bytes.Contains(head, []byte(`"tool_result"`)):
		return Anthropic
	case bytes.Contains(head, []byte(`"role"`)):
		// Messages without a tool call hold no call in either shape.
		return Anthropic
	}
	return ""
}
