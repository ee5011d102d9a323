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
var wrappers = map[string]*wrapper{
	"sudo": {grammar: with(opts("a: C: c: D: e! g: h:: K! l! p: R: r: T: t: U: u: V! v!",
		"askpass auth-type= background bell chdir= chroot= close-from= command-timeout= edit! group= help! host=? "+
			"list! login login-class= non-interactive other-user= preserve-env=? preserve-groups prompt= "+
			"remove-timestamp! reset-timestamp role= shell stdin type= user= validate! version!"), assigns),
		shell: []string{"-s", "-i", "--shell", "--login"}},
	"doas":    {grammar: opts("a: C! L! n s u:", ""), shell: []string{"-s"}},
	"run0":    {grammar: opts("u: g: D: h! V!", "user= group= chdir= setenv= property= description= slice= unit= nice= machine= background= no-ask-password help! version!")},
	"pkexec":  {grammar: opts("", "user= keep-cwd disable-internal-agent help! version!"), bareShell: true},
	"env":     {grammar: with(opts("0 a: C: i L: P: S: u: v", "argv0= chdir= debug ignore-environment null split-string= unset= block-signal=? default-signal=? ignore-signal=? list-signal-handling! help! version!"), anyAssign, dash)},
	"nohup":   {grammar: opts("", "help! version!")},
	"nice":    {grammar: with(opts("n:", "adjustment= help! version!"), numeric)},
	"time":    {grammar: opts("a f: o: p q v V!", "append format= output= portability quiet verbose help! version!")},
	"timeout": {grammar: opts("k: s: v", "foreground kill-after= preserve-status signal= verbose help! version!"), operands: 1},
	"command": {grammar: opts("p v! V!", "")},
	"exec":    {grammar: opts("a: c l", "")},
	"builtin": {},
	"xargs": {grammar: opts("0 a: d: E: e:: I: i:: J: L: l:: n: o P: p R: r S: s: t x",
		"arg-file= delimiter= eof=? exit interactive max-args= max-chars= max-lines=? max-procs= no-run-if-empty "+
			"null open-tty process-slot-var= replace=? show-limits verbose help! version!")},
	"watch": {grammar: opts("b c C d:: e g n: p q: r t w x s:", "beep chgexit color differences=? equexit= errexit exec interval= no-color no-rerun no-title no-wrap precise shotsdir= help! version!"),
		mode: runsJoined},
	"setsid":     {grammar: opts("c f w", "ctty fork wait help! version!")},
	"stdbuf":     {grammar: opts("e: i: o:", "error= input= output= help! version!")},
	"ionice":     {grammar: opts("c: n: p! P! t u!", "class= classdata= ignore pgid! pid! uid! help! version!")},
	"chroot":     {grammar: opts("", "groups= skip-chdir userspec= help! version!"), operands: 1, bareShell: true},
	"busybox":    {},
	"toybox":     {},
	"caffeinate": {grammar: opts("d i m s u t: w:", "")},
	"unbuffer":   {grammar: opts("p", "")},
	"noglob":     {},
	"-":          {}, // zsh's precommand modifier: - cmd runs cmd as a login command
	"wsl": {grammar: opts("d: e u:", "cd= distribution= exec shell-type= system user= help! list! status! version! shutdown! terminate! unregister! export! import! install! update! set-default! set-version! mount! unmount!"),
		mode: runsJoined},
	"nocorrect": {},
	"repeat":    {operands: 1},
	"flock": {grammar: opts("E: F n o s u w: x", "close conflict-exit-code= exclusive no-fork nonblock shared timeout= unlock verbose help! version!"),
		operands: 1},
	"setpriv": {grammar: opts("d! h! V!", "ambient-caps= apparmor-profile= bounding-set= clear-groups dump! egid= euid= groups= "+
		"init-groups inh-caps= keep-groups landlock-access= landlock-rule= list-caps! nnp no-new-privs pdeathsig= ptracer= "+
		"regid= reset-env reuid= rgid= ruid= seccomp-filter= securebits= selinux-label= help! version!")},
	"unshare": {grammar: opts("C:: c f G: i:: k:: l: m:: n:: p:: R: r S: T:: U:: u:: w:",
		"boottime= cgroup=? fork ipc=? keep-caps kill-child=? load-interp= map-auto map-current-user map-group= map-groups= "+
			"map-root-user map-user= map-users= monotonic= mount=? mount-proc=? net=? pid=? propagation= root= setgid= "+
			"setgroups= setuid= time=? user=? uts=? wd= help! version!"), bareShell: true},
	"nsenter": {grammar: opts("a C:: c e F G: i:: m:: n:: p:: r:: S: T:: t: U:: u:: W: w:: Z",
		"all cgroup=? env follow-context ipc=? join-cgroup mount=? net=? no-fork pid=? preserve-credentials root=? "+
			"setgid= setuid= target= time=? user=? user-parent uts=? wd=? wdns= help! version!"), bareShell: true},
	"chrt": {grammar: opts("a b d D: e f i m! o p! P: r R T: v h! V!", "all-tasks batch deadline fifo idle max! other pid! reset-on-fork rr "+
		"sched-deadline= sched-period= sched-runtime= verbose help! version!"), operands: 1},
	"taskset": {grammar: opts("a c p! h! V!", "all-tasks cpu-list pid! help! version!"), operands: 1},
	"prlimit": {grammar: opts("c:: d:: e:: f:: i:: l:: m:: n:: o: p! q:: r:: s:: t:: u:: v:: x:: y:: h! V!",
		"as=? core=? cpu=? data=? fsize=? locks=? memlock=? msgqueue=? nice=? nofile=? noheadings nproc=? output= pid! raw "+
			"rss=? rtprio=? rttime=? sigpending=? stack=? verbose help! version!")},
	"systemd-run": {grammar: opts("d E: G H: M: P p: q r S! t u: h! V!", "collect description= expand-environment=? gid= host= json=? machine= "+
		"nice= no-ask-password no-block on-active= on-boot= on-calendar= on-clock-change on-startup= on-timezone-change "+
		"on-unit-active= on-unit-inactive= path-property= pipe property= pty quiet remain-after-exit same-dir scope "+
		"send-sighup service-type= setenv= shell! slice= slice-inherit socket-property= system timer-property= uid= unit= "+
		"user wait working-directory= help! version!")},
	"strace": {grammar: opts("a: b: c C d D e: E: f F h! i I: k n o: O: p: P: q r s: S: t T u: U: v V! w x X: y z Z",
		"always-show-pid attach= columns= decode-fds=? decode-pids=? env= follow-forks kvm= output= output-separately "+
			"quiet=? seccomp-bpf secontext=? signal= status= string-limit= summary summary-columns= summary-only "+
			"summary-sort-by= summary-wall-clock syscall-limit= trace= trace-fds= trace-path= user= help! version!")},
	"ltrace": {grammar: opts("a: A: b c C D: e: f F: h! i l: L n: o: p: r s: S t T u: V! w: x:",
		"align= config= debug= demangle indent= library= output= help! version!")},
	"runuser": {grammar: with(opts("c: f g: G: l m p P s: u: w:", "command= fast group= login preserve-environment pty session-command= shell= supp-group= user= whitelist-environment= help! version!"), permute, dash),
		mode: runsOption, script: []string{"-c", "--command", "--session-command"}, bareShell: true},
	"su": {grammar: with(opts("c: f g: G: l m p P s: w:", "command= fast group= login preserve-environment pty session-command= shell= supp-group= whitelist-environment= help! version!"), permute, dash),
		mode: runsOption, script: []string{"-c", "--command", "--session-command"}, bareShell: true},
	"script": {grammar: with(opts("a B: c: E: e f F: I: m: O: o: q T: t:: h! V!", "append command= echo= flush force log-in= log-io= log-out= log-timing= logging-format= output-limit= quiet return timing=? help! version!"), permute),
		mode: runsOption, script: []string{"-c", "--command"}, bareShell: true},
	"newgrp": {grammar: with(opts("", ""), dash), mode: runsOption, bareShell: true},
	"sg":     {grammar: with(opts("", ""), dash), mode: runsOption},
	"ssh": {grammar: opts("4 6 A a B: b: C c: D: E: e: F: f G! g I: i: J: K k L: l: M m: N n O: o: P: p: Q! q R: S: s T t V! v W: w: X x Y y", ""),
		operands: 1, mode: runsJoined},
	"emulate": {grammar: with(opts("c: l! L R", ""), permute), mode: runsOption, script: []string{"-c"}},
	"npx":     {grammar: opts("c: p: q y", "call= ignore-existing no package= quiet yes"), script: []string{"-c", "--call"}},
	"bunx":    {grammar: opts("p:", "bun package= silent verbose no-install")},
	"uvx": {grammar: opts("p: q v w:", "from= with= with-editable= with-requirements= python= index-url= extra-index-url= "+
		"find-links= cache-dir= config-file= directory= project= quiet verbose isolated help! version!")},
}

