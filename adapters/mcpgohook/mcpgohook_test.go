package mcpgohook_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/mcpgohook"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tidwall/sjson"
)

func TestADeniedCallNeverReachesTheHandlerAndTheModelReadsWhy(t *testing.T) {
	chain := hookchain.New(hookchain.Before("no-secrets", hookchain.InputMatches("path", `\.env$`), deny("secrets stay on disk")))
	c, ts := connect(t, mcpgohook.Middleware(chain))

	for _, tool := range []string{"echo", "typed", "stat"} {
		t.Run(tool, func(t *testing.T) {
			res, err := call(t, c, tool, `{"path":"app/.env","count":1}`)
			require.NoError(t, err)
			assert.Equal(t, errorResult("denied by no-secrets: secrets stay on disk"), res)
			assert.Empty(t, ts.seen(tool))
		})
	}
}

func TestTheChainSeesTheArgumentsExactlyAsTheClientSentThem(t *testing.T) {
	tests := []struct {
		name, args, want string
	}{
		{"an integer past 2^53 stays exact", `{"path":"a","count":9007199254740993}`, `{"path":"a","count":9007199254740993}`},
		{"no arguments are an empty object", ``, `{}`},
		{"null arguments are an empty object", `null`, `{}`},
		{"an empty object", `{}`, `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []hookchain.Event
			var mu sync.Mutex
			chain := hookchain.New(hookchain.Before("look", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				mu.Lock()
				defer mu.Unlock()
				got = append(got, e)
				return hookchain.Allow(), nil
			}))
			c, _ := connect(t, mcpgohook.Middleware(chain))
			_, err := call(t, c, "typed", tt.args)
			require.NoError(t, err)
			require.Len(t, got, 1)
			assert.Equal(t, hookchain.BeforeTool, got[0].Hook)
			assert.Equal(t, "typed", got[0].Tool)
			assert.Empty(t, got[0].CallID)
			assert.Equal(t, tt.want, string(got[0].Input))
		})
	}
}

func TestABigIntegerReachesATypedHandlerExactlyThroughARewrite(t *testing.T) {
	chain := hookchain.New(hookchain.Before("relative", hookchain.Tool("typed"), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		in, err := sjson.SetBytes(e.Input, "path", "/srv/a")
		return hookchain.Modify(in, "rooted"), err
	}))
	c, ts := connect(t, mcpgohook.Middleware(chain))

	res, err := call(t, c, "typed", `{"path":"a","count":9007199254740993}`)
	require.NoError(t, err)
	assert.Equal(t, textResult("path=/srv/a count=9007199254740993"), res)
	assert.Equal(t, []string{"path=/srv/a count=9007199254740993"}, ts.seen("typed"))
}

func TestARewriteReachesTheHandlerWhateverItsForm(t *testing.T) {
	tests := []struct {
		tool string
		want *mcp.CallToolResult
	}{
		{"echo", textResult(`{"count":7,"path":"/srv/b"}`)},
		{"typed", textResult("path=/srv/b count=7")},
		{"stat", &mcp.CallToolResult{
			Content:              []mcp.Content{text(`{"path":"/srv/b","lines":70}`)},
			StructuredContent:    map[string]any{"path": "/srv/b", "lines": float64(70)},
			RawStructuredContent: json.RawMessage(`{"path":"/srv/b","lines":70}`),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			tr := &trail{}
			chain := hookchain.New(hookchain.Before("pin", hookchain.Any(), modify(`{"path":"/srv/b","count":7}`))).WithObserver(tr.observer())
			c, ts := connect(t, mcpgohook.Middleware(chain))

			res, err := call(t, c, tt.tool, `{"path":"b","count":1}`)
			require.NoError(t, err)
			assert.Equal(t, tt.want, res)
			require.Len(t, ts.seen(tt.tool), 1)
			runs := tr.all()
			require.Len(t, runs, 2)
			assert.Equal(t, hookchain.Modified, runs[0].Outcome.Verdict)
			assert.Equal(t, "pin: pinned", runs[0].Outcome.Reason)
			// The after-chain is told the input the handler ran with.
			assert.JSONEq(t, `{"path":"/srv/b","count":7}`, string(runs[1].Event.Input))
		})
	}
}

func TestARewriteTheToolsSchemaRejectsFailsVisiblyAndNeverRuns(t *testing.T) {
	tests := []struct {
		name, tool, rewrite, want string
	}{
		{"a wrong type for a typed handler", "typed", `{"path":"b","count":"many"}`,
			`hookchain: the chain rewrote the input of typed into one its input schema rejects: at /count: got string, want number`},
		{"a field the In struct does not have", "stat", `{"path":"b","count":1,"mode":"0777"}`,
			`hookchain: the chain rewrote the input of stat into one its input schema rejects: at /: additional properties 'mode' not allowed`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := &trail{}
			chain := hookchain.New(hookchain.Before("bad-rewrite", hookchain.Any(), modify(tt.rewrite))).WithObserver(tr.observer())
			c, ts := connect(t, mcpgohook.Middleware(chain))

			res, err := call(t, c, tt.tool, `{"path":"b","count":1}`)
			require.NoError(t, err)
			assert.Equal(t, errorResult(tt.want), res)
			assert.Empty(t, ts.seen(tt.tool))
			// The after-chain is shown the refusal, as an error result.
			runs := tr.all()
			require.Len(t, runs, 2)
			assert.True(t, runs[1].Event.IsError)
		})
	}

	t.Run("unless the check is turned off", func(t *testing.T) {
		chain := hookchain.New(hookchain.Before("bad-rewrite", hookchain.Any(), modify(`{"path":"b","count":"many"}`)))
		c, _ := connect(t, mcpgohook.Middleware(chain, mcpgohook.WithoutSchemaCheck()))
		res, err := call(t, c, "typed", `{"path":"b","count":1}`)
		require.NoError(t, err)
		// The typed handler's own binding refuses it, visibly too.
		assert.True(t, res.IsError)
		assert.Contains(t, res.Content[0].(mcp.TextContent).Text, "failed to bind arguments")
	})
}

func TestAfterTheCallTheChainSeesTheResultInItsMCPForm(t *testing.T) {
	tests := []struct {
		tool, want string
		isError    bool
	}{
		{"rich", `{"_meta":{"io.example/trace":"t-1"},"content":[` +
			`{"type":"text","text":"a <b> & c"},` +
			`{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"},` +
			`{"type":"audio","data":"UklGRg==","mimeType":"audio/wav"},` +
			`{"type":"resource","resource":{"uri":"file:///notes.txt","mimeType":"text/plain","text":"hello"}},` +
			`{"type":"resource_link","uri":"file:///big.bin","name":"big","description":"a big file","mimeType":"application/octet-stream"}],` +
			`"structuredContent":{"n":9007199254740993,"token":"s3cr3t","user":"ann"}}`, false},
		{"whoami", `{"content":[{"type":"text","text":"{\"user\":\"ann\",\"token\":\"s3cr3t\"}"}],"structuredContent":{"token":"s3cr3t","user":"ann"}}`, false},
		// A Go error is shown as an error result holding its text.
		{"fails", `"disk full"`, true},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			var got hookchain.Event
			chain := hookchain.New(hookchain.After("look", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				got = e
				return hookchain.Allow(), nil
			}))
			c, _ := connect(t, mcpgohook.Middleware(chain))
			_, _ = call(t, c, tt.tool, `{}`)
			assert.Equal(t, hookchain.AfterTool, got.Hook)
			assert.Equal(t, tt.tool, got.Tool)
			assert.Equal(t, tt.want, string(got.Output))
			assert.Equal(t, tt.isError, got.IsError)
		})
	}
}

