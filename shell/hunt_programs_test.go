package shell

import "testing"

// The rows below that make x/big write 100 kB so that tar -M -L 10 needs
// a second volume and runs its volume script.

var tarRows = newHunt(rmR, []huntRow{
	// An old-style first word: each letter that takes a value takes the
	// next word, in order.
	{`tar cIf 'rm -rf x' a.tar x`, true, inBash},
	{`tar cfI a.tar 'rm -rf x' x`, true, inBash},
	{`tar Icf 'rm -rf x' a.tar x`, true, inBash},
	{`tar fIc a.tar 'rm -rf x' x`, true, inBash},
	{`tar 'cI' 'rm -rf x' -f a.tar x`, true, inBash},
	{`head -c 100000 /dev/zero > x/big; tar cMLfF 10 a.tar 'rm -rf x' x`, true, inBash},
	// The options that hold a command, however they are written.
	{`tar --use-comp='rm -rf x' -cf a.tar x`, true, inBash},
	{`tar --use-compress-program 'rm -rf x' -cf a.tar x`, true, inBash},
	{`tar cf a.tar x -I 'rm -rf x'`, true, inBash},
	{`tar -cf a.tar x/f && tar xf a.tar --to-command 'rm -rf x'`, true, inBash},
	{`tar cf a.tar --checkpoint=1 --checkpoint-action='sleep=0' --checkpoint-action=exec="rm -rf x" x`, true, inBash},
	{`head -c 100000 /dev/zero > x/big; tar -cML10 -f a.tar x -F'rm -rf x'`, true, inBash},
	{`head -c 100000 /dev/zero > x/big; tar -c -M -L 10 -f a.tar x --new-volume-script='rm -rf x'`, true, inBash},
	// Words that run time makes any options.
	{`o=(-I 'rm -rf x'); tar "${o[@]}" -cf a.tar x`, true, inBash},
	{`m=cIf; tar $m 'rm -rf x' a.tar x`, true, inBash},
	{`set -- -I 'rm -rf x'; tar -cf a.tar "$@" x`, true, inBash},
	{`a='exec=rm -rf x'; tar cf a.tar --checkpoint=1 --checkpoint-action="$a" x`, true, inBash},
	{`a='-Irm -rf x'; tar -cf a.tgz "$a" x`, true, inBash},
	{`a='--use-compress-program=rm -rf x'; tar -cf a.tar x "$a"`, true, inBash},
	{`m='Irm -rf x'; tar -c"$m" -f a.tar x`, true, inBash},
	{`m='-compress-program=rm -rf x'; tar -cf a.tar --use"$m" x`, true, inBash},

	// -cIf gives -I the value f, and 'rm -rf x' is a file to archive.
	{`tar -cIf 'rm -rf x' a.tar x`, false, inBash},
	{`tar cf a.tar x && tar xf a.tar 'rm -rf x'`, false, inBash},
	{`tar cfb a.tar 20 x`, false, inBash},
	{`tar cbf 20 a.tar x`, false, inBash},
	{`tar -czf a.tar.gz x`, false, inBash},
	{`tar cvf a.tar x`, false, inBash},
	{`tar cf a.tar x && tar tvf a.tar`, false, inBash},
	{`tar cf a.tar -C x .`, false, inBash},
	{`tar -cJf a.tar.xz x`, false, inBash},
	{`tar -cf a.tar -I gzip x`, false, inBash},
	{`tar -cf a.tar --exclude='rm -rf x' x`, false, inBash},
	{`tar -cf a.tar x --transform='s/rm -rf x/y/'`, false, inBash},
	{`tar -cf a.tar -- -I 'rm -rf x' x`, false, inBash},
	{`tar -cf a.tar x --checkpoint=1 --checkpoint-action=echo`, false, inBash},
	// ttyout's text runs to the end: it holds no second action.
	{`tar cf a.tar --checkpoint=1 --checkpoint-action=ttyout=hi,exec='rm -rf x' x`, false, inBash},
	{`tar -czf "$HOME/a.tgz" x`, false, inBash},
	{`d=x; tar -czf a.tgz "$d/"`, false, inBash},
	{`d=x; tar -czf "a-$(date +%F).tgz" "./$d"`, false, inBash},
	{`tar -C "$HOME" -czf a.tgz x`, false, inBash},
	{`p='rm -rf x'; tar --exclude="$p" -czf a.tgz x`, false, inBash},
	{`n=a; tar -czf"$n.tgz" x`, false, inBash},
	{`d=x; tar -czf a.tgz -- "$d"`, false, inBash},
	// -T reads names, and no options that run anything.
	{`printf -- '--use-compress-program=rm -rf x\nx\n' | tar -cf a.tar -T -`, false, inBash},
	{`printf -- '--checkpoint-action=exec=rm -rf x\n--checkpoint=1\nx\n' | tar -cf a.tar -T -`, false, inBash},
})

