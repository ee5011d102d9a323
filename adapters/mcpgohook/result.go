package mcpgohook

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hookchain/hookchain/adapt"
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

// encodeResult writes r in its MCP JSON form, as adapt.Marshal does.
func encodeResult(r *mcp.CallToolResult) (json.RawMessage, error) {
	w := wireResult{Meta: r.Meta, Content: r.Content, StructuredContent: r.StructuredContent}
	if w.Content == nil {
		w.Content = []mcp.Content{}
	}
	if len(r.RawStructuredContent) > 0 {
		w.StructuredContent = r.RawStructuredContent
	}
	return adapt.Marshal(w)
}

// decodeResult reads a replacement a link wrote for tool, by
// adapt.Replacement's rule, an object being a CallToolResult. isError, or
// an isError in the object, makes the result an error result.
func decodeResult(tool string, out json.RawMessage, isError bool) (*mcp.CallToolResult, error) {
	text := func(s string) *mcp.CallToolResult {
		return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(s)}, IsError: isError}
	}
	return adapt.Replacement(tool, out, '{', text, func(out json.RawMessage) (*mcp.CallToolResult, error) {
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
		// A replacement is the call's final answer: it cannot ask the
		// client for more input, nor choose the result type the server
		// reports.
		r.Result.ResultType = ""
		r.InputRequests, r.RequestState = nil, ""
		r.IsError = r.IsError || isError
		return &r, nil
	})
}
