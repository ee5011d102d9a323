package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/shell"
)

// defaultTimeout is what shell-timeout gives a command the model left
// unbounded, in seconds.
const defaultTimeout = 10

// rmRecursive matches a shell call that runs rm recursively, however the
// command line spells it: the flag alone or bundled (-r, -R, -rf, -fr, -Rvf,
// --recursive, --rec), a path to rm (/bin/rm, \rm), and rm anywhere the
// shell would run it: after && or ;, in a pipeline or a subshell, behind
// sudo, env, nohup or xargs, inside sh -c '…', bash -c '…' or $(…). With no
// terminal on its input, as here, rm -r deletes write-protected files
// without asking, so -f adds nothing worth waiting for. A command that
// cannot be known before it runs matches too ($(printf rm) -r, "$CMD" -r,
// eval "$CLEANUP", a script piped into sh): a guard that cannot tell must
// not let the call through.
var rmRecursive = shell.Runs("command", "rm", "-r")

// secretPatterns are credentials that have a recognisable shape. A secret
// without one (a password, most API secrets) needs context to be found and is
// not the demo's concern.
var secretPatterns = regexp.MustCompile(strings.Join([]string{
	`\bAKIA[0-9A-Z]{16}\b`,      // AWS access key id
	`\bghp_[A-Za-z0-9]{36}\b`,   // GitHub personal access token
	`\bsk-[A-Za-z0-9_-]{20,}\b`, // OpenAI-style secret key
}, "|"))

// networkCommand finds a command that may reach the network: a client that
// talks to other machines, or one of git's commands that talk to a remote.
// Unlike rmRecursive it sees words, not what the shell will run; it is
// there to put the call to a person, who reads the command.
const networkCommand = "(?:^|[\\s;&|(/`])(curl|wget|ssh|scp|sftp|rsync|nc|git\\s+(?:push|pull|fetch|clone|ls-remote))(?:$|[\\s;&|)])"

var networkCommandRE = regexp.MustCompile(networkCommand)

// dotenvPath finds a file meant for secrets: .env, .env.local, test.env.
const dotenvPath = `(?:^|/)(?:\.env(?:\.[^/]*)?|[^/]*\.env)$`

// dotenvNote is what the model is told whenever it writes such a file,
// whether or not the operator lets it.
const dotenvNote = ".env files hold local secrets and are never committed; code reads them from the environment"

// failureNote is what the model is told when a command fails: the shell tool
// ends a failed command's output with a line of its own.
const failureNote = "the command failed; the last line of its output says how"

// guard is a link together with a line that says, in plain words, what it is
// for; the session prints the lines so a reader knows the chain before the
// calls start.
type guard struct {
	link  hookchain.Link
	about string
}

// guards returns the demo's chain for a workspace, in the order its links are
// asked.
func guards(workspace string) ([]guard, error) {
	// Compare against the real path: on some systems the temporary directory
	// itself sits behind a symlink (/tmp -> /private/tmp).
	root, err := filepath.EvalSymlinks(workspace)
	if err != nil {
		return nil, fmt.Errorf("resolving the workspace: %w", err)
	}
	return []guard{
		{
			hookchain.Before("no-rm-rf", hookchain.And(hookchain.Tool("shell"), rmRecursive), denyRecursiveDelete),
			"before shell: deny rm -r in any spelling or wrapper (sudo, sh -c), and commands that cannot be known before they run",
		},
		{
			hookchain.Before("workspace-only", hookchain.Tool("write_file", "read_file"),
				func(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
					return workspaceOnly(root, e)
				}),
			"before write_file, read_file: deny paths outside the workspace",
		},
		{
			hookchain.Before("shell-timeout",
				hookchain.And(hookchain.Tool("shell"), hookchain.Not(hookchain.InputExists("timeout"))),
				addTimeout),
			fmt.Sprintf("before shell with no timeout: add a %ds timeout", defaultTimeout),
		},
		{
			// After shell-timeout, so that the operator is asked about the
			// command as it will run.
			hookchain.Before("ask-network",
				hookchain.And(hookchain.Tool("shell"), hookchain.InputMatches("command", networkCommand)),
				askNetwork),
			"before shell that may reach the network (curl, ssh, git push...): ask the operator",
		},
		{
			hookchain.Before("ask-dotenv",
				hookchain.And(hookchain.Tool("write_file"), hookchain.InputMatches("path", dotenvPath)),
				askDotenv),
			"before write_file of a .env file: ask the operator; tell the model what .env is for",
		},
		{
			hookchain.After("redact-secrets", hookchain.Any(), redactSecrets),
			"after every call: redact credentials from text results",
		},
		{
			hookchain.After("explain-failure",
				hookchain.And(hookchain.Tool("shell"), hookchain.MatchFunc(func(e hookchain.Event) bool { return e.IsError })),
				func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
					return hookchain.Allow().WithNote(failureNote), nil
				}),
			"after a failed shell command: tell the model where it says how it ended",
		},
	}, nil
}

// newChain builds the chain from guards, with op answering its asks.
func newChain(gs []guard, op *operator) *hookchain.Chain {
	links := make([]hookchain.Link, len(gs))
	for i, g := range gs {
		links[i] = g.link
	}
	return hookchain.New(links...).WithApprover(op.approver())
}