func TestTarsOldStyleBundleGivesEachLetterThatTakesAValueTheNextWord(t *testing.T) {
	tarRows.check(t)
}

var tarOptionsRows = newHunt(rmR, []huntRow{
	{`TAR_OPTIONS='-I "rm -rf x"' tar cf a.tar x`, true, inBash},
	{`TAR_OPTIONS='--use-compress-program="rm -rf x"' tar cf a.tar x`, true, inBash},
	{`TAR_OPTIONS='-I"rm -rf x"' tar cf a.tar x`, true, inBash},
	{`TAR_OPTIONS='-I rm\ -rf\ x' tar cf a.tar x`, true, inBash},
	{`tar -cf a.tar x/f; TAR_OPTIONS="--to-command='rm -rf x'" tar -xf a.tar`, true, inBash},
	{`export TAR_OPTIONS='-I "rm -rf x"'; tar cf a.tar x`, true, inBash},
	{`TAR_OPTIONS='-I "rm -rf x"'; export TAR_OPTIONS; tar cf a.tar x`, true, inBash},
	{`declare -x TAR_OPTIONS='-I "rm -rf x"'; tar cf a.tar x`, true, inBash},
	{`env TAR_OPTIONS='-I "rm -rf x"' tar cf a.tar x`, true, inBash},
	{`env -u OLDPWD TAR_OPTIONS='-I "rm -rf x"' tar cf a.tar x`, true, inBash},
	{`TAR_OPTIONS="-I '$(echo rm -rf x)'" tar cf a.tar x`, true, inBash},

	{`TAR_OPTIONS=-v tar cf a.tar x`, false, inBash},
	{`TAR_OPTIONS='-I gzip' tar cf a.tar x`, false, inBash},
	{`TAR_OPTIONS='--exclude="rm -rf x"' tar cf a.tar x`, false, inBash},
	// TAR_OPTIONS has no old-style bundle, and its -I takes no word of
	// the command line.
	{`TAR_OPTIONS='cIf "rm -rf x" b.tar' tar -cf a.tar x`, false, inBash},
	{`TAR_OPTIONS='-I' tar 'rm -rf x' -cf a.tar x`, false, inBash},
	{`env -u OLDPWD TAR_OPTIONS=--totals tar cf a.tar x`, false, inBash},
	{`export TAR_OPTIONS='--exclude=*.o'; tar cf a.tar x`, false, inBash},
	{`TAR_OPTIONS='--checkpoint=1 --checkpoint-action=dot' tar cf a.tar x`, false, inBash},
	{`TAR_OPTIONS="--owner=0 --group=0" tar cf a.tar x`, false, inBash},
	{`TAR_OPTIONS="--warning=no-timestamp" tar cf a.tar x`, false, inBash},
	{`TAR_OPTIONS='--to-command=cat' tar cf a.tar x`, false, inBash},
})

func TestTarOptionsAreReadAsTarsOptionsWhereverTheyAreSet(t *testing.T) {
	tarOptionsRows.check(t)
}

// rsync is not installed here: its rows follow rsync 3.2's manual.
const (
	rsyncRsh     = "rsync 3.2's manual: -e/--rsh COMMAND and RSYNC_RSH start the remote shell on this machine"
	rsyncConnect = "rsync 3.2's manual: RSYNC_CONNECT_PROG is run by RSYNC_SHELL (or /bin/sh) -c to reach a daemon"
	rsyncPath    = "rsync 3.2's manual: --rsync-path PROGRAM is run by the remote shell"
	rsyncPlain   = "rsync 3.2's manual"
	rsyncDaemon  = "rsyncd.conf(5) of rsync 3.2: early exec, pre-xfer exec and post-xfer exec run a command when a client connects; rsync(1): --dparam (-M as a daemon) sets a parameter"
)

