package shell

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A shell's options are read in order and the last one wins: -n undone
// by +n runs the script, and an option the shell does not have leaves
// what it runs unknown.
var shellOptionRows = newHunt(rmR, []huntRow{
	{`bash -n +n -c 'rm -rf x'`, true, inBash},
	{`bash -o noexec +o noexec -c 'rm -rf x'`, true, inBash},
	{`bash -n -o noexec +o noexec -c 'rm -rf x'`, true, inBash},
	{`bash -n +o noexec -c 'rm -rf x'`, true, inBash},
	{`sh -n +n -c 'rm -rf x'`, true, inBash},
	{`bash -Q -c 'rm -rf x'`, true, "bash 5.2 refuses -Q; an option the reader does not know is unknown"},
	{`zsh -n +n -c 'rm -rf x'`, true, inZsh},
	{`zsh -o noexec +o noexec -c 'rm -rf x'`, true, inZsh},
	{`zsh --no-exec +-no-exec -c 'rm -rf x'`, true, inZsh},
	{`zsh -o no_exec -o exec -c 'rm -rf x'`, true, inZsh},
	{`zsh --emulate sh -c 'rm -rf x'`, true, inZsh},
	{`zsh --emulate sh -f -c 'rm -rf x'`, true, inZsh},
	// Controls.
	{`bash -n -c 'rm -rf x'`, false, inBash},
	{`bash +n -n -c 'rm -rf x'`, false, inBash},
	{`bash +o noexec -n -c 'rm -rf x'`, false, inBash},
	{`bash -o noexec -c 'rm -rf x'`, false, inBash},
	{`bash -D -c 'rm -rf x'`, false, inBash},
	{`sh -n -c 'rm -rf x'`, false, inBash},
	{`bash -euo pipefail -c 'ls'`, false, inBash},
	{`bash -O extglob -c 'ls'`, false, inBash},
	{`bash --norc --noprofile -c 'ls'`, false, inBash},
	{`bash -lc 'ls'`, false, inBash},
	{`zsh -n -c 'rm -rf x'`, false, inZsh},
	{`zsh +-exec -c 'rm -rf x'`, false, inZsh},
	{`zsh --noexec -c 'rm -rf x'`, false, inZsh},
	{`zsh -f -c 'ls'`, false, inZsh},
	{`zsh --emulate sh -c 'ls'`, false, inZsh},
})

func TestAShellsOptionsAreReadInOrderAndTheLastWins(t *testing.T) { shellOptionRows.check(t) }

