// Command hookchain is the hookchain command with OPA policies: the command
// of module github.com/hookchain/hookchain (cmd/hookchain), built in module
// opa so that a Rego policy can be replayed over past sessions:
//
//	hookchain replay --opa policy.rego [--opa-query data.hookchain.decision] PATH...
//
// Every other command and flag is the same. The policy decides as the link
// "opa", asked before and after each call (after the settings' hooks when
// --settings is given too), with package opa's input document: the hook,
// the tool, the call's id, its input and, after the call, its recorded
// output and is_error, and the session the transcript records (id, cwd,
// transcript_path, agent_id and agent_type). Its decision is package opa's
// decision document. --baseline-opa FILE compares it with another policy.
//
// Install it with go install github.com/hookchain/hookchain/opa/cmd/hookchain@latest.
package main

import (
	"errors"
	"fmt"
	"log/slog"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/internal/cli"
	"github.com/hookchain/hookchain/opa"
)

func main() { cli.Main(extensions) }

// extensions give the command Rego policies, evaluated in process. A
// policy's failures are not logged: each is the fault in its call's trail
// and in the summary's hook faults, where a log line for each call of a
// long replay would bury them.
var extensions = cli.Extensions{
	Rego: func(query string, modules map[string]string) (hookchain.Interceptor, error) {
		policy, err := opa.Embedded(query, modules, opa.WithLogger(slog.New(slog.DiscardHandler)))
		return policy, compileErrors(err)
	},
}

// compileErrors gives each mistake of a policy that does not compile as a
// problem of its own, file:line:column first, as the command prints a
// settings file's; OPA's own text puts them all in one, over several lines.
func compileErrors(err error) error {
	var list rego.Errors
	if !errors.As(err, &list) {
		return err
	}
	each := make([]error, 0, len(list))
	for _, e := range list {
		var mistake *ast.Error
		if !errors.As(e, &mistake) || mistake.Location == nil {
			each = append(each, e)
			continue
		}
		at := fmt.Sprintf("%s:%d", mistake.Location.File, mistake.Location.Row)
		if mistake.Location.Col > 0 {
			at += fmt.Sprintf(":%d", mistake.Location.Col)
		}
		each = append(each, fmt.Errorf("%s: %s: %s", at, mistake.Code, mistake.Message))
	}
	return errors.Join(each...)
}