// rsyncd writes a daemon's configuration with one module, m, which
// rsyncConnects copies from.
const (
	rsyncd        = `printf '[m]\npath = .\n' > c.conf; `
	rsyncConnects = ` sleep 1; rsync --port=8730 localhost::m/ d`
)

var rsyncRows = newHunt(rmR, []huntRow{
	{`rsync -e 'rm -rf x' a h:b`, true, rsyncRsh},
	{`rsync -av -e'rm -rf x' a h:b`, true, rsyncRsh},
	{`rsync -ave 'rm -rf x' a h:b`, true, rsyncRsh},
	{`rsync --rsh 'rm -rf x' a h:b`, true, rsyncRsh},
	{`rsync --rsync-path='rm -rf x' a h:b`, true, rsyncPath},
	{`rsync a h:b --rsh='rm -rf x'`, true, rsyncRsh},
	{`RSYNC_RSH='rm -rf x' rsync a h:b`, true, rsyncRsh},
	{`export RSYNC_RSH='rm -rf x'; rsync a h:b`, true, rsyncRsh},
	{`env RSYNC_RSH='rm -rf x' rsync a h:b`, true, rsyncRsh},
	{`X='rm -rf x'; RSYNC_RSH="$X" rsync a h:b`, true, rsyncRsh},
	{`RSYNC_CONNECT_PROG='rm -rf x' rsync rsync://h/m/ d`, true, rsyncConnect},
	{`export RSYNC_CONNECT_PROG='rm -rf x'; rsync h::m/ d`, true, rsyncConnect},

	{rsyncd + `rsync --daemon --no-detach --port=8730 --config=c.conf --dparam='early exec=rm -rf x' &` + rsyncConnects, true, rsyncDaemon},
	{rsyncd + `rsync --daemon --port=8730 --config=c.conf -M 'pre-xfer_exec=rm -rf x' &` + rsyncConnects, true, rsyncDaemon},
	{rsyncd + `rsync --daemon --port=8730 --config c.conf --dparam 'Post-Xfer Exec=rm -rf x' &` + rsyncConnects, true, rsyncDaemon},
	{rsyncd + `P='early exec=rm -rf x'; rsync --daemon --port=8730 --config=c.conf --dparam="$P" &` + rsyncConnects, true, rsyncDaemon},

	{`rsync --daemon --no-detach --port=8730 --dparam='motd file=/etc/motd'`, false, rsyncDaemon},
	{"rsync --daemon --no-detach --port=8730 --config=/dev/stdin <<'EOF'\n[m]\npath = .\ncomment = rm -rf x\nEOF", false, rsyncDaemon},
	// Not a daemon, -M sends an option to the other side.
	{`rsync -av -M--fake-super src/ host:dst/`, false, rsyncPlain},
	{`rsync -av src/ dst/`, false, rsyncPlain},
	{`rsync -avz --delete src/ host:/srv/app/`, false, rsyncPlain},
	{`rsync -av -e ssh src/ host:dst/`, false, rsyncRsh},
	{`rsync -av -e 'ssh -p 2222' src/ host:dst/`, false, rsyncRsh},
	{`rsync -av --exclude='rm -rf x' src/ dst/`, false, rsyncPlain},
	{`rsync -av --filter='- rm -rf x' src/ dst/`, false, rsyncPlain},
	{`rsync -av --rsync-path='sudo rsync' src/ host:dst/`, false, rsyncPath},
	{`RSYNC_RSH='ssh -i key' rsync -a src/ host:dst/`, false, rsyncRsh},
	{`RSYNC_CONNECT_PROG='ssh proxy nc %H 873' rsync h::m/ d`, false, rsyncConnect},
	{`RSYNC_SHELL=/bin/bash RSYNC_CONNECT_PROG='nc %H 873' rsync h::m/ d`, false, rsyncConnect},
	{`rsync -av --modify-window 1 src/ dst/`, false, rsyncPlain},
	{`rsync -av --info=progress2 --chmod=D755 src/ dst/`, false, rsyncPlain},
	{`rsync -av --log-file=rsync.log src/ dst/`, false, rsyncPlain},
})

func TestRsyncsRemoteShellAndConnectProgramAreReadFromItsOptionsAndEnvironment(t *testing.T) {
	rsyncRows.check(t)
}

