package mcpgohook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// wireResult is a tool result as the after-chain sees it: its MCP JSON form,
// less isError (which is Event.IsError) and the multi round-trip fields
// (which are requests to the client, not the tool's answer).
type wireResult struct {
	Meta              *mcp.Meta     `json:"_meta,omitempty"`
	Content           []mcp.Content `json:"content"`
	StructuredContent any           `json:"structuredContent,omitempty"`
}

// encodeResult writes r in its MCP JSON form, without escaping HTML
// characters: a link that looks for "<secret>" in the output must find it.
func encodeResult(r *mcp.CallToolResult) (json.RawMessage, error) {
	w := wireResult{Meta: r.Meta, Content: r.Content, StructuredContent: r.StructuredContent}
	if w.Content == nil {
		w.Content = []mcp.Content{}
	}
	if len(r.RawStructuredContent) > 0 {
		w.StructuredContent = r.RawStructuredContent
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(w); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// decodeResult reads a replacement a link wrote: a JSON string is one text
// block, an object is a CallToolResult, and any other JSON value is one text
// block holding it. isError, or an isError in the object, makes the result
// an error result. out is valid JSON: the chain refuses a Replace that is not.
func decodeResult(out json.RawMessage, isError bool) (*mcp.CallToolResult, error) {
	out = bytes.TrimSpace(out)
	if len(out) == 0 {
		return nil, errors.New("empty output")
	}
	switch out[0] {
	case '"':
		var s string
		if err := json.Unmarshal(out, &s); err != nil {
			return nil, err
		}
		return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(s)}, IsError: isError}, nil
	case '{':
	default:
		return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(string(out))}, IsError: isError}, nil
	}
	var shape struct {
		Content json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(out, &shape); err != nil {
		return nil, err
	}
	if len(shape.Content) > 0 && shape.Content[0] != '[' && string(shape.Content) != "null" {
		return nil, errors.New(`"content" is not an array`)
	}
	var r mcp.CallToolResult
	if err := json.Unmarshal(out, &r); err != nil {
		return nil, err
	}
	for i, c := range r.Content {
		if c == nil {
			return nil, fmt.Errorf("content[%d] is null", i)
		}
	}
	if r.Content == nil {
		r.Content = []mcp.Content{}
	}
	// A replacement is the call's final answer: it cannot ask the client for
	// more input, nor choose the result type the server reports.
	r.Result.ResultType = ""
	r.InputRequests, r.RequestState = nil, ""
	r.IsError = r.IsError || isError
	return &r, nil
}