// A path names what the kernel resolves it to, not its spelling: a path
// is cleaned before it is compared, a relative one is looked up where cd
// (or env -C) left the script, and one with an expansion, or in a
// directory only run time knows, that could make it a descriptor is
// unknown.
var devicePathRows = newHunt(rmR, []huntRow{
	{`bash /dev//stdin <<<'rm -rf x'`, true, inBash},
	{`bash /dev/./stdin <<<'rm -rf x'`, true, inBash},
	{`bash //dev/stdin <<<'rm -rf x'`, true, inBash},
	{`bash /dev/../dev/stdin <<<'rm -rf x'`, true, inBash},
	{`bash /dev/fd//0 <<<'rm -rf x'`, true, inBash},
	{`bash /proc/self/./fd/0 <<<'rm -rf x'`, true, inBash},
	{`bash /dev/stdout 1<<<'rm -rf x'`, true, inBash},
	{`bash /dev/stderr 2<<<'rm -rf x'`, true, inBash},
	{`bash ../../../../../../../../dev/stdin <<<'rm -rf x'`, true, inBash},
	{`exec {fd}<<<'rm -rf x'; bash /dev/fd/$fd`, true, inBash},
	{`d=/dev; bash "$d/stdin" <<<'rm -rf x'`, true, inBash},
	{`source /dev//stdin <<<'rm -rf x'`, true, inBash},
	{`. /dev/./fd/0 <<<'rm -rf x'`, true, inBash},
	{`BASH_ENV=/dev//stdin bash -c : <<<'rm -rf x'`, true, inBash},
	{`cd /dev; bash stdin <<<'rm -rf x'`, true, inBash},
	{`cd /dev && bash ./stdin <<<'rm -rf x'`, true, inBash},
	{`cd / && bash dev/stdin <<<'rm -rf x'`, true, inBash},
	{`cd /tmp; cd ../dev; bash stdin <<<'rm -rf x'`, true, inBash},
	{`{ cd /dev; }; source stdin <<<'rm -rf x'`, true, inBash},
	{`cd ../../../../../../../..; bash dev/stdin <<<'rm -rf x'`, true, inBash},
	{`cd x; bash ../../../../../../../../dev/stdin <<<'rm -rf x'`, true, inBash},
	{`CDPATH=/; cd dev; bash stdin <<<'rm -rf x'`, true, inBash},
	{`env -C /dev bash stdin <<<'rm -rf x'`, true, inBash},
	{`env --chdir=/dev bash stdin <<<'rm -rf x'`, true, inBash},
	// Controls.
	{`bash /dev//null <<<'rm -rf x'`, false, inBash},
	{`bash /dev/./null <<<'rm -rf x'`, false, inBash},
	{`bash ./dev/stdin <<<'rm -rf x'`, false, inBash},
	{`bash /dev//stdin <<<'ls'`, false, inBash},
	{`bash /dev/fd/0 <<<'ls'`, false, inBash},
	{`bash /dev/stdout <<<'rm -rf x'`, false, inBash},
	{`bash "$HOME/build.sh" <<<'rm -rf x'`, false, inBash},
	{`bash "$script" <<<'rm -rf x'`, false, inBash},
	{`bash ../scripts/build.sh <<<'rm -rf x'`, false, inBash},
	{`source ./dev/fd/0 <<<'rm -rf x'`, false, inBash},
	{`BASH_ENV=/dev//null bash -c : <<<'rm -rf x'`, false, inBash},
	{`bash "$dir/run.sh" <<<'rm -rf x'`, false, inBash},
	{`bash /dev//stdin </dev/null`, false, inBash},
	{`bash /proc/self/fd/0 < /dev/null`, false, inBash},
	{`cd /dev; bash null <<<'rm -rf x'`, false, inBash},
	{`cd /dev; bash stdin <<<'ls'`, false, inBash},
	{`cd /tmp; bash stdin <<<'rm -rf x'`, false, inBash},
	{`cd "$D"; bash build.sh <<<'rm -rf x'`, false, inBash},
	{`cd src && bash ./run.sh <<<'rm -rf x'`, false, inBash},
	{`cd x; bash f <<<'rm -rf x'`, false, inBash},
	{`cd -; bash build.sh`, false, inBash},
	{`env -C x bash f <<<'rm -rf x'`, false, inBash},
})

func TestAPathIsComparedAsTheKernelResolvesIt(t *testing.T) { devicePathRows.check(t) }

