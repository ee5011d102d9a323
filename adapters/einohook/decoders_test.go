package einohook_test

import (
	"context"
	"testing"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
	"github.com/cloudwego/eino/compose"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/einohook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sonic, which eino's Infer* tools decode with, matches a key to a field by
// strings.ToLower, not by case folding: "fİle", with a dotted capital I that
// lowers to "i" but folds to nothing, is to it the "file" a guard looked for
// and did not find. It is refused as any key alike but for case is.
func TestAKeyThatLowersToAPropertyIsRefusedThoughItDoesNotFoldToIt(t *testing.T) {
	type fileArgs struct {
		File string `json:"file"`
	}
	rec := &recorder{}
	cat, err := utils.InferTool("cat", "prints a file", func(ctx context.Context, a fileArgs) (string, error) {
		rec.record("cat", a.File)
		return "cat " + a.File, nil
	})
	require.NoError(t, err)
	guard := hookchain.New(hookchain.Before("no-secrets", hookchain.InputMatches("file", `\.env$`), deny("secrets stay on disk")))
	n, err := compose.NewToolNode(context.Background(), &compose.ToolsNodeConfig{
		Tools:               []tool.BaseTool{cat},
		ToolCallMiddlewares: []compose.ToolMiddleware{einohook.Middleware(guard, einohook.WithTools(context.Background(), cat))},
	})
	require.NoError(t, err)

	m, err := invoke(t, n, "cat", `{"file":"notes.txt","fİle":"app/.env"}`)
	require.NoError(t, err)
	assert.Equal(t, `hookchain: the arguments of cat give "fİle" at /, alike but for case to the property "file" of its input schema: a handler could read it as either`, contentOf(m))
	assert.Empty(t, rec.seen("cat"))
}

// A map of structs is, in its schema, additionalProperties naming the
// struct's properties, and sonic binds each value's keys whatever their
// case: {"files":{"a":{"PATH":...}}} is refused as {"PATH":...} is.
func TestAnArgumentAlikeButForCaseInsideAMapsValueIsRefused(t *testing.T) {
	type file struct {
		Path string `json:"path"`
	}
	type batch struct {
		Files map[string]file `json:"files"`
	}
	rec := &recorder{}
	cat, err := utils.InferTool("cat", "prints files", func(ctx context.Context, a batch) (string, error) {
		for _, f := range a.Files {
			rec.record("cat", f.Path)
		}
		return "printed", nil
	})
	require.NoError(t, err)
	guard := hookchain.New(hookchain.Before("no-secrets", hookchain.InputMatches("files.*.path", `\.env$`), deny("secrets stay on disk")))
	n, err := compose.NewToolNode(context.Background(), &compose.ToolsNodeConfig{
		Tools:               []tool.BaseTool{cat},
		ToolCallMiddlewares: []compose.ToolMiddleware{einohook.Middleware(guard, einohook.WithTools(context.Background(), cat))},
	})
	require.NoError(t, err)

	m, err := invoke(t, n, "cat", `{"files":{"a":{"PATH":"app/.env"}}}`)
	require.NoError(t, err)
	assert.Equal(t, `hookchain: the arguments of cat give "PATH" at /files/a, alike but for case to the property "path" of its input schema: a handler could read it as either`, contentOf(m))
	assert.Empty(t, rec.seen("cat"))
}
