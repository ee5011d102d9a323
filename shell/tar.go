package shell

import (
	"slices"
	"strings"
)

// tarGrammar is GNU tar 1.34's whole option grammar (tar --usage), so
// that an abbreviation resolves as tar resolves it and no word is taken
// for the value of an option that has none.
var tarGrammar = with(opts("A b: B c C: d f: F: g: G h H: i I: j J k K: l L: m M n N: o O p P r R s S t T: u U v V: w W x X: z Z ?!",
	"absolute-names acls add-file= after-date= anchored append atime-preserve=? auto-compress backup=? block-number "+
		"blocking-factor= bzip2 catenate check-device check-links checkpoint-action= checkpoint=? clamp-mtime compare "+
		"compress concatenate confirmation create delay-directory-restore delete dereference diff directory= "+
		"exclude-backups exclude-caches exclude-caches-all exclude-caches-under exclude-from= exclude-ignore-recursive= "+
		"exclude-ignore= exclude-tag-all= exclude-tag-under= exclude-tag= exclude-vcs exclude-vcs-ignores exclude= "+
		"extract file= files-from= force-local format= full-time get group-map= group= gunzip gzip hard-dereference "+
		"hole-detection= ignore-case ignore-command-error ignore-failed-read ignore-zeros incremental index-file= "+
		"info-script= interactive keep-directory-symlink keep-newer-files keep-old-files label= level= list "+
		"listed-incremental= lzip lzma lzop mode= mtime= multi-volume new-volume-script= newer-mtime= newer= no-acls "+
		"no-anchored no-auto-compress no-check-device no-delay-directory-restore no-ignore-case no-ignore-command-error "+
		"no-null no-overwrite-dir no-quote-chars= no-recursion no-same-owner no-same-permissions no-seek no-selinux "+
		"no-unquote no-verbatim-files-from no-wildcards no-wildcards-match-slash no-xattrs null numeric-owner "+
		"occurrence=? old-archive one-file-system one-top-level=? overwrite overwrite-dir owner-map= owner= pax-option= "+
		"portability posix preserve preserve-order preserve-permissions quote-chars= quoting-style= read-full-records "+
		"record-size= recursion recursive-unlink remove-files restrict rmt-command= rsh-command= same-order same-owner "+
		"same-permissions seek selinux show-defaults show-omitted-dirs show-snapshot-field-ranges show-stored-names "+
		"show-transformed-names skip-old-files sort= sparse sparse-version= starting-file= strip-components= suffix= "+
		"tape-length= test-label to-command= to-stdout totals=? touch transform= uncompress ungzip unlink-first "+
		"unquote update use-compress-program= utc verbatim-files-from verbose verify volno-file= warning= wildcards "+
		"wildcards-match-slash xattrs xattrs-exclude= xattrs-include= xform= xz zstd help! usage! version!"), permute)

// tarCommands are tar's options whose value /bin/sh -c runs (or, for
// --rsh-command, that tar runs as a program).
var tarCommands = []string{"-I", "--use-compress-program", "--to-command", "-F", "--info-script",
	"--new-volume-script", "--checkpoint-action", "--rsh-command", "--rmt-command"}

// tarCheckpointActions are the actions of --checkpoint-action other than
// exec=, by the name before any '=': they run nothing.
var tarCheckpointActions = []string{".", "bell", "dot", "echo", "sleep", "totals", "ttyout", "wait"}

// tar reads tar's command line. A first word without '-' is an old-style
// bundle (tar cIf PROG ARCHIVE): each of its letters that takes a value
// takes the next word, in order.
func (w *walker) tar(args []word, c ctx) {
	if len(args) > 0 && args[0].dyn && !strings.HasPrefix(args[0].text, "-") {
		w.unknown("tar's first word, which may be a bundle of options, known only at run time: " + args[0].text)
		return
	}
	if len(args) > 0 && args[0].text != "" && args[0].text[0] != '-' {
		bundle := args[0].text
		out := make([]word, 0, len(args)+len(bundle))
		next := 1
		for i := 0; i < len(bundle); i++ {
			out = append(out, word{text: "-" + bundle[i:i+1]})
			if strings.IndexByte(tarGrammar.arg, bundle[i]) >= 0 && next < len(args) {
				out = append(out, args[next])
				next++
			}
		}
		args = append(out, args[next:]...)
	}
	w.tarOptions(args, c, "tar")
}

