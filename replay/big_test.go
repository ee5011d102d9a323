package replay_test

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/replay"
)

// history is a Claude Code history of n calls made up as it is read,
// never held whole: each call a line, its result the next; every 1,000th
// result carries a 1 MB image, as pasted screenshots do.
type history struct {
	n, i int
	buf  []byte
	off  int
}

var image = strings.Repeat("iVBORw0KGgoAAAANSUhEUgAA", 1<<20/24)

func (h *history) Read(p []byte) (int, error) {
	for h.off == len(h.buf) {
		if h.i == h.n {
			return 0, io.EOF
		}
		h.buf, h.off = h.next(h.buf[:0]), 0
	}
	n := copy(p, h.buf[h.off:])
	h.off += n
	return n, nil
}

func (h *history) next(b []byte) []byte {
	id := strconv.Itoa(h.i)
	if h.i == 0 {
		b = append(b, `{"parentUuid":null,"isSidechain":false,`...)
	} else {
		b = append(b, `{"parentUuid":"r`...)
		b = strconv.AppendInt(b, int64(h.i-1), 10)
		b = append(b, `","isSidechain":false,`...)
	}
	b = append(b, `"userType":"external",`...)
	b = append(b, `"cwd":"/home/dev/project","sessionId":"5e1f0c2a-9b7d-4c1e-8a3f-2d6b7c8e9f01","version":"2.1.146","gitBranch":"main","type":"assistant","uuid":"a`...)
	b = append(b, id...)
	b = append(b, `","timestamp":"2026-01-02T03:04:05.678Z","message":{"model":"claude-opus-4-7","id":"msg_01`...)
	b = append(b, id...)
	b = append(b, `","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_`...)
	b = append(b, id...)
	b = append(b, `","name":"Bash","input":{"command":"go test ./... -run TestSomething -count=1 2>&1 | tail -20","description":"Run the tests"},"caller":{"type":"direct"}}],"stop_reason":"tool_use","usage":{"input_tokens":4,"output_tokens":120}},"requestId":"req_011CV`...)
	b = append(b, id...)
	b = append(b, "\"}\n"...)
	b = append(b, `{"parentUuid":"a`...)
	b = append(b, id...)
	b = append(b, `","isSidechain":false,"userType":"external","cwd":"/home/dev/project","sessionId":"5e1f0c2a-9b7d-4c1e-8a3f-2d6b7c8e9f01","version":"2.1.146","type":"user","uuid":"r`...)
	b = append(b, id...)
	b = append(b, `","timestamp":"2026-01-02T03:04:06.789Z","message":{"role":"user","content":[{"tool_use_id":"toolu_`...)
	b = append(b, id...)
	if h.i%1000 == 999 {
		b = append(b, `","type":"tool_result","content":[{"type":"image","source":{"type":"base64","media_type":"image/png","data":"`...)
		b = append(b, image...)
		b = append(b, `"}}]}]},"toolUseResult":{"type":"image"}}`+"\n"...)
	} else {
		b = append(b, `","type":"tool_result","content":"ok  \tgithub.com/x/y\t0.123s\nPASS\n","is_error":false}]},"toolUseResult":{"stdout":"ok  \tgithub.com/x/y\t0.123s\nPASS\n","stderr":"","interrupted":false,"isImage":false}}`+"\n"...)
	}
	h.i++
	return b
}

func TestAGigabyteHistoryIsReadInBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 1 GB")
	}
	const gigabyte = 1 << 30
	calls := 0
	counted := &countingReader{r: &history{n: 1 << 30}}
	var peak uint64
	var ms runtime.MemStats
	st, err := replay.Read(context.Background(), io.LimitReader(counted, gigabyte), "big.jsonl", replay.ClaudeCode, func(c replay.Call) error {
		calls++
		if calls%20_000 == 0 {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
		}
		return nil
	})
	require.NoError(t, err)
	require.Equal(t, int64(gigabyte), counted.n)
	t.Logf("%d calls, peak HeapInuse %d MB", calls, peak>>20)
	assert.Less(t, peak, uint64(64<<20))
	// The limit cuts the last line: a bad line, and maybe a call without
	// its result; nothing else.
	assert.LessOrEqual(t, st.WithoutResult, 1)
	assert.Equal(t, map[replay.ProblemKind]int{replay.BadLine: 1}, st.Counts)
	assert.Greater(t, calls, 480_000) // a 1 MB image every 1,000 calls: half the bytes
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// benchInput is a transcript of about size bytes, in memory.
func benchInput(size int, next func(b []byte, i int) []byte) []byte {
	var b []byte
	for i := 0; len(b) < size; i++ {
		b = next(b, i)
	}
	return b
}

func benchRead(b *testing.B, f replay.Format, in []byte) {
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		_, err := replay.Read(context.Background(), bytes.NewReader(in), "b.jsonl", f, func(replay.Call) error {
			n++
			return nil
		})
		if err != nil || n == 0 {
			b.Fatal(err, n)
		}
	}
}

func BenchmarkReadClaudeCode(b *testing.B) {
	h := &history{n: 1 << 30}
	benchRead(b, replay.ClaudeCode, benchInput(32<<20, func(buf []byte, _ int) []byte { return append(buf, h.next(nil)...) }))
}

func BenchmarkReadCodex(b *testing.B) {
	in := benchInput(32<<20, func(buf []byte, i int) []byte {
		if i == 0 {
			buf = append(buf, codexMeta+"\n"...)
		}
		id := "call_" + strconv.Itoa(i)
		buf = append(buf, codexItem(`{"type":"reasoning","summary":[],"content":null,"encrypted_content":"gAAAAABpG5`+strings.Repeat("x", 800)+`"}`)+"\n"...)
		buf = append(buf, codexCall(id, "shell", `{"command":["bash","-lc","rg -n \"eventsource-parser\" src -g\"*.ts\""],"workdir":"/home/user/projects/temp/chatbot-ui"}`)+"\n"...)
		buf = append(buf, codexOutput(id, wrapped(strings.Repeat("src/lib/stream.ts:12:import { createParser } from 'eventsource-parser'\n", 20), 0))+"\n"...)
		return buf
	})
	benchRead(b, replay.Codex, in)
}