var makefileRows = newHunt(rmR, []huntRow{
	// Statements given on make's command line.
	{`make -E 't: ; rm -rf x' t`, true, inBash},
	{`make --ev='t: ; rm -rf x' t`, true, inBash},
	{`make -E 'X:=$(shell rm -rf x)' -E 't: ; @:' t`, true, inBash},
	{`export SHELL=/bin/sh; make 'X!=rm -rf x' t`, true, inBash},
	{`SHELL=/bin/bash make 'X!=rm -rf x' -E 't: ; @:' t`, true, inBash},
	// Makefiles on the input.
	{"make -f - <<'EOF'\nt: ; rm -rf x\nEOF", true, inBash},
	{`printf 'X != rm -rf x\nall: ; @:\n' | make -f -`, true, inBash},
	{`printf 'all:\n\techo $(shell` + "\t" + `rm -rf x)\n' | make -f -`, true, inBash},
	{`printf 'all:\n\t${shell rm -rf x}\n' | make -f -`, true, inBash},
	{`printf 'all: ; rm \\\n -rf x\n' | make -f -`, true, inBash},
	{`make -f <(printf 'all:\n\trm -rf x\n')`, true, inBash},
	// Any reference but $(shell) and the automatic variables is the value
	// of something make was told elsewhere.
	{`printf 'all:\n\t$(X)\n' | make -f - X='rm -rf x'`, true, inBash},
	{`printf 'X = rm -rf x\nall:\n\t$(X)\n' | make -f -`, true, inBash},
	{`printf 'define X\nrm -rf x\nendef\nall: ; $(X)\n' | make -f -`, true, inBash},
	{`printf '$(eval all: ; rm -rf x)\n' | make -f -`, true, inBash},
	// MAKEFLAGS and GNUMAKEFLAGS are make's options too.
	{`MAKEFLAGS='--eval=t:;rm\ -rf\ x' make t`, true, inBash},
	{`MAKEFLAGS='E t:;rm\ -rf\ x' make t`, true, inBash},
	{`export MAKEFLAGS='--eval=t:;rm\ -rf\ x'; make -E 'u: ; @:' t`, true, inBash},
	{`GNUMAKEFLAGS='--eval=t:;rm\ -rf\ x' make t`, true, inBash},

	{`make -E 'all: ; @echo hi'`, false, inBash},
	{`make -j4 -E 'all: ; @echo hi'`, false, inBash},
	{`make -E 'all: ; @echo hi' X='rm -rf x'`, false, inBash},
	{`make -s -E 'all: ; @echo hi' 'X := hi'`, false, inBash},
	{`printf 'all:\n\techo hi\n' | make -f -`, false, inBash},
	{`printf 'all:\n\t@echo $@ $$HOME\n' | make -f -`, false, inBash},
	{`printf 'all: x/f\n\t@echo $< $(@D) $^\n' | make -f -`, false, inBash},
	{`printf 'X = rm -rf x\nall:\n\techo hi\n' | make -f -`, false, inBash},
	{`printf '# rm -rf x\nall:\n\techo hi # rm -rf x\n' | make -f -`, false, inBash},
	{`printf 'all: ; echo rm -rf x\n' | make -f -`, false, inBash},
	{`MAKEFLAGS=-s make -E 'all: ; @echo hi'`, false, inBash},
	{`MAKEFLAGS='k -- X=rm\ -rf\ x' make -E 'all: ; @echo hi'`, false, inBash},
	{"make -f - <<'EOF'\nall:\n\techo $(MAKE) $$PWD\nEOF", false, inBash},
	// include reads a makefile too, and one on the input is read.
	{`make -E 'include /dev/stdin' t <<< $'t: ; rm -rf x'`, true, inBash},
	{`printf 't: ; rm -rf x\n' | make -E '-include /dev/stdin' t`, true, inBash},
	{`MAKEFILES=/dev/stdin make t <<< $'t: ; rm -rf x'`, true, inBash},
	{`make -E 'include /dev/stdin' t < /dev/null`, false, inBash},
	{`make -E '-include /dev/null' -E 't: ; @echo hi' t`, false, inBash},
	{`MAKEFILES=/dev/null make -E 't: ; @echo hi' t`, false, inBash},
	{`make -E 't: ; @echo $$HOME' t`, false, inBash},
	{`printf 'include /dev/null\nall: ; @echo hi\n' | make -f -`, false, inBash},
	{`printf 'X := hi\nifeq (a,a)\nY = 1\nendif\nall: ; @echo hi\n' | make -f -`, false, inBash},
	{`printf 'all: ; @echo "rm -rf x"\n' | make -f -`, false, inBash},
	{`make -E 't: ; @echo hi' 'X != echo hi' t`, false, inBash},
	{`printf '.PHONY: all\nall: dep\ndep: ; @echo dep\n' | make -f -`, false, inBash},
	{`printf 'all:\n\t@echo a \\\n\t  b\n' | make -f -`, false, inBash},
})

