//go:build unix

package hookchaintest_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/internal/testfiles"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest"
)

func TestCaseFilesThatAreNotASmallRegularFileAreRefusedInOneLine(t *testing.T) {
	h := testfiles.Make(t, ".json")
	fifo, big := h.FIFO, h.Big
	toZero := h.ToZero

	tests := []struct {
		name, pattern, err string
	}{
		{"a device that never ends", "/dev/zero", "hookchaintest: /dev/zero is a character device, not a regular file"},
		{"a named pipe", fifo, "hookchaintest: " + fifo + " is a named pipe, not a regular file"},
		{"a 100 MB file", big, "hookchaintest: " + big + " is 104857600 bytes, more than the 64 MiB a case file may have"},
		{"a link to a device", toZero, "hookchaintest: " + toZero + " is a link to /dev/zero, a character device, not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				_, err := hookchaintest.LoadFiles(tt.pattern)
				done <- err
			}()
			select {
			case err := <-done:
				require.EqualError(t, err, tt.err)
			case <-time.After(10 * time.Second): // far above a loaded machine's stat
				t.Fatal("LoadFiles did not return within 10s")
			}
		})
	}
}

func TestACaseFileMayStartWithAByteOrderMark(t *testing.T) {
	// Editors on Windows write one. It is not a character of line 1.
	const bom = "\xef\xbb\xbf"
	f, err := hookchaintest.DecodeFile("c.json", []byte(bom+`{"event": {"hook": "before_tool", "tool": "Bash"}, "want": {"verdict": "allow"}}`))
	require.NoError(t, err)
	require.Len(t, f.Cases, 1)
	assert.Equal(t, "Bash", f.Cases[0].Event.Tool)
	assert.Equal(t, hookchain.Allowed, f.Cases[0].Want.Verdict)

	_, err = hookchaintest.DecodeFile("c.json", []byte(bom+`{"event": `))
	require.EqualError(t, err, "c.json:1:11: unexpected end of JSON input")
}
