package shell

import (
	"strings"
)

// How a wrapper runs what follows its options and operands.
type mode uint8

const (
	runsArgs   mode = iota // the next word is a program, the rest its arguments (sudo rm -rf /)
	runsJoined             // the words are joined with spaces and run by a shell (watch 'rm -rf /', ssh host rm -rf /)
	runsOption             // only a script given to one of its options runs (su -c 'rm -rf /')
)

type wrapper struct {
	grammar
	mode     mode
	operands int // words between its options and the command (timeout's duration, chroot's root)
	// script lists the options whose value is a script run by a shell
	// (su -c, flock -c, npx -c).
	script []string
	// shell lists the options that make it run a shell, which reads its
	// script from the input when no command follows (sudo -s, doas -s).
	shell []string
	// bareShell says it runs a shell reading its input when no command
	// follows (su, chroot DIR, unshare, nsenter).
	bareShell bool
	// optionsFrom lists the options that read more options from a file
	// or descriptor, which only run time knows (bwrap --args FD).
	optionsFrom []string
}

func (wr *wrapper) isScript(name string) bool { return contains(wr.script, name) }
func (wr *wrapper) isShell(name string) bool  { return contains(wr.shell, name) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// wrappers are the programs that run a command given in their arguments,
// with each one's option grammar: which options take an argument, which
// make it run nothing, what stands between them and the command. Keys
// are lower-case program names. Programs with a grammar of their own
// (find, xargs, git, ssh's -o, tmux, screen, parallel, fd, make, at, the
// package runners) are read in code, some of them through an entry here.
//
// A grammar lists every option the program takes, flags too (see read):
// the ones of the installed coreutils, util-linux, procps, findutils,
// strace, fakeroot, OpenSSH and GNU time from their --help, the others
// from their manuals.
var wrappers = map[string]*wrapper{
	"sudo": {grammar: with(opts("A a: B b C: c: D: E e! g: H h:: i K! k l! N n P p: R: r: S s T: t: U: u: V! v!",
		"askpass auth-type= background bell chdir= chroot= close-from= command-timeout= edit! group= help! host= "+
			"list! login login-class= no-update non-interactive other-user= preserve-env=? preserve-groups prompt= "+
			"remove-timestamp! reset-timestamp role= set-home shell stdin type= user= validate! version!"), assigns),
		shell: []string{"-s", "-i", "--shell", "--login"}},
	"doas": {grammar: opts("a: C! L! n s u:", ""), shell: []string{"-s"}},
	"run0": {grammar: opts("a: D: g: h! i u: V!", "area= background= chdir= description= empower group= lightweight= machine= "+
		"nice= no-ask-password property= setenv= shell-prompt-prefix= slice= slice-inherit unit= user= via-shell help! version!")},
	// pkexec compares its options whole, and takes no '='.
	"pkexec": {grammar: with(opts("u:", "user= keep-cwd disable-internal-agent help! version!"), wholeNames), bareShell: true},
	"env": {grammar: with(opts("0 a: C: i L: P: S: u: v", "argv0= chdir= debug ignore-environment null split-string= unset= "+
		"block-signal=? default-signal=? ignore-signal=? list-signal-handling! help! version!"), anyAssign, dash)},
	"nohup": {grammar: opts("", "help! version!")},
	"nice":  {grammar: with(opts("n:", "adjustment= help! version!"), numeric)},
	// GNU's options and BSD's (time -l, -h; timeout -f, -p; chroot -u),
	// so that either is read: GNU time -h prints its help, and BSD's
	// runs the command.
	"time":    {grammar: opts("a f: h l o: p q v V!", "append format= output= portability quiet verbose help! version!")},
	"timeout": {grammar: opts("f k: p s: v", "foreground kill-after= preserve-status signal= verbose help! version!"), operands: 1},
	"command": {grammar: opts("p v! V!", "")},
	"exec":    {grammar: opts("a: c l", "")},
	"builtin": {},
	// GNU's letters and BSD's (-J, -o, -R, -S), so that either is read.
	"xargs": {grammar: opts("0 a: d: E: e:: I: i:: J: L: l:: n: o P: p R: r S: s: t x",
		"arg-file= delimiter= eof=? exit interactive max-args= max-chars= max-lines=? max-procs= no-run-if-empty "+
			"null open-tty process-slot-var= replace=? show-limits verbose help! version!")},
	"watch": {grammar: opts("b c C d:: e g h! n: p q: r s: t v! w x", "beep chgexit color differences=? equexit= errexit exec "+
		"interval= no-color no-rerun no-title no-wrap precise shotsdir= help! version!"),
		mode: runsJoined},
	"setsid":     {grammar: opts("c f h! V! w", "ctty fork wait help! version!")},
	"stdbuf":     {grammar: opts("e: i: o:", "error= input= output= help! version!")},
	"ionice":     {grammar: opts("c: h! n: p! P! t u! V!", "class= classdata= ignore pgid! pid! uid! help! version!")},
	"chroot":     {grammar: opts("G: g: u:", "groups= skip-chdir userspec= help! version!"), operands: 1, bareShell: true},
	"busybox":    {grammar: opts("", "help! install! list! list-full! show!")},
	"toybox":     {grammar: opts("", "help! long! version!")},
	"caffeinate": {grammar: opts("d i m s u t: w:", "")},
	"unbuffer":   {grammar: opts("p", "")},
	"noglob":     {},
	"-":          {}, // zsh's precommand modifier: - cmd runs cmd as a login command
	// wsl.exe compares its options whole.
	"wsl": {grammar: with(opts("d: e h! l! u:", "cd= distribution= distribution-id= exec shell-type= system user= help! list! status! "+
		"version! shutdown! terminate! unregister! export! import! import-in-place! install! update! set-default! "+
		"set-version! set-default-version! mount! unmount! manage! debug-shell!"), wholeNames),
		mode: runsJoined},
	"nocorrect": {},
	"repeat":    {operands: 1},
	// flock FILE -c CMD is read after its operand (see wrapped).
	"flock": {grammar: opts("E: F h! n o s u V! w: x", "close conflict-exit-code= exclusive nb no-fork nonblocking shared "+
		"timeout= unlock verbose wait= help! version!"),
		operands: 1},
	"setpriv": {grammar: opts("d! h! V!", "ambient-caps= apparmor-profile= bounding-set= clear-groups dump! egid= euid= groups= "+
		"init-groups inh-caps= keep-groups landlock-access= landlock-rule= list-caps! nnp no-new-privs pdeathsig= ptracer= "+
		"regid= reset-env reuid= rgid= ruid= seccomp-filter= securebits= selinux-label= help! version!")},
	"unshare": {grammar: opts("C:: c f G: h! i:: k:: l: m:: n:: p:: R: r S: T:: U:: u:: V! w:",
		"boottime= cgroup=? fork ipc=? keep-caps kill-child=? load-interp= map-auto map-current-user map-group= map-groups= "+
			"map-root-user map-user= map-users= monotonic= mount=? mount-proc=? net=? pid=? propagation= root= setgid= "+
			"setgroups= setuid= time=? user=? uts=? wd= help! version!"), bareShell: true},
	"nsenter": {grammar: opts("a C:: c e F G: h! i:: m:: n:: p:: r:: S: T:: t: U:: u:: V! W: w:: Z",
		"all cgroup=? env follow-context ipc=? join-cgroup mount=? net=? no-fork pid=? preserve-credentials root=? "+
			"setgid= setuid= target= time=? user=? user-parent uts=? wd=? wdns= help! version!"), bareShell: true},
	"chrt": {grammar: opts("a b d D: e f h! i m! o p! P: r R T: v V!", "all-tasks batch deadline ext fifo idle max! other pid! "+
		"reset-on-fork rr sched-deadline= sched-period= sched-runtime= verbose help! version!"), operands: 1},
	"taskset": {grammar: opts("a c p! h! V!", "all-tasks cpu-list pid! help! version!"), operands: 1},
	"prlimit": {grammar: opts("c:: d:: e:: f:: i:: l:: m:: n:: o: p! q:: r:: s:: t:: u:: v:: x:: y:: h! V!",
		"as=? core=? cpu=? data=? fsize=? locks=? memlock=? msgqueue=? nice=? nofile=? noheadings nproc=? output= pid! raw "+
			"rss=? rtprio=? rttime=? sigpending=? stack=? verbose help! version!")},
	"systemd-run": {grammar: opts("d E: G H: M: P p: q r S! t u: h! V!", "background= collect description= expand-environment=? "+
		"gid= host= ignore-failure job-mode= json=? machine= nice= no-ask-password no-block on-active= on-boot= on-calendar= "+
		"on-clock-change on-startup= on-timezone-change on-unit-active= on-unit-inactive= path-property= pipe property= pty "+
		"pty-late quiet remain-after-exit same-dir scope send-sighup service-type= setenv= shell! slice= slice-inherit "+
		"socket-property= system timer-property= uid= unit= user wait working-directory= help! version!")},
	"strace": {grammar: opts("a: A b: c C d D e: E: f F h! i I: k n o: O: p: P: q r s: S: t T u: U: v V! w x X: y Y z Z",
		"abbrev= absolute-timestamps=? always-show-pid attach= columns= const-print-style= daemonize=? debug decode-fds=? "+
			"decode-pids=? detach-on= env= failed-only fault= follow-forks inject= instruction-pointer interruptible= kvm= "+
			"no-abbrev output= output-append-mode output-separately quiet=? raw= read= relative-timestamps=? seccomp-bpf "+
			"secontext=? signal= stack-traces status= string-limit= strings-in-hex=? successful-only summary "+
			"summary-columns= summary-only summary-sort-by= summary-syscall-overhead= summary-wall-clock syscall-limit= "+
			"syscall-number syscall-times=? tips=? trace= trace-fds= trace-path= user= verbose= write= help! version!")},
	"ltrace": {grammar: opts("a: A: b c C D: e: f F: h! i l: L n: o: p: r s: S t T u: V! w: x:",
		"align= config= debug= demangle indent= library= no-signals output= where= help! version!")},
	"runuser": {grammar: with(opts("c: f g: G: h! l m p P s: u: V! w:", "command= fast group= login preserve-environment pty "+
		"session-command= shell= supp-group= user= whitelist-environment= help! version!"), permute, dash),
		mode: runsOption, script: []string{"-c", "--command", "--session-command"}, bareShell: true},
	"su": {grammar: with(opts("c: f g: G: h! l m p P s: V! w:", "command= fast group= login preserve-environment pty "+
		"session-command= shell= supp-group= whitelist-environment= help! version!"), permute, dash),
		mode: runsOption, script: []string{"-c", "--command", "--session-command"}, bareShell: true},
	"script": {grammar: with(opts("a B: c: E: e f F: I: m: O: o: q T: t:: h! V!", "append command= echo= flush force log-in= "+
		"log-io= log-out= log-timing= logging-format= output-limit= quiet return timing=? help! version!"), permute),
		mode: runsOption, script: []string{"-c", "--command"}, bareShell: true},
	"newgrp": {grammar: with(opts("", ""), dash), mode: runsOption, bareShell: true},
	"sg":     {grammar: with(opts("", ""), dash), mode: runsOption},
	"ssh": {grammar: opts("4 6 A a B: b: C c: D: E: e: F: f G! g I: i: J: K k L: l: M m: N n O: o: P: p: Q! q R: S: s T t V! v W: w: X x Y y", ""),
		operands: 1, mode: runsJoined},
	// zsh's emulate SHELL may set options as a shell does: -o NAME.
	"emulate": {grammar: with(opts("c: l! L o: R", ""), permute), mode: runsOption, script: []string{"-c"}},
	"npx":     {grammar: npxGrammar, script: []string{"-c", "--call"}},
	"bunx":    {grammar: opts("p:", "bun package= silent verbose no-install")},
	"uvx": {grammar: opts("b: C: c: f: h! i: n P: p: q U v V! w:", "allow-insecure-host= build-constraints= cache-dir= color= config-file= "+
		"constraints= default-index= directory= exclude-newer= extra-index-url= find-links= from= index= index-strategy= "+
		"index-url= isolated keyring-provider= link-mode= managed-python native-tls no-build no-cache no-config "+
		"no-index no-managed-python no-progress no-python-downloads offline overrides= prerelease= project= python= "+
		"python-preference= quiet refresh reinstall resolution= verbose with= with-editable= with-requirements= "+
		"compile-bytecode config-setting= env-file= fork-strategy= no-binary no-binary-package= no-build-isolation "+
		"no-build-isolation-package= no-build-package= no-env-file no-preview no-sources preview python-platform= "+
		"refresh-package= reinstall-package= torch-backend= upgrade upgrade-package= help! version!")},
}

type grammarFlag uint8

const (
	assigns grammarFlag = iota
	anyAssign
	permute
	dash
	numeric
	wholeNames
	wholeNamesWithValues
	attachedValues
	optionalNext
	noptOptions
)

func with(g grammar, flags ...grammarFlag) grammar {
	for _, f := range flags {
		switch f {
		case assigns:
			g.assigns = true
		case anyAssign:
			g.anyAssign = true
		case permute:
			g.permute = true
		case dash:
			g.dash = true
		case numeric:
			g.numeric = true
		case wholeNames:
			g.exact = true
		case wholeNamesWithValues:
			g.whole = true
		case attachedValues:
			g.attached = true
		case optionalNext:
			g.optNext = true
		case noptOptions:
			g.nopt, g.optNext = true, true
		}
	}
	return g
}

// runnerGrammars read the options of the subcommands that run a command,
// named in subcommandRunners.
var runnerGrammars = map[string]*wrapper{
	"pnpm-exec": {grammar: opts("c F: h! r s w", "filter= parallel recursive report-summary resume-from= shell-mode silent "+
		"workspace-root no-reporter-hide-prefix reporter-hide-prefix help!"),
		shell: []string{"-c", "--shell-mode"}},
	"pnpm-dlx": {grammar: opts("c h! s", "allow-build= package= shell-mode silent help!"),
		shell: []string{"-c", "--shell-mode"}},
	"uv-run": {grammar: opts("b: C: c: f: h! i: m n P: p: q s U v V! w:", "active all-extras all-groups all-packages allow-insecure-host= "+
		"build-constraints= cache-dir= color= compile-bytecode config-file= config-setting= constraints= default-index= "+
		"directory= env-file= exact exclude-newer= extra= extra-index-url= find-links= fork-strategy= frozen group= "+
		"gui-script index= index-strategy= index-url= isolated keyring-provider= link-mode= locked managed-python module "+
		"native-tls no-binary no-binary-package= no-build no-build-isolation no-build-package= no-cache no-config no-dev "+
		"no-build-isolation-package= no-default-groups no-editable no-env-file no-extra= no-group= no-index no-managed-python no-progress no-project "+
		"no-python-downloads no-sources no-sync offline only-dev only-group= overrides= package= prerelease= preview "+
		"no-preview project= python= python-platform= python-preference= quiet refresh refresh-package= reinstall "+
		"reinstall-package= resolution= script upgrade upgrade-package= verbose with= with-editable= with-requirements= "+
		"help! version!")},
	// poetry run, pipenv run and the like: the next word is the command.
	"runner":  {},
	"pdm-run": {grammar: opts("g h! j! l! p: q r s v", "global json! list! project= quiet recreate site-packages venv= verbose help!")},
	// hatch run, pixi run (deno's task shell) and yarn 2's exec (its
	// portable shell) run their words joined, as a shell line.
	"hatch-run": {grammar: opts("h!", "help!"), mode: runsJoined},
	"yarn-exec": {mode: runsJoined},
	"rye-run":   {grammar: opts("h! l!", "list! pyproject= help!")},
	"pixi-run": {grammar: opts("e: h! q v", "clean-env environment= force-activate frozen locked manifest-path= no-install quiet "+
		"revalidate skip-deps verbose help!"), mode: runsJoined},
	"bundle-exec": {grammar: opts("h!", "gemfile= keep-file-descriptors help!")},
	"conda-run":   {grammar: opts("h! n: p: v", "cwd= debug-wrapper-scripts dev live-stream name= no-capture-output prefix= help!")},
}

// runnerOptions are the options of the runners themselves, which come
// before their subcommand: uv --quiet run, pnpm -C dir exec.
var runnerOptions = map[string]grammar{
	"uv": opts("h! n q v V!", "allow-insecure-host= cache-dir= color= config-file= directory= isolated managed-python native-tls "+
		"no-cache no-config no-managed-python no-native-tls no-progress no-python-downloads offline preview "+
		"preview-features= no-preview project= python-preference= quiet show-settings verbose help! version!"),
	"pnpm": with(opts("C: F: h! r s v! w", "aggregate-output bail changed-files-ignore-pattern= color dir= fail-if-no-match "+
		"filter= filter-prod= include-workspace-root loglevel= parallel recursive reporter= report-summary "+
		"resume-from= sequential silent sort stream test-pattern= use-stderr workspace-concurrency= workspace-root "+
		"help! version!"), noptOptions),
	"bun": opts("h! v!", "bun cwd= silent verbose help! revision! version!"),
	"yarn": opts("h! s v!", "cache-folder= check-files cwd= emoji flat focus force frozen-lockfile global-folder= har "+
		"https-proxy= ignore-engines ignore-optional ignore-platform ignore-scripts json link-duplicates link-folder= "+
		"modules-folder= mutex= network-concurrency= network-timeout= no-bin-links no-default-rc no-lockfile "+
		"no-node-version-check no-progress non-interactive offline otp= prefer-offline preferred-cache-folder= "+
		"production proxy= pure-lockfile registry= silent skip-integrity-check strict-semver update-checksums "+
		"use-yarnrc= verbose help! version!"),
	"poetry": opts("C: h! n P: q v V!", "ansi directory= no-ansi no-cache no-interaction no-plugins project= quiet verbose "+
		"help! version!"),
	"pipenv": opts("h! q v", "bare clear envs! man! no-site-packages py! python= quiet rm! site-packages support! venv! "+
		"verbose where! help! version!"),
	"pdm": opts("c: h! I q v V!", "config= ignore-python pep582=? quiet verbose help! version!"),
	"hatch": opts("e: h! p: q v", "cache-dir= color config= data-dir= env= interactive no-color no-interactive project= "+
		"quiet verbose help! version!"),
	"rye":    opts("h! V!", "help! version!"),
	"pixi":   opts("h! q v V!", "color= no-progress quiet verbose help! version!"),
	"bundle": opts("h! r: V v!", "no-color retry= verbose help! version!"),
	"mise": opts("C: E: h! j: q v V! y", "cd= debug env= jobs= locked log-level= no-config quiet raw silent trace verbose "+
		"yes help! version!"),
	"conda":      opts("h! V!", "no-plugins help! version!"),
	"mamba":      opts("h! V!", "no-plugins help! version!"),
	"micromamba": opts("h! q r: v", "log-level= quiet root-prefix= rc-file= no-rc verbose help! version!"),
}

// subcommandRunners are programs whose subcommand runs a command: uv run,
// npm exec, poetry run. The value names the runnerGrammars entry (or the
// wrappers entry) that reads the subcommand's options. (npm is read by
// npm.)
var subcommandRunners = map[string]map[string]string{
	"uv":         {"run": "uv-run", "tool run": "uvx"},
	"npm":        {},
	"pnpm":       {"exec": "pnpm-exec", "dlx": "pnpm-dlx"},
	"bun":        {"x": "bunx"},
	"yarn":       {"exec": "yarn-exec", "dlx": "bunx"},
	"poetry":     {"run": "runner"},
	"pipenv":     {"run": "runner"},
	"pdm":        {"run": "pdm-run"},
	"hatch":      {"run": "hatch-run"},
	"rye":        {"run": "rye-run"},
	"pixi":       {"run": "pixi-run"},
	"bundle":     {"exec": "bundle-exec"},
	"mise":       {},
	"conda":      {"run": "conda-run"},
	"mamba":      {"run": "conda-run"},
	"micromamba": {"run": "conda-run"},
}

// parallelOptions are GNU parallel's (its manual, 2024): Perl's
// Getopt::Long, with bundled letters, long names in any unambiguous
// abbreviation, and optional values that may be the next word.
const (
	parallelShort = "0 a: C: d: D:: E: e:: f g h! I: i:: j: J: k L: l:: M m N: n: P: p q r S: s: T t u v V! W: X x Y"
	parallelLong  = "arg-file= arg-file-sep= arg-sep= bar basefile= basenameextensionreplace= basenamereplace= bf= bg bibtex! " +
		"bin= block= block-size= blocktimeout= bner= bnr= bt= cat citation! cleanup colsep= color-failed combine-exec= " +
		"compress compress-program= controlmaster csv ctag ctagstring= decompress-program= delay= delimiter= " +
		"dirnamereplace= dnr= dry-run dryrun embed! env= eof=? er= eta exit extensionreplace= fast fg fifo files files0 " +
		"filter= filter-hosts gnu group group-by= groupby= halt= halt-on-error= hashbang header= help! hostgroups id= " +
		"interactive jobs= joblog= keep-order latest-line lb limit= line-buffer link linkinputs load= max-args= max-chars= " +
		"max-line-length-allowed! max-lines=? max-procs= max-replace-args= memfree= memsuspend= minversion! nice= " +
		"no-keep-order no-notice no-run-if-empty nonall noswap null number-of-cores! number-of-cpus! number-of-gpus! " +
		"number-of-sockets! number-of-threads! onall output-as-files outputasfiles parens= pipe pipe-part pipepart plain " +
		"plus profile= progress quote record-env recend= recstart= regexp remove-rec-sep replace=? res= result= results= " +
		"resume resume-failed retries= retry-failed return= round round-robin rpl= rrs rsync-opts= semaphore " +
		"semaphorename= semaphoretimeout= seqreplace= session shard= shebang shebang-wrap shell-completion! shellquote! " +
		"show-limits! shuf silent skip-first-line slf= slotreplace= spreadstdin sql= sqlandworker= sqlmaster= " +
		"sqlworker= ssh= sshdelay= sshlogin= sshloginfile= st= tag tagstring= tee template= termseq= tf= timeout= " +
		"tmpdir= tempdir= tmpl= tmux tmuxpane total= total-jobs= transfer transferfile= trc= trim= tty ungroup unsafe " +
		"verbose version! wait wd= will-cite work-dir= workdir= xapply xargs"
)

var parallelGrammar = with(opts(parallelShort, parallelLong), optionalNext)

// fdGrammar is fd's (its manual, fd 10): clap's, with options anywhere
// among the patterns and paths. -x and -X, --exec and --exec-batch are
// listed as ending the options, for fd to read the command that follows.
var fdGrammar = with(opts("0 1 a c: d: E: e: F g H h! I i j: L l o: p q S: s t: u V! x! X!",
	"absolute-path and= base-directory= batch-size= case-sensitive change-newer-than= change-older-than= "+
		"changed-before= changed-within= color= exact-depth= exclude= exec! exec-batch! extension= fixed-strings "+
		"follow format= full-path gen-completions! glob hidden hyperlink=? ignore ignore-case ignore-file= ignore-vcs "+
		"list-details max-buffer-time= max-depth= max-results= min-depth= mount newer= no-follow no-global-ignore-file "+
		"no-hidden no-ignore no-ignore-parent no-ignore-vcs no-require-git older= one-file-system owner= path-separator= "+
		"print0 prune quiet regex relative-path require-git search-path= show-errors size= strip-cwd-prefix=? threads= "+
		"type= unrestricted xdev help! version!"), wholeNamesWithValues)

func init() {
	for _, name := range []string{"npx", "bunx", "uvx"} {
		runnerGrammars[name] = wrappers[name]
	}
	// sem is parallel --semaphore, run by a shell.
	wrappers["sem"] = &wrapper{grammar: parallelGrammar, mode: runsJoined}
	wrappers["entr"] = &wrapper{grammar: opts("a c d n p r s x z", ""), shell: []string{"-s"}}
	wrappers["chronic"] = &wrapper{grammar: opts("e v", "")}
	wrappers["ifne"] = &wrapper{grammar: opts("n", "")}
	// GNU coreutils and findutils as macOS's Homebrew installs them.
	for _, name := range []string{"env", "nice", "nohup", "stdbuf", "timeout", "chroot", "xargs"} {
		wrappers["g"+name] = wrappers[name]
	}
	// bwrap compares its options whole, takes their values as the next
	// words, one to three of them, and reads more options from the
	// descriptor --args names (0.11's manual).
	wrappers["bwrap"] = &wrapper{grammar: with(opts("", "add-seccomp-fd= args= argv0= as-pid-1 assert-userns-disabled "+
		"bind=2 bind-data=2 bind-fd=2 bind-try=2 block-fd= cap-add= cap-drop= chdir= chmod=2 clearenv dev= dev-bind=2 "+
		"dev-bind-try=2 die-with-parent dir= disable-userns exec-label= file=2 file-label= gid= hostname= info-fd= "+
		"json-status-fd= level-prefix lock-file= mqueue= new-session overlay=3 overlay-src= perms= pidns= proc= "+
		"remount-ro= ro-bind=2 ro-bind-data=2 ro-bind-fd=2 ro-bind-try=2 ro-overlay= seccomp= setenv=2 share-net size= "+
		"symlink=2 sync-fd= tmp-overlay= tmpfs= uid= unsetenv= unshare-all unshare-cgroup unshare-cgroup-try "+
		"unshare-ipc unshare-net unshare-pid unshare-user unshare-user-try unshare-uts userns= userns-block-fd= "+
		"userns2= help! version!"), wholeNames),
		optionsFrom: []string{"--args"}}
	wrappers["fakeroot"] = &wrapper{grammar: opts("b: f: h! i: l: s: u v!", "fd-base= faked= lib= unknown-is-real help! version!")}
	// firejail's options are each one word, --name or --name=value, and
	// it refuses one it does not know; these run nothing.
	wrappers["firejail"] = &wrapper{grammar: with(opts("", "help! version! list! tree! top! debug-caps! debug-errnos! "+
		"debug-protocols! debug-syscalls! debug-syscalls32! shutdown! netstats!"), attachedValues)}
	// Both dotenvs: npm's dotenv-cli (dotenv -e FILE -- CMD) and
	// python-dotenv (dotenv -f FILE run CMD, see wrapped).
	wrappers["dotenv"] = &wrapper{grammar: opts("c:: e: f: o p: q: v:", "debug export= file= no-expand override quiet quote= "+
		"help! version!")}
}

// ownArgs returns the arguments that belong to c itself rather than to a
// command it runs: sudo's options, not rm's, in `sudo -u root rm -rf /`.
func ownArgs(c Command) []string {
	if wr, ok := wrappers[strings.ToLower(c.Name)]; ok && wr.mode == runsArgs {
		i, _ := wr.scan(c.Args, nil)
		return c.Args[:min(i+wr.operands, len(c.Args))]
	}
	return c.Args
}

// readOptions reads a wrapper's options with its closed grammar. An
// option the grammar does not list leaves no way to tell where the
// command begins, so the command may run anything.
func (w *walker) readOptions(g *grammar, name string, ts []string, seen func(o option)) (int, bool) {
	i, runs, bad := g.read(ts, seen)
	if bad != "" {
		w.unknown(name + " with an option it does not know: " + bad)
		return i, false
	}
	return i, runs
}
