package mcpsdkhook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hookchain/hookchain/adapt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// wireResult is a tool result as the after-chain sees it: its MCP JSON form,
// less isError (which is Event.IsError) and the multi round-trip fields
// (which are requests to the client, not the tool's answer).
type wireResult struct {
	Meta              mcp.Meta      `json:"_meta,omitempty"`
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
	b, err := json.Marshal(w)
	if err != nil {
		return nil, err
	}
	// The SDK's content types encode themselves with json.Marshal, which
	// escapes them whatever the outer encoder is told.
	return adapt.UnescapeHTML(b), nil
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
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}, IsError: isError}, nil
	case '{':
	default:
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(out)}}, IsError: isError}, nil
	}
	// Only the fields of a final result are read: a replacement cannot ask
	// the client for more input, nor set the result type the SDK reports.
	var shape struct {
		Meta              mcp.Meta        `json:"_meta"`
		Content           json.RawMessage `json:"content"`
		StructuredContent json.RawMessage `json:"structuredContent"`
		IsError           bool            `json:"isError"`
	}
	if err := json.Unmarshal(out, &shape); err != nil {
		return nil, err
	}
	r := &mcp.CallToolResult{Meta: shape.Meta, IsError: shape.IsError || isError, Content: []mcp.Content{}}
	if len(shape.Content) > 0 && string(shape.Content) != "null" {
		if shape.Content[0] != '[' {
			return nil, errors.New(`"content" is not an array`)
		}
		var content struct {
			Content json.RawMessage `json:"content"`
		}
		content.Content = shape.Content
		b, _ := json.Marshal(content)
		var parsed mcp.CallToolResult
		if err := json.Unmarshal(b, &parsed); err != nil {
			return nil, err
		}
		for i, c := range parsed.Content {
			if c == nil {
				return nil, fmt.Errorf("content[%d] is null", i)
			}
		}
		r.Content = parsed.Content
	}
	if len(shape.StructuredContent) > 0 && string(shape.StructuredContent) != "null" {
		r.StructuredContent = shape.StructuredContent
	}
	return r, nil
}
