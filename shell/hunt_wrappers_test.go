package shell

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Where a wrapper's command begins depends on which of its options take a
// value, and how many words: each row's option was guessed a flag before
// its grammar listed it, and the wrapper's command was missed.
var wrapperValueRows = newHunt(rmR, []huntRow{
	{cmd: "flock --wait 1 x rm -rf x", runs: true, how: inBash},
	{cmd: "flock --nb x rm -rf x", runs: true, how: inBash},
	{cmd: "fakeroot -f /usr/bin/faked-sysv rm -rf x", runs: true, how: inBash},
	{cmd: "strace -o /dev/null --const-print-style raw rm -rf x", runs: true, how: inBash},
	{cmd: "npx --loglevel warn rm -rf x", runs: true, how: inBash},
	{cmd: "npx --cache ./c rm -rf x", runs: true, how: inBash},
	{cmd: "xargs -a /dev/null rm -r", runs: true, how: inBash}, // xargs runs its command once, even on no input
	{cmd: "xargs --arg-file=/dev/null rm -r", runs: true, how: inBash},
	{cmd: "bwrap --dev-bind / / rm -rf x", runs: true, how: "bwrap 0.8's manual: --dev-bind SRC DEST"},
	{cmd: "bwrap --ro-bind / / --setenv A B rm -rf x", runs: true, how: "bwrap 0.8's manual: --setenv VAR VALUE"},
	{cmd: "bwrap --bind / / --chmod 0755 /tmp rm -rf x", runs: true, how: "bwrap 0.8's manual: --chmod OCTAL PATH"},
	{cmd: "parallel --delay 0.1 rm -rf ::: x", runs: true, how: "GNU parallel's manual: --delay takes a value"},
	{cmd: "parallel --arg-sep ,, ,, 'rm -rf x'", runs: true, how: "GNU parallel's manual: --arg-sep replaces :::"},
	{cmd: "firejail --net=none rm -rf x", runs: true, how: "firejail's manual: options are --name=value"},
	{cmd: "dotenv -f .env run rm -rf x", runs: true, how: "python-dotenv's manual: dotenv [-f FILE] run COMMAND"},

	{cmd: "flock --wait 1 x ls -r", how: inBash},
	{cmd: "fakeroot -f /usr/bin/faked-sysv ls -r x", how: inBash},
	{cmd: "strace -o /dev/null --const-print-style raw ls -r x", how: inBash},
	{cmd: "npx --loglevel warn ls -r x", how: inBash},
	{cmd: "npx --yes true rm -rf x", how: inBash}, // npx runs true, with the rest as its arguments
	{cmd: "sudo -u deploy make", how: inBash},
	{cmd: "timeout 10 curl -s localhost", how: inBash},
	{cmd: "nice -n 5 make", how: inBash},
	{cmd: "env FOO=1 go test", how: inBash},
	{cmd: "xargs -0 grep -l x < /dev/null", how: inBash},
	{cmd: "xargs -a /dev/null ls -r", how: inBash},
	{cmd: "xargs --arg-file /dev/null echo rm -r", how: inBash},
	{cmd: "script -q -c 'ls -r x' /dev/null", how: inBash},
	{cmd: "bwrap --dev-bind / / ls -r x", how: "bwrap 0.8's manual: --dev-bind SRC DEST"},
	{cmd: "bwrap --ro-bind / / --setenv A rm ls -r x", how: "bwrap 0.8's manual: --setenv VAR VALUE"},
	{cmd: "parallel --delay 0.1 gzip ::: a b", how: "GNU parallel's manual: --delay takes a value"},
	{cmd: "parallel --arg-sep ,, echo ::: rm -rf ,, x", how: "GNU parallel's manual: --arg-sep replaces :::"},
	{cmd: "firejail --net=none ls -r x", how: "firejail's manual: options are --name=value"},
	{cmd: "dotenv -f .env run pytest", how: "python-dotenv's manual: dotenv [-f FILE] run COMMAND"},
})

func TestAWrapperOptionTakesTheWordsItsManualGivesIt(t *testing.T) {
	wrapperValueRows.check(t)
}

