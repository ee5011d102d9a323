//go:build unix

package regularfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/internal/testfiles"
)

func TestReadRefusesWhatIsNotASmallRegularFileInOneLine(t *testing.T) {
	h := testfiles.Make(t, "")
	dir, fifo, big := h.Dir, h.FIFO, h.Big
	toZero, toFifo, toDir := h.ToZero, filepath.Join(dir, "to-fifo"), filepath.Join(dir, "to-dir")
	require.NoError(t, os.Symlink(fifo, toFifo))
	require.NoError(t, os.Symlink(dir, toDir))

	tests := []struct {
		name, path, err string
	}{
		{"a device that never ends", "/dev/zero", "/dev/zero is a character device, not a regular file"},
		{"a named pipe, which would block open until a writer came", fifo, fifo + " is a named pipe, not a regular file"},
		{"a directory", dir, dir + " is a directory, not a regular file"},
		{"a file over the limit", big, big + " is 104857600 bytes, more than the 4 MiB a test file may have"},
		{"a link to a device", toZero, toZero + " is a link to /dev/zero, a character device, not a regular file"},
		{"a link to a named pipe", toFifo, toFifo + " is a link to " + fifo + ", a named pipe, not a regular file"},
		{"a link to a directory", toDir, toDir + " is a link to " + dir + ", a directory, not a regular file"},
		{"a missing file", filepath.Join(dir, "missing"), "stat " + filepath.Join(dir, "missing") + ": no such file or directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			data, err := Read(tt.path, 4<<20, "a test file")
			require.EqualError(t, err, tt.err)
			assert.Nil(t, data)
			// Far above a loaded machine's stat and open; reading /dev/zero
			// or waiting on the pipe's writer would never end.
			assert.Less(t, time.Since(start), 10*time.Second)
		})
	}
}

func TestReadReadsARegularFileUpToTheLimitAndThroughLinks(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full")
	require.NoError(t, os.WriteFile(full, []byte("0123456789"), 0o644))
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(full, link))

	for _, path := range []string{full, link} {
		data, err := Read(path, 10, "a test file")
		require.NoError(t, err)
		assert.Equal(t, "0123456789", string(data))
	}
	_, err := Read(full, 9, "a test file")
	require.EqualError(t, err, full+" is 10 bytes, more than the 9 bytes a test file may have")
}

func TestReadStopsAtTheLimitWhatTheFileSizeDidNotAnnounce(t *testing.T) {
	// Linux's /proc files are regular and report a size of 0, as a file
	// that grows after it was opened would have.
	const path = "/proc/self/maps"
	if _, err := os.Stat(path); err != nil {
		t.Skip(err)
	}
	_, err := Read(path, 10, "a test file")
	require.EqualError(t, err, path+" is larger than the 10 bytes a test file may have")
}

func TestOpenDoesNotWaitForAWriterOfANamedPipe(t *testing.T) {
	// Read refuses a pipe before opening it; open is what protects it when
	// a regular file is replaced by a pipe between the two.
	fifo := filepath.Join(t.TempDir(), "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	done := make(chan error, 1)
	go func() {
		f, err := open(fifo)
		if err == nil {
			f.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(5 * time.Second):
		t.Fatal("open waited for a writer")
	}
}