// echo, printf and cat are what their output is worked out to be only
// while the command line leaves them alone: a function, an alias, hash
// -p, BASH_CMDS, enable -n or a PATH assignment anywhere in it makes what
// they write unknown.
var producerRows = newHunt(rmR, []huntRow{
	{`echo() { command echo 'rm -rf x'; }; echo hi | sh`, true, inBash},
	{`function echo { command echo 'rm -rf x'; }; echo hi | bash`, true, inBash},
	{`printf() { command echo 'rm -rf x'; }; printf 'ls\n' | sh`, true, inBash},
	{`cat() { command echo 'rm -rf x'; }; cat <<<'ls' | sh`, true, inBash},
	{`f() { echo hi | sh; }; echo() { command echo 'rm -rf x'; }; f`, true, inBash},
	{`for i in 1 2; do echo ls | sh; echo() { command echo 'rm -rf x'; }; done`, true, inBash},
	{"shopt -s expand_aliases\nalias echo='printf \"rm -rf x\\n\"'\necho hi | sh", true, inBash},
	{`hash -p /usr/bin/rev cat; cat <<<'x fr- mr' | sh`, true, inBash},
	{`BASH_CMDS[cat]=/usr/bin/rev; cat <<<'x fr- mr' | sh`, true, inBash},
	{`ln -s /usr/bin/rev cat; PATH=.:$PATH; cat <<<'x fr- mr' | sh`, true, inBash},
	{`ln -s /usr/bin/rev cat; export PATH=.:$PATH; cat <<<'x fr- mr' | sh`, true, inBash},
	{`printf '#!/bin/sh\necho "rm -rf x"\n' > echo; chmod +x echo; enable -n echo; PATH=.:$PATH; echo hi | sh`, true, inBash},
	// Controls.
	{`echo ls | sh`, false, inBash},
	{`printf 'ls\n' | sh`, false, inBash},
	{`cat <<<'ls' | sh`, false, inBash},
	{`e() { command echo 'rm -rf x'; }; echo ls | sh`, false, inBash},
	{`greet() { echo hi; }; greet; echo ls | bash`, false, inBash},
	{`alias ll='ls -l'; echo ls | sh`, false, inBash},
	{`hash -p /usr/bin/rev tac; cat <<<'ls' | sh`, false, inBash},
	{`ln -s /usr/bin/rev cat; cat <<<'x fr- mr' | sh`, false, inBash},
	{`enable -n test; echo ls | sh`, false, inBash},
	{`unset -f echo; echo ls | sh`, false, inBash},
	{`cd() { builtin cd "$@"; }; printf 'ls\n' | sh`, false, inBash},
	{`PATH=/usr/bin:$PATH; echo ls | sh`, false, inBash},
})

func TestEchoPrintfAndCatAreOnlyWhatTheCommandLineHasNotRedefined(t *testing.T) {
	producerRows.check(t)
}

