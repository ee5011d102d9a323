package peers

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// The policy, the same in all three ways:
//   - deny: a shell command that runs rm -rf is refused, and the tool does
//     not run;
//   - pin: a shell call without a timeout gets "timeout": 30;
//   - redact: a result that holds the secret is shown with it replaced.
const (
	secret   = "sk-live-4f9a8b7c6d5e"
	redacted = "[redacted]"
	pinned   = 30
)

var rmRF = regexp.MustCompile(`\brm\s+-[a-zA-Z]*r[a-zA-Z]*f|\brm\s+-[a-zA-Z]*f[a-zA-Z]*r`)

// shellInput is what the tool takes.
type shellInput struct {
	Command string   `json:"command"`
	Timeout *float64 `json:"timeout,omitempty"`
}

// runShell is the tool's work: it runs nothing, and answers as a shell tool
// would, with the secret in the output of the one command that prints it.
func runShell(in shellInput) string {
	out := "ran " + in.Command
	if in.Timeout != nil {
		out += fmt.Sprintf(" (timeout %gs)", *in.Timeout)
	}
	if strings.Contains(in.Command, "config") {
		out += "\nAPI_KEY=" + secret
	}
	return out
}

// call is one tool call of a workload: its JSON arguments.
type call struct {
	name string
	args string
}

var (
	pass    = call{"pass", `{"command":"ls -la","timeout":10}`}
	pin     = call{"add-timeout", `{"command":"make test"}`}
	redact  = call{"redact", `{"command":"cat config","timeout":10}`}
	deny    = call{"deny", `{"command":"rm -rf /srv"}`}
	allCase = []call{pass, pin, redact, deny}
)

// workloads are what is timed: the three kinds of call in rotation, and the
// call that nothing changes alone.
var workloads = []struct {
	name  string
	calls []call
}{
	{"mix", []call{pass, pin, redact}},
	{"pass", []call{pass}},
}

// want is what the model must be shown for c, whichever way the policy is
// written: the tool's output with the policy applied, or a refusal.
func want(c call) (text string, denied bool) {
	var in shellInput
	if err := json.Unmarshal([]byte(c.args), &in); err != nil {
		panic(err)
	}
	if rmRF.MatchString(in.Command) {
		return "", true
	}
	if in.Timeout == nil {
		t := float64(pinned)
		in.Timeout = &t
	}
	return strings.ReplaceAll(runShell(in), secret, redacted), false
}
