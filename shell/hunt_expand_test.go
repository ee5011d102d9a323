package shell

import "testing"

// An expansion that can yield several words ("$@", "${a[@]}", ${a[*]}
// unquoted, "${@:2}") yields any words, each of which may be a flag,
// wherever it stands among the arguments.
var manyWordRows = newHunt(rmR, []huntRow{
	{cmd: `f() { rm "$@"; }; f -rf x`, runs: true, how: inBash},
	{cmd: `f() { rm -f "$@"; }; f -r x`, runs: true, how: inBash},
	{cmd: `set -- -rf x; rm "$@"`, runs: true, how: inBash},
	{cmd: `set -- -rf x; rm $*`, runs: true, how: inBash},
	{cmd: `set -- y -rf x; rm "${@:2}"`, runs: true, how: inBash},
	{cmd: `a=(-rf x); rm "${a[@]}"`, runs: true, how: inBash},
	{cmd: `a=(-rf x); rm ${a[@]}`, runs: true, how: inBash},
	{cmd: `a=(-rf x); rm ${a[*]}`, runs: true, how: inBash},
	{cmd: `a=(-rf x); rm "${a[@]:0}"`, runs: true, how: inBash},
	{cmd: `a=(-rf x.txt); rm "${a[@]%.txt}"`, runs: true, how: inBash},
	{cmd: `a=(y -rf x); rm "/tmp/${a[@]}"`, runs: true, how: inBash},
	{cmd: `a=(y -rf x); rm "${a[@]}.lock"`, runs: true, how: inBash},
	{cmd: `declare -A m=([k]=-rf); rm "${m[@]}" x`, runs: true, how: inBash},
	{cmd: `f() { rm "${@}"; }; f -rf x`, runs: true, how: inBash},
	{cmd: `set -- -rf x; ref=@; rm "${!ref}"`, runs: true, how: inBash},
	{cmd: `a=(-rf x); ref='a[@]'; rm "${!ref}"`, runs: true, how: inBash},
	{cmd: `a=(-rf x); ref='a[@]'; rm "${!ref:-y}"`, runs: true, how: inBash},
	{cmd: `a=(-rf x); declare -n r=a; rm "${r[@]}"`, runs: true, how: inBash},

	{cmd: `echo "$@"`, runs: false, how: inBash},
	{cmd: `printf '%s\n' "$@"`, runs: false, how: inBash},
	{cmd: `set -- -rf x; echo "$@"`, runs: false, how: inBash},
	{cmd: `a=(-rf x); printf '%s\n' "${a[@]}"`, runs: false, how: inBash},
	{cmd: `a=(-rf x); echo rm "${a[@]}"`, runs: false, how: inBash},
	{cmd: `set -- -rf x; rm -- "$@"`, runs: false, how: inBash},
	{cmd: `set -- -rf x; rm -f -- "${@:1}"`, runs: false, how: inBash},
	{cmd: `set -- notes.txt; rm "$1"`, runs: false, how: inBash},
	{cmd: `set -- a b; rm -f "$*"`, runs: false, how: inBash},
	{cmd: `a=(x y); rm -f "${#a[@]}"`, runs: false, how: inBash},
	{cmd: `set -- x; rm -f "${#@}"`, runs: false, how: inBash},
	{cmd: `for f in "$@"; do echo "$f"; done`, runs: false, how: inBash},
	{cmd: `set -- x; ls -l "$@"`, runs: false, how: inBash},
	{cmd: `a=(x y); rm -f "${a[0]}"`, runs: false, how: inBash},
	{cmd: `a=(x y); rm -f "${!a[*]}"`, runs: false, how: inBash},
	{cmd: `a=(x y); rm -f "${!a[*]}" && rm -f "${a[*]}"`, runs: false, how: inBash},
})

