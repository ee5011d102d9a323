//go:build unix

package process_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// A native hook guarding Bash: testdata/policy.sh reads the request and
// denies a recursive delete.
func ExampleNative() {
	guard := process.Native(process.Spec{Args: []string{"testdata/policy.sh"}, Timeout: 5 * time.Second})
	chain := hookchain.New(hookchain.Before("guard", hookchain.Tool("Bash"), guard))

	for _, command := range []string{"ls", "rm -rf /"} {
		input, _ := json.Marshal(map[string]string{"command": command})
		out := chain.Run(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: input})
		fmt.Printf("%s: %v %q\n", command, out.Verdict, out.Reason)
	}
	// Output:
	// ls: Allowed ""
	// rm -rf /: Denied "denied by guard: recursive delete"
}

// Run leaves the exit status to the caller; only a run that could not
// finish is an error.
func ExampleRun() {
	res, err := process.Run(context.Background(), process.Spec{Shell: "echo checked; exit 2"}, nil)
	fmt.Printf("%d %q %v\n", res.ExitCode, res.Stdout, err)

	_, err = process.Run(context.Background(), process.Spec{Shell: "sleep 10", Timeout: 100 * time.Millisecond}, nil)
	fmt.Println(err)
	fmt.Println(errors.Is(err, process.TimedOut), errors.Is(err, process.Canceled))
	// Output:
	// 2 "checked\n" <nil>
	// hook "sleep 10": timed out after 100ms
	// true false
}
