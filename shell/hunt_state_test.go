package shell

import "testing"

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
// is cleaned before it is compared, and one with an expansion that could
// make it a descriptor is unknown.
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
})

func TestAPathIsComparedAsTheKernelResolvesIt(t *testing.T) { devicePathRows.check(t) }
