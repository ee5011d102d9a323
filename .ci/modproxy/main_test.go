package main

import (
	"archive/zip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
)

// repo makes a git repository holding a core module and, in sub, a nested
// module that requires the core at v0.1.0, with the go.work given.
func repo(t *testing.T, work, subMod string) string {
	t.Helper()
	root := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		name = filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/core\n\ngo 1.26.0\n")
	write("core.go", "package core\n\nconst Version = 1\n")
	write(".gitignore", "/built\n")
	write("built", "an ignored file\n")
	write("sub/go.mod", subMod)
	write("sub/sub.go", "package sub\n\nimport _ \"example.com/core\"\n")
	if work != "" {
		write("go.work", work)
	}
	git(t, root, "init", "-q")
	git(t, root, "add", ".")
	git(t, root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "core")
	return root
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

const (
	subMod    = "module example.com/core/sub\n\ngo 1.26.0\n\nrequire example.com/core v0.1.0\n"
	workspace = "go 1.26.0\n\nuse (\n\t.\n\t./sub\n)\n\nreplace example.com/core v0.1.0 => ./\n"
)

func plan(t *testing.T, root string) ([][]string, string, error) {
	t.Helper()
	out := t.TempDir()
	var b strings.Builder
	err := run(root, out, "20261202000000", []string{filepath.Join(root, "sub")}, &b)
	var lines [][]string
	for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		lines = append(lines, strings.Fields(l))
	}
	return lines, out, err
}

func zipNames(t *testing.T, name string) []string {
	t.Helper()
	zr, err := zip.OpenReader(name)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	slices.Sort(names)
	return names
}

func TestTheWorkingTreeIsLaidOutAtAPseudoVersionTheNestedModuleRequires(t *testing.T) {
	root := repo(t, workspace, subMod)
	if err := os.WriteFile(filepath.Join(root, "new.go"), []byte("package core\n\nconst New = 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lines, out, err := plan(t, root)
	if err != nil {
		t.Fatal(err)
	}
	pseudo := lines[0][1]
	if lines[0][0] != "core" || !strings.HasPrefix(pseudo, "v0.0.0-20261202000000-") {
		t.Fatalf("first line %q", lines[0])
	}
	if got := lines[1]; got[1] != "v0.1.0" || got[3] != pseudo {
		t.Fatalf("module line %q: want the required v0.1.0, laid out as %s", got, pseudo)
	}
	at := filepath.Join(out, "proxy", "example.com", "core", "@v")
	prefix := "example.com/core@" + pseudo + "/"
	want := []string{prefix + ".gitignore", prefix + "core.go", prefix + "go.mod", prefix + "go.work", prefix + "new.go"}
	if got := zipNames(t, filepath.Join(at, pseudo+".zip")); !slices.Equal(got, want) {
		t.Errorf("zip holds %q, want %q: the untracked file, not the ignored one nor the nested module", got, want)
	}
	list, err := os.ReadFile(filepath.Join(at, "list"))
	if err != nil || string(list) != pseudo+"\n" {
		t.Errorf("list %q, %v", list, err)
	}
	data, err := os.ReadFile(lines[1][2])
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("x.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Require) != 1 || f.Require[0].Mod.Version != pseudo {
		t.Errorf("the copy requires %v, want the core at %s", f.Require, pseudo)
	}
	sum, err := os.ReadFile(strings.TrimSuffix(lines[1][2], ".mod") + ".sum")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(sum), "example.com/core "+pseudo); n != 2 {
		t.Errorf("go.sum copy has %d lines of the core, want 2:\n%s", n, sum)
	}

	// Another content is another version.
	if err := os.WriteFile(filepath.Join(root, "new.go"), []byte("package core\n\nconst New = 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	again, _, err := plan(t, root)
	if err != nil {
		t.Fatal(err)
	}
	if again[0][1] == pseudo {
		t.Errorf("two contents share the version %s", pseudo)
	}
}

func TestATaggedRequiredVersionIsLaidOutFromItsTag(t *testing.T) {
	root := repo(t, workspace, subMod)
	git(t, root, "tag", "v0.1.0")
	if err := os.WriteFile(filepath.Join(root, "core.go"), []byte("package core\n\nconst Version = 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lines, out, err := plan(t, root)
	if err != nil {
		t.Fatal(err)
	}
	if got := lines[1]; got[1] != "v0.1.0" || got[3] != "v0.1.0" {
		t.Fatalf("module line %q: want v0.1.0 laid out as itself", got)
	}
	zr, err := zip.OpenReader(filepath.Join(out, "proxy", "example.com", "core", "@v", "v0.1.0.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.Name != "example.com/core@v0.1.0/core.go" {
			continue
		}
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), "Version = 1") {
			t.Errorf("core.go at the tag reads %q: the working tree's, not the tag's", b)
		}
	}
}

func TestWhatAPublishedModuleCannotHaveIsRefused(t *testing.T) {
	for _, tc := range []struct{ name, work, sub, want string }{
		{"a replace of the core", workspace, subMod + "\nreplace example.com/core => ../\n", "go.mod replaces example.com/core"},
		{"a pseudo-version of the core", workspace, strings.Replace(subMod, "v0.1.0", "v0.0.0-20260101000000-abcdefabcdef", 1), "not at a version the core is tagged with"},
		{"no go.work", "", subMod, "the development workspace"},
		{"a go.work without the module", strings.Replace(workspace, "\t./sub\n", "", 1), subMod, "does not use"},
		{"a go.work without the required version", strings.Replace(workspace, "v0.1.0 =>", "v0.2.0 =>", 1), subMod, "go work edit -replace=example.com/core@v0.1.0=./"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := plan(t, repo(t, tc.work, tc.sub))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err %v, want one that says %q", err, tc.want)
			}
		})
	}
}
