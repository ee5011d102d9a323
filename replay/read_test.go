package replay_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/replay"
)

// repeat is an io.Reader of s n times, never held whole.
type repeat struct {
	s    string
	n, i int
	off  int
}

func (r *repeat) Read(p []byte) (int, error) {
	w := 0
	for w < len(p) && r.i < r.n {
		k := copy(p[w:], r.s[r.off:])
		w, r.off = w+k, r.off+k
		if r.off == len(r.s) {
			r.off, r.i = 0, r.i+1
		}
	}
	if w == 0 {
		return 0, io.EOF
	}
	return w, nil
}

func TestALineOverMaxLineIsABadLineReadPastAndTheNextLineRead(t *testing.T) {
	r := io.MultiReader(
		strings.NewReader(`{"type":"assistant","x":"`),
		&repeat{s: strings.Repeat("a", 1<<20), n: replay.MaxLine>>20 + 1},
		strings.NewReader("\"}\n"+use("a1", "", "toolu_1", "Read", `{"file_path":"/w/a"}`, "")+"\n"),
	)
	var got []replay.Call
	st, err := replay.Read(context.Background(), r, "t.jsonl", replay.ClaudeCode, func(c replay.Call) error {
		got = append(got, c)
		return nil
	})
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.Equal(t, 2, got[0].Line)
	assert.Equal(t, []replay.ProblemKind{replay.BadLine}, kinds(st))
	assert.Equal(t, 1, st.Problems[0].Line)
	assert.Equal(t, fmt.Sprintf("a line over %d bytes, read past", replay.MaxLine), st.Problems[0].Detail)
}

// failing is a reader that gives text, then err.
type failing struct {
	r   io.Reader
	err error
}

func (f *failing) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if errors.Is(err, io.EOF) {
		return n, f.err
	}
	return n, err
}

func TestWhatStopsARead(t *testing.T) {
	text := lines(
		use("a1", "", "toolu_1", "Bash", `{"command":"a"}`, ""),
		use("a2", "a1", "toolu_2", "Bash", `{"command":"b"}`, ""),
		result("r2", "a2", "toolu_2", `"b"`, false, ""),
		use("a3", "r2", "toolu_3", "Bash", `{"command":"c"}`, ""),
	)
	broken := errors.New("disk gone")
	stop := errors.New("enough")
	tests := []struct {
		name    string
		r       func() io.Reader
		yield   func(cancel context.CancelFunc, c replay.Call) error
		wantErr error
		wantIDs []string
	}{{
		name:    "the reader's error is returned, after the calls read whole before it, held ones without their result",
		r:       func() io.Reader { return &failing{strings.NewReader(text), broken} },
		yield:   func(context.CancelFunc, replay.Call) error { return nil },
		wantErr: broken, wantIDs: []string{"toolu_1", "toolu_2", "toolu_3"},
	}, {
		name: "yield's error stops the read and is returned; nothing more is yielded",
		r:    func() io.Reader { return strings.NewReader(text) },
		yield: func(_ context.CancelFunc, c replay.Call) error {
			if c.ID == "toolu_1" {
				return stop
			}
			return nil
		},
		wantErr: stop, wantIDs: []string{"toolu_1"},
	}, {
		name: "the context's end stops the read at the next line",
		r:    func() io.Reader { return strings.NewReader(text + text) },
		yield: func(cancel context.CancelFunc, c replay.Call) error {
			cancel()
			return nil
		},
		wantErr: context.Canceled, wantIDs: []string{"toolu_1"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var ids []string
			_, err := replay.Read(ctx, tt.r(), "t.jsonl", replay.ClaudeCode, func(c replay.Call) error {
				ids = append(ids, c.ID)
				return tt.yield(cancel, c)
			})
			require.ErrorIs(t, err, tt.wantErr)
			assert.Equal(t, tt.wantIDs, ids)
		})
	}
}

func TestACanceledContextReadsNothing(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n := 0
	_, err := replay.Read(ctx, strings.NewReader(use("a1", "", "toolu_1", "Bash", `{"command":"a"}`, "")), "t.jsonl", replay.ClaudeCode, func(replay.Call) error {
		n++
		return nil
	})
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 0, n)
}

func TestPastMaxHeldTheOldestWaitingCallIsYieldedWithoutItsResultAndItsLateResultReported(t *testing.T) {
	var b strings.Builder
	b.WriteString(use("first", "", "toolu_first", "Task", `{"prompt":"p"}`, "") + "\n")
	for i := range replay.MaxHeld {
		id := fmt.Sprintf("toolu_%d", i)
		b.WriteString(use("u"+id, "", id, "Bash", `{"command":"x"}`, "") + "\n")
		b.WriteString(result("r"+id, "u"+id, id, `"ok"`, false, "") + "\n")
	}
	b.WriteString(result("rfirst", "", "toolu_first", `"late"`, false, "") + "\n")
	got, st := read(t, replay.ClaudeCode, b.String())
	require.Len(t, got, replay.MaxHeld+1)
	assert.Equal(t, "toolu_first", got[0].ID)
	assert.Nil(t, got[0].Result)
	assert.Equal(t, replay.MaxHeld, st.Results)
	assert.Equal(t, 1, st.WithoutResult)
	assert.Equal(t, map[replay.ProblemKind]int{replay.Unresolved: 1, replay.ResultWithoutCall: 1}, st.Counts)
	assert.Equal(t, "toolu_0", got[1].ID)
}