func TestAMakefileOnMakesCommandLineOrInputRunsItsRecipesAndShellCallsAndAnyOtherReferenceIsUnknown(t *testing.T) {
	makefileRows.check(t)
}

var makeShellRows = newHunt(rmR, []huntRow{
	{`make -E 't: ; x' SHELL=rm .SHELLFLAGS=-rf t`, true, inBash},
	{`MAKEFLAGS='SHELL=rm .SHELLFLAGS=-rf' make -E 't: ; x' t`, true, inBash},
	{`make .SHELLFLAGS="-c 'rm -rf x'" -E 't: ; @echo hi' t`, true, inBash},
	{`printf 'SHELL = rm\n.SHELLFLAGS = -rf\nall: ; x\n' | make -f -`, true, inBash},
	{`printf 't: SHELL = rm\nt: .SHELLFLAGS = -rf\nt: ; x\n' | make -f - t`, true, inBash},
	{`printf '.RECIPEPREFIX = >\nall:\n> rm -rf x\n' | make -f -`, true, inBash},
	{`printf 'define SHELL\nrm\nendef\n.SHELLFLAGS=-rf\nt: ; x\n' | make -f - t`, true, inBash},
	{`printf 'override SHELL := rm\n.SHELLFLAGS=-rf\nt: ; x\n' | make -f - t`, true, inBash},
	{`printf '.RECIPEPREFIX := >\nall:\n>rm -rf x\n' | make -f -`, true, inBash},
	{`make -E '.RECIPEPREFIX=>' -E $'all:\n> rm -rf x' all`, true, inBash},
	{`make .RECIPEPREFIX='>' -E $'all:\n> rm -rf x' all`, true, inBash},
	{"make -E 'all:' -E $'\\t@echo hi' all", false, inBash},

	{`printf 'SHELL = /bin/bash\nall:\n\techo hi\n' | make -f -`, false, inBash},
	{`printf 'SHELL := /bin/sh\nall:\n\techo hi\n' | make -f -`, false, inBash},
	{`printf '.SHELLFLAGS = -ec\nall:\n\techo hi\n' | make -f -`, false, inBash},
	{`printf 'SHELL = bash\n.SHELLFLAGS = -eu -o pipefail -c\nall:\n\techo hi\n' | make -f -`, false, inBash},
	{`printf '.RECIPEPREFIX = >\nall:\n> echo rm -rf x\n' | make -f -`, false, inBash},
	{`make -E 'all: ; @echo hi' SHELL=/bin/bash`, false, inBash},
	// make does not take SHELL from the environment for its recipes.
	{`SHELL=/bin/bash make -E 'all: ; @echo hi'`, false, inBash},
	{`export SHELL=/bin/sh; make -E 'all: ; @echo hi'`, false, inBash},
	{`printf 'SHELL = /bin/sh\n.SHELLFLAGS = -c\nall: ; @echo hi\n' | make -f -`, false, inBash},
	{`make -E 't: ; @echo hi' .SHELLFLAGS=-ec t`, false, inBash},
	{`printf '.RECIPEPREFIX := >\nall:\n>@echo hi\n' | make -f -`, false, inBash},
})

func TestMakesShellIsAShellOrMakeMayRunAnything(t *testing.T) {
	makeShellRows.check(t)
}