type grammarFlag uint8

const (
	assigns grammarFlag = iota
	anyAssign
	permute
	dash
	numeric
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
		}
	}
	return g
}

// runnerGrammars read the options of the subcommands that run a command,
// named in subcommandRunners.
var runnerGrammars = map[string]*wrapper{
	"pnpm-exec": {grammar: opts("c F: r w", "filter= parallel recursive report-summary resume-from= shell-mode workspace-root no-reporter-hide-prefix"),
		shell: []string{"-c", "--shell-mode"}},
	"uv-run": {grammar: opts("C: P: p: q v w:", "active all-extras all-groups all-packages allow-insecure-host= cache-dir= color= "+
		"compile-bytecode config-file= config-setting= default-index= directory= env-file= exclude-newer= extra= "+
		"extra-index-url= find-links= fork-strategy= frozen group= gui-script index= index-strategy= index-url= "+
		"isolated keyring-provider= link-mode= locked managed-python module no-binary-package= no-build-package= "+
		"no-config no-dev no-editable no-env-file no-group= no-index no-project no-sync offline only-dev only-group= "+
		"package= prerelease= project= python= python-platform= quiet refresh refresh-package= reinstall "+
		"reinstall-package= resolution= script upgrade upgrade-package= verbose with= with-editable= with-requirements= help! version!")},
	"runner":    {}, // poetry run, pipenv run and the like: the next word is the command
	"conda-run": {grammar: opts("n: p: v", "name= prefix= cwd= live-stream no-capture-output dev")},
}