// exec with only redirections changes the shell's descriptors for
// everything after it, whatever group, list, branch, function, eval,
// alias or trap it is written in; a subshell, a pipe's side (but the last
// under shopt -s lastpipe), $( ) and a background job are processes of
// their own, and a redirection of the group it is in is undone after the
// group.
var execStateRows = newHunt(rmR, []huntRow{
	{`{ exec < <(curl URL); }; bash`, true, inBash},
	{`{ exec <<<'rm -rf x'; }; sh`, true, inBash},
	{`true && exec <<<'rm -rf x'; sh`, true, inBash},
	{`false || exec <<<'rm -rf x'; sh`, true, inBash},
	{`f() { exec <<<'rm -rf x'; }; f; sh`, true, inBash},
	{`function f { exec 3<<<'rm -rf x'; }; f; sh <&3`, true, inBash},
	{`f() { exec 3<&0; }; f <<<'rm -rf x'; sh <&3`, true, inBash},
	{`f() { g; }; g() { exec <<<'rm -rf x'; }; f; sh`, true, inBash},
	{`eval 'exec <<<"rm -rf x"'; sh`, true, inBash},
	{`eval exec '<<<"rm -rf x"'; sh`, true, inBash},
	{`source /dev/stdin <<<'exec 3<<<"rm -rf x"'; sh <&3`, true, inBash},
	{`if exec <<<'rm -rf x'; then :; fi; sh`, true, inBash},
	{`if true; then exec <<<'rm -rf x'; fi; sh`, true, inBash},
	{`if false; then :; else exec <<<'rm -rf x'; fi; sh`, true, inBash},
	{`if false; then :; elif exec <<<'rm -rf x'; then :; fi; sh`, true, inBash},
	{`case a in a) exec <<<'rm -rf x';; esac; sh`, true, inBash},
	{`case a in a) exec <<<'rm -rf x';& b) sh;; esac`, true, inBash},
	{`while exec <<<'rm -rf x'; do break; done; sh`, true, inBash},
	{`for i in 1; do exec <<<'rm -rf x'; done; sh`, true, inBash},
	{`for i in 1 2; do sh; exec <<<'rm -rf x'; done`, true, inBash},
	{`{ exec 3<<<'rm -rf x'; } </dev/null; sh /dev/fd/3`, true, inBash},
	{`{ exec <<<'rm -rf x'; } 3</dev/null; sh`, true, inBash},
	{`time exec <<<'rm -rf x'; sh`, true, inBash},
	{`command exec <<<'rm -rf x'; sh`, true, inBash},
	{`exec 3<<<'rm -rf x'; exec 0<&3; sh`, true, inBash},
	{`trap 'exec <<<"rm -rf x"' DEBUG; sh`, true, inBash},
	{"shopt -s expand_aliases\nalias e='exec <<<\"rm -rf x\"'\ne; sh", true, inBash},
	{`shopt -s lastpipe; true | exec 3<<<'rm -rf x'; sh <&3`, true, inBash},
	{`shopt -s lastpipe; true | { exec 3<<<'rm -rf x'; }; sh <&3`, true, inBash},
	// Controls.
	{`( exec <<<'rm -rf x' ); sh`, false, inBash},
	{`echo $(exec <<<'rm -rf x'); sh`, false, inBash},
	{`{ exec <<<'rm -rf x'; } </dev/null; sh`, false, inBash},
	{`exec <<<'rm -rf x' | true; sh`, false, inBash},
	{`true | exec <<<'rm -rf x'; sh`, false, inBash},
	{`f() { exec <<<'rm -rf x'; }; sh`, false, inBash},
	{`f() { exec <<<'rm -rf x'; }; f & wait; sh`, false, inBash},
	{`exec <<<'rm -rf x' & wait; sh`, false, inBash},
	{`exec 3<<<'rm -rf x'; exec 3<&-; sh <&3`, false, inBash},
	{`true && exec <<<'ls'; sh`, false, inBash},
	{`{ exec <<<'ls'; }; sh`, false, inBash},
	{`f() { exec <<<'ls'; }; f; sh`, false, inBash},
	{`eval 'exec <<<ls'; sh`, false, inBash},
	{`exec 2>/dev/null; ls`, false, inBash},
	{`{ exec >log 2>&1; }; ls; sh <<<'ls'`, false, inBash},
	{`for i in 1 2; do echo $i; done; exec <<<'ls'; sh`, false, inBash},
	{`if true; then exec </dev/null; fi; sh`, false, inBash},
	{`case a in a) exec <<<'ls';; esac; sh`, false, inBash},
	{`trap 'rm -f tmp' EXIT; sh <<<'ls'`, false, inBash},
	{`trap 'exec </dev/null' DEBUG; sh <<<'ls'`, false, inBash},
	{"shopt -s expand_aliases\nalias e='exec <<<ls'\ne; sh", false, inBash},
	{`shopt -s lastpipe; true | exec <<<'rm -rf x'; sh`, false, inBash},
	{`shopt -s lastpipe; echo ls | sh`, false, inBash},
})

func TestExecRedirectionsHoldForEverythingAfterThemInTheSameShell(t *testing.T) {
	execStateRows.check(t)
}

