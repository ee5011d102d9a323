package shell

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The rows of a guard on git push run in the oracle's repository, whose
// main has diverged from origin's, so that only a forced push lands. The
// oracle judges those rows by their pushes alone; the rows of a guard on
// rm run in bash in a repository made for them, which tracks x.

// repoSetup makes the repository a row of a guard on rm runs in.
const repoSetup = "git init -q && git config user.name u && git config user.email u@example.com && git add x && git commit -q -m a && "

func inARepo(rows []huntRow) []huntRow {
	for i := range rows {
		if rows[i].how == inGit {
			rows[i].cmd, rows[i].how = repoSetup+rows[i].cmd, inBash
		}
	}
	return rows
}

var gitAliasRows = newHunt(forcePush, []huntRow{
	{"git -c alias.PF='push --force' pf", true, inGit},
	{"git -c alias.pf='push --force' PF", true, inGit},
	{"git -c alias.push='push -f' PUSH", true, inGit},
	{"git -c 'alias.My.x=push -f' my.x", true, inGit},
	{"git -c alias.a=b -c alias.b='push --force' a", true, inGit},
	{"git -c alias.a=b -c alias.b=c -c alias.c='push -f' a", true, inGit},
	{"git -c alias.P=status -c alias.p='push -f' p", true, inGit},
	{"git -c alias.p='-c remote.origin.push=+main:main push' p", true, inGit},
	{"git -c alias.p='-p push -f' p", true, inGit},
	{"git config alias.PF 'push -f' && git pf", true, inGit},
	{"V='push -f' git --config-env=alias.p=V p", true, inGit},
	{"export V='push -f'; git --config-env alias.p=V p", true, inGit},
	{`GIT_CONFIG_PARAMETERS="'alias.PF'='push --force'" git pf`, true, inGit},
	{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.P GIT_CONFIG_VALUE_0='push -f' git p", true, inGit},
	{`V='push -f'; GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.p GIT_CONFIG_VALUE_0="$V" git p`, true, inGit},
	{`A='push -f'; git -c alias.p="$A" p`, true, inGit},
	{`env GIT_CONFIG_PARAMETERS="'alias.p'='push -f'" git p`, true, inGit},
	{"env GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.p GIT_CONFIG_VALUE_0='push -f' git p", true, inGit},
	{"export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.p GIT_CONFIG_VALUE_0='push -f'; git p", true, inGit},

	{"git -c alias.p='push -f' -c alias.P=status p", false, inGit},
	{"git -c alias.P='push -f' -c alias.p=status p", false, inGit},
	{"git -c alias.a=b -c alias.b=status a", false, inGit},
	{"git -c alias.a=b -c alias.b=a a", false, inGit},
	{"git -c alias.PF='push --force' status", false, inGit},
	{"git -c alias.st=status ST", false, inGit},
	{"git -c alias.p='-p status' p", false, inGit},
	{"git -c alias.push='push -f' push origin main", false, inGit},
	{"git -c alias.lg='log --oneline' lg -3", false, inGit},
	{"git config --global alias.co checkout && git co main", false, inGit},
	{`GIT_CONFIG_PARAMETERS="'alias.p'='push'" git p origin main`, false, inGit},
	{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.P GIT_CONFIG_VALUE_0='push -f' git status", false, inGit},
	{"HOME_ALIAS=status git --config-env=user.name=HOME_ALIAS status", false, inGit},
	{"git -c alias.p='push -f' -c alias.p=status p", false, inGit},
	{"git -c alias.a=p -c alias.p=status -c alias.P=log a -1", false, inGit},
	{"git -c alias.lol=status lol", false, inGit},
	{"git -c alias.PF='push --force' -c alias.pf=status PF", false, inGit},
	{"env GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.p GIT_CONFIG_VALUE_0=status git p", false, inGit},
	{"env LANG=C git -c alias.p=status p", false, inGit},
})

func TestAGitAliasIsFoundWhateverItsCaseThroughChainsAndItsLastDefinition(t *testing.T) {
	gitAliasRows.check(t)
}

var gitRemoteRows = newHunt(forcePush, []huntRow{
	{"git remote add my.fork ../remote.git && git -c remote.my.fork.push=+main:main push my.fork", true, inGit},
	{"git remote add my.fork ../remote.git && git config remote.my.fork.push +main:main && git push my.fork", true, inGit},
	{"git remote add a.b.c ../remote.git && git config remote.a.b.c.mirror true && git push a.b.c", true, inGit},
	{"git -c remote.origin.mirror=true push", true, inGit},
	{"git -c remote.origin.mirror=yes push origin", true, inGit},
	{"git -c remote.pushDefault=fork -c remote.fork.url=../remote.git -c remote.fork.push=+main:main push", true, inGit},
	{"git -c push.default=matching -c 'remote.origin.push=+refs/heads/*:refs/heads/*' push", true, inGit},
	{"git -c remote.origin.pushurl=../remote.git -c remote.origin.push=+main:main push", true, inGit},
	{`P=+main:main; git -c remote.origin.push="$P" push`, true, inGit},
	{`git -c remote.origin.push="+$(git branch --show-current)" push`, true, inGit},
	{`git config remote.origin.mirror "$(echo true)" && git push`, true, inGit},
	{`GIT_CONFIG_PARAMETERS="'remote.my.fork.push'='+main:main'" git -c remote.my.fork.url=../remote.git push my.fork`, true, inGit},
	{"git -c branch.main.pushRemote=origin -c remote.origin.push=+main:main push", true, inGit},

	{"git -c push.default=current push", false, inGit},
	{"git -c push.default=matching push", false, inGit},
	{"git -c remote.pushDefault=origin push", false, inGit},
	{"git -c 'remote.origin.fetch=+refs/heads/*:refs/remotes/origin/*' push", false, inGit},
	{"git remote add my.fork ../remote.git && git -c remote.my.fork.push=main:main push my.fork", false, inGit},
	{"git -c remote.origin.mirror=false push", false, inGit},
	{"git -c branch.main.pushRemote=origin push", false, inGit},
	{"git -c push.autoSetupRemote=true push", false, inGit},
	{"git -c remote.origin.prune=true fetch", false, inGit},
	{"git config --global push.default simple && git push", false, inGit},
	{"git -c push.followTags=true push origin main", false, inGit},
	{`git -c remote.origin.url="$PWD/../remote.git" push origin main`, false, inGit},
	{"git -c remote.origin.tagOpt=--no-tags fetch origin", false, inGit},
	{"git -c branch.main.merge=refs/heads/main -c push.default=upstream push", false, inGit},
	{"git fetch --prune && git pull --rebase", false, inGit},
	{"git push -u origin main", false, inGit},
})

func TestConfigurationThatForcesAPushForcesItWhateverTheRemotesName(t *testing.T) {
	gitRemoteRows.check(t)
}

// A key under remote, push or branch that the reader does not know may be
// one a later git reads to force a push (git 2.39 has none such): a push
// under it is unknown, and so is a push key whose value only run time
// knows. A command that is not a push is not.
func TestAPushUnderARemoteKeyTheReaderDoesNotKnowIsUnknown(t *testing.T) {
	for _, cmd := range []string{
		"git -c remote.origin.forceAlways=true push",
		"git -c push.forceEverything=true push origin main",
		"git config branch.main.pushForce true && git push",
		"git -c remote.origin.future=1 -c alias.p=push p",
		`git -c remote.origin.mirror="$M" push`,
	} {
		assert.NotEmpty(t, Parse(cmd).Unknown, cmd)
		assert.True(t, forcePush.Match(bash(cmd)), cmd)
	}
	for _, cmd := range []string{
		"git -c remote.origin.forceAlways=true fetch",
		"git config push.forceEverything true",
	} {
		assert.Empty(t, Parse(cmd).Unknown, cmd)
	}
}

var gitCommandKeyRows = newHunt(rmR, inARepo([]huntRow{
	{"git -c tar.tgz.command='rm -rf x' archive --format=tgz -o a.tgz HEAD", true, inGit},
	{"git -c gpg.format=ssh -c gpg.ssh.defaultKeyCommand='rm -rf x' commit -S --allow-empty -m s", true, inGit},
	{"git -c core.fsmonitor='rm -rf x' status", true, inGit},
	{"git -c sequence.editor='rm -rf x' rebase -i HEAD", true, inGit},
	{"git -c core.editor='rm -rf x' commit --allow-empty", true, inGit},
	{"echo y >> x/f && git -c diff.external='rm -rf x' diff", true, inGit},
	{"echo 'x/f diff=d' > .gitattributes && echo y >> x/f && git -c diff.d.textconv='rm -rf x' diff", true, inGit},
	{"echo 'x/f filter=d' > .gitattributes && echo y >> x/f && git -c filter.d.clean='rm -rf x' add x/f", true, inGit},
	{"printf 'protocol=https\\nhost=h\\n\\n' | git -c credential.helper='!rm -rf x' credential fill", true, inGit},
	{"mkdir h && printf '#!/bin/sh\\nrm -rf x\\n' > h/pre-commit && chmod +x h/pre-commit && git -c core.hooksPath=h commit -q --allow-empty -m m", true, inGit},
	{"git -c protocol.ext.allow=always -c remote.o2.url='ext::sh -c rm% -rf% x' fetch o2", true, inGit},
	{"printf '[core]\\n\\teditor = rm -rf x\\n' > c && git -c include.path=\"$PWD/c\" commit --allow-empty", true, inGit},
	{"git config core.editor 'rm -rf x' && git commit --allow-empty", true, inGit},
	{"env EDITOR='rm -rf x' git commit --allow-empty", true, inGit},
	{"env GIT_CONFIG_PARAMETERS=\"'core.editor'='rm -rf x'\" git commit --allow-empty", true, inGit},
	{`C='rm -rf x'; git -c core.editor="$C" commit --allow-empty`, true, inGit},
	{`GIT_CONFIG_PARAMETERS="'sequence.editor'='rm -rf x'" git rebase -i HEAD`, true, inGit},
	{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='rm -rf x' git status", true, inGit},
	{"E='rm -rf x' git --config-env=core.editor=E commit --allow-empty", true, inGit},
	{"mkdir t && printf '#!/bin/sh\\nrm -rf x\\n' > t/post-checkout && chmod +x t/post-checkout && mkdir t/hooks && mv t/post-checkout t/hooks/ && git -c init.templateDir=t clone -q . c", true, inGit},

	{"git -c core.editor=true commit --allow-empty", false, inGit},
	{"git -c gpg.format=ssh commit --allow-empty -m m", false, inGit},
	{"git -c core.fsmonitor=false status", false, inGit},
	{"git -c core.hooksPath=/dev/null commit -q --allow-empty -m m", false, inGit},
	{"git -c protocol.file.allow=always status", false, inGit},
	{"git -c protocol.ext.allow=never status", false, inGit},
	{"git -c tar.umask=022 archive -o a.tar HEAD", false, inGit},
	{"git -c pager.log=false log -1", false, inGit},
	{"git -c core.pager=cat -p log -1", false, inGit},
	{"echo y >> x/f && git -c diff.d.textconv=cat diff", false, inGit},
	{"git -c credential.helper=store status", false, inGit},
	{"git -c init.defaultBranch=main init -q r", false, inGit},
	{"git -c imap.folder=Drafts status", false, inGit},
	{"git -c gpg.program=gpg status", false, inGit},
	{"git -c diff.tool=vimdiff -c merge.tool=vimdiff status", false, inGit},
	{"git -c filter.lfs.required=true status", false, inGit},
	{"git -c submodule.recurse=true status", false, inGit},
	{"git config --global core.editor 'code --wait'", false, inGit},
	{`git config --global core.excludesFile "$HOME/.gitignore_global"`, false, inGit},
	{"git -c sendemail.smtpServer=smtp.example.com status", false, inGit},
}))

func TestAGitKeyThatHoldsACommandIsReadAsAScriptOrIsUnknown(t *testing.T) {
	gitCommandKeyRows.check(t)
}

// A key given on the command line that the reader does not know is
// unknown when its section is one that holds commands (core, diff, gpg…)
// or is not known at all, since a later git may run its value; in a
// section of keys that run nothing (user, color, log…) it is known.
func TestAGitKeyTheReaderDoesNotKnowIsUnknownWhereItCouldMatter(t *testing.T) {
	for _, cmd := range []string{
		"git -c core.futureCommand='rm -rf x' status",
		"git -c gpg.x509.futureKeyCommand=true status",
		"git -c lfs.customtransfer.t.path=./t status",
		"git config frobnicate.hook ./x",
		"git -c remote.origin.vcs=evil fetch",
		`git -c "$K=v" status`,
		`git config "$K" v`,
	} {
		assert.NotEmpty(t, Parse(cmd).Unknown, cmd)
	}
	for _, cmd := range []string{
		"git -c user.futureName=x status",
		"git -c color.futureThing=always log -1",
		"git -c log.futureFormat=x log -1",
		"git -c advice.detachedHead=false checkout main",
	} {
		assert.Empty(t, Parse(cmd).Unknown, cmd)
	}
}

var gitOwnOptionRows = newHunt(forcePush, []huntRow{
	{"git -p push -f", true, inGit},
	{"git -P push -f", true, inGit},
	{"git --no-pager push --force", true, inGit},
	{"git --paginate push -f", true, inGit},
	{"git --no-replace-objects push -f", true, inGit},
	{"git --literal-pathspecs --glob-pathspecs --icase-pathspecs push -f", true, inGit},
	{"git --no-optional-locks push -f", true, inGit},
	{"git --git-dir .git push -f", true, inGit},
	{"git --git-dir=.git --work-tree . push -f", true, inGit},
	{"git --work-tree=. push -f", true, inGit},
	{"git --shallow-file x push -f", true, inGit},
	{"git -C . -c user.name=x push -f", true, inGit},
	{"git --config-env user.name=HOME push -f", true, inGit},
	{"git --config-env=user.name=HOME push -f", true, inGit},
	{"c=push; git $c -f", true, inGit},
	{`git "$(echo push)" -f`, true, inGit},
	{"o=-f; git push $o", true, inGit},
	{"git --no-advice push -f", true, "git 2.46's git(1): --no-advice disables advice hints; 2.39 refuses it"},
	{"git --no-lazy-fetch push -f", true, "git 2.44's git(1): --no-lazy-fetch"},
	{"git --attr-source HEAD push -f", true, "git 2.42's git(1): --attr-source=<tree-ish>, and as the next word"},

	{"git --exec-path push -f", false, inGit},
	{"git --exec-path", false, inGit},
	{"git --exec-pathx push -f", false, inGit},
	{"git --version", false, inGit},
	{"git -v push -f", false, inGit},
	{"git --version push -f", false, inGit},
	{"git -h push -f", false, inGit},
	{"git --html-path push -f", false, inGit},
	{"git --man-path push -f", false, inGit},
	{"git --list-cmds=main push -f", false, inGit},
	{"git -C . status", false, inGit},
	{`git -C "$PWD" push origin main`, false, inGit},
	{"git -c user.name=x status", false, inGit},
	{"git --no-pager log -1", false, inGit},
	{"git -P diff", false, inGit},
	{"git --git-dir=.git status", false, inGit},
	{"git --work-tree=. status", false, inGit},
	{"git --config-env=user.name=HOME commit -q --allow-empty -m m", false, inGit},
	{"git --namespace ns push origin main", false, inGit},
	{"git -p -c color.ui=never log -1", false, inGit},
	{"git push -n origin main", false, inGit},
})

// git runs its helpers and the commands it does not build in from the
// directory --exec-path names.
var gitExecPathRows = newHunt(rmR, inARepo([]huntRow{
	{"mkdir d && printf '#!/bin/sh\\nrm -rf x\\n' > d/git-receive-pack && chmod +x d/git-receive-pack && git --exec-path=d push . HEAD:refs/heads/y", true, inGit},
	{"mkdir d && printf '#!/bin/sh\\nrm -rf x\\n' > d/git-tidy && chmod +x d/git-tidy && git --exec-path=\"$PWD/d\" tidy", true, inGit},
	{"git --exec-path push", false, inGit},
	{"ls \"$(git --exec-path)\" >/dev/null", false, inGit},
	{"git -C . --exec-path", false, inGit},
}))

func TestGitsOwnOptionsAreReadAsGitReadsThem(t *testing.T) {
	gitOwnOptionRows.check(t)
	gitExecPathRows.check(t)
}

// git's own options are a closed grammar: one the reader does not know
// (a later git's, or one git refuses) is unknown rather than a guess at
// where the subcommand begins.
func TestAnOptionOfGitsOwnTheReaderDoesNotKnowIsUnknown(t *testing.T) {
	for _, cmd := range []string{
		"git --future-option push -f",
		"git -Cx push",
		"git -cuser.name=x push",
		"git --git-dirx=.git push",
		"git -- push",
		"git -$X push",
		"git --exec-path=/tmp/d status",
		"git -c alias.p='--future push' p",
	} {
		assert.NotEmpty(t, Parse(cmd).Unknown, cmd)
		assert.True(t, forcePush.Match(bash(cmd)), cmd)
	}
}

var gitInertValueRows = newHunt(rmR, inARepo([]huntRow{
	{`C='rm -rf x'; git config core.editor "$C" && git commit --allow-empty`, true, inGit},
	{`K=core.editor; git config "$K" 'rm -rf x' && git commit --allow-empty`, true, inGit},
	{`K=core.editor; git -c "$K=rm -rf x" commit --allow-empty`, true, inGit},
	{`git -c core.editor="rm -rf ${D:-x}" commit --allow-empty`, true, inGit},
	{`A='!rm -rf x'; git config alias.t "$A" && git t`, true, inGit},
	{`F='rm -rf x'; git -c "core.fsmonitor=$F" status`, true, inGit},
	{`E='rm -rf x'; GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.editor GIT_CONFIG_VALUE_0="$E" git commit --allow-empty`, true, inGit},
	{`P='rm -rf x'; git -c user.name=u -c "sequence.editor=$P" rebase -i HEAD`, true, inGit},

	{`git config --global --add safe.directory "$PWD"`, false, inGit},
	{`git config --global --add safe.directory "$(pwd)"`, false, inGit},
	{`git config --global user.email "$EMAIL"`, false, inGit},
	{`git config user.name "$(whoami)"`, false, inGit},
	{`git -c user.name="$X" commit -q --allow-empty -m m`, false, inGit},
	{`git -c "user.email=$EMAIL" commit -q --allow-empty -m m`, false, inGit},
	{`git config --global init.defaultBranch "$B"`, false, inGit},
	{`git config --global color.ui "${COLOR:-auto}"`, false, inGit},
	{`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=user.name GIT_CONFIG_VALUE_0="$(whoami)" git commit -q --allow-empty -m m`, false, inGit},
	{`git config --global http.proxy "$HTTPS_PROXY"`, false, inGit},
	{`git -c http.extraHeader="Authorization: Bearer $TOKEN" fetch -q origin`, false, inGit},
	{`git config set user.name "$NAME"`, false, "git 2.46's git-config(1): git config set <name> <value>"},
	{"git config get user.name", false, "git 2.46's git-config(1): git config get <name>"},
	{"git config unset --global user.email", false, "git 2.46's git-config(1): git config unset <name>"},
	{"git -c diff.colorMovedWS=ignore-all-space -c core.commentChar=';' diff", false, inGit},
	{`git config --global pull.rebase "$R"`, false, inGit},
	{`git config --local user.signingkey "$(git config user.email)"`, false, inGit},
	{`msg="fix: the thing"; git commit -q --allow-empty -m "$msg"`, false, inGit},
	{`git config --global credential.helper 'cache --timeout=3600'`, false, inGit},
	{`git config --global --unset user.email; git config --get user.name`, false, inGit},
}))

func TestALiteralGitKeyThatRunsNothingIsKnownWhateverItsValue(t *testing.T) {
	gitInertValueRows.check(t)
}
