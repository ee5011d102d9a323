// Command modproxy shows that the nested modules of this repository build
// against the core as a published version, not as a directory: a replace
// directive is ignored where a module is a dependency, so a nested module
// has none, and what it is built against in .ci/run is the core as the
// module proxy would serve it.
//
//	modproxy -root REPO -out DIR [-time YYYYMMDDhhmmss] MODULE_DIR...
//
// It zips the core (REPO's go.mod, and the files git would commit from the
// working tree: tracked or untracked, not ignored) with golang.org/x/mod/zip,
// which leaves out nested modules as the go command does, at a
// pseudo-version named from the zip's content, and lays it out in
// DIR/proxy as a GOPROXY directory ($GOPROXY/MODULE/@v/{list,V.info,V.mod,
// V.zip}), to be read through GOPROXY=file://DIR/proxy. A version never
// names two contents, so the module cache never holds a stale one.
//
// Each MODULE_DIR's go.mod must have no replace and require the core at a
// tag-shaped version (v0.1.0, not a pseudo-version); REPO's go.work, the
// development workspace, must use every MODULE_DIR and replace each required
// version with the working tree. Where REPO has a tag of the required
// version, that version itself is laid out, zipped from the tag as the go
// command zips it, in place of the working tree: a module is then built on
// what it requires, so one that came to use what the core added since is
// caught. For each MODULE_DIR it writes DIR/NAME.mod, its go.mod with the
// core required at the version laid out, and DIR/NAME.sum, its go.sum with
// the two sums of that version (a sum it already holds must be the same),
// for use with go's -modfile flag in the module's own directory
// (GOWORK=off), and prints one line:
//
//	MODULE_DIR REQUIRED_VERSION DIR/NAME.mod VERSION_LAID_OUT
//
// after a first line "core PSEUDO_VERSION", the working tree's version.
package main

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	"golang.org/x/mod/sumdb/dirhash"
	modzip "golang.org/x/mod/zip"
)

func main() {
	root := flag.String("root", ".", "the repository, whose go.mod is the core's")
	out := flag.String("out", "", "the directory to write the proxy and the go.mod files to")
	stamp := flag.String("time", "", "the pseudo-version's time, YYYYMMDDhhmmss in UTC (default: now)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: modproxy -root REPO -out DIR [-time YYYYMMDDhhmmss] MODULE_DIR...")
		os.Exit(2)
	}
	if err := run(*root, *out, *stamp, flag.Args(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "modproxy:", err)
		os.Exit(1)
	}
}

func run(root, out, stamp string, dirs []string, w io.Writer) error {
	t := time.Now().UTC()
	if stamp != "" {
		var err error
		if t, err = time.Parse("20060102150405", stamp); err != nil {
			return fmt.Errorf("-time: %v", err)
		}
	}
	p := &proxy{dir: filepath.Join(out, "proxy")}
	files, err := workingFiles(root)
	if err != nil {
		return err
	}
	working, err := p.add(files, t, "")
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "core", working.Version.Version)
	work, err := readWork(root)
	if err != nil {
		return err
	}
	tagged := map[string]built{}
	for _, dir := range dirs {
		req, err := required(working.Path, dir)
		if err != nil {
			return fmt.Errorf("%s: %v", dir, err)
		}
		if err := work.covers(working.Path, root, dir, req); err != nil {
			return err
		}
		core := working
		if b, ok := tagged[req]; ok {
			core = b
		} else if files, when, ok, err := tagFiles(root, req); err != nil {
			return err
		} else if ok {
			if core, err = p.add(files, when, req); err != nil {
				return fmt.Errorf("the core at its tag %s: %v", req, err)
			}
			tagged[req] = core
		}
		mf, err := prepare(core, dir, out)
		if err != nil {
			return fmt.Errorf("%s: %v", dir, err)
		}
		fmt.Fprintln(w, dir, req, mf, core.Version.Version)
	}
	return p.list()
}

// A built is the core as a module version, and its two go.sum lines.
type built struct {
	module.Version
	Sum, ModSum string
}

// A proxy is a GOPROXY directory holding versions of the core.
type proxy struct {
	dir      string
	path     string // the core's @v directory in it
	versions []string
}