// An allowed call is invisible: the client reads exactly what it reads from
// the same server without the chain.
func TestAnAllowedResultReachesTheClientUnchanged(t *testing.T) {
	chain := hookchain.New(
		hookchain.Before("before", hookchain.Any(), allow),
		hookchain.After("after", hookchain.Any(), allow),
	)
	for _, tool := range []string{"rich", "whoami", "echo", "typed", "stat", "fails"} {
		t.Run(tool, func(t *testing.T) {
			bare, _ := connect(t, nil)
			hooked, ts := connect(t, mcpgohook.Middleware(chain))
			want, wantErr := call(t, bare, tool, `{"path":"p","count":2}`)
			got, gotErr := call(t, hooked, tool, `{"path":"p","count":2}`)
			assert.Equal(t, want, got)
			assert.Equal(t, wantErr, gotErr)
			assert.Len(t, ts.seen(tool), 1)
		})
	}
}

func TestTheToolsErrorIsWhatTheAfterChainMakesOfIt(t *testing.T) {
	t.Run("allowed, it is the handler's error, as mcp-go reports it", func(t *testing.T) {
		c, _ := connect(t, mcpgohook.Middleware(hookchain.New(hookchain.After("after", hookchain.Any(), allow))))
		res, err := call(t, c, "fails", `{}`)
		assert.Nil(t, res)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "disk full")
	})
	t.Run("replaced, it is the replacement", func(t *testing.T) {
		c, _ := connect(t, mcpgohook.Middleware(hookchain.New(hookchain.After("soften", hookchain.Any(), replace(`"the disk is full; free some space"`, true)))))
		res, err := call(t, c, "fails", `{}`)
		require.NoError(t, err)
		assert.Equal(t, errorResult("the disk is full; free some space"), res)
	})
	t.Run("denied, it is the reason", func(t *testing.T) {
		c, _ := connect(t, mcpgohook.Middleware(hookchain.New(hookchain.After("quiet", hookchain.Any(), deny("internal errors are not shown")))))
		res, err := call(t, c, "fails", `{}`)
		require.NoError(t, err)
		assert.Equal(t, errorResult("denied by quiet: internal errors are not shown"), res)
	})
}

