package einohook_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"
	"github.com/hookchain/hookchain"
	"github.com/stretchr/testify/require"
)

// script is a chat model that answers with its turns in order, then with
// "done", and remembers every conversation it was shown: the tool messages
// in them are what the model read of each result.
type script struct {
	mu    sync.Mutex
	turns []*schema.Message
	shown [][]*schema.Message
}

func (s *script) Generate(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.shown = append(s.shown, append([]*schema.Message(nil), in...))
	if len(s.turns) == 0 {
		return schema.AssistantMessage("done", nil), nil
	}
	next := s.turns[0]
	s.turns = s.turns[1:]
	return next, nil
}

func (s *script) Stream(ctx context.Context, in []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	m, err := s.Generate(ctx, in, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{m}), nil
}

func (s *script) WithTools(tools []*schema.ToolInfo) (model.ToolCallingChatModel, error) {
	return s, nil
}

// toolResults are the tool messages of the last conversation the model was
// shown, by call id: what it read of each result.
func (s *script) toolResults() map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]string{}
	if len(s.shown) == 0 {
		return out
	}
	for _, m := range s.shown[len(s.shown)-1] {
		if m.Role == schema.Tool {
			out[m.ToolCallID] = contentOf(m)
		}
	}
	return out
}

// runReact runs eino's react agent over conf, its model asking for calls
// in one message, invoked or streamed, and returns the model, which
// remembers what it was shown, and the run's error.
func runReact(t testing.TB, ctx context.Context, conf compose.ToolsNodeConfig, streaming bool, calls ...call) (*script, error) {
	m := &script{turns: []*schema.Message{message(calls...)}}
	ag, err := react.NewAgent(ctx, &react.AgentConfig{ToolCallingModel: m, ToolsConfig: conf})
	require.NoError(t, err)
	in := []*schema.Message{schema.UserMessage("go")}
	if !streaming {
		_, err = ag.Generate(ctx, in)
		return m, err
	}
	r, err := ag.Stream(ctx, in)
	if err != nil {
		return m, err
	}
	_, err = drainAll(r)
	return m, err
}

// mode names the way eino runs a node: invoked or streamed.
func mode(streaming bool) string {
	if streaming {
		return "streamed"
	}
	return "invoked"
}

// recording is fn, remembering the input of every call it is asked about.
func recording(inputs *[]string, fn hookchain.Interceptor) hookchain.Interceptor {
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		*inputs = append(*inputs, string(e.Input))
		return fn(ctx, e)
	}
}

// noSrv denies a call whose input names a path under /srv.
func noSrv(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
	if strings.Contains(string(e.Input), `"/srv/`) {
		return hookchain.Deny("not under /srv"), nil
	}
	return hookchain.Allow(), nil
}

// rooted rewrites the arguments' path to one under /srv, as an arguments
// pre-processor might.
func rooted(arguments string) string {
	return strings.Replace(arguments, `"path":"`, `"path":"/srv/`, 1)
}
