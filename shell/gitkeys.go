package shell

import "strings"

// gitKey is a configuration key as git compares it: the section and the
// name in any case, the subsection between them (a remote's name, which
// may hold dots) as written.
type gitKey struct {
	section, sub, name string
	three              bool // it has a subsection: remote.my.fork.push
}

func parseGitKey(key string) gitKey {
	i, j := strings.IndexByte(key, '.'), strings.LastIndexByte(key, '.')
	switch {
	case i < 0:
		return gitKey{section: strings.ToLower(key)}
	case i == j:
		return gitKey{section: strings.ToLower(key[:i]), name: strings.ToLower(key[i+1:])}
	}
	return gitKey{section: strings.ToLower(key[:i]), sub: key[i+1 : j], name: strings.ToLower(key[j+1:]), three: true}
}

// gitKind is what a configuration key can make git do.
type gitKind uint8

const (
	// gitInert keys run nothing and leave a push as it is, whatever their
	// value: user.email "$EMAIL" is known.
	gitInert gitKind = iota
	// gitRunsValue keys hold a shell command, which git runs.
	gitRunsValue
	// gitPushKey keys decide whether a push forces: remote.*.push and
	// remote.*.mirror.
	gitPushKey
	// gitNamesPrograms keys name a directory or file of programs or of
	// more configuration, which the line does not show: unknown.
	gitNamesPrograms
	// gitPushUnknown keys are under remote, push or branch and not known:
	// a push after them is unknown.
	gitPushUnknown
	// gitUnknownKey keys are not known, in a section that holds commands
	// or in a section not known at all: unknown.
	gitUnknownKey
	gitAlias
	gitSpecial // read by configure itself: help.autocorrect, url.*, protocol.*, remote.*.url
)