func TestAReplacementBecomesTheResult(t *testing.T) {
	tests := []struct {
		name, tool, out string
		isError         bool
		want            *mcp.CallToolResult
	}{
		{"a JSON string is one text block", "rich", `"[redacted]"`, false, textResult("[redacted]")},
		{"as an error when the link says so", "rich", `"[redacted]"`, true, errorResult("[redacted]")},
		{"an object is a CallToolResult, so structuredContent can be redacted", "whoami",
			`{"content":[{"type":"text","text":"{\"user\":\"ann\",\"token\":\"***\"}"}],"structuredContent":{"user":"ann","token":"***"}}`, false,
			&mcp.CallToolResult{
				Content:              []mcp.Content{text(`{"user":"ann","token":"***"}`)},
				StructuredContent:    map[string]any{"user": "ann", "token": "***"},
				RawStructuredContent: json.RawMessage(`{"user":"ann","token":"***"}`),
			}},
		{"an object keeps images and _meta", "rich",
			`{"_meta":{"k":"v"},"content":[{"type":"image","data":"AAAA","mimeType":"image/png"}]}`, false,
			&mcp.CallToolResult{
				Result:  mcp.Result{Meta: mcp.NewMetaFromMap(map[string]any{"k": "v"})},
				Content: []mcp.Content{mcp.NewImageContent("AAAA", "image/png")},
			}},
		{"an isError in the object makes it an error", "rich", `{"content":[{"type":"text","text":"no"}],"isError":true}`, false, errorResult("no")},
		{"an object with no content is an empty result", "rich", `{"content":[]}`, false, &mcp.CallToolResult{}},
		{"a number is one text block", "rich", `42`, false, textResult("42")},
		{"an object that is no tool result is refused", "rich", `{"content":[{"type":"hologram"}]}`, false,
			errorResult("hookchain: a link replaced the result of rich with something that is not a tool result: unknown content type: hologram")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := connect(t, mcpgohook.Middleware(hookchain.New(hookchain.After("redact", hookchain.Any(), replace(tt.out, tt.isError)))))
			res, err := call(t, c, tt.tool, `{}`)
			require.NoError(t, err)
			assert.Equal(t, tt.want, res)
		})
	}
}

func TestDeniedAfterTheCallTheOutputIsWithheld(t *testing.T) {
	chain := hookchain.New(hookchain.After("no-tokens", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		if strings.Contains(string(e.Output), "s3cr3t") {
			return hookchain.Deny("the result holds a credential"), nil
		}
		return hookchain.Allow(), nil
	}))
	c, ts := connect(t, mcpgohook.Middleware(chain))
	res, err := call(t, c, "whoami", `{}`)
	require.NoError(t, err)
	assert.Equal(t, errorResult("denied by no-tokens: the result holds a credential"), res)
	assert.Len(t, ts.seen("whoami"), 1)
}

func TestAPanickingLinkFailsClosed(t *testing.T) {
	boom := func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) { panic("boom") }
	t.Run("before the call, the handler never runs", func(t *testing.T) {
		c, ts := connect(t, mcpgohook.Middleware(hookchain.New(hookchain.Before("flaky", hookchain.Any(), boom))))
		res, err := call(t, c, "whoami", `{}`)
		require.NoError(t, err)
		assert.Equal(t, errorResult("flaky failed and denies on failure: panic: boom"), res)
		assert.Empty(t, ts.seen("whoami"))
	})
	t.Run("after the call, the output is withheld", func(t *testing.T) {
		c, ts := connect(t, mcpgohook.Middleware(hookchain.New(hookchain.After("flaky", hookchain.Any(), boom))))
		res, err := call(t, c, "whoami", `{}`)
		require.NoError(t, err)
		assert.Equal(t, errorResult("flaky failed and denies on failure: panic: boom"), res)
		assert.Len(t, ts.seen("whoami"), 1)
	})
}