// add lays out the core made of files at version, or, when version is "",
// at a pseudo-version of time t named from their content, so that different
// contents never share a version in the module cache.
func (p *proxy) add(files []modzip.File, t time.Time, version string) (built, error) {
	var gomod []byte
	for _, f := range files {
		if f.Path() != "go.mod" {
			continue
		}
		r, err := f.Open()
		if err != nil {
			return built{}, err
		}
		gomod, err = io.ReadAll(r)
		r.Close()
		if err != nil {
			return built{}, err
		}
	}
	path := modfile.ModulePath(gomod)
	if path == "" {
		return built{}, errors.New("the core's go.mod names no module")
	}
	checked, err := modzip.CheckFiles(files)
	if err != nil {
		return built{}, fmt.Errorf("the core would not zip as a module: %v", err)
	}
	if version == "" {
		valid := make(map[string]bool, len(checked.Valid))
		for _, p := range checked.Valid {
			valid[p] = true
		}
		h := sha256.New()
		for _, f := range files {
			if !valid[f.Path()] {
				continue
			}
			r, err := f.Open()
			if err != nil {
				return built{}, err
			}
			data, err := io.ReadAll(r)
			r.Close()
			if err != nil {
				return built{}, err
			}
			fmt.Fprintf(h, "%s\x00%d\x00", f.Path(), len(data))
			h.Write(data)
		}
		version = module.PseudoVersion("v0", "", t, hex.EncodeToString(h.Sum(nil))[:12])
	}
	v := module.Version{Path: path, Version: version}

	escaped, err := module.EscapePath(path)
	if err != nil {
		return built{}, err
	}
	at := filepath.Join(p.dir, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		return built{}, err
	}
	base := filepath.Join(at, v.Version)
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{v.Version, t.UTC()})
	if err != nil {
		return built{}, err
	}
	if err := os.WriteFile(base+".info", info, 0o644); err != nil {
		return built{}, err
	}
	if err := os.WriteFile(base+".mod", gomod, 0o644); err != nil {
		return built{}, err
	}
	z, err := os.Create(base + ".zip")
	if err != nil {
		return built{}, err
	}
	if err := modzip.Create(z, v, files); err != nil {
		z.Close()
		return built{}, err
	}
	if err := z.Close(); err != nil {
		return built{}, err
	}
	sum, err := dirhash.HashZip(base+".zip", dirhash.Hash1)
	if err != nil {
		return built{}, err
	}
	modSum, err := dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(gomod)), nil
	})
	if err != nil {
		return built{}, err
	}
	p.versions = append(p.versions, version)
	p.path = at
	return built{v, sum, modSum}, nil
}

// list writes the versions laid out, as a proxy lists them.
func (p *proxy) list() error {
	if p.path == "" {
		return nil
	}
	return os.WriteFile(filepath.Join(p.path, "list"), []byte(strings.Join(p.versions, "\n")+"\n"), 0o644)
}

// tagFiles are the files of the core at the tag version, as the go command
// reads them to zip that version: git archive's, line endings as committed.
// ok is false when root has no such tag.
func tagFiles(root, version string) (files []modzip.File, when time.Time, ok bool, err error) {
	ref := "refs/tags/" + version
	if exec.Command("git", "-C", root, "rev-parse", "-q", "--verify", ref+"^{commit}").Run() != nil {
		return nil, time.Time{}, false, nil
	}
	stamp, err := exec.Command("git", "-C", root, "log", "-1", "--format=%cI", ref).Output()
	if err != nil {
		return nil, time.Time{}, false, fmt.Errorf("git log %s: %v", ref, err)
	}
	if when, err = time.Parse(time.RFC3339, strings.TrimSpace(string(stamp))); err != nil {
		return nil, time.Time{}, false, err
	}
	cmd := exec.Command("git", "-C", root, "-c", "core.autocrlf=input", "-c", "core.eol=lf", "archive", "--format=zip", ref)
	cmd.Stderr = os.Stderr
	data, err := cmd.Output()
	if err != nil {
		return nil, time.Time{}, false, fmt.Errorf("git archive %s: %v", ref, err)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, time.Time{}, false, err
	}
	for _, zf := range zr.File {
		if strings.HasSuffix(zf.Name, "/") {
			continue
		}
		files = append(files, zipped{zf})
	}
	return files, when, true, nil
}

type zipped struct{ f *zip.File }

func (z zipped) Path() string                 { return z.f.Name }
func (z zipped) Lstat() (os.FileInfo, error)  { return z.f.FileInfo(), nil }
func (z zipped) Open() (io.ReadCloser, error) { return z.f.Open() }

// workingFiles are the files git would commit from root's working tree:
// tracked ones that are still there, and untracked ones not ignored.
func workingFiles(root string) ([]modzip.File, error) {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	list, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %v", err)
	}
	var files []modzip.File
	seen := map[string]bool{}
	for _, p := range strings.Split(strings.TrimSuffix(string(list), "\x00"), "\x00") {
		if p == "" || seen[p] {
			continue
		}
		seen[p] = true
		name := filepath.Join(root, filepath.FromSlash(p))
		info, err := os.Lstat(name)
		if errors.Is(err, os.ErrNotExist) {
			continue // deleted, not yet committed
		}
		if err != nil {
			return nil, err
		}
		if info.IsDir() {
			continue // a git submodule
		}
		files = append(files, file{p, name, info})
	}
	slices.SortFunc(files, func(a, b modzip.File) int { return strings.Compare(a.Path(), b.Path()) })
	return files, nil
}