func TestPastMaxHeldBytesTheOldestWaitingCallIsYieldedWithoutItsResult(t *testing.T) {
	big := `"` + strings.Repeat("x", 1<<20) + `"`
	var b strings.Builder
	b.WriteString(use("first", "", "toolu_first", "Task", `{"prompt":"p"}`, "") + "\n")
	n := replay.MaxHeldBytes>>20 + 1
	for i := range n {
		id := fmt.Sprintf("toolu_%d", i)
		b.WriteString(use("u"+id, "first", id, "Bash", `{"command":"x"}`, "") + "\n")
		b.WriteString(result("r"+id, "u"+id, id, big, false, "") + "\n")
	}
	got, st := read(t, replay.ClaudeCode, b.String())
	require.Len(t, got, n+1)
	assert.Equal(t, "toolu_first", got[0].ID)
	assert.Nil(t, got[0].Result)
	assert.Equal(t, n, st.Results)
	assert.Equal(t, map[replay.ProblemKind]int{replay.Unresolved: 1}, st.Counts)
}

func TestPastMaxHeldBytesOfInputsTheOldestWaitingCallIsYieldedWithoutItsResult(t *testing.T) {
	big := `{"content":"` + strings.Repeat("x", 1<<20) + `"}`
	var b strings.Builder
	b.WriteString(use("first", "", "toolu_first", "Task", `{"prompt":"p"}`, "") + "\n")
	n := replay.MaxHeldBytes>>20 + 1
	for i := range n {
		id := fmt.Sprintf("toolu_%d", i)
		b.WriteString(use("u"+id, "first", id, "Write", big, "") + "\n")
		b.WriteString(result("r"+id, "u"+id, id, `"ok"`, false, "") + "\n")
	}
	got, st := read(t, replay.ClaudeCode, b.String())
	require.Len(t, got, n+1)
	assert.Equal(t, "toolu_first", got[0].ID)
	assert.Nil(t, got[0].Result)
	assert.Equal(t, n, st.Results)
	assert.Equal(t, map[replay.ProblemKind]int{replay.Unresolved: 1}, st.Counts)
}

func TestOnlyTheFirstHundredProblemsAreListedAndAllAreCounted(t *testing.T) {
	text := strings.Repeat("not json\n", 250)
	got, st := read(t, replay.ClaudeCode, text)
	assert.Empty(t, got)
	assert.Len(t, st.Problems, replay.MaxProblems)
	assert.Equal(t, map[replay.ProblemKind]int{replay.BadLine: 250}, st.Counts)
	assert.Equal(t, 250, st.Lines)
	assert.Equal(t, 100, st.Problems[99].Line)
}

func TestAFileOfNoKnownFormatIsOneUnknownFormatProblem(t *testing.T) {
	for _, f := range []replay.Format{"", "otlp"} {
		got, st := read(t, f, "hello\nworld\n")
		assert.Empty(t, got)
		assert.Equal(t, map[replay.ProblemKind]int{replay.UnknownFormat: 1}, st.Counts, f)
	}
}

func TestStatsAddSumsReadsKeepingTheFirstHundredProblems(t *testing.T) {
	_, a := read(t, replay.ClaudeCode, strings.Repeat("x\n", 60)+lines(use("a1", "", "toolu_1", "Bash", `{"command":"a"}`, "")))
	_, b := read(t, replay.ClaudeCode, strings.Repeat("y\n", 60))
	var sum replay.Stats
	sum.Add(a)
	sum.Add(b)
	assert.Equal(t, 121, sum.Lines)
	assert.Equal(t, 1, sum.Calls)
	assert.Equal(t, 1, sum.WithoutResult)
	assert.Equal(t, map[replay.ProblemKind]int{replay.BadLine: 120}, sum.Counts)
	require.Len(t, sum.Problems, replay.MaxProblems)
	assert.Equal(t, "t.jsonl:1: bad line: not a JSON object (truncated or corrupted): y", sum.Problems[60].String())
}

func TestReadsAtOnceShareNothing(t *testing.T) {
	texts := map[replay.Format]string{
		replay.ClaudeCode: lines(
			use("a1", "", "toolu_1", "Bash", `{"command":"a"}`, ""),
			use("a2", "a1", "toolu_2", "Bash", `{"command":"b"}`, ""),
			result("r2", "a2", "toolu_2", `"b"`, true, ""),
			result("r1", "r2", "toolu_1", `"The user doesn't want to proceed with this tool use."`, true, ""),
			"truncated{",
		),
		replay.Codex:  lines(codexMeta, codexCall("call_1", "shell", `{"command":["ls"]}`), codexOutput("call_1", wrapped("x", 1))),
		replay.Gemini: lines(geminiMeta, `{"id":"m1","type":"gemini","toolCalls":[{"id":"c1","name":"glob","args":{"p":"*"},"status":"success","result":[{"text":"a"}]}]}`),
	}
	type outcome struct {
		calls []seen
		st    replay.Stats
	}
	want := map[replay.Format]outcome{}
	for f, text := range texts {
		got, st := read(t, f, text)
		want[f] = outcome{seenAll(got), st}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 200)
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f := []replay.Format{replay.ClaudeCode, replay.Codex, replay.Gemini}[i%3]
			var got []replay.Call
			st, err := replay.Read(context.Background(), strings.NewReader(texts[f]), "t.jsonl", "", func(c replay.Call) error {
				got = append(got, c)
				return nil
			})
			if err != nil || !assert.ObjectsAreEqual(want[f], outcome{seenAll(got), st}) {
				errs <- fmt.Sprintf("%s: %v %+v", f, err, seenAll(got))
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