// subcommandRunners are programs whose subcommand runs a command: uv run,
// npm exec, poetry run. The value names the runnerGrammars entry (or the
// wrappers entry) that reads the subcommand's options.
var subcommandRunners = map[string]map[string]string{
	"uv":         {"run": "uv-run", "tool run": "uvx"},
	"npm":        {"exec": "npx", "x": "npx"},
	"pnpm":       {"exec": "pnpm-exec", "dlx": "pnpm-exec"},
	"bun":        {"x": "bunx"},
	"yarn":       {"exec": "runner", "dlx": "bunx"},
	"poetry":     {"run": "runner"},
	"pipenv":     {"run": "runner"},
	"pdm":        {"run": "runner"},
	"hatch":      {"run": "runner"},
	"rye":        {"run": "runner"},
	"pixi":       {"run": "runner"},
	"bundle":     {"exec": "runner"},
	"mise":       {"exec": "runner", "x": "runner"},
	"conda":      {"run": "conda-run"},
	"mamba":      {"run": "conda-run"},
	"micromamba": {"run": "conda-run"},
}

func init() {
	for _, name := range []string{"npx", "bunx", "uvx"} {
		runnerGrammars[name] = wrappers[name]
	}
	wrappers["sem"] = &wrapper{grammar: opts("j:", "fg bg id= jobs= semaphoretimeout= st= timeout= wait"), mode: runsJoined}
	wrappers["entr"] = &wrapper{grammar: opts("a c d n p r s z", ""), shell: []string{"-s"}}
	wrappers["chronic"] = &wrapper{grammar: opts("e v", "")}
	wrappers["ifne"] = &wrapper{grammar: opts("n", "")}
	// GNU coreutils and findutils as macOS's Homebrew installs them.
	for _, name := range []string{"env", "nice", "nohup", "stdbuf", "timeout", "chroot", "xargs"} {
		wrappers["g"+name] = wrappers[name]
	}
	wrappers["bwrap"] = &wrapper{grammar: opts("", "args= bind= bind-try= dev-bind= dev-bind-try= ro-bind= ro-bind-try= "+
		"remount-ro= proc= dev= tmpfs= mqueue= dir= file= bind-data= ro-bind-data= symlink= chdir= setenv= unsetenv= "+
		"uid= gid= hostname= lock-file= sync-fd= info-fd= json-status-fd= userns= userns2= pidns= seccomp= add-seccomp-fd= "+
		"exec-label= file-label= block-fd= userns-block-fd= cap-add= cap-drop= perms= size= chmod= argv0= "+
		"unshare-all share-net unshare-user unshare-user-try unshare-ipc unshare-pid unshare-net unshare-uts "+
		"unshare-cgroup unshare-cgroup-try die-with-parent as-pid-1 new-session clearenv disable-userns "+
		"assert-userns-disabled help! version!")}
	wrappers["fakeroot"] = &wrapper{grammar: opts("b: i: l: s: u h! v!", "lib= faked= unknown-is-real")}
	wrappers["firejail"] = &wrapper{grammar: opts("", "")}
	wrappers["dotenv"] = &wrapper{grammar: opts("c:: e: p: v:", "")}
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
