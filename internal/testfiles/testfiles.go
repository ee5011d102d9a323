//go:build unix

// Package testfiles makes, for the tests of every loader in the module, the
// files an accident or an attacker hands a program instead of a settings or
// case file — and bounds how long reading them may take.
package testfiles

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Hostile are paths, in a test's temporary directory, that a loader must
// refuse in one line without reading them whole: a named pipe (opening it
// would wait for a writer forever), a 100 MB file (sparse: nothing is
// written), a symbolic link to /dev/zero (a device that never ends), and the
// directory itself.
type Hostile struct {
	Dir, FIFO, Big, ToZero string
}

// Make creates the hostile files; ext is the extension a loader expects
// (".json"), so that only their kind, not their name, gives them away.
func Make(t testing.TB, ext string) Hostile {
	t.Helper()
	dir := t.TempDir()
	h := Hostile{
		Dir:    dir,
		FIFO:   filepath.Join(dir, "fifo"+ext),
		Big:    filepath.Join(dir, "big"+ext),
		ToZero: filepath.Join(dir, "to-zero"+ext),
	}
	if err := syscall.Mkfifo(h.FIFO, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(h.Big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(100 << 20); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", h.ToZero); err != nil {
		t.Fatal(err)
	}
	return h
}
