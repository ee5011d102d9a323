package shell

import "testing"

// inZsh rows were run by zsh 5.9 on Debian with the same stand-ins as
// inBash rows; the oracle does not run them again.
const inZsh = "zsh 5.9"

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