// A runner's own options come before its subcommand, and npm's anywhere:
// they were skipped as if none took a value, and npm's command names
// were not known by their abbreviations.
var runnerOptionRows = newHunt(rmR, []huntRow{
	{cmd: "npm --prefix . exec -c 'rm -rf x'", runs: true, how: inBash},
	{cmd: "npm --yes true exec -- rm -rf x", runs: true, how: inBash},
	{cmd: "npm --loglevel warn x -- rm -rf x", runs: true, how: inBash},
	{cmd: "npm --color always exec -- rm -rf x", runs: true, how: inBash},
	{cmd: "npm exe -- rm -rf x", runs: true, how: inBash},
	{cmd: "npm x -- rm -rf x", runs: true, how: inBash},
	{cmd: "npm exec rm x -- -rf", runs: true, how: inBash},
	{cmd: "npm -- exec rm -rf x", runs: true, how: inBash},
	{cmd: "pnpm -C . exec rm -rf x", runs: true, how: "pnpm's manual: -C, --dir <dir>"},
	{cmd: "pnpm --filter app exec rm -rf x", runs: true, how: "pnpm's manual: --filter <selector>"},
	{cmd: "uv --directory . run rm -rf x", runs: true, how: "uv's manual: --directory <DIRECTORY>"},
	{cmd: "poetry -C . run rm -rf x", runs: true, how: "poetry's manual: -C, --directory <DIR>"},
	{cmd: "yarn --cwd . exec rm -rf x", runs: true, how: "yarn 1's manual: --cwd <dir>"},
	{cmd: "mise exec node@20 -- rm -rf x", runs: true, how: "mise's manual: mise exec [TOOL@VERSION]... -- COMMAND"},

	{cmd: "npm --prefix . exec -c ls", how: inBash},
	{cmd: "npm --yes true exec -- ls", how: inBash},
	{cmd: "npm --loglevel warn exec -- ls", how: inBash},
	{cmd: "npm exec -- echo rm -rf x", how: inBash},
	{cmd: "npm exec -c 'echo rm -rf x'", how: inBash},
	{cmd: "npm x -- ls x", how: inBash},
	{cmd: "npm exe --offline -- ls -R x", how: inBash},
	{cmd: "npm exec --offline -- tsc", how: inBash},
	{cmd: "npm run build -- --watch", how: inBash},
	{cmd: "npm -- exec ls -rf x", how: inBash},
	{cmd: "npm run rm -rf", how: inBash},
	{cmd: "pnpm -C . exec jest", how: "pnpm's manual: -C, --dir <dir>"},
	{cmd: "pnpm install --frozen-lockfile", how: "pnpm's manual"},
	{cmd: "uv --directory . run pytest -q", how: "uv's manual: --directory <DIRECTORY>"},
	{cmd: "poetry -C . run pytest", how: "poetry's manual: -C, --directory <DIR>"},
	{cmd: "mise exec node@20 -- node app.js", how: "mise's manual: mise exec [TOOL@VERSION]... -- COMMAND"},
})

func TestARunnersOwnOptionsAreReadBeforeItsSubcommand(t *testing.T) {
	runnerOptionRows.check(t)
}

// Some runners hand their words, joined, to a shell of their own: each
// is read as a shell line.
var joinedRunnerRows = newHunt(rmR, []huntRow{
	{cmd: "yarn exec 'rm -rf x'", runs: true, how: "yarn 4's manual: yarn exec runs a shell script in the portable shell"},
	{cmd: "pixi run 'echo hi && rm -rf x'", runs: true, how: "pixi's manual: pixi run executes in deno_task_shell"},
	{cmd: "hatch run 'rm -rf x'", runs: true, how: "hatch's manual: hatch run runs commands in a shell"},

	{cmd: "yarn exec jest --watch", how: "yarn 4's manual: yarn exec runs a shell script in the portable shell"},
	{cmd: "pixi run pytest -q", how: "pixi's manual: pixi run executes in deno_task_shell"},
	{cmd: "hatch run 'echo rm -rf x'", how: "hatch's manual: hatch run runs commands in a shell"},
})

func TestARunnerThatHandsItsWordsToAShellIsReadAsAShellLine(t *testing.T) {
	joinedRunnerRows.check(t)
}

// find's -exec ends at ";", or at "+" only right after "{}": a "+"
// elsewhere is an argument of the command, and an -exec without its end
// makes find refuse to run at all.
var findEndRows = newHunt(rmR, []huntRow{
	{cmd: `find . -exec rm + -rf x \;`, runs: true, how: inBash},
	{cmd: `find . -exec rm {} -r + \;`, runs: true, how: inBash},
	{cmd: `find x -execdir rm -r {} +`, runs: true, how: inBash},
	{cmd: `find x -exec rm -r {} \;`, runs: true, how: inBash},

	{cmd: `find . -exec rm {} -r +`, how: inBash},
	{cmd: `find x -ok rm -r {} +`, how: inBash},
	{cmd: `find . -exec echo rm + -rf x \;`, how: inBash},
	{cmd: `find . -name '*.tmp' -exec rm -f {} +`, how: inBash},
	{cmd: `find . -name '*.tmp' -delete -print`, how: inBash},
})