// gitKeys is every key this reader knows, in git's documentation's
// spelling lowered; "*" stands for a subsection. A key not here takes its
// section's kind from gitSections.
var gitKeys = map[string]gitKind{
	// Keys that hold a command (git help config).
	"core.sshcommand": gitRunsValue, "core.pager": gitRunsValue, "core.editor": gitRunsValue,
	"core.askpass": gitRunsValue, "core.fsmonitor": gitRunsValue, "core.gitproxy": gitRunsValue,
	"core.alternaterefscommand": gitRunsValue, "sequence.editor": gitRunsValue,
	"diff.external": gitRunsValue, "diff.*.command": gitRunsValue, "diff.*.textconv": gitRunsValue,
	"difftool.*.cmd": gitRunsValue, "difftool.*.path": gitRunsValue,
	"mergetool.*.cmd": gitRunsValue, "mergetool.*.path": gitRunsValue, "merge.*.driver": gitRunsValue,
	"filter.*.clean": gitRunsValue, "filter.*.smudge": gitRunsValue, "filter.*.process": gitRunsValue,
	"gpg.program": gitRunsValue, "gpg.*.program": gitRunsValue, "gpg.ssh.defaultkeycommand": gitRunsValue,
	"credential.helper": gitRunsValue, "credential.*.helper": gitRunsValue,
	"sendemail.sendmailcmd": gitRunsValue, "sendemail.tocmd": gitRunsValue, "sendemail.cccmd": gitRunsValue,
	"sendemail.headercmd": gitRunsValue, "sendemail.smtpserver": gitRunsValue, "sendemail.*.smtpserver": gitRunsValue,
	"sendemail.*.sendmailcmd": gitRunsValue, "sendemail.*.tocmd": gitRunsValue, "sendemail.*.cccmd": gitRunsValue,
	"uploadpack.packobjectshook": gitRunsValue, "remote.*.receivepack": gitRunsValue, "remote.*.uploadpack": gitRunsValue,
	"man.*.cmd": gitRunsValue, "man.*.path": gitRunsValue, "browser.*.cmd": gitRunsValue, "browser.*.path": gitRunsValue,
	"interactive.difffilter": gitRunsValue, "tar.*.command": gitRunsValue, "imap.tunnel": gitRunsValue,
	"submodule.*.update": gitRunsValue, "instaweb.httpd": gitRunsValue, "guitool.*.cmd": gitRunsValue,

	// Keys that name programs or configuration in files.
	"core.hookspath": gitNamesPrograms, "init.templatedir": gitNamesPrograms, "include.path": gitNamesPrograms,
	"includeif.*.path": gitNamesPrograms, "remote.*.vcs": gitNamesPrograms,

	// What a push does.
	"remote.*.push": gitPushKey, "remote.*.mirror": gitPushKey,
	"remote.*.url": gitSpecial, "remote.*.pushurl": gitSpecial, "remote.*.fetch": gitInert,
	"remote.pushdefault": gitInert, "remote.*.proxy": gitInert, "remote.*.proxyauthmethod": gitInert,
	"remote.*.skipdefaultupdate": gitInert, "remote.*.skipfetchall": gitInert, "remote.*.tagopt": gitInert,
	"remote.*.prune": gitInert, "remote.*.prunetags": gitInert, "remote.*.promisor": gitInert,
	"remote.*.partialclonefilter": gitInert, "remote.*.serveroption": gitInert,
	"push.default": gitInert, "push.followtags": gitInert, "push.autosetupremote": gitInert, "push.gpgsign": gitInert,
	"push.pushoption": gitInert, "push.recursesubmodules": gitInert, "push.negotiate": gitInert,
	"push.useforceifincludes": gitInert, "push.usebitmaps": gitInert,
	"branch.*.remote": gitInert, "branch.*.pushremote": gitInert, "branch.*.merge": gitInert,
	"branch.*.mergeoptions": gitInert, "branch.*.rebase": gitInert, "branch.*.description": gitInert,
	"branch.autosetupmerge": gitInert, "branch.autosetuprebase": gitInert, "branch.sort": gitInert,

	"help.autocorrect": gitSpecial, "url.*.insteadof": gitSpecial, "url.*.pushinsteadof": gitSpecial,
	"protocol.allow": gitSpecial, "protocol.*.allow": gitSpecial, "protocol.version": gitInert,

	// The keys of sections that hold commands that are known to run none.
	"core.autocrlf": gitInert, "core.safecrlf": gitInert, "core.eol": gitInert, "core.filemode": gitInert,
	"core.quotepath": gitInert, "core.ignorecase": gitInert, "core.longpaths": gitInert, "core.symlinks": gitInert,
	"core.whitespace": gitInert, "core.compression": gitInert, "core.abbrev": gitInert, "core.excludesfile": gitInert,
	"core.attributesfile": gitInert, "core.bare": gitInert, "core.worktree": gitInert, "core.precomposeunicode": gitInert,
	"core.sparsecheckout": gitInert, "core.sparsecheckoutcone": gitInert, "core.untrackedcache": gitInert,
	"core.preloadindex": gitInert, "core.splitindex": gitInert, "core.commitgraph": gitInert,
	"core.multipackindex": gitInert, "core.checkstat": gitInert, "core.trustctime": gitInert,
	"core.logallrefupdates": gitInert, "core.repositoryformatversion": gitInert, "core.sharedrepository": gitInert,
	"core.deltabasecachelimit": gitInert, "core.bigfilethreshold": gitInert, "core.packedgitlimit": gitInert,
	"core.packedgitwindowsize": gitInert, "core.fscache": gitInert, "core.protectntfs": gitInert,
	"core.protecthfs": gitInert, "core.warnambiguousrefs": gitInert, "core.notesref": gitInert,
	"core.fsync": gitInert, "core.fsyncmethod": gitInert, "core.hidedotfiles": gitInert, "core.commentchar": gitInert,
	"core.looseobjects": gitInert, "core.filesrefslocktimeout": gitInert,
	"core.packedrefstimeout": gitInert, "core.checkroundtripencoding": gitInert, "core.fsmonitorhookversion": gitInert,
	"core.commentstring": gitInert, "core.maxtreedepth": gitInert, "core.restrictinheritedhandles": gitInert,
	"core.unsetenvvars": gitInert, "core.usereplacerefs": gitInert, "core.prefersymlinkrefs": gitInert,
	"core.createobject": gitInert,
	"diff.tool":         gitInert, "diff.guitool": gitInert, "diff.algorithm": gitInert, "diff.noprefix": gitInert,
	"diff.mnemonicprefix": gitInert, "diff.renames": gitInert, "diff.renamelimit": gitInert, "diff.colormoved": gitInert,
	"diff.submodule": gitInert, "diff.statgraphwidth": gitInert, "diff.context": gitInert, "diff.ignoresubmodules": gitInert,
	"diff.indentheuristic": gitInert, "diff.suppressblankempty": gitInert, "diff.relative": gitInert,
	"diff.orderfile": gitInert, "diff.wserrorhighlight": gitInert, "diff.dirstat": gitInert, "diff.autorefreshindex": gitInert,
	"diff.*.cachetextconv": gitInert, "diff.*.xfuncname": gitInert, "diff.*.wordregex": gitInert,
	"diff.*.binary": gitInert, "diff.*.funcname": gitInert,
	"difftool.prompt": gitInert, "difftool.trustexitcode": gitInert, "difftool.*.trustexitcode": gitInert,
	"mergetool.prompt": gitInert, "mergetool.keepbackup": gitInert, "mergetool.keeptemporaries": gitInert,
	"mergetool.writetotemp": gitInert, "mergetool.hidenresolved": gitInert, "mergetool.*.trustexitcode": gitInert,
	"merge.tool": gitInert, "merge.guitool": gitInert, "merge.ff": gitInert, "merge.conflictstyle": gitInert,
	"merge.log": gitInert, "merge.renames": gitInert, "merge.renamelimit": gitInert, "merge.autostash": gitInert,
	"merge.defaulttoupstream": gitInert, "merge.verifysignatures": gitInert, "merge.stat": gitInert,
	"merge.directoryrenames": gitInert, "merge.*.name": gitInert, "merge.*.recursive": gitInert,
	"filter.*.required": gitInert, "gpg.format": gitInert, "gpg.mintrustlevel": gitInert,
	"gpg.ssh.allowedsignersfile": gitInert, "gpg.ssh.revocationfile": gitInert,
	"credential.usehttppath": gitInert, "credential.username": gitInert, "credential.*.usehttppath": gitInert,
	"credential.*.username": gitInert, "credential.interactive": gitInert, "credential.protectprotocol": gitInert,
	"credential.sanitizeprompt": gitInert,
	"uploadpack.hiderefs":       gitInert, "uploadpack.allowtipsha1inwant": gitInert, "uploadpack.allowreachablesha1inwant": gitInert,
	"uploadpack.allowanysha1inwant": gitInert, "uploadpack.keepalive": gitInert, "uploadpack.allowfilter": gitInert,
	"submodule.recurse": gitInert, "submodule.fetchjobs": gitInert, "submodule.propagatebranches": gitInert,
	"submodule.*.url": gitInert, "submodule.*.branch": gitInert, "submodule.*.active": gitInert,
	"submodule.*.fetchrecursesubmodules": gitInert, "submodule.*.ignore": gitInert, "submodule.active": gitInert,
	"sequence.*": gitInert, "interactive.singlekey": gitInert,
	"init.defaultbranch": gitInert, "help.format": gitInert, "help.browser": gitInert, "help.htmlpath": gitInert,
	"man.viewer": gitInert, "web.browser": gitInert, "imap.folder": gitInert, "imap.host": gitInert, "imap.user": gitInert,
	"imap.port": gitInert, "imap.sslverify": gitInert, "imap.preformattedhtml": gitInert, "imap.authmethod": gitInert,
	"tar.umask": gitInert, "tar.*.remote": gitInert,
}