// tarOptions reads words as tar reads its options: from its command line
// after the old-style bundle, or from TAR_OPTIONS.
func (w *walker) tarOptions(args []word, c ctx, who string) {
	ts := texts(args)
	var values []int // the words that are an option's value
	tarGrammar.scan(ts, func(o option) {
		if o.val != "" {
			values = append(values, o.at)
		}
	})
	for i, a := range args {
		if a.text == "--" && !a.dyn {
			break
		}
		if severalWords(a) {
			w.unknown(who + " given words known only at run time, which may be any options: " + a.text)
			return
		}
		if !strings.HasPrefix(a.text, "-") && slices.Contains(values, i) {
			continue
		}
		if mayBeTarOption(a) {
			w.unknown(who + " given a word known only at run time, which may be an option that runs a command: " + a.text)
			return
		}
	}
	tarGrammar.scan(ts, func(o option) {
		if !contains(tarCommands, o.name) {
			return
		}
		v := o.val
		if o.name == "--checkpoint-action" {
			var ok bool
			if v, ok = strings.CutPrefix(v, "exec="); !ok {
				if name, _, _ := strings.Cut(v, "="); args[o.at].dyn || !contains(tarCheckpointActions, name) {
					w.unknown("tar --checkpoint-action that tar may run: " + args[o.at].text)
				}
				return
			}
		}
		label := "tar " + o.name
		if args[o.at].dyn {
			w.unknown(label + " of a non-literal: " + args[o.at].text)
			return
		}
		if v == "" {
			return
		}
		w.script(v, c.reached(label), label)
	})
}

// severalWords reports whether a word may become several words at run time
// ("$@", "${a[@]}", or an unquoted expansion that is split), so that it
// may be any options and their values.
func severalWords(x word) bool {
	if !x.dyn {
		return false
	}
	return splits(shape(x.text)) || strings.Contains(x.text, "$@") || strings.Contains(x.text, "${@") ||
		strings.Contains(x.text, "[@]") || strings.Contains(x.text, "$*") || strings.Contains(x.text, "[*]")
}

// tarOptionsVariable reads TAR_OPTIONS, which GNU tar splits into words
// (quotes and backslashes, no expansions) and reads as options before its
// own command line.
func (w *walker) tarOptionsVariable(v word, c ctx) {
	if v.dyn {
		w.unknown("TAR_OPTIONS set to options known only at run time: " + v.text)
		return
	}
	ws, ok := splitWords(v.text)
	if !ok {
		w.unknown("TAR_OPTIONS with an unclosed quote: " + v.text)
		return
	}
	args := make([]word, len(ws))
	for i, s := range ws {
		args[i] = word{text: s}
	}
	w.tarOptions(args, c.reached("TAR_OPTIONS"), "TAR_OPTIONS")
}

// splitWords splits s into words at unquoted blanks, removing single
// and double quotes and backslashes, as tar's wordsplit and make's
// MAKEFLAGS do; ok is false when a quote is left open.
func splitWords(s string) (ws []string, ok bool) {
	var b strings.Builder
	in := false // a word has begun (so '' is an empty word)
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; ch {
		case ' ', '\t', '\n':
			if in {
				ws = append(ws, b.String())
				b.Reset()
				in = false
			}
		case '\\':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			}
			in = true
		case '\'', '"':
			j := i + 1
			for ; j < len(s) && s[j] != ch; j++ {
				if ch == '"' && s[j] == '\\' && j+1 < len(s) {
					j++
				}
				b.WriteByte(s[j])
			}
			if j >= len(s) {
				return nil, false
			}
			i = j
			in = true
		default:
			b.WriteByte(ch)
			in = true
		}
	}
	if in {
		ws = append(ws, b.String())
	}
	return ws, true
}

// mayBeTarOption reports whether a word only run time knows may be an
// option of tar's that the reader did not see: one that begins with the
// expansion ("$o", unless a '/' or '.' after it makes it a path), or a
// bundle or long name that the expansion continues (-cz$x, --to$x). A
// value after a letter or '=' that takes one (-f"$out", --exclude=$p) is
// that option's.
func mayBeTarOption(x word) bool {
	if !x.dyn {
		return false
	}
	sh := shape(x.text)
	for len(sh) > 1 && !sh[0].hole && sh[0].text == "" {
		sh = sh[1:]
	}
	if sh[0].hole {
		for _, s := range sh[1:] {
			if !s.hole && strings.ContainsAny(s.text, "/.") {
				return false
			}
		}
		return true
	}
	p := sh[0].text
	switch {
	case len(sh) == 1 || !strings.HasPrefix(p, "-"):
		return false
	case strings.HasPrefix(p, "--"):
		return !strings.Contains(p, "=")
	}
	for i := 1; i < len(p); i++ {
		if strings.IndexByte(tarGrammar.arg, p[i]) >= 0 {
			return false
		}
	}
	return true
}
