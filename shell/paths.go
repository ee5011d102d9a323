package shell

import (
	"path"
	"strings"
)

// cwdUnknown is the working directory once the script has changed it to
// what only run time knows (cd "$dir", cd -, popd).
const cwdUnknown = "?"

// chdir reads cd DIR and pushd DIR: the directory relative paths are
// looked up in from then on. The reader keeps one for the whole script,
// so a subshell's cd is taken to hold after it too.
func (w *walker) chdir(args []word) {
	for len(args) > 0 && len(args[0].text) > 1 && args[0].text[0] == '-' && args[0].text != "--" && !args[0].dyn {
		args = args[1:] // -L, -P, -e, -@
	}
	if len(args) > 0 && args[0].text == "--" {
		args = args[1:]
	}
	switch {
	case len(args) == 0 || args[0].dyn || w.cwd == cwdUnknown || w.cdpath:
		// cd alone goes home, and CDPATH may send a relative name anywhere.
		w.cwd = cwdUnknown
	case args[0].text == "-" || strings.HasPrefix(args[0].text, "~"):
		w.cwd = cwdUnknown
	case strings.HasPrefix(args[0].text, "/"):
		w.cwd = path.Clean(args[0].text)
	default:
		w.cwd = path.Join(w.cwd, args[0].text)
	}
}

// filePath returns what reading the literal path p gives, a relative one
// looked up where the script has changed directory to.
func (w *walker) filePath(p string, t fds) input {
	switch {
	case p == "" || p[0] == '/' || w.cwd == "":
		return pathText(p, t)
	case w.cwd == cwdUnknown:
		// From a directory only run time knows, stdin or 0 may be a
		// descriptor.
		for _, dir := range []string{"/", "/dev/", "/dev/fd/", "/proc/", "/proc/self/", "/proc/self/fd/"} {
			if in := pathText(dir+p, t); in.kind != srcFile && in.kind != srcNothing {
				return unknownInput("a path that may name a descriptor, in a directory only run time knows: " + p)
			}
		}
		return input{kind: srcFile}
	}
	joined := path.Join(w.cwd, p)
	in := pathText(joined, t)
	if in.kind != srcFile && w.cwd[0] == '/' && (strings.HasPrefix(w.cwd, "/proc/") || w.cwd == "/dev/fd" || strings.HasPrefix(w.cwd, "/dev/fd/")) {
		// cd resolved /dev/fd and /proc/self to the shell that ran it:
		// what a program opens there is that shell's descriptor, not its own.
		return unknownInput("another process's descriptor: " + joined)
	}
	return in
}

// dynamicPath returns what reading a path known only at run time gives:
// a file, unless what is written of it could make it a descriptor
// (/dev/fd/$fd, "/proc/$pid/fd/0", "$dir/stdin"), which is unknown.
func dynamicPath(text string) input {
	head := text
	if i := strings.IndexAny(head, "$`"); i >= 0 {
		head = head[:i]
	}
	head = strings.Trim(head, `"'`)
	tail := text[strings.LastIndexAny(text, "$`})")+1:]
	tail = strings.Trim(tail, `"'`)
	last := tail[strings.LastIndexByte(tail, '/')+1:]
	_, number := fdNumber(last)
	if strings.HasPrefix(head, "/") && mayNameDevice(path.Clean(head+"x")) ||
		strings.Contains(tail, "/") && (last == "stdin" || number && tail != last) {
		return unknownInput("a path known only at run time that may name a descriptor: " + text)
	}
	return input{kind: srcFile}
}

// mayNameDevice reports whether an absolute path is under /dev or /proc,
// where names are descriptors, or could be made so by what follows it.
func mayNameDevice(p string) bool {
	return strings.HasPrefix(p, "/dev/") || strings.HasPrefix(p, "/proc/") || !strings.Contains(p[1:], "/")
}

// pathText returns what reading the literal path p gives. The kernel
// resolves a path, not its spelling: /dev//stdin and /dev/./stdin are
// /dev/stdin, and a relative path that climbs with .. may reach /dev from
// any directory.
func pathText(p string, t fds) input {
	if p == "" {
		return input{kind: srcFile}
	}
	if p[0] != '/' {
		q := path.Clean(p)
		if !strings.HasPrefix(q, "../") {
			return input{kind: srcFile}
		}
		for strings.HasPrefix(q, "../") {
			q = q[3:]
		}
		if in := pathText("/"+q, t); in.kind != srcFile {
			return unknownInput("a relative path that may reach a descriptor: " + p)
		}
		return input{kind: srcFile}
	}
	p = path.Clean(p)
	switch {
	case p == "/dev/stdin":
		return t.get(0)
	case p == "/dev/stdout":
		return t.get(1)
	case p == "/dev/stderr":
		return t.get(2)
	case p == "/dev/null":
		return input{}
	case strings.HasPrefix(p, "/dev/tcp/") || strings.HasPrefix(p, "/dev/udp/"):
		return unknownInput("a network connection: " + p)
	}
	for _, dir := range []string{"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"} {
		if rest, ok := strings.CutPrefix(p, dir); ok {
			if n, ok := fdNumber(rest); ok {
				return t.get(n)
			}
		}
	}
	if i := strings.Index(p, "/fd/"); strings.HasPrefix(p, "/proc/") && i >= 0 {
		if _, ok := fdNumber(p[i+len("/fd/"):]); ok {
			return unknownInput("another process's descriptor: " + p)
		}
	}
	return input{kind: srcFile}
}
