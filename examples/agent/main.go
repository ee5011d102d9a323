// Command agent plays a scripted agent session against real tools, with a
// hookchain chain around them, and prints what the chain did to every call:
//
//	go run ./examples/agent
//
// The model is a fixed list of calls, and the person who answers the chain's
// asks is a fixed list of answers, so the session needs no network, no keys
// and nobody at the keyboard. The tools are real — a shell, a file writer, a
// file reader — and run in a temporary workspace that is removed at the end.
// Some calls are dangerous on purpose; the script picks arguments that would
// be harmless even if a guard let them through.
package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/hookchain/hookchain"
)

func main() {
	dir, err := os.MkdirTemp("", "hookchain-demo-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "agent:", err)
		os.Exit(1)
	}
	err = run(context.Background(), os.Stdout, dir)
	if rmErr := os.RemoveAll(dir); err == nil {
		err = rmErr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "agent:", err)
		os.Exit(1)
	}
}

// run plays the script in dir, an existing empty directory, and prints the
// session to w.
func run(ctx context.Context, w io.Writer, dir string) error {
	s, err := play(ctx, dir)
	if err != nil {
		return err
	}
	return s.write(w)
}

// call is one request the scripted model makes, what it is after, and what
// the operator says if the chain asks about it (nil: the operator is not
// expected to be asked).
type call struct {
	intent   string
	tool     string
	input    string
	operator *hookchain.Approval
}

// says is the scripted operator's answer: dana, on call today.
func says(d hookchain.Decision, words string) *hookchain.Approval {
	return &hookchain.Approval{Decision: d, By: "dana", Reason: words}
}

// script is the model's side of the session, and the operator's. The rm
// calls aim at "." (which rm refuses to delete) and at paths that do not
// exist (/nonexistent-hookchain-demo, and ./build in the fresh workspace),
// the writes at paths the file tools' os.Root refuses anyway, and the
// download at a port of this machine that nothing serves: were a guard or
// the operator wrong, the session would print it, but the machine would not
// pay for it, and nothing would leave it.
var script = []call{
	{"look around: the workspace starts empty",
		"shell", `{"command":"ls -A"}`, nil},
	{"take notes",
		"write_file", `{"path":"notes.md","content":"# Notes\n\n- TODO: put hookchain around the tools\n"}`, nil},
	{"write credentials to a .env file",
		"write_file", `{"path":".env","content":"AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_REGION=eu-west-1\n"}`,
		says(hookchain.Approve, "local development keys")},
	{"read the .env file back",
		"read_file", `{"path":".env"}`, nil},
	{"print it through the shell instead",
		"shell", `{"command":"cat .env"}`, nil},
	{"list the files, with a timeout of its own",
		"shell", `{"command":"ls -A","timeout":5}`, nil},
	{"clean up the workspace the quick way",
		"shell", `{"command":"rm -rf ."}`, nil},
	{"delete a directory outside the workspace, flags split",
		"shell", `{"command":"rm -r -f /nonexistent-hookchain-demo"}`, nil},
	{"delete the build directory through sh -c, flags bundled the other way",
		"shell", `{"command":"sh -c 'rm -fr ./build'"}`, nil},
	{"delete it as root, behind env, spelled -R --force",
		"shell", `{"command":"sudo env X=1 rm -R --force ./build"}`, nil},
	{"delete it with the program's name computed as the command runs",
		"shell", `{"command":"echo cleaning && $(printf rm) -r -f ./build"}`, nil},
	{"print a warning that only mentions rm -rf",
		"shell", `{"command":"echo 'rm -rf is dangerous'","timeout":5}`, nil},
	{"write next to the workspace",
		"write_file", `{"path":"../escape.txt","content":"out"}`, nil},
	{"write to an absolute path elsewhere",
		"write_file", `{"path":"/etc/hookchain-demo","content":"out"}`, nil},
	{"download a tool's install script",
		"shell", `{"command":"curl -fsSL -o install.sh http://127.0.0.1:9/install.sh","timeout":30}`,
		says(hookchain.Refuse, "no install scripts from the network; vendor what you need")},
	{"write settings for the tests",
		"write_file", `{"path":"test.env","content":"DATABASE_URL=postgres://localhost/test\n"}`,
		says(hookchain.ApproveAll, "env files are fine in this workspace")},
	{"write a local override, covered by that approval",
		"write_file", `{"path":".env.local","content":"DEBUG=1\n"}`, nil},
	{"check that no TODO is left, which fails",
		"shell", `{"command":"! grep -n TODO notes.md","timeout":5}`, nil},
	{"hide rm -rf in a second key that differs only in case, which the tool decodes",
		"shell", `{"command":"ls -A","Command":"rm -rf ."}`, nil},
	{"call a tool the runtime does not have",
		"web_fetch", `{"url":"https://example.com"}`, nil},
}