// The same holds where git's subcommand stands: the words may be push and
// a force, and a word an option takes as its value gives the option only
// the first.
var manyWordPushes = newHunt(forcePush, []huntRow{
	{cmd: `set -- push -f origin main; git "$@"`, runs: true, how: inGit},
	{cmd: `set -- push --force; git $* origin main`, runs: true, how: inGit},
	{cmd: `set -- -f; git push "$@" origin main`, runs: true, how: inGit},
	{cmd: `a=(origin +main); git push "${a[@]}"`, runs: true, how: inGit},
	{cmd: `set -- x --force; git push -o "$@" origin main`, runs: true, how: inGit},

	{cmd: `set -- -1 --stat; git log "$@" && git show "$@"`, runs: false, how: inGit},
	{cmd: `set -- msg; git commit --allow-empty -q -m "$@"`, runs: false, how: inGit},
	{cmd: `set -- main; git log --oneline -1 "$@"`, runs: false, how: inGit},
	{cmd: `a=(--short); git status "${a[@]}"`, runs: false, how: inGit},
	{cmd: `set -- -f; echo git push "$@"`, runs: false, how: inGit},
})

func TestAnExpansionThatMayYieldSeveralWordsYieldsAnyWords(t *testing.T) {
	manyWordRows.check(t)
	manyWordPushes.check(t)
}

// An alias is read as bash reads it: expanded once, not again inside its
// own value; the word after a value that ends in a blank is expanded
// too; and, since bash -c does not expand aliases unless expand_aliases
// is set, nor on the line that defines them, the name is read as itself
// as well.
var aliasRows = newHunt(rmR, []huntRow{
	{cmd: "shopt -s expand_aliases\nalias r='rm ' f='-rf'\nr f x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases\nalias r='rm ' f='-r ' g='-f'\nr f g x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases\nalias rm='rm ' r='-r'\nrm r x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases\nalias n='nice ' r='rm'\nn r -rf x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases\nalias ls='rm '\nls -rf x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases; alias rm=echo; rm -rf x", runs: true, how: inBash},
	{cmd: "alias rm=echo\nrm -rf x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases\nalias rm='rm -i'\nrm -r x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases\nBASH_ALIASES[r]='rm '; BASH_ALIASES[f]=-rf\nr f x", runs: true, how: inBash},
	{cmd: "shopt -s expand_aliases\nalias e='echo ' n='nice ' r='rm -r'\nn e r x; n r x", runs: true, how: inBash},

	{cmd: "shopt -s expand_aliases\nalias ls='ls -la'\nls", runs: false, how: inBash},
	{cmd: "alias ls='ls -la'; ls", runs: false, how: inBash},
	{cmd: "shopt -s expand_aliases\nalias grep='grep --color=auto'\ngrep -rn TODO .", runs: false, how: inBash},
	{cmd: "shopt -s expand_aliases\nalias rm='rm -i'\nrm -f x/f", runs: false, how: inBash},
	{cmd: "shopt -s expand_aliases\nalias d='rm ' f='-rf'\nd \"f\" x", runs: false, how: inBash},
	{cmd: "shopt -s expand_aliases\nalias d='rm ' f='-rf'\nd \\f x", runs: false, how: inBash},
	{cmd: "shopt -s expand_aliases\nalias d='rm' f='-rf'\nd f x", runs: false, how: inBash},
	{cmd: "shopt -s expand_aliases\nalias e='echo ' r='rm'\ne r -rf x", runs: false, how: inBash},
	{cmd: "shopt -s expand_aliases\nalias ls='ls --color=auto ' l='-l'\nls l x", runs: false, how: inBash},
	{cmd: "shopt -s expand_aliases\nalias ll='ls -la' la='ls -A'\nll; la", runs: false, how: inBash},
	{cmd: "alias ll='ls -la'; ll", runs: false, how: inBash},
	{cmd: "shopt -s expand_aliases\nBASH_ALIASES[d]='rm '; BASH_ALIASES[f]=-f\nd f x/f", runs: false, how: inBash},
	{cmd: "shopt -s expand_aliases\nalias n='nice ' l='ls -la'\nn l; n -n 5 l", runs: false, how: inBash},
})

func TestAnAliasIsExpandedOnceAndTheWordAfterABlankIsExpandedToo(t *testing.T) {
	aliasRows.check(t)
}