// denyRecursiveDelete refuses a command rmRecursive matched, saying what it
// saw: the rm and what it was reached through, or what could not be known
// before the command runs.
func denyRecursiveDelete(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
	script := shell.Parse(gjson.GetBytes(e.Input, "command").String())
	for _, c := range script.Commands {
		if !(shell.Script{Commands: []shell.Command{c}}).Runs("rm", "-r") {
			continue
		}
		seen := "recursive delete (rm -r)"
		if len(c.Via) > 0 {
			seen += ", seen through " + joinAnd(c.Via)
		}
		return hookchain.Deny(seen + "; remove files by name instead"), nil
	}
	switch {
	case script.MightRun("rm", "-r"):
		return hookchain.Deny("rm with arguments known only when it runs, which could be -r; spell the arguments out"), nil
	case len(script.Unknown) > 0:
		return hookchain.Deny("the command cannot be known before it runs (" + script.Unknown[0] + ") and could be rm -r; spell the program out"), nil
	}
	return hookchain.Deny("the command cannot be read, and could be rm -r"), nil
}

// joinAnd lists words for a reader: "a", "a and b", "a, b and c".
func joinAnd(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// askNetwork puts a command that may reach the network to the operator,
// naming the program that would.
func askNetwork(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
	m := networkCommandRE.FindStringSubmatch(gjson.GetBytes(e.Input, "command").String())
	if m == nil {
		// The matcher saw the same command: this cannot happen unless the
		// two expressions drift apart, and then a person should look.
		return hookchain.Ask("the command may reach the network"), nil
	}
	return hookchain.Ask(strings.Join(strings.Fields(m[1]), " ") + " may reach the network"), nil
}

// askDotenv puts a write to a secrets file to the operator, and tells the
// model how such files are kept whatever the operator says.
func askDotenv(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
	path := gjson.GetBytes(e.Input, "path").String()
	return hookchain.Ask("write " + path + ", a file for secrets?").WithNote(dotenvNote), nil
}

// workspaceOnly allows a file tool's path only when it leads inside root,
// which must itself be free of symlinks.
func workspaceOnly(root string, e hookchain.Event) (hookchain.Outcome, error) {
	p := gjson.GetBytes(e.Input, "path")
	if p.Type != gjson.String || p.Str == "" {
		return hookchain.Deny("the path must be a non-empty string"), nil
	}
	resolved, err := resolvePath(root, p.Str)
	if err != nil {
		return hookchain.Outcome{}, err
	}
	// The separator keeps /tmp/ws-other from passing as inside /tmp/ws.
	if resolved != root && !strings.HasPrefix(resolved, root+string(filepath.Separator)) {
		return hookchain.Deny(p.Str + " is outside the workspace"), nil
	}
	return hookchain.Allow(), nil
}

// maxLinks is how many symlinks a path may go through, as the kernel counts
// them, before it is taken for a loop.
const maxLinks = 40

// resolvePath returns where path, relative to dir, leads: symlinks are
// followed as the operating system would follow them, and the part that does
// not exist yet is kept as written, since a file tool would create it.
//
// The path is walked a component at a time instead of being cleaned first:
// "link/.." is the parent of the link's target, not the directory holding
// the link, and a link to a file that does not exist yet is where a write
// would land.
func resolvePath(dir, path string) (string, error) {
	hops := 0
	return resolveFrom(dir, path, &hops)
}

func resolveFrom(cur, path string, hops *int) (string, error) {
	if filepath.IsAbs(path) {
		vol := filepath.VolumeName(path)
		cur, path = vol+string(filepath.Separator), path[len(vol):]
	}
	for _, c := range strings.Split(filepath.ToSlash(path), "/") {
		switch c {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur) // cur is resolved, so its parent is real
			continue
		}
		next := filepath.Join(cur, c)
		fi, err := os.Lstat(next)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			cur = next
		case err != nil:
			return "", err
		case fi.Mode()&fs.ModeSymlink != 0:
			if *hops++; *hops > maxLinks {
				return "", fmt.Errorf("%s: too many levels of symbolic links", next)
			}
			target, err := os.Readlink(next)
			if err != nil {
				return "", err
			}
			if cur, err = resolveFrom(cur, target, hops); err != nil {
				return "", err
			}
		default:
			cur = next
		}
	}
	return cur, nil
}

// addTimeout gives a shell call the default timeout. sjson edits the one
// field and leaves the rest of the model's input byte for byte as it was.
func addTimeout(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
	if !gjson.ParseBytes(e.Input).IsObject() {
		return hookchain.Outcome{}, errors.New("the input is not a JSON object")
	}
	in, err := sjson.SetBytes(e.Input, "timeout", defaultTimeout)
	if err != nil {
		return hookchain.Outcome{}, err
	}
	return hookchain.Modify(in, fmt.Sprintf("added a %ds timeout", defaultTimeout)), nil
}

// redactSecrets replaces credential-shaped strings in a text result. The
// demo's tools answer with text; a runtime whose tools return structured
// results would walk them the same way, string by string.
func redactSecrets(_ context.Context, e hookchain.Event) (hookchain.Outcome, error) {
	out := gjson.ParseBytes(e.Output)
	if out.Type != gjson.String {
		return hookchain.Allow(), nil
	}
	n := 0
	text := secretPatterns.ReplaceAllStringFunc(out.Str, func(string) string {
		n++
		return "[REDACTED]"
	})
	if n == 0 {
		return hookchain.Allow(), nil
	}
	noun := "secrets"
	if n == 1 {
		noun = "secret"
	}
	// The error flag is kept: a failed command is still a failure once its
	// output is redacted.
	return hookchain.Replace(hookchain.Text(text), e.IsError, fmt.Sprintf("%d %s redacted", n, noun)), nil
}
