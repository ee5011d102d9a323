package settings

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/process"
)

// place is a directory a command hook may run in, and what it is.
type place struct{ what, dir string }

// places are where a command hook of a call runs, in Claude Code's order:
// the call's working directory; when that is gone (the agent deleted the
// directory it was in) or cannot be entered, the session's, then the
// project's root, the home directory and the temporary directory.
func places(ctx context.Context, def claudecode.SessionInfo, home string) []place {
	call, _ := claudecode.SessionInfoFrom(ctx)
	cwd, project := def.Cwd, def.ProjectDir
	if call.Cwd != "" {
		cwd = call.Cwd
	}
	if call.ProjectDir != "" {
		project = call.ProjectDir
	}
	return []place{{"the call's", cwd}, {"the session's", def.Cwd}, {"the project", project},
		{"the home directory", home}, {"the temporary directory", os.TempDir()}}
}

// workDir is the first of ps that is a directory a hook can be started in.
func workDir(ps []place) (string, bool) {
	for _, p := range ps {
		if p.dir != "" && usableDir(p.dir) {
			return p.dir, true
		}
	}
	return "", false
}

// usableDir reports whether dir is a directory a hook can be started in:
// there, a directory, and one this process may enter. The agent can take
// any of the three away from the directory it stands in.
func usableDir(dir string) bool {
	fi, err := os.Stat(dir)
	return err == nil && fi.IsDir() && enterable(dir)
}

// inWorkDir runs the command hook spec in the first of its places that
// exists. A hook that could not start would be a failure, and a hook that
// fails open would then let the call through unjudged: a guard disarmed by
// "rm -rf" of the directory the agent stands in. With no place left at
// all, the hook fails marked hookchain.NotOwn, which the chain denies: the
// failure is not the hook's own, so its onFailure does not decide. It is an
// error when spec is not valid.
func inWorkDir(spec process.Spec, def claudecode.SessionInfo, home string) (hookchain.Interceptor, error) {
	run, err := claudecode.CompileCommand(spec, def)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		dir, err := runDir(ctx, def, home)
		switch {
		case err != nil:
			return hookchain.Outcome{}, hookchain.NotOwn(fmt.Errorf("%v, so it cannot judge the call", err))
		case dir == "":
			return run(ctx, e)
		}
		moved := spec
		moved.Dir = dir
		there, err := claudecode.CompileCommand(moved, def)
		if err != nil {
			// Not the hook's own failure: it never ran.
			return hookchain.Outcome{}, hookchain.NotOwn(err)
		}
		return there(ctx, e)
	}, nil
}

// runDir is where a command hook runs for a call: "" for where its spec
// says — no session says where (the process's own directory, as ever), or
// the call's directory exists — else the first of Claude Code's fallbacks
// that exists. With none left it is an error naming every place tried.
func runDir(ctx context.Context, def claudecode.SessionInfo, home string) (string, error) {
	ps := places(ctx, def, home)
	if ps[0].dir == "" {
		return "", nil
	}
	dir, ok := workDir(ps)
	switch {
	case !ok:
		var tried []string
		for _, p := range ps {
			if p.dir != "" {
				tried = append(tried, p.what+" "+p.dir)
			}
		}
		return "", fmt.Errorf("the hook cannot run: none of the directories it would run in exists (%s)", strings.Join(tried, ", "))
	case dir == ps[0].dir:
		return "", nil
	}
	return dir, nil
}
