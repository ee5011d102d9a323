package cli

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// hookCmd is the one hook of the CLI --harness names: that CLI's hook input
// on stdin, its answer on stdout, stderr and the exit status, from the
// chain of the --settings of the CLI --settings-harness names.
func hookCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var c common
	var h harnessFlags
	fs := flag.NewFlagSet("hook", flag.ContinueOnError)
	c.register(fs)
	h.register(fs, true)
	// A command line hookchain cannot run by is its own error, and blocks
	// as every other: the CLI would run a call whose hook failed. Only a
	// CLI hookchain cannot speak for is answered with exit status 1, as
	// every command answers it: there is no form of its block to give.
	var msgs bytes.Buffer
	say := errOut{"hook", &msgs}
	ok := parse("hook", fs, args, &msgs, false)
	if ok && !h.check(errOut{"hook", stderr}, supported()...) {
		return exitFailed
	}
	// Settings that register this very hook would have it run itself,
	// without end: the hooks it runs inherit the variable.
	if os.Getenv(hookRunning) != "" {
		say.printf("it runs as a hook of itself (%s is set): the settings register the hook command they are read by", hookRunning)
		ok = false
	}
	restore := setenv(hookRunning, "1")
	defer restore()
	defer c.useHome()()
	if ok && h.settings != claude {
		ok = refuseClaudeFlags(fs, h.settings, say)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var pool process.Pool
	defer closePool(&pool)
	var chain *hookchain.Chain
	if ok {
		var err error
		if chain, err = hookChain(&c, h.settings, &pool); err != nil {
			say.printErr(err)
			ok = false
		}
	}
	if !ok {
		return hookBlock(h.name, msgs.String(), stdin, stdout, stderr)
	}
	if c.background != nil {
		defer closeBackground(c.background)
	}
	if h.name == claude && h.settings == claude {
		return claudecode.Serve(ctx, chain, stdin, stdout, stderr)
	}
	return harness.Serve(ctx, judgedAs(profileOf(h.name), h.name, h.settings, "hook"), chain, stdin, stdout, stderr)
}

// hookChain is the chain of the settings of CLI settingsOf, for a session
// working in the hook's own directory: a CLI runs its hooks in the
// session's.
func hookChain(c *common, settingsOf string, pool *process.Pool) (*hookchain.Chain, error) {
	cwd, _ := os.Getwd()
	if settingsOf != claude {
		project := c.projectOf(settingsOf, cwd)
		files, err := c.hookFiles(settingsOf, project)
		if err != nil {
			return nil, err
		}
		return clis[settingsOf].chain(files, harness.SessionInfo{Cwd: cwd, Project: project})
	}
	// Async hooks report to no one: a hook's stdout is the CLI's answer.
	c.background = reporting("hook", io.Discard)
	project := c.projectFor(cwd)
	s, err := c.load(project)
	if err != nil {
		return nil, err
	}
	opts := c.options(project, pool)
	links, err := s.Links(opts)
	if err != nil {
		return nil, err
	}
	// As serve does: what a hook asks and the PermissionRequest hooks leave
	// open is Claude Code's user's to answer, and, for a CLI that cannot
	// ask, a denial that says so (harness.Degrade).
	approver, err := serveApprover(s, opts)
	if err != nil {
		return nil, err
	}
	chain, err := hookchain.Build(links...)
	if err != nil {
		return nil, err
	}
	return chain.WithApprover(approver), nil
}

// hookBlock answers the CLI name with a block that says why hookchain cannot
// judge the call (msgs, errOut's lines), in the form the CLI reads as
// one, once its input is read: a CLI may wait to have written it all.
func hookBlock(name, msgs string, stdin io.Reader, stdout, stderr io.Writer) int {
	_, _ = io.Copy(io.Discard, io.LimitReader(stdin, maxInput))
	var why []string
	for _, line := range strings.Split(strings.TrimSpace(msgs), "\n") {
		why = append(why, strings.TrimPrefix(line, "hookchain hook: "))
	}
	reason := "hook: " + strings.Join(why, "; ")
	if name != claude {
		r := clis[name].profile().Refuse(reason)
		_, _ = stdout.Write(r.Stdout)
		_, _ = stderr.Write(r.Stderr)
		return r.Exit
	}
	if _, err := stdout.Write(claudecode.Refusal(reason)); err != nil {
		fmt.Fprintf(stderr, "hookchain: %s\n", reason)
		return exitDenied // Claude Code's block, when its stdout is gone
	}
	return exitOK
}

// hookRunning is set in the environment of the hooks hook runs.
const hookRunning = "HOOKCHAIN_HOOK"

// setenv sets an environment variable until the returned func restores it:
// tests run hook in their own process.
func setenv(key, value string) (restore func()) {
	old, had := os.LookupEnv(key)
	_ = os.Setenv(key, value)
	return func() {
		if had {
			_ = os.Setenv(key, old)
		} else {
			_ = os.Unsetenv(key)
		}
	}
}