// gitSections gives the kind of a key its section holds and gitKeys does
// not list. Sections whose every key runs nothing are inert; a section not
// here is not known.
var gitSections = map[string]gitKind{
	"user": gitInert, "author": gitInert, "committer": gitInert, "color": gitInert, "advice": gitInert,
	"i18n": gitInert, "column": gitInert, "safe": gitInert, "gc": gitInert, "maintenance": gitInert,
	"pack": gitInert, "index": gitInert, "fetch": gitInert, "pull": gitInert, "rebase": gitInert,
	"commit": gitInert, "tag": gitInert, "log": gitInert, "format": gitInert, "blame": gitInert,
	"status": gitInert, "http": gitInert, "transfer": gitInert, "receive": gitInert, "checkout": gitInert,
	"clone": gitInert, "apply": gitInert, "am": gitInert, "grep": gitInert, "trace2": gitInert,
	"splitindex": gitInert, "stash": gitInert, "worktree": gitInert, "versionsort": gitInert,
	"notes": gitInert, "rerere": gitInert, "reset": gitInert, "feature": gitInert, "mailmap": gitInert,
	"fsck": gitInert, "fetchpack": gitInert, "repack": gitInert, "showbranch": gitInert, "add": gitInert,
	"revert": gitInert, "sparse": gitInert, "pretty": gitInert, "extensions": gitInert, "core": gitUnknownKey,
	"remote": gitPushUnknown, "push": gitPushUnknown, "branch": gitPushUnknown,
	"pager": gitRunsValue, "alias": gitAlias,
}

// gitFlat gives the kind of a key without a subsection in a section
// whose commands are all in keys gitKeys lists, and whose keys with a
// subsection (a driver's, a tool's) are not all known: diff.colorMovedWS
// is known, diff.d.futureCommand is not.
var gitFlat = map[string]gitKind{
	"diff": gitInert, "merge": gitInert, "difftool": gitInert, "mergetool": gitInert,
	"submodule": gitInert, "credential": gitInert, "interactive": gitInert, "init": gitInert,
}

// gitKindOf says what key can make git do.
func gitKindOf(k gitKey) gitKind {
	var pattern string
	if k.three {
		pattern = k.section + ".*." + k.name
	} else {
		pattern = k.section + "." + k.name
	}
	if kind, ok := gitKeys[pattern]; ok {
		return kind
	}
	if kind, ok := gitKeys[k.section+".*"]; ok {
		return kind
	}
	if kind, ok := gitFlat[k.section]; ok && !k.three {
		return kind
	}
	if kind, ok := gitSections[k.section]; ok {
		return kind
	}
	return gitUnknownKey
}
