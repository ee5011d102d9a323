package einohook_test

import (
	"context"
	"testing"

	"github.com/cloudwego/eino/adk"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/einohook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// adk runs an AgentMiddleware's WrapToolCall inside the ToolsNodeConfig's
// middlewares: a chain installed there with Guard judges the arguments the
// model wrote, and the middleware then changes them unjudged. GuardAgent
// installs the chain inside every AgentMiddleware, so it judges what the
// tool runs with.
func TestGuardAgentJudgesTheArgumentsAnAdkMiddlewareMade(t *testing.T) {
	ctx := context.Background()
	rooting := func(next compose.InvokableToolEndpoint) compose.InvokableToolEndpoint {
		return func(ctx context.Context, in *compose.ToolInput) (*compose.ToolOutput, error) {
			c := *in
			c.Arguments = rooted(in.Arguments)
			return next(ctx, &c)
		}
	}
	tests := []struct {
		name      string
		install   func(*hookchain.Chain, *adk.ChatModelAgentConfig)
		wantAsked []string
		wantRan   []string
		wantModel string
	}{
		{"Guard on the ToolsNodeConfig: the middleware's change is not judged",
			func(c *hookchain.Chain, conf *adk.ChatModelAgentConfig) {
				einohook.Guard(ctx, c, &conf.ToolsConfig.ToolsNodeConfig)
			},
			[]string{`{"path":"a"}`}, []string{"path=/srv/a count=0"}, "read path=/srv/a count=0"},
		{"GuardAgent: the chain judges what the tool runs with",
			func(c *hookchain.Chain, conf *adk.ChatModelAgentConfig) { einohook.GuardAgent(ctx, c, conf) },
			[]string{`{"path":"/srv/a"}`}, nil, "denied by guard: not under /srv"},
	}
	for _, tt := range tests {
		for _, streaming := range []bool{false, true} {
			t.Run(tt.name+", "+mode(streaming), func(t *testing.T) {
				var asked []string
				chain := hookchain.New(hookchain.Before("guard", hookchain.Any(), recording(&asked, noSrv)))
				rec := &recorder{}
				m := &script{turns: []*schema.Message{message(call{"c1", "read", `{"path":"a"}`})}}
				conf := &adk.ChatModelAgentConfig{Name: "agent", Description: "reads", Model: m,
					ToolsConfig: adk.ToolsConfig{ToolsNodeConfig: compose.ToolsNodeConfig{Tools: tools(t, rec)}},
					Middlewares: []adk.AgentMiddleware{{WrapToolCall: compose.ToolMiddleware{Invokable: rooting}}}}
				tt.install(chain, conf)
				ag, err := adk.NewChatModelAgent(ctx, conf)
				require.NoError(t, err)
				_, errs := events(t, adk.NewRunner(ctx, adk.RunnerConfig{Agent: ag, EnableStreaming: streaming}).Query(ctx, "read a"))
				require.Empty(t, errs)
				assert.Equal(t, tt.wantAsked, asked)
				assert.Equal(t, tt.wantRan, rec.seen("read"))
				assert.Equal(t, map[string]string{"c1": tt.wantModel}, m.toolResults())
			})
		}
	}
}