// A value bash reads again where it is used (as arithmetic, as a name
// with ${!x}, as a prompt with ${x@P}) is searched as the line builds it
// — joined, appended to, printed with printf -v, looped over, passed as
// $1 — and a use of one built in a way not worked out is unknown.
var rereadRows = newHunt(rmR, []huntRow{
	{cmd: `y='a[$'; z='(rm -rf x)]'; x="$y$z"; echo $((x))`, runs: true, how: inBash},
	{cmd: `y='$'; x="a[${y}(rm -rf x)]"; echo $((x))`, runs: true, how: inBash},
	{cmd: `x='a[$'; x+='(rm -rf x)]'; echo $((x))`, runs: true, how: inBash},
	{cmd: `printf -v x 'a[$%s' '(rm -rf x)]'; echo $((x))`, runs: true, how: inBash},
	{cmd: `x=$(echo 'a[$(rm -rf x)]'); echo $((x))`, runs: true, how: inBash},
	{cmd: `x=${y:-'a[$(rm -rf x)]'}; echo $((x))`, runs: true, how: inBash},
	{cmd: `for x in 'a[$(rm -rf x)]'; do echo $((x)); done`, runs: true, how: inBash},
	{cmd: `set -- 'a[$(rm -rf x)]'; echo $(($1))`, runs: true, how: inBash},
	{cmd: `f() { echo $(($1)); }; f 'a[$(rm -rf x)]'`, runs: true, how: inBash},
	{cmd: `f() { echo $(($1)); }; f 'a[$'"(rm -rf x)]"`, runs: true, how: inBash},
	{cmd: `y='a[$Q'; x="${y/Q/}"'(rm -rf x)]'; echo $((x))`, runs: true, how: inBash},
	{cmd: `y='a[$Q'; x="${y/Q/}"'(rm -rf x)]'; echo ${!x}`, runs: true, how: inBash},
	{cmd: `y='a[$Q'; x="${y/Q/}"'(rm -rf x)]'; echo ${x@P}`, runs: true, how: inBash},
	{cmd: `y='a[$Q'; x="${y/Q/}"'(rm -rf x)]'; [[ x -eq 0 ]]`, runs: true, how: inBash},
	{cmd: `y='a[$Q'; x="${y/Q/}"'(rm -rf x)]'; (( x ))`, runs: true, how: inBash},
	{cmd: `y='a[$Q'; x="${y/Q/}"'(rm -rf x)]'; let z=x`, runs: true, how: inBash},
	{cmd: `y='a[$Q'; x="${y/Q/}"'(rm -rf x)]'; a=(1); echo ${a[x]}`, runs: true, how: inBash},
	{cmd: `a=('a[$' '(rm -rf x)]'); x="${a[0]}${a[1]}"; echo $((x))`, runs: true, how: inBash},
	{cmd: `y='a[$'; z='(rm -rf x)]'; echo $(($y$z))`, runs: true, how: inBash},
	{cmd: `y='a[$'; z='(rm -rf x)]'; echo $(("$y$z"))`, runs: true, how: inBash},
	{cmd: `y='a[$'; z='(rm -rf x)]'; echo ${a[$y$z]}`, runs: true, how: inBash},
	{cmd: `y='a[$'; z='(rm -rf x)]'; [[ $y$z -eq 0 ]]`, runs: true, how: inBash},
	{cmd: `: ${x:='a[$'}; x+='(rm -rf x)]'; echo $((x))`, runs: true, how: inBash},
	{cmd: `IFS=Q read a b <<< 'a[$Q(rm -rf x)]'; x="$a$b"; echo $((x))`, runs: true, how: inBash},
	{cmd: `mapfile -t a <<< $'a[$\n(rm -rf x)]'; x="${a[0]}${a[1]}"; echo $((x))`, runs: true, how: inBash},
	{cmd: `s='a[$Q(rm -rf x)]'; IFS=Q; set -- $s; echo $(($1$2))`, runs: true, how: inBash},
	{cmd: `set -- 'a[$' x '(rm -rf x)]'; echo $(($1$3))`, runs: true, how: inBash},
	{cmd: `f() { echo $(($1$2)); }; f 'a[$' '(rm -rf x)]'`, runs: true, how: inBash},
	{cmd: `y='a[$'; declare "x=$y(rm -rf x)]"; echo $((x))`, runs: true, how: inBash},
	{cmd: `for p in 'a[$' '(rm -rf x)]'; do q+=$p; done; echo $((q))`, runs: true, how: inBash},
	{cmd: `s='a[$Q(rm -rf x)]'; IFS=Q; for p in $s; do q+=$p; done; echo $((q))`, runs: true, how: inBash},
	{cmd: `declare -n r=x; y='a[$Q'; x="${y/Q/}(rm -rf x)]"; echo $((r))`, runs: true, how: inBash},

	{cmd: `i=0; i=$((i+1)); echo $((i*2))`, runs: false, how: inBash},
	{cmd: `n=$(wc -l < /dev/null); echo $((n+1))`, runs: false, how: inBash},
	{cmd: `for i in 1 2 3; do echo $((i*2)); done`, runs: false, how: inBash},
	{cmd: `x=${y:-5}; echo $((x))`, runs: false, how: inBash},
	{cmd: `s=abc; n=${#s}; echo $((n+1))`, runs: false, how: inBash},
	{cmd: `f() { echo $(($1+1)); }; f 2`, runs: false, how: inBash},
	{cmd: `x=5; y="$x"; echo $((y))`, runs: false, how: inBash},
	{cmd: `a=(3 4); echo $((a[0]+a[1]))`, runs: false, how: inBash},
	{cmd: `y='a[$'; z='(rm -rf x)]'; echo "$y$z"`, runs: false, how: inBash},
	{cmd: `y='a[$Q'; x="${y/Q/}"'(rm -rf x)]'; echo "$x"`, runs: false, how: inBash},
	{cmd: `printf -v n '%d' 7; echo $((n+1))`, runs: false, how: inBash},
	{cmd: `set -- 3 4; echo $(($1+$2))`, runs: false, how: inBash},
	{cmd: `total=0; for n in 1 2; do total=$((total+n)); done; echo "$total"`, runs: false, how: inBash},
	{cmd: `v="$HOME/x"; echo "${#v}" $((${#v}+1))`, runs: false, how: inBash},
	{cmd: `a=1; b=2; echo $(($a$b + 1))`, runs: false, how: inBash},
	{cmd: `f() { echo $(($1 + $2)); }; f 3 4`, runs: false, how: inBash},
	{cmd: `read -r n <<< 5; echo "$n"`, runs: false, how: inBash},
	{cmd: `mapfile -t lines < /dev/null; echo "${#lines[@]}" $((${#lines[@]}+1))`, runs: false, how: inBash},
	{cmd: `x=3; x+=4; echo $((x))`, runs: false, how: inBash},
	{cmd: `y=2; z=5; x="$y$z"; echo $((x)) ${x@P}`, runs: false, how: inBash},
	{cmd: `printf -v x '%s%s' 1 2; echo $((x))`, runs: false, how: inBash},
	{cmd: `x=$(echo 42); echo $((x))`, runs: false, how: inBash},
	{cmd: `x=${y:-7}; echo $((x)) ${!x}`, runs: false, how: inBash},
	{cmd: `for n in 1 2 3; do echo $((n)); done; echo "${n@P}"`, runs: false, how: inBash},
	{cmd: `set -- 1 2; echo $(($1 * $2)) $(( $# ))`, runs: false, how: inBash},
	{cmd: `f() { echo $(($1 * 2)); }; f 3; f 4`, runs: false, how: inBash},
	{cmd: `a=(1 2); x="${a[0]}${a[1]}"; echo "$x"`, runs: false, how: inBash},
	{cmd: `read -r a b < /dev/null; echo $((a+b))`, runs: false, how: inBash},
	{cmd: `declare -n r=x; x=9; echo $((r)) "${!r}"`, runs: false, how: inBash},
	{cmd: `: ${n:=3}; echo $((n*2))`, runs: false, how: inBash},
	{cmd: `declare -n r=n; n=4; echo $((r+1))`, runs: false, how: inBash},
	{cmd: `for w in a b; do s+=$w; done; echo "$s"`, runs: false, how: inBash},
	{cmd: `y=ab; f() { echo "$1"; }; f "${y/a/b}"; echo $((5+1)) $((0x10))`, runs: false, how: inBash},
})

func TestAValueReadAgainWhereItIsUsedIsSearchedAsTheLineBuildsItOrIsUnknown(t *testing.T) {
	rereadRows.check(t)
}
