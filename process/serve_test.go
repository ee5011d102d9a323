//go:build unix

package process_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

func TestServePersistentSaysHelloThenAnswersEachRequestWithItsID(t *testing.T) {
	noLeaks(t)
	guard := func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		switch e.Tool {
		case "Fail":
			return hookchain.Outcome{}, errors.New("no policy for Fail")
		case "Panic":
			panic("out of cheese")
		case "Bash":
			return hookchain.Deny("no shell").WithNote("use the Edit tool"), nil
		}
		return hookchain.Allow(), nil
	}
	stdinR, stdinW := io.Pipe()
	stdoutR, stdoutW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- process.ServePersistent(context.Background(), guard, stdinR, stdoutW)
		stdoutW.Close()
	}()
	lines := bufio.NewScanner(stdoutR)
	require.True(t, lines.Scan())
	assert.Equal(t, `{"protocol":"hookchain-persistent","version":1}`, lines.Text())

	requests := []string{
		`{"id":1,"hook_schema":1,"hook":"before_tool","tool":"Bash","call_id":"","input":{}}`,
		`{"id":2,"hook_schema":1,"hook":"before_tool","tool":"Read","call_id":"","input":{}}`,
		`{"id":3,"hook_schema":1,"hook":"before_tool","tool":"Fail","call_id":"","input":{}}`,
		`{"id":4,"hook_schema":1,"hook":"before_tool","tool":"Panic","call_id":"","input":{}}`,
		`{"id":5,"hook_schema":2,"hook":"before_tool","tool":"Read","call_id":"","input":{}}`,
	}
	go func() {
		_, _ = io.WriteString(stdinW, strings.Join(requests, "\n")+"\n")
		stdinW.Close()
	}()
	got := map[uint64]string{}
	for lines.Scan() {
		var head struct{ ID uint64 }
		require.NoError(t, json.Unmarshal(lines.Bytes(), &head))
		got[head.ID] = lines.Text()
	}
	require.NoError(t, <-done)

	assert.Equal(t, map[uint64]string{
		1: `{"id":1,"verdict":"deny","reason":"no shell","note":"use the Edit tool"}`,
		2: `{"id":2,"verdict":"allow"}`,
		3: `{"id":3,"error":"no policy for Fail"}`,
		4: `{"id":4,"error":"panic: out of cheese"}`,
		5: `{"id":5,"error":"process: bad request: hook_schema 2, want 1"}`,
	}, got)
}

func TestServePersistentStopsAtARequestWithoutAnID(t *testing.T) {
	err := process.ServePersistent(context.Background(), func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Allow(), nil
	}, strings.NewReader(`{"hook_schema":1,"hook":"before_tool","tool":"Bash","input":{}}`+"\n"), io.Discard)

	require.EqualError(t, err, `process: a request without an id: it has no "id"`)
}
