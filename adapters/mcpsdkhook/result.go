package mcpsdkhook

import (
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

// encodeResult writes r in its MCP JSON form, as adapt.Marshal does: the
// SDK's content types encode themselves with json.Marshal, which escapes
// them whatever an outer encoder is told.
func encodeResult(r *mcp.CallToolResult) (json.RawMessage, error) {
	w := wireResult{Meta: r.Meta, Content: r.Content, StructuredContent: r.StructuredContent}
	if w.Content == nil {
		w.Content = []mcp.Content{}
	}
	return adapt.Marshal(w)
}

// decodeResult reads a replacement a link wrote for tool, by
// adapt.Replacement's rule, an object being a CallToolResult. isError, or
// an isError in the object, makes the result an error result.
func decodeResult(tool string, out json.RawMessage, isError bool) (*mcp.CallToolResult, error) {
	text := func(s string) *mcp.CallToolResult {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}, IsError: isError}
	}
	return adapt.Replacement(tool, out, '{', text, func(out json.RawMessage) (*mcp.CallToolResult, error) {
		// Only the fields of a final result are read: a replacement cannot
		// ask the client for more input, nor set the result type the SDK
		// reports.
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
	})
}
