package shell

import "testing"

// npm reads its configuration from its options wherever they are on its
// command line, before the command as after it, and from the npm_config_
// variables of its environment, in any case: the call npm exec runs and
// the shell it runs it with are read wherever they are set.
var npmConfigRows = newHunt(rmR, []huntRow{
	{`npm -c 'rm -rf x' exec`, true, inBash},
	{`npm --call 'rm -rf x' x`, true, inBash},
	{`npm --call='rm -rf x' exec`, true, inBash},
	{`npm_config_call='rm -rf x' npm exec`, true, inBash},
	{`NPM_CONFIG_CALL='rm -rf x' npm exec`, true, inBash},
	{`export npm_config_call='rm -rf x'; npm exec`, true, inBash},
	{`env npm_config_call='rm -rf x' npm exec`, true, inBash},
	{`f() { declare -gx npm_config_call='rm -rf x'; }; f; npx`, true, inBash},
	{`npm --script-shell=python3 exec -c 'print(1); import os; os.system("rm -rf x")'`, true, inBash},
	// Controls.
	{`npm -c 'echo hi' exec`, false, inBash},
	{`npm_config_call= npm exec -c 'echo hi'`, false, inBash},
	{`npm_config_call='echo hi' npm exec`, false, inBash},
	{`npm_config_registry=http://localhost:1 npm exec -c 'echo hi'`, false, inBash},
	{`npm_config_script_shell=/bin/sh npm exec -c 'echo hi'`, false, inBash},
	{`npm --script-shell=bash exec -c 'echo hi'`, false, inBash},
	{`export NPM_CONFIG_LOGLEVEL=silent; npm exec -c 'echo hi'`, false, inBash},
	{`npm --loglevel silent exec -c 'echo hi'`, false, inBash},
	{`npm -s exec -c 'rm -f x/f'`, false, inBash},
})

func TestNpmsCallAndScriptShellAreReadWhereverNpmReadsItsConfiguration(t *testing.T) {
	npmConfigRows.check(t)
}

// compgen -W expands each word of its list again, substitutions and all.
var compgenWordRows = newHunt(rmR, []huntRow{
	{`compgen -W '$(rm -rf x)'`, true, inBash},
	{"compgen -W '`rm -rf x`' a", true, inBash},
	{`compgen -aW '$(rm -rf x)' a`, true, inBash},
	{`w='$(rm -rf x)'; compgen -W "$w"`, true, inBash},
	// Controls.
	{`compgen -W 'a b c' a`, false, inBash},
	{`compgen -W '$(echo a b) c' a`, false, inBash},
	{`compgen -W '${HOME} c' a`, false, inBash},
	{`compgen -W "start stop" -- st`, false, inBash},
	{`compgen -c ls`, false, inBash},
})

func TestTheWordsOfCompgenWAreExpandedAgainAndRead(t *testing.T) {
	compgenWordRows.check(t)
}

// What the line itself writes to xargs is the words xargs gives its
// command: read as xargs splits it, or unknown when an option splits it
// otherwise or into several commands.
var xargsLiteralRows = newHunt(rmR, []huntRow{
	{`xargs rm <<< '-rf x'`, true, inBash},
	{`echo -rf x | xargs rm`, true, inBash},
	{`printf '%s\n' -r x | xargs rm`, true, inBash},
	{`xargs -r rm <<< '-rf x'`, true, inBash},
	{"xargs -t rm <<E\n-rf x\nE", true, inBash},
	{`xargs -P2 rm <<< "'-rf' x"`, true, inBash},
	{`xargs -n1 rm <<< '-rf x'`, true, inBash},
	{`xargs bash -c <<< "'rm -rf x'"`, true, inBash},
	{`xargs -n1 rm <<< 'x -- -r'`, true, inBash},
	{`xargs -0 rm <<< '-rf'`, true, inBash},
	{`f() { xargs rm; }; f <<< '-rf x'`, true, inBash},
	{`f() { xargs rm; }; g() { f; }; echo -rf x | g`, true, inBash},
	// Controls.
	{`xargs rm -f <<< 'x/f'`, false, inBash},
	{`echo x/f | xargs rm`, false, inBash},
	{`xargs rm <<< 'x/f -- -r'`, false, inBash},
	{`echo a b | xargs echo`, false, inBash},
	{`xargs rm < /dev/null`, false, inBash},
	{`xargs rm <<< "'-rf x"`, false, inBash},
	{`xargs sh -c <<< 'rm -rf x'`, false, inBash},
	{`printf '%s\n' a b | xargs -I{} echo {}`, false, inBash},
	{`xargs -n1 echo <<< 'a b c'`, false, inBash},
	{`xargs -L1 rm -f <<< 'x/f'`, false, inBash},
	{`f() { xargs rm -f; }; f <<< 'x/f'`, false, inBash},
	{`f() { xargs echo; }; g() { f; }; echo -rf x | g`, false, inBash},
})

func TestTheWordsTheLineWritesToXargsAreTheWordsOfItsCommand(t *testing.T) {
	xargsLiteralRows.check(t)
}