var programVariableRows = newHunt(rmR, []huntRow{
	{`git init -q r && cd r && GIT_EDITOR='rm -rf ../x;:' git -c user.name=a -c user.email=a@b commit --allow-empty`, true, inBash},
	{`git init -q r && cd r && env GIT_EDITOR='rm -rf ../x;:' git -c user.name=a -c user.email=a@b commit --allow-empty`, true, inBash},
	{`git init -q r && cd r && export EDITOR='rm -rf ../x;:'; git -c user.name=a -c user.email=a@b commit --allow-empty`, true, inBash},
	{`git init -q r && cd r && env -u VISUAL EDITOR='rm -rf ../x;:' git -c user.name=a -c user.email=a@b commit --allow-empty`, true, inBash},
	{`echo a > f; echo b > g; GIT_EXTERNAL_DIFF='rm -rf x;:' git diff --no-index --ext-diff f g`, true, inBash},
	{`echo a > f; echo b > g; env GIT_EXTERNAL_DIFF='rm -rf x;:' git diff --no-index --ext-diff f g`, true, inBash},
	{`echo a > f; LESSOPEN='|rm -rf x %s' less f`, true, inBash},
	{`echo a > f; LESSOPEN='rm -rf x %s' less f`, true, inBash},
	{`echo a > f; export LESSOPEN='||rm -rf x %s'; less f`, true, inBash},
	{`X='rm -rf x %s'; echo a > f; env LESSOPEN="$X" less f`, true, inBash},
	{`echo a > f; LESSOPEN="|rm -rf $(echo x) %s" less f`, true, inBash},
	{`X='rm -rf x;:'; ` + d + `env "GIT_EXTERNAL_DIFF=$X" git diff --no-index --ext-diff f g`, true, inBash},
	{`N=GIT_EXTERNAL_DIFF; ` + d + `env "$N=rm -rf x;:" git diff --no-index --ext-diff f g`, true, inBash},
	{`systemd-run --user -E GIT_EXTERNAL_DIFF='rm -rf x;:' git diff --no-index --ext-diff f g`, true, "systemd-run(1): -E/--setenv NAME=VALUE sets a variable of the command it runs"},
	{`run0 --setenv=EDITOR='rm -rf x;:' git commit --allow-empty`, true, "run0(1): --setenv NAME=VALUE sets a variable of the command it runs"},
	{`dotenv -v EDITOR='rm -rf x;:' git commit --allow-empty`, true, "dotenv-cli's README: -v NAME=VALUE sets a variable of the command it runs"},

	{`git init -q r && cd r && EDITOR=true git -c user.name=a -c user.email=a@b commit --allow-empty`, false, inBash},
	{`git init -q r && cd r && env EDITOR=true git -c user.name=a -c user.email=a@b commit --allow-empty`, false, inBash},
	{`git init -q r && PAGER=cat git -C r log`, false, inBash},
	{`git init -q r && env GIT_PAGER=cat PAGER=less git -C r status`, false, inBash},
	{`echo a > f; LESSOPEN='|cat %s' less f`, false, inBash},
	{`echo a > f; env LESS=-R less f`, false, inBash},
	{`export VISUAL=vim EDITOR=vim`, false, inBash},
	{`EDITOR="code --wait" true`, false, inBash},
	{`env SHELL=/bin/bash true`, false, inBash},
	{`export SHELL=/usr/bin/zsh`, false, inBash},
	{`env -u PAGER MANPAGER=cat man -P cat ls`, false, inBash},
	{`MANOPT='-P cat' man ls`, false, inBash},
	{`env -u EDITOR git --version`, false, inBash},
	{`GIT_PAGER=cat git --version`, false, inBash},
	{`BROWSER=firefox true`, false, inBash},
	{`env "LANG=C" "PAGER=cat" git --version`, false, inBash},
	{`systemd-run --user -E LANG=C true`, false, "systemd-run(1): -E/--setenv NAME=VALUE sets a variable of the command it runs"},
})

func TestAVariableThatNamesAProgramsCommandIsReadWhereverItIsSet(t *testing.T) {
	programVariableRows.check(t)
}

// d writes two files that differ, for git diff --no-index to compare.
const d = "echo a > f; echo b > g; "

