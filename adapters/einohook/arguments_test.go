package einohook_test

import (
	"context"
	"testing"

	"github.com/cloudwego/eino/compose"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/einohook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// eino runs a ToolArgumentsHandler before any middleware, and the tool runs
// with what it made: so the chain judges those arguments, not the ones the
// model wrote, and a rewrite reaches the tool as the chain decided it,
// never put through the handler again.
func TestTheChainJudgesTheArgumentsTheToolRunsWithAfterTheArgumentsHandler(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name      string
		guard     hookchain.Interceptor
		wantRan   []string
		wantModel string
	}{
		{"denied on what the handler made", noSrv, nil, "denied by guard: not under /srv"},
		{"allowed, the tool runs what the handler made", allow, []string{"path=/srv/a count=0"}, "read path=/srv/a count=0"},
		{"rewritten, the tool runs the rewrite as it is", modify(`{"path":"/tmp/a"}`), []string{"path=/tmp/a count=0"}, "read path=/tmp/a count=0"},
	}
	for _, tt := range tests {
		for _, streaming := range []bool{false, true} {
			t.Run(tt.name+", "+mode(streaming), func(t *testing.T) {
				var asked []string
				chain := hookchain.New(hookchain.Before("guard", hookchain.Any(), recording(&asked, tt.guard)))
				rec := &recorder{}
				conf := compose.ToolsNodeConfig{Tools: tools(t, rec), ToolArgumentsHandler: func(ctx context.Context, name, arguments string) (string, error) {
					return rooted(arguments), nil
				}}
				einohook.Guard(ctx, chain, &conf)
				m, err := runReact(t, ctx, conf, streaming, call{"c1", "read", `{"path":"a"}`})
				require.NoError(t, err)
				assert.Equal(t, []string{`{"path":"/srv/a"}`}, asked)
				assert.Equal(t, tt.wantRan, rec.seen("read"))
				assert.Equal(t, map[string]string{"c1": tt.wantModel}, m.toolResults())
			})
		}
	}
}
