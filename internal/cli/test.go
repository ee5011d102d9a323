package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/hookchaintest/casefile"
	"github.com/hookchain/hookchain/hookchaintest/casefile/claudecodeinput"
	"github.com/hookchain/hookchain/hookchaintest/casefile/harnessinput"
	"github.com/hookchain/hookchain/process"
)

// testCmd runs case files against the settings' hooks, or, with --update,
// rewrites what they want.
func testCmd(ext Extensions, args []string, stdout, stderr io.Writer) int {
	var c common
	var update bool
	var h harnessFlags
	var p policyFlags
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	c.register(fs)
	h.register(fs, false)
	p.registerPolicy(fs)
	fs.BoolVar(&update, "update", false, "rewrite the cases' want")
	if !parse("test", fs, args, stderr, true) {
		return exitFailed
	}
	defer c.useHome()()
	say := errOut{"test", stderr}
	fail := say.fail
	if !h.check(say, supported()...) {
		return exitFailed
	}
	if fs.NArg() == 0 {
		return fail("no case files: name them, as files or glob patterns; see 'hookchain help'")
	}
	cwd, _ := os.Getwd()
	var pool process.Pool
	defer closePool(&pool)
	var hooks func() (*hookchain.Chain, error)
	var format casefile.Format = claudecodeinput.Format{}
	if h.name == claude {
		c.background = reporting("test", stderr)
		defer closeBackground(c.background)
		hooks = func() (*hookchain.Chain, error) {
			chain, _, err := c.chain(cwd, &pool)
			return chain, err
		}
	} else {
		if !refuseClaudeFlags(fs, h.name, say) {
			return exitFailed
		}
		project := c.projectOf(h.name, cwd)
		hooks = func() (*hookchain.Chain, error) {
			files, err := c.hookFiles(h.name, project)
			if err != nil {
				return nil, err
			}
			return clis[h.name].chain(files, harness.SessionInfo{Cwd: cwd, Project: project})
		}
		format = harnessinput.Format{Profile: clis[h.name].profile()}
	}
	chain, err := withPolicy(ext, p.query, "--opa", p.opa, len(c.settings) > 0, hooks)
	if err != nil {
		return say.failOn(err)
	}
	ctx, stop := untilSignal(context.Background())
	defer stop()

	if update {
		code := exitOK
		for _, pattern := range fs.Args() {
			changes, err := casefile.UpdateFiles(ctx, chain, pattern, format)
			if sig, ok := interruptedBy(ctx); ok {
				// The cases the interrupt denied are not what the hooks
				// answer: UpdateFiles wrote nothing from them.
				return fail("%v before every case had run", sig)
			}
			for _, ch := range changes {
				fmt.Fprintln(stdout, ch)
			}
			if err != nil {
				say.printErr(err)
				code = exitFailed
			}
		}
		return code
	}

	var cases []casefile.Case
	var errs []error
	for _, pattern := range fs.Args() {
		cs, err := casefile.LoadFiles(pattern, format)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		cases = append(cases, cs...)
	}
	if len(errs) > 0 {
		return say.failOn(errors.Join(errs...))
	}
	failed := 0
	for _, tc := range cases {
		got, ms := casefile.Check(ctx, chain, tc)
		if sig, ok := interruptedBy(ctx); ok {
			// The chain denies a caller that went away: that is not a
			// case that failed.
			return fail("%v before every case had run", sig)
		}
		if len(ms) == 0 {
			fmt.Fprintf(stdout, "ok    %s\n", tc.Name)
			continue
		}
		failed++
		fmt.Fprintf(stdout, "FAIL  %s\n", tc.Name)
		for _, line := range strings.Split(casefile.Report(tc, got, ms), "\n") {
			fmt.Fprintf(stdout, "      %s\n", line)
		}
	}
	if c.background != nil {
		awaitBackground("test", c.background, stderr)
	}
	if failed > 0 {
		fmt.Fprintf(stdout, "FAIL: %d of %s failed\n", failed, count(len(cases), "case"))
		return exitFailed
	}
	fmt.Fprintf(stdout, "ok: %s passed\n", count(len(cases), "case"))
	return exitOK
}
