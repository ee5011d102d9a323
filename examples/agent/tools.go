package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
)

const (
	// maxTimeout bounds what a shell call may ask for: a model that asks for
	// an hour has most likely made a mistake.
	maxTimeout = 10 * time.Minute
	// maxOutput is how much of a command's output or a file the model is
	// shown; more would only crowd its context.
	maxOutput = 64 << 10
)

// workspace holds the demo's real tools, confined to one directory.
//
// The file tools go through an os.Root, so even a guard that wrongly allowed
// "../escape.txt" could not write outside the workspace: the chain is what
// the model is answered by, the Root is what the machine is protected by.
// The shell cannot be confined that way, which is why the demo only scripts
// commands that would be harmless if they ran.
type workspace struct {
	dir  string
	root *os.Root
}

func openWorkspace(dir string) (*workspace, error) {
	if !filepath.IsAbs(dir) {
		// A relative directory would follow the process's working
		// directory, and the shell would run wherever that is.
		return nil, fmt.Errorf("the workspace must be an absolute path, not %q", dir)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &workspace{dir: dir, root: root}, nil
}

func (w *workspace) Close() error { return w.root.Close() }

// Execute is the runtime's executor: it dispatches a call to its tool.
func (w *workspace) Execute(ctx context.Context, c hookchain.Call) (hookchain.Result, error) {
	switch c.Tool {
	case "shell":
		return w.shell(ctx, c.Input)
	case "write_file":
		return w.writeFile(c.Input)
	case "read_file":
		return w.readFile(c.Input)
	}
	return hookchain.Result{}, fmt.Errorf("no such tool: %s", c.Tool)
}

// shell runs `sh -c command` in the workspace and answers with its combined
// output. A non-zero exit is an error result, not a Go error: the command ran,
// and the model should read what it said.
func (w *workspace) shell(parent context.Context, input json.RawMessage) (hookchain.Result, error) {
	var in struct {
		Command string   `json:"command"`
		Timeout *float64 `json:"timeout"` // seconds
	}
	if err := json.Unmarshal(input, &in); err != nil {
		return hookchain.Result{}, fmt.Errorf("shell: bad input: %w", err)
	}
	if in.Command == "" {
		return hookchain.Result{}, errors.New("shell: no command given")
	}
	// The chain adds a timeout; refusing here as well means that a runtime
	// which forgot the chain gets an error, not a command that never ends.
	if in.Timeout == nil || *in.Timeout <= 0 {
		return hookchain.Result{}, errors.New("shell: refusing to run without a positive timeout")
	}
	if *in.Timeout > maxTimeout.Seconds() {
		return hookchain.Result{}, fmt.Errorf("shell: a timeout of %gs is over the limit of %v", *in.Timeout, maxTimeout)
	}
	timeout := time.Duration(*in.Timeout * float64(time.Second))

	ctx, cancel := context.WithTimeout(parent, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", in.Command)
	cmd.Dir = w.dir
	// The host's environment stays out: it is where real credentials live.
	// A fixed locale keeps messages and sort orders the same everywhere.
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + w.dir, "LC_ALL=C"}
	out := limitedBuffer{limit: maxOutput}
	cmd.Stdout, cmd.Stderr = &out, &out
	killGroupOnCancel(cmd)
	// Once the group is killed, stop waiting for pipes that something
	// outside it may still hold open.
	cmd.WaitDelay = time.Second

	err := cmd.Run()
	if err == nil {
		return hookchain.TextResult(out.String()), nil
	}
	var exit *exec.ExitError
	switch {
	case parent.Err() != nil:
		return hookchain.Result{}, fmt.Errorf("shell: %w", parent.Err())
	case ctx.Err() != nil:
		return errorResult(out.String(), fmt.Sprintf("[killed: timed out after %v]", timeout)), nil
	case errors.As(err, &exit):
		return errorResult(out.String(), fmt.Sprintf("[exit status %d]", exit.ExitCode())), nil
	}
	return hookchain.Result{}, fmt.Errorf("shell: %w", err)
}

// errorResult is a command's output with a last line saying how it ended.
func errorResult(output, note string) hookchain.Result {
	if output != "" && !strings.HasSuffix(output, "\n") {
		output += "\n"
	}
	return hookchain.Result{Output: hookchain.Text(output + note), IsError: true}
}

func (w *workspace) writeFile(input json.RawMessage) (hookchain.Result, error) {
	var in struct {
		Path    string  `json:"path"`
		Content *string `json:"content"`
	}
	if err := json.Unmarshal(input, &in); err != nil {
		return hookchain.Result{}, fmt.Errorf("write_file: bad input: %w", err)
	}
	if in.Path == "" || in.Content == nil {
		return hookchain.Result{}, errors.New("write_file: path and content are required")
	}
	if dir := filepath.Dir(in.Path); dir != "." {
		if err := w.root.MkdirAll(dir, 0o755); err != nil {
			return hookchain.Result{}, fmt.Errorf("write_file: %w", err)
		}
	}
	if err := w.root.WriteFile(in.Path, []byte(*in.Content), 0o644); err != nil {
		return hookchain.Result{}, fmt.Errorf("write_file: %w", err)
	}
	return hookchain.TextResult(fmt.Sprintf("wrote %d bytes to %s", len(*in.Content), in.Path)), nil
}

func (w *workspace) readFile(input json.RawMessage) (hookchain.Result, error) {
	var in struct {
		Path string `json:"path"`
	}
	if err := json.Unmarshal(input, &in); err != nil {
		return hookchain.Result{}, fmt.Errorf("read_file: bad input: %w", err)
	}
	if in.Path == "" {
		return hookchain.Result{}, errors.New("read_file: no path given")
	}
	f, err := w.root.Open(in.Path)
	if err != nil {
		return hookchain.Result{}, fmt.Errorf("read_file: %w", err)
	}
	defer f.Close()
	out := limitedBuffer{limit: maxOutput}
	if _, err := io.Copy(&out, f); err != nil {
		return hookchain.Result{}, fmt.Errorf("read_file: %w", err)
	}
	return hookchain.TextResult(out.String()), nil
}

// limitedBuffer keeps the first limit bytes written to it and counts the
// rest. It never fails a write: a command must not die of a broken pipe
// because it talked too much.
type limitedBuffer struct {
	buf     bytes.Buffer
	limit   int
	dropped int64
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	keep := min(len(p), b.limit-b.buf.Len())
	b.buf.Write(p[:keep])
	b.dropped += int64(len(p) - keep)
	return len(p), nil
}

// String returns what was kept, with a note when something was dropped.
func (b *limitedBuffer) String() string {
	if b.dropped == 0 {
		return b.buf.String()
	}
	s := b.buf.String()
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s + fmt.Sprintf("[%d more bytes not shown]\n", b.dropped)
}
