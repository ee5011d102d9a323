package shell

import "testing"

// Each row was run with bash 5.2 and git 2.39 in a repository whose main
// has diverged from origin's, so that only a forced push lands.

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
})

func TestAGitAliasIsFoundWhateverItsCaseThroughChainsAndItsLastDefinition(t *testing.T) {
	gitAliasRows.check(t)
}