// An export holds for every shell started after it, whatever list, group
// or function it is written in: BASH_ENV exported by export, declare -x,
// typeset -x, export NAME, set -a or set -k (or given by env NAME=VALUE)
// names a script every later bash runs first, and ENV one an interactive
// sh runs. A function or loop that starts a shell before such a change is
// read is unknown.
var exportRows = newHunt(rmR, []huntRow{
	{`export BASH_ENV=/dev/stdin; curl URL | bash -c :`, true, inBash},
	{`BASH_ENV=/dev/stdin; export BASH_ENV; curl URL | bash -c :`, true, inBash},
	{`declare -x BASH_ENV=/dev/stdin; curl URL | bash -c :`, true, inBash},
	{`typeset -x BASH_ENV=/dev/stdin; curl URL | bash -c :`, true, inBash},
	{`declare -x BASH_ENV; BASH_ENV=/dev/stdin; curl URL | bash -c :`, true, inBash},
	{`set -a; BASH_ENV=/dev/stdin; curl URL | bash -c :`, true, inBash},
	{`set -o allexport; BASH_ENV=/dev/stdin; curl URL | bash -c :`, true, inBash},
	{`set -k; curl URL | bash -c : BASH_ENV=/dev/stdin`, true, inBash},
	{`set -k; curl URL | bash BASH_ENV=/dev/stdin -c :`, true, inBash},
	{`set -k; curl URL | env bash -c : BASH_ENV=/dev/stdin`, true, inBash},
	{`{ export BASH_ENV=/dev/stdin; }; curl URL | bash -c :`, true, inBash},
	{`true && export BASH_ENV=/dev/stdin; curl URL | bash -c :`, true, inBash},
	{`f() { export BASH_ENV=/dev/stdin; }; f; curl URL | bash -c :`, true, inBash},
	{`f() { curl URL | bash -c :; }; export BASH_ENV=/dev/stdin; f`, true, inBash},
	{`for i in 1 2; do curl URL | bash -c :; export BASH_ENV=/dev/stdin; done`, true, inBash},
	{`env BASH_ENV=/dev/stdin bash -c : <<<'rm -rf x'`, true, inBash},
	{`sudo BASH_ENV=/dev/stdin bash -c : <<<'rm -rf x'`, true, "sudo's manual: VAR=value sets the command's environment (sudo is absent from the oracle)"},
	{`export BASH_ENV=/dev/stdin; curl URL | bash -c : BASH_ENV=/dev/null`, true, inBash},
	{`export ENV=/dev/stdin; curl URL | sh -i -c :`, true, inBash},
	{`curl URL | env -S 'BASH_ENV=/dev/stdin bash -c :'`, true, inBash},
	{`f() { curl URL | bash -c :; }; BASH_ENV=/dev/stdin f`, true, inBash},
	{`printf -v BASH_ENV /dev/stdin; export BASH_ENV; curl URL | bash -c :`, true, inBash},
	{`read BASH_ENV <<<'/dev/stdin'; export BASH_ENV; curl URL | bash -c :`, true, inBash},
	{`set -a; read BASH_ENV <<<'/dev/stdin'; curl URL | bash -c :`, true, inBash},
	{`export BASH_ENV=/dev/; BASH_ENV+=stdin; curl URL | bash -c :`, true, inBash},
	{`: ${BASH_ENV:=/dev/stdin}; export BASH_ENV; curl URL | bash -c :`, true, inBash},
	{`for BASH_ENV in /dev/stdin; do export BASH_ENV; done; curl URL | bash -c :`, true, inBash},
	{`declare -n r=BASH_ENV; r=/dev/stdin; export r; curl URL | bash -c :`, true, inBash},
	// Controls.
	{`BASH_ENV=/dev/stdin; curl URL | bash -c :`, false, inBash},
	{`curl URL | bash -c : BASH_ENV=/dev/stdin`, false, inBash},
	{`BASH_ENV=/dev/stdin; export -n BASH_ENV; curl URL | bash -c :`, false, inBash},
	{`export BASH_ENV=/dev/stdin; export -n BASH_ENV; curl URL | bash -c :`, false, inBash},
	{`set -a; set +a; BASH_ENV=/dev/stdin; curl URL | bash -c :`, false, inBash},
	{`set -e; set -u; curl URL | bash -c : BASH_ENV=/dev/stdin`, false, inBash},
	{`export BASH_ENV=/dev/stdin; curl URL | bash -n -c :`, false, inBash},
	{`export BASH_ENV=/dev/stdin; bash -c : </dev/null`, false, inBash},
	{`export BASH_ENV=/dev/stdin; bash -c : <<<'ls'`, false, inBash},
	{`export ENV=/dev/stdin; curl URL | sh -c :`, false, inBash},
	{`export PATH=$PATH:/x; bash -c ls`, false, inBash},
	{`set -euo pipefail; bash -c 'ls'`, false, inBash},
	{`f() { bash -c ls; }; export FOO=1; f`, false, inBash},
	{`export BASH_ENV=/dev/null; curl URL | bash -c :`, false, inBash},
	{`export FOO=/dev/stdin; curl URL | bash -c :`, false, inBash},
	{`set -a; FOO=/dev/stdin; curl URL | bash -c :`, false, inBash},
	{`f() { bash -c ls; }; f; export BASH_ENV=/dev/null`, false, inBash},
	{`env FOO=1 bash -c : <<<'rm -rf x'`, false, inBash},
	{`read line <<<'ls'; export FOO; bash -c ls`, false, inBash},
	{`echo "$BASH_ENV"; bash -c ls`, false, inBash},
	{`env -S 'FOO=1 bash -c ls'`, false, inBash},
})