type file struct {
	slash, name string
	info        os.FileInfo
}

func (f file) Path() string                { return f.slash }
func (f file) Lstat() (os.FileInfo, error) { return f.info, nil }
func (f file) Open() (io.ReadCloser, error) {
	return os.Open(f.name)
}

// required checks dir's go.mod and returns the version of core it requires.
func required(core, dir string) (string, error) {
	f, err := parseMod(dir)
	if err != nil {
		return "", err
	}
	for _, r := range f.Replace {
		return "", fmt.Errorf("go.mod replaces %s: a replace is ignored where the module is a dependency; development uses go.work", r.Old.Path)
	}
	var req string
	for _, r := range f.Require {
		if r.Mod.Path == core {
			req = r.Mod.Version
		}
	}
	switch {
	case req == "":
		return "", fmt.Errorf("go.mod does not require the core, %s", core)
	case module.IsPseudoVersion(req) || semver.Build(req) != "" || semver.Canonical(req) != req:
		return "", fmt.Errorf("go.mod requires the core at %s, not at a version the core is tagged with (vX.Y.Z): see RELEASING.md", req)
	}
	return req, nil
}

func parseMod(dir string) (*modfile.File, error) {
	name := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return modfile.Parse(name, data, nil)
}

// prepare writes the copy of dir's go.mod that requires core, with core's
// sums added to a copy of its go.sum, and returns the copy's path.
func prepare(core built, dir, out string) (string, error) {
	f, err := parseMod(dir)
	if err != nil {
		return "", err
	}
	if err := f.AddRequire(core.Path, core.Version.Version); err != nil {
		return "", err
	}
	edited, err := f.Format()
	if err != nil {
		return "", err
	}
	sum, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	if len(sum) > 0 && !bytes.HasSuffix(sum, []byte("\n")) {
		sum = append(sum, '\n')
	}
	for _, line := range [][3]string{
		{core.Path, core.Version.Version, core.Sum},
		{core.Path, core.Version.Version + "/go.mod", core.ModSum},
	} {
		prefix := line[0] + " " + line[1] + " "
		held := ""
		for _, l := range strings.Split(string(sum), "\n") {
			if strings.HasPrefix(l, prefix) {
				held = strings.TrimPrefix(l, prefix)
			}
		}
		switch held {
		case line[2]:
		case "":
			sum = fmt.Appendf(sum, "%s%s\n", prefix, line[2])
		default:
			return "", fmt.Errorf("go.sum holds %s for %s %s, and the core zipped from its tag is %s", held, line[0], line[1], line[2])
		}
	}

	base := strings.ReplaceAll(strings.Trim(f.Module.Mod.Path, "/"), "/", "_")
	mf := filepath.Join(out, base+".mod")
	if err := os.WriteFile(mf, edited, 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(out, base+".sum"), sum, 0o644); err != nil {
		return "", err
	}
	return mf, nil
}

// A work is the repository's go.work, absolute paths in place of its
// relative ones.
type work struct {
	name     string
	use      map[string]bool
	replaced map[string]string // version of the core -> directory
}

func readWork(root string) (*work, error) {
	name := filepath.Join(root, "go.work")
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("the development workspace: %v", err)
	}
	f, err := modfile.ParseWork(name, data, nil)
	if err != nil {
		return nil, err
	}
	abs := func(p string) string {
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		a, err := filepath.Abs(p)
		if err != nil {
			return p
		}
		return a
	}
	w := &work{name: name, use: map[string]bool{}, replaced: map[string]string{}}
	for _, u := range f.Use {
		w.use[abs(u.Path)] = true
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	core := modfile.ModulePath(gomod)
	if !w.use[abs(".")] {
		return nil, fmt.Errorf("%s does not use the core (use .)", name)
	}
	for _, r := range f.Replace {
		if r.Old.Path == core && r.Old.Version != "" && r.New.Version == "" {
			w.replaced[r.Old.Version] = abs(r.New.Path)
		}
	}
	return w, nil
}

// covers says whether the workspace builds dir, which requires the core at
// req, against the working tree.
func (w *work) covers(core, root, dir, req string) error {
	a, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	if !w.use[a] {
		return fmt.Errorf("%s does not use %s: add it with go work use", w.name, dir)
	}
	r, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	if w.replaced[req] != r {
		return fmt.Errorf("%s requires the core at %s, which %s does not replace with the working tree: go work edit -replace=%s@%s=./", dir, req, w.name, core, req)
	}
	return nil
}