func TestWithToolNameMapsTheNameTheChainSees(t *testing.T) {
	chain := hookchain.New(hookchain.Before("gh", hookchain.ToolRegexp(`mcp__github__.*`), deny("not today")))
	mw := mcpgohook.Middleware(chain, mcpgohook.WithToolName(func(tool string) string { return "mcp__github__" + tool }))
	c, ts := connect(t, mw)
	res, err := call(t, c, "echo", `{}`)
	require.NoError(t, err)
	assert.Equal(t, errorResult("denied by gh: not today"), res)
	assert.Empty(t, ts.seen("echo"))
}

func TestNotesReachTheModelAsTextBlocksAfterTheContent(t *testing.T) {
	chain := hookchain.New(
		hookchain.Before("hint", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Allow().WithNote("paths are relative to /srv"), nil
		}),
		hookchain.After("audit", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Allow().WithNote("this call was audited"), nil
		}),
	)
	c, _ := connect(t, mcpgohook.Middleware(chain))

	res, err := call(t, c, "echo", `{"path":"a"}`)
	require.NoError(t, err)
	assert.Equal(t, textResult(`{"path":"a"}`, "paths are relative to /srv", "this call was audited"), res)

	_, err = call(t, c, "fails", `{}`)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "disk full\npaths are relative to /srv\nthis call was audited")
}

// Fifty calls at once, each decided on its own input: no call sees another's
// arguments, verdict or result.
func TestFiftyParallelCallsAreEachDecidedOnTheirOwn(t *testing.T) {
	chain := hookchain.New(
		hookchain.Before("odd", hookchain.InputMatches("path", `[13579]$`), deny("odd paths are refused")),
		hookchain.Before("root", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			in, err := sjson.SetBytes(e.Input, "path", "/srv/"+gjsonString(e.Input, "path"))
			return hookchain.Modify(in, "rooted"), err
		}),
		hookchain.After("tag", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Allow().WithNote("checked " + gjsonString(e.Input, "path")), nil
		}),
	)
	c, ts := connect(t, mcpgohook.Middleware(chain))

	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			tool := []string{"echo", "typed", "stat"}[i%3]
			res, err := call(t, c, tool, fmt.Sprintf(`{"path":"f%d","count":%d}`, i, i))
			if !assert.NoError(t, err) {
				return
			}
			if i%2 == 1 {
				assert.Equal(t, errorResult("denied by odd: odd paths are refused"), res)
				return
			}
			path := fmt.Sprintf("/srv/f%d", i)
			want := map[string]string{
				"echo":  fmt.Sprintf(`{"count":%d,"path":"%s"}`, i, path),
				"typed": fmt.Sprintf("path=%s count=%d", path, i),
				"stat":  fmt.Sprintf(`{"path":"%s","lines":%d}`, path, i*10),
			}[tool]
			assert.Equal(t, want, res.Content[0].(mcp.TextContent).Text)
			assert.Equal(t, text("checked "+path), res.Content[len(res.Content)-1])
			assert.False(t, res.IsError)
		})
	}
	wg.Wait()
	assert.EqualValues(t, 25, ts.runs.Load())
}

func gjsonString(in json.RawMessage, path string) string {
	var m map[string]any
	_ = json.Unmarshal(in, &m)
	s, _ := m[path].(string)
	return s
}

func TestAnAllowedToolErrorGoesOnAloneNeverWithTheResultBesideIt(t *testing.T) {
	errDisk := errors.New("disk full")
	handler := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("partial: token=s3cr3t"), errDisk
	}
	tests := []struct {
		name    string
		chain   *hookchain.Chain
		wantErr string
	}{
		{"allowed", hookchain.New(hookchain.After("after", hookchain.Any(), allow)), "disk full"},
		{"allowed with a note", hookchain.New(hookchain.After("after", hookchain.Any(), func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Allow().WithNote("free some space"), nil
		})), "disk full\nfree some space"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "fails", Arguments: json.RawMessage(`{}`)}}
			res, err := mcpgohook.Middleware(tt.chain)(handler)(context.Background(), req)
			assert.Nil(t, res, "the after-chain was shown the error, not the result beside it")
			require.ErrorIs(t, err, errDisk)
			assert.Equal(t, tt.wantErr, err.Error())
		})
	}
}