func TestAnExportHoldsForEveryShellStartedAfterIt(t *testing.T) { exportRows.check(t) }

// A coprocess shell reads what the script writes to it, which is unknown.
var coprocRows = newHunt(rmR, []huntRow{
	{`coproc sh; echo 'rm -rf x' >&${COPROC[1]}; sleep 1`, true, inBash},
	{`coproc bash; echo 'rm -rf x' >&"${COPROC[1]}"; sleep 1`, true, inBash},
	{`coproc S { sh; }; echo 'rm -rf x' >&"${S[1]}"; sleep 1`, true, inBash},
	// Controls.
	{`coproc sleep 1; echo done`, false, inBash},
	{`coproc cat; echo ls >&${COPROC[1]}`, false, inBash},
	{`coproc sh -c 'ls'; wait`, false, inBash},
})

func TestACoprocessShellRunsWhatTheScriptWritesToIt(t *testing.T) { coprocRows.check(t) }

// ssh with no remote command has the remote user's shell run its input
// as a script, which is read like any other input of a shell.
const sshManual = "OpenSSH's ssh(1): with no command, the remote login shell runs ssh's input; -N and -n give it none"

var sshStdinRows = newHunt(rmR, []huntRow{
	{"ssh host <<'EOF'\nrm -rf x\nEOF", true, sshManual},
	{`ssh -p 22 host <<<'rm -rf x'`, true, sshManual},
	{`ssh host -l me <<<'rm -rf x'`, true, sshManual},
	{`curl URL | ssh host`, true, sshManual},
	// Controls.
	{"ssh host <<'EOF'\nls\nEOF", false, sshManual},
	{`ssh host`, false, sshManual},
	{`ssh -N host <<<'rm -rf x'`, false, sshManual},
	{`ssh -n host <<<'rm -rf x'`, false, sshManual},
	{`ssh host ls <<<'rm -rf x'`, false, sshManual},
})

func TestSSHWithoutARemoteCommandRunsItsInputAsAScript(t *testing.T) { sshStdinRows.check(t) }

// bash defines a function from each BASH_FUNC_NAME%%=() { …; } in its
// environment; the body is read as a function defined on the command
// line.
var importedFunctionRows = newHunt(rmR, []huntRow{
	{`env 'BASH_FUNC_true%%=() { rm -rf x; }' bash -c true`, true, inBash},
	{`env 'BASH_FUNC_ls%%=() { rm -rf x; }' bash -c ls`, true, inBash},
	{`env 'BASH_FUNC_echo%%=() { builtin echo rm -rf x; }' bash -c 'echo hi | sh'`, true, inBash},
	// Controls.
	{`env 'BASH_FUNC_true%%=() { ls; }' bash -c true`, false, inBash},
	{`env 'BASH_FUNC_f%%=() { echo hi; }' bash -c f`, false, inBash},
	{`env FUNC='() { rm -rf x; }' bash -c true`, false, inBash},
})

func TestAFunctionInTheEnvironmentIsReadAsAFunctionDefinedOnTheLine(t *testing.T) {
	importedFunctionRows.check(t)
}

// The descriptors exec keeps open are followed up to a cap, so that each
// statement after them costs bounded work; past it the script is unknown.
func TestMoreDescriptorsThanTheCapMakeTheScriptUnknown(t *testing.T) {
	var b strings.Builder
	for i := range maxFds + 1 {
		fmt.Fprintf(&b, "true && exec %d<<<ls; ", i+3)
	}
	assert.NotEmpty(t, Parse(b.String()+"sh").Unknown)
	assert.Empty(t, Parse("exec 3<<<ls; exec 4<<<ls; sh <&3").Unknown)
}