var runTimeVariableRows = newHunt(rmR, []huntRow{
	{d + `for GIT_EXTERNAL_DIFF in 'rm -rf x;:'; do export GIT_EXTERNAL_DIFF; git diff --no-index --ext-diff f g; done`, true, inBash},
	{d + `set -- 'rm -rf x;:'; for GIT_EXTERNAL_DIFF; do export GIT_EXTERNAL_DIFF; git diff --no-index --ext-diff f g; done`, true, inBash},
	{d + `read -r GIT_EXTERNAL_DIFF <<< 'rm -rf x;:'; export GIT_EXTERNAL_DIFF; git diff --no-index --ext-diff f g`, true, inBash},
	{d + `printf -v GIT_EXTERNAL_DIFF 'rm -rf x;:'; export GIT_EXTERNAL_DIFF; git diff --no-index --ext-diff f g`, true, inBash},
	{d + `: "${GIT_EXTERNAL_DIFF:=rm -rf x;:}"; export GIT_EXTERNAL_DIFF; git diff --no-index --ext-diff f g`, true, inBash},
	{d + `declare -n r=GIT_EXTERNAL_DIFF; r='rm -rf x;:'; export GIT_EXTERNAL_DIFF; git diff --no-index --ext-diff f g`, true, inBash},
	{d + `X=GIT_EXTERNAL_DIFF; export $X='rm -rf x;:'; git diff --no-index --ext-diff f g`, true, inBash},
	{d + `export "${X:-GIT_EXTERNAL_DIFF}=rm -rf x;:"; git diff --no-index --ext-diff f g`, true, inBash},
	{d + `A='rm -rf x;:'; export "GIT_EXTERNAL_DIFF=$A"; git diff --no-index --ext-diff f g`, true, inBash},
	{d + `env -S "GIT_EXTERNAL_DIFF='rm -rf x;:' git diff --no-index --ext-diff f g"`, true, inBash},
	{`read -r TAR_OPTIONS <<< '-I "rm -rf x"'; export TAR_OPTIONS; tar cf a.tar x`, true, inBash},
	{`export MAKEFLAGS; : "${MAKEFLAGS:=--eval=t:;rm\ -rf\ x}"; make t`, true, inBash},
	{`IFS= read -r PS4 <<< '$(rm -rf x)'; set -x; :`, true, inBash},

	{`for f in a b; do echo "$f"; done`, false, inBash},
	{`for EDITOR in vim nano; do echo "$EDITOR"; done`, false, inBash},
	{`read -r line <<< 'rm -rf x'; echo "$line"`, false, inBash},
	{`while read -r f; do echo "$f"; done < /dev/null`, false, inBash},
	{`printf -v msg '%s' 'rm -rf x'; echo "$msg"`, false, inBash},
	{`: "${TMPDIR:=/tmp}"; echo "$TMPDIR"`, false, inBash},
	{`: "${EDITOR:=vim}"; export EDITOR`, false, inBash},
	{`declare -n r=arr; r=(1 2); echo "${arr[@]}"`, false, inBash},
	{`export "FOO=$HOME"`, false, inBash},
	{`export "PAGER=cat"`, false, inBash},
	{`getopts a: opt -a 1; echo "$opt"`, false, inBash},
	{`mapfile -t lines < /dev/null`, false, inBash},
	{`env -S 'PAGER=cat git --version'`, false, inBash},
})

func TestAVariableAProgramRunsSetByReadForADefaultANamerefOrARunTimeNameIsReadOrUnknown(t *testing.T) {
	runTimeVariableRows.check(t)
}

// yc writes a C program that make's built-in rules build as y.
const yc = "echo 'int main(void){return 0;}' > y.c; "

var makeRuleRows = newHunt(rmR, []huntRow{
	{yc + `CC='rm -rf x;:' make y`, true, inBash},
	{yc + `make CC='rm -rf x;:' y`, true, inBash},
	{yc + `export CC='rm -rf x;:'; make y`, true, inBash},
	{yc + `make CFLAGS='; rm -rf x;' y`, true, inBash},
	{yc + `LDLIBS='; rm -rf x' make y`, true, inBash},
	{yc + `MAKEFLAGS='CC=rm\ -rf\ x;:' make y`, true, inBash},
	{yc + `make -E 'CC = rm -rf x;:' y`, true, inBash},
	{yc + `env CC='rm -rf x;:' make y`, true, inBash},
	{yc + `X='rm -rf x;:'; CC="$X" make y`, true, inBash},

	{yc + `make y`, false, inBash},
	{yc + `CC=gcc make y`, false, inBash},
	{yc + `make CC=cc CFLAGS='-O2 -Wall' y`, false, inBash},
	{yc + `CFLAGS='-O2 -g' LDLIBS=-lm make y`, false, inBash},
	{yc + `export CC=gcc CXX=g++; make y`, false, inBash},
	{yc + `make -E 'CFLAGS += -Wall' y`, false, inBash},
	{yc + `make -r y`, false, inBash},
	{yc + `make -E 'y: y.c ; @echo built' y`, false, inBash},
	{yc + `make CPPFLAGS=-DNDEBUG y`, false, inBash},
	{yc + `LDFLAGS=-s make y`, false, inBash},
})

func TestTheVariablesOfMakesBuiltInRulesRunWhereverTheyAreSet(t *testing.T) {
	makeRuleRows.check(t)
}