func TestFindsExecEndsAtAPlusOnlyRightAfterItsBraces(t *testing.T) {
	findEndRows.check(t)
}

// fd's options come anywhere among its patterns and paths, and its command
// begins at -x or -X however it is spelled: bundled, attached, or a long
// option with '='.
var fdExecRows = newHunt(rmR, []huntRow{
	{cmd: "fd -xrm -rf", runs: true, how: "fd 10's manual: -x, --exec <cmd>..."},
	{cmd: "fd --exec=rm -rf", runs: true, how: "fd 10's manual: -x, --exec <cmd>..."},
	{cmd: "fd -HX rm -rf", runs: true, how: "fd 10's manual: -H, --hidden; -X, --exec-batch <cmd>..."},
	{cmd: "fd pattern . -t d -x rm -rf", runs: true, how: "fd 10's manual: fd [OPTIONS] [pattern] [path]..."},
	{cmd: `fd -e tmp -x rm -rf {} \; -E target`, runs: true, how: "fd 10's manual: the command ends at ';'"},

	{cmd: "fd -e tmp -x wc -l", how: "fd 10's manual: -x, --exec <cmd>..."},
	{cmd: "fd -H -x rm -f", how: "fd 10's manual: -H, --hidden"},
	{cmd: "fd pattern src -t f -X wc -l", how: "fd 10's manual: fd [OPTIONS] [pattern] [path]..."},
	{cmd: "fd -- -x rm -rf", how: "fd 10's manual: after --, a pattern and paths"},
	{cmd: `fd -x wc -l \; -E rm`, how: "fd 10's manual: the command ends at ';'"},
})

func TestFdsCommandBeginsAtItsExecHoweverItIsSpelled(t *testing.T) {
	fdExecRows.check(t)
}

// BSD's script runs the command after its file (macOS: script -q
// /dev/null CMD gives CMD a terminal); util-linux's takes one from -c.
var bsdScriptRows = newHunt(forcePush, []huntRow{
	{cmd: "script -q /dev/null git push -f", runs: true, how: "macOS script(1): script [-q] [file [command ...]]"},
	{cmd: "script /dev/null git push --force origin main", runs: true, how: "macOS script(1): script [-q] [file [command ...]]"},
	{cmd: "script -q -c 'git push -f' /dev/null", runs: true, how: inGit},

	{cmd: "script -q /dev/null git push", how: "macOS script(1): script [-q] [file [command ...]]"},
	{cmd: "script -q /dev/null npm test", how: "macOS script(1): script [-q] [file [command ...]]"},
	{cmd: "script -q -c 'git status' /dev/null", how: inGit},
})

func TestBSDScriptRunsTheCommandAfterItsFile(t *testing.T) {
	bsdScriptRows.check(t)
}

// An option a wrapper's grammar does not list leaves no way to tell where
// its command begins: the program may take it as a flag, take the next
// word as its value, or refuse it, and only its version knows.
func TestAnOptionAWrapperDoesNotKnowMakesItsCommandUnknown(t *testing.T) {
	for _, cmd := range []string{
		"sudo -Q rm -rf x",
		"sudo --no-such-option rm -rf x",
		"timeout --frobnicate 5 rm -rf x",
		"env -X rm -rf x",
		"xargs --no-such rm -r",
		"bwrap --bind=/ / rm -rf x",
		"bwrap --args 3 rm -rf x",
		"parallel --eof rm -rf ::: x", // --eof may take rm as its value
		"pnpm -Cx exec rm -rf x",      // nopt takes no attached value
		"pnpm --unknown exec rm -rf x",
		"npm --foo exec -- rm -rf x",
		"npx --foo rm -rf x",
		"uv --unknown run rm -rf x",
		"poetry --unknown run rm -rf x",
		"firejail -c rm -rf x",
		"nice --adj 5 --unknown rm -rf x",
		"env -S '--unknown rm -rf x'",
		"make --no-such-option all",
	} {
		t.Run(cmd, func(t *testing.T) {
			s := Parse(cmd)
			assert.NotEmpty(t, s.Unknown, "%#v", s)
			assert.True(t, rmR.Match(bash(cmd)))
		})
	}
}
