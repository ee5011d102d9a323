package shell

import "strings"

// npm reads its configuration from options anywhere on its command line
// (nopt), and npx reads them before the command. The names are npm 11's
// (@npmcli/config's definitions and shorthands); a name it does not know
// npm takes as a flag and npx as an option with a value, so where the
// command begins depends on what the name is, and only the listed ones
// are read.
const (
	npmFlags = "all allow-same-version audit bin-links bypass-2fa commit-hooks dangerously-allow-all-scripts " +
		"description dev diff-ignore-all-space diff-name-only diff-no-prefix diff-text dry-run engine-strict " +
		"expect-results force foreground-scripts format-package-lock fund git-tag-version global " +
		"global-style if-present ignore-scripts include-staged include-workspace-root include-attestations " +
		"init-private install-links json legacy-bundling legacy-peer-deps link long offline " +
		"omit-lockfile-registry-resolved optional package-lock package-lock-only parseable " +
		"allow-scripts-pending allow-scripts-pin prefer-dedupe prefer-offline prefer-online production " +
		"progress provenance read-only rebuild-bundle save save-bundle save-dev save-exact save-optional " +
		"save-peer save-prod packages-all shrinkwrap sign-git-commit sign-git-tag strict-peer-deps " +
		"strict-allow-scripts strict-ssl timing unicode update-notifier versions workspaces " +
		"workspaces-update yes " +
		// Shorthands that are whole words: -ws, --quiet.
		"dd ddd iwr local no porcelain quiet readonly silent verbose ws "
	npmValues = "_auth= access= allow-directory= allow-file= allow-git= allow-remote= allow-scripts= also= " +
		"audit-level= auth-type= before= ca= cache= cache-max= cache-min= cafile= call= cert= cidr= cpu= " +
		"depth= diff= diff-dst-prefix= diff-src-prefix= diff-unified= editor= expect-result-count= expires= " +
		"fetch-retries= fetch-retry-factor= fetch-retry-maxtimeout= fetch-retry-mintimeout= fetch-timeout= " +
		"git= globalconfig= heading= https-proxy= include= init-author-email= init-author-name= " +
		"init-author-url= init-license= init-module= init-type= init-version= install-strategy= key= libc= " +
		"local-address= location= lockfile-version= loglevel= logs-dir= logs-max= name= maxsockets= message= " +
		"min-release-age= min-release-age-exclude= node-gyp= node-options= noproxy= omit= only= orgs= os= " +
		"otp= package= pack-destination= packages= prefix= preid= provenance-file= proxy= registry= " +
		"replace-registry-host= save-prefix= sbom-format= sbom-type= scope= scopes= " +
		"packages-and-scopes-permission= orgs-permission= password= token-description= script-shell= " +
		"searchexclude= searchlimit= searchopts= searchstaleness= shell= tag= tag-version-prefix= umask= " +
		"user-agent= userconfig= viewer= which= workspace= " +
		"browser=? color=? desc= enjoy-by= reg= help! usage! version! "
	// The one-letter shorthands; -p is --parseable to npm and --package
	// to npx, and -? -H -h -v print and exit.
	npmShort = "a B C: c: D d E f g l L: m: n O P q S s w: y ?! H! h! v!"
)

var (
	npmGrammar = with(opts(npmShort+" p", npmFlags+npmValues), noptOptions)
	npxGrammar = opts(strings.Replace(npmShort, "c:", "c: p:", 1), npmFlags+npmValues+"no-install ")
)

// npmCommands are the abbreviations npm accepts of the commands that run
// a command of the line: npm exe and npm x are npm exec.
var npmCommands = map[string]bool{"exec": true, "exe": true, "x": true}

// npm reads npm's command line: its options are anywhere, its command is
// the first word that is not one, and npm exec runs the words after
// that, options taken out, and every word after "--".
func (w *walker) npm(name string, args []word, ts []string, c ctx, hops int) {
	// The command is the first word that no option is or takes; npm
	// reads -c before it as well as after (npm -c 'rm -rf /' exec).
	var call *option
	takeCall := func(at int) func(option) {
		return func(o option) {
			switch o.name {
			case "-c", "--call":
				o.at += at
				call = &o
			case "--script-shell":
				// -c's string is run by this program.
				w.shellVariable(name+" --script-shell", word{text: o.val, dyn: args[o.at+at].dyn})
			}
		}
	}
	j, runs, bad := npmGrammar.read(ts, takeCall(0))
	switch {
	case bad != "":
		w.unknown(name + " with an option it does not know: " + bad)
		return
	case !runs || j >= len(ts) || !npmCommands[ts[j]]:
		return
	}
	var rest []int // npm exec's words: the positional ones, and those after "--"
	i := j + 1
	if j > 0 && ts[j-1] == "--" {
		for ; i < len(ts); i++ {
			rest = append(rest, i)
		}
	}
	for i < len(ts) {
		k, runs, bad := npmGrammar.read(ts[i:], takeCall(i))
		switch {
		case bad != "":
			// Which word is the command depends on the option.
			w.unknown(name + " with an option it does not know: " + bad)
			return
		case !runs:
			return
		}
		// read stops after "--" or at a word that is no option.
		stop := i + k
		if stop > i && ts[stop-1] == "--" {
			for ; stop < len(ts); stop++ {
				rest = append(rest, stop)
			}
		}
		if stop >= len(ts) {
			break
		}
		rest = append(rest, stop)
		i = stop + 1
	}
	label := name + " exec"
	if call != nil {
		if args[call.at].dyn {
			w.unknown(label + " -c of a non-literal: " + args[call.at].text)
			return
		}
		w.script(call.val, c.reached(label), label)
		return
	}
	inner := make([]word, 0, len(rest))
	for _, k := range rest {
		inner = append(inner, args[k])
	}
	w.command(inner, texts(inner), c.reached(label), hops+1)
}
