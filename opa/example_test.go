package opa_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/opa"
)

// A policy in the idiom Rego authors already write, evaluated in process:
// the link reads the set of deny messages, and any message denies.
func ExampleEmbedded() {
	policy, err := opa.Embedded("data.agent.deny", map[string]string{"agent.rego": `
package agent

deny contains "rm -rf deletes a whole tree" if {
	input.tool == "Bash"
	contains(input.input.command, "rm -rf")
}

deny contains sprintf("%s is read-only", [input.input.file_path]) if {
	input.tool == "Write"
	startswith(input.input.file_path, "/etc/")
}
`})
	if err != nil {
		panic(err) // the policy does not compile
	}
	chain := hookchain.New(hookchain.Before("policy", hookchain.Any(), policy))

	for _, e := range []hookchain.Event{
		{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"rm -rf /"}`)},
		{Hook: hookchain.BeforeTool, Tool: "Write", Input: json.RawMessage(`{"file_path":"/etc/hosts"}`)},
		{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{"command":"ls"}`)},
	} {
		out := chain.Run(context.Background(), e)
		fmt.Println(out.Verdict, out.Reason)
	}
	// Output:
	// Denied denied by policy: rm -rf deletes a whole tree
	// Denied denied by policy: /etc/hosts is read-only
	// Allowed
}

// A decision document rewrites the call: here, a timeout added to a
// command that has none, with a note for the model.
func ExampleEmbedded_decisionDocument() {
	policy, err := opa.Embedded("data.agent.decision", map[string]string{"agent.rego": `
package agent

default decision := {"verdict": "allow"}

decision := {
	"verdict": "modify",
	"reason": "added a 60s timeout",
	"input": object.union(input.input, {"timeout": 60}),
	"note": "commands here time out after a minute",
} if {
	input.tool == "Bash"
	not input.input.timeout
}
`})
	if err != nil {
		panic(err)
	}
	chain := hookchain.New(hookchain.Before("policy", hookchain.Tool("Bash"), policy))

	out := chain.Run(context.Background(), hookchain.Event{
		Hook: hookchain.BeforeTool, Tool: "Bash", CallID: "toolu_01",
		Input: json.RawMessage(`{"command":"make test"}`),
	})
	fmt.Println(out.Verdict, out.Reason)
	fmt.Println(string(out.Input))
	fmt.Println(out.Notes[0].Link+":", out.Notes[0].Text)
	// Output:
	// Modified policy: added a 60s timeout
	// {"command":"make test","timeout":60}
	// policy: commands here time out after a minute
}

// Decode is what every link does with a query's value, for a host that
// evaluates Rego its own way.
func ExampleDecode() {
	e := hookchain.Event{Hook: hookchain.AfterTool, Tool: "Read", Output: hookchain.Text("KEY=AKIAIOSFODNN7EXAMPLE")}
	var result any
	_ = json.Unmarshal([]byte(`{"verdict": "replace", "reason": "redacted a key", "output": "KEY=[redacted]"}`), &result)

	out, err := opa.Decode(e, result)
	fmt.Println(out.Verdict, out.Reason, string(out.Output), err)

	_ = json.Unmarshal([]byte(`{"verdict": "permit"}`), &result)
	_, err = opa.Decode(e, result)
	fmt.Println(err)
	// Output:
	// Replaced redacted a key "KEY=[redacted]" <nil>
	// unknown "verdict" "permit" (want allow, deny, modify, replace or ask)
}
