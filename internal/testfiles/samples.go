package testfiles

import (
	"os"
	"path/filepath"
	"testing"
)

// ReplaySamples is the folder of real agent transcripts kept beside the
// repository — shared/replay/samples in the repository root's parent, as
// CI has it — or the folder $HOOKCHAIN_REPLAY_SAMPLES names (a clone
// elsewhere). The test skips when there is none: the samples are data of
// other repositories, read where they lie and never copied into this one.
func ReplaySamples(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("HOOKCHAIN_REPLAY_SAMPLES")
	if dir == "" {
		root, ok := repositoryRoot()
		if !ok {
			t.Skip("not in the repository's working tree: no replay samples beside it")
		}
		dir = filepath.Join(filepath.Dir(root), "shared", "replay", "samples")
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		t.Skipf("no replay samples at %s", dir)
	}
	return dir
}

// repositoryRoot is the nearest folder above the working directory that
// holds go.work: the root of every module of the repository.
func repositoryRoot() (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}
