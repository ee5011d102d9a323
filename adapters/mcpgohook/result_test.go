package mcpgohook

import (
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mcp-go's Meta marshals itself with json.Marshal, which escapes '<', '>'
// and '&' whatever encoder it is in: a link looking for "<secret>" in
// _meta must find it all the same.
func TestTheChainSeesEveryPartOfAResultUnescapedMetaIncluded(t *testing.T) {
	r := &mcp.CallToolResult{
		Result:  mcp.Result{Meta: &mcp.Meta{AdditionalFields: map[string]any{"note": "<secret> & co"}}},
		Content: []mcp.Content{mcp.NewTextContent("a <b> & c")},
	}
	out, err := encodeResult(r)
	require.NoError(t, err)
	assert.Equal(t, `{"_meta":{"note":"<secret> & co"},"content":[{"type":"text","text":"a <b> & c"}]}`, string(out))
}
