// Command agent plays a scripted agent session against real tools, with a
// hookchain chain around them, and prints what the chain did to every call:
//
//	go run ./examples/agent
//
// The model is a fixed list of calls, so the session needs no network and no
// keys. The tools are real — a shell, a file writer, a file reader — and run
// in a temporary workspace that is removed at the end. Some calls are
// dangerous on purpose; the script picks arguments that would be harmless
// even if a guard let them through.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
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

// call is one request the scripted model makes, and what it is after.
type call struct {
	intent string
	tool   string
	input  string
}

// script is the model's side of the session. The rm calls aim at "." (which
// rm refuses to delete) and at a path that does not exist, the writes at
// paths the file tools' os.Root refuses anyway: were a guard wrong, the
// session would print it, but the machine would not pay for it.
var script = []call{
	{"look around: the workspace starts empty",
		"shell", `{"command":"ls -A"}`},
	{"take notes",
		"write_file", `{"path":"notes.md","content":"# Notes\n\n- TODO: put hookchain around the tools\n"}`},
	{"write credentials to a .env file",
		"write_file", `{"path":".env","content":"AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_REGION=eu-west-1\n"}`},
	{"read the .env file back",
		"read_file", `{"path":".env"}`},
	{"print it through the shell instead",
		"shell", `{"command":"cat .env"}`},
	{"list the files, with a timeout of its own",
		"shell", `{"command":"ls -A","timeout":5}`},
	{"clean up the workspace the quick way",
		"shell", `{"command":"rm -rf ."}`},
	{"delete a directory outside the workspace, flags split",
		"shell", `{"command":"rm -r -f /nonexistent-hookchain-demo"}`},
	{"write next to the workspace",
		"write_file", `{"path":"../escape.txt","content":"out"}`},
	{"write to an absolute path elsewhere",
		"write_file", `{"path":"/etc/hookchain-demo","content":"out"}`},
	{"check that no TODO is left, which fails",
		"shell", `{"command":"! grep -n TODO notes.md","timeout":5}`},
	{"call a tool the runtime does not have",
		"web_fetch", `{"url":"https://example.com"}`},
}
