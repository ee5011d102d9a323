package anthropichook_test

import (
	"context"
	"encoding/json"
	"fmt"

	anthropic "github.com/anthropics/anthropic-sdk-go/v2"
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
