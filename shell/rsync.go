package shell

import "strings"

// rsyncGrammar is rsync 3.2's option grammar (options.c's long_options):
// the options that take a value, so that no value is read as an option.
var rsyncGrammar = with(opts("@: B: e: f: M: T:", "address= backup-dir= block-size= bwlimit= cc= checksum-choice= "+
	"checksum-seed= chmod= chown= compare-dest= compress-choice= compress-level= config= contimeout= copy-as= "+
	"copy-dest= debug= dparam= early-input= exclude= exclude-from= files-from= filter= groupmap= iconv= include= "+
	"include-from= info= link-dest= log-file= log-file-format= log-format= max-alloc= max-delete= max-size= "+
	"min-size= modify-window= only-write-batch= out-format= outbuf= partial-dir= password-file= port= protocol= "+
	"read-batch= remote-option= rsh= rsync-path= skip-compress= sockopts= stderr= stop-after= stop-at= suffix= "+
	"temp-dir= time-limit= timeout= usermap= write-batch= zc= zl= daemon detach no-detach help! version!"), permute)

// rsyncDaemonCommands are the daemon parameters whose value rsync runs,
// as rsync names them: case, blanks and underscores aside.
var rsyncDaemonCommands = []string{"pre-xferexec", "post-xferexec", "earlyexec", "nameconverter"}

// rsync reads the remote shell rsync starts on this machine (-e,
// --rsh) and the program it starts on the other (--rsync-path); as a
// daemon (--daemon, --config, --dparam, --detach), the commands its
// parameters run, given with --dparam (-M) or a configuration on the
// input. (RSYNC_RSH and RSYNC_CONNECT_PROG are commandVariables,
// RSYNC_SHELL an environReader.)
func (w *walker) rsync(args []word, c ctx) {
	ts := texts(args)
	daemon := false
	rsyncGrammar.scan(ts, func(o option) {
		switch o.name {
		case "--daemon", "--config", "--dparam", "--detach", "--no-detach":
			daemon = true
		}
	})
	rsyncGrammar.scan(ts, func(o option) {
		label := "rsync " + o.name
		switch {
		case o.name == "-e" || o.name == "--rsh" || o.name == "--rsync-path":
			if args[o.at].dyn {
				w.unknown(label + " of a non-literal: " + args[o.at].text)
				return
			}
			w.script(o.val, c.reached(label), label)
		case daemon && (o.name == "-M" || o.name == "--dparam"):
			w.rsyncParameter(args[o.at], o.val, c, label)
		case o.name == "--config":
			if t, ok := w.textOf(w.optionInput(args, o, c), "rsync --config"); ok {
				for _, line := range strings.Split(t, "\n") {
					w.rsyncParameter(word{}, strings.TrimSpace(line), c, label)
				}
			}
		}
	})
}

// rsyncParameter reads one daemon parameter, NAME=VALUE.
func (w *walker) rsyncParameter(x word, p string, c ctx, label string) {
	if x.dyn {
		w.unknown(label + " of a non-literal: " + x.text)
		return
	}
	name, value, ok := strings.Cut(p, "=")
	if !ok || strings.HasPrefix(name, "#") {
		return
	}
	key := strings.NewReplacer(" ", "", "\t", "", "_", "").Replace(strings.ToLower(name))
	if !contains(rsyncDaemonCommands, key) {
		return
	}
	w.script(strings.TrimSpace(value), c.reached(label+" "+strings.TrimSpace(name)), label)
}
