package anthropichook_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"

	anthropic "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/anthropics/anthropic-sdk-go/v2/toolrunner"
	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/adapters/anthropichook"
)

func Example() {
	type readInput struct {
		Path string `json:"path" jsonschema:"required"`
	}
	read, _ := toolrunner.NewBetaToolFromJSONSchema("read", "reads a file",
		func(ctx context.Context, in readInput) (anthropic.BetaToolResultBlockParamContentUnion, error) {
			return anthropic.BetaToolResultBlockParamContentUnion{OfText: &anthropic.BetaTextBlockParam{Text: "contents of " + in.Path}}, nil
		})

	chain := hookchain.New(
		hookchain.Before("no-env-files", hookchain.InputMatches("path", `\.env$`),
			func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
				return hookchain.Deny("secrets stay on disk"), nil
			}),
	)
	tools := anthropichook.WrapAll(chain, []anthropic.BetaTool{read})
	// Give tools to client.Beta.Messages.NewToolRunner; here, call one as
	// the runner does for each tool_use block the model sends.
	for _, in := range []string{`{"path":"app/.env"}`, `{"path":"go.mod"}`} {
		blocks, err := tools[0].Execute(context.Background(), json.RawMessage(in))
		if err != nil {
			fmt.Println("is_error, Error:", err) // the runner sends "Error: " + err
			continue
		}
		fmt.Println(blocks[0].OfText.Text)
	}
	// Output:
	// is_error, Error: denied by no-env-files: secrets stay on disk
	// contents of go.mod
}

// The runner, installed as the README says, against a stand-in for the
// Messages API whose model asks to read app/.env and then go.mod.
func Example_toolRunner() {
	api := httptest.NewServer(&model{turns: [][]toolUse{
		{{id: "toolu_1", name: "read", input: `{"path":"app/.env"}`}, {id: "toolu_2", name: "read", input: `{"path":"go.mod"}`}},
	}, results: map[string]json.RawMessage{}})
	defer api.Close()
	client := anthropic.NewClient(option.WithBaseURL(api.URL), option.WithAPIKey("test"))

	type readInput struct {
		Path string `json:"path" jsonschema:"required"`
	}
	read, _ := toolrunner.NewBetaToolFromJSONSchema("read", "reads a file",
		func(ctx context.Context, in readInput) (anthropic.BetaToolResultBlockParamContentUnion, error) {
			return anthropic.BetaToolResultBlockParamContentUnion{OfText: &anthropic.BetaTextBlockParam{Text: "contents of " + in.Path}}, nil
		})
	tools := []anthropic.BetaTool{read}
	chain := hookchain.New(hookchain.Before("no-env-files", hookchain.InputMatches("path", `\.env$`),
		func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
			return hookchain.Deny("secrets stay on disk (call " + e.CallID + ")"), nil
		}))
	params := anthropic.BetaToolRunnerParams{BetaMessageNewParams: anthropic.BetaMessageNewParams{
		Model: "claude-test", MaxTokens: 100,
		Messages: []anthropic.BetaMessageParam{anthropic.NewBetaUserMessage(anthropic.NewBetaTextBlock("read the config"))},
	}, DisableThread: true}

	runner := client.Beta.Messages.NewToolRunner(anthropichook.WrapAll(chain, tools), params,
		anthropichook.WithCallIDs(nil))
	if _, err := runner.RunToCompletion(context.Background()); err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range runner.Messages() {
		if m.OfUser == nil {
			continue
		}
		for _, b := range m.OfUser.Content {
			if r := b.OfToolResult; r != nil {
				fmt.Println(r.ToolUseID, r.IsError.Value, r.Content[0].OfText.Text)
			}
		}
	}
	// Output:
	// toolu_1 true Error: denied by no-env-files: secrets stay on disk (call toolu_1)
	// toolu_2 false contents of go.mod
}
