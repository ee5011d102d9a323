package process

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/hookchain/hookchain"
)

// ServePersistent is the loop of a persistent hook written in Go: it writes
// the hello line, then reads requests from stdin until it ends, asks fn
// about each on a goroutine of its own (the host bounds how many are in
// flight), and writes each answer, with its request's id, as soon as it
// has it. An error or a panic of fn is answered {"id":N,"error":"…"}, which
// the host takes for the call's failure; a request that cannot be read is
// answered the same way.
//
// It returns nil when stdin ends and every call has been answered, and an
// error when stdout cannot be written, or stdin holds a line that is not a
// request with an id (the host would wait for an answer it cannot get).
// ctx is the calls' context: when it ends, the calls under way are told,
// and the loop goes on until stdin ends, which it does when the host closes
// the hook.
func ServePersistent(ctx context.Context, fn hookchain.Interceptor, stdin io.Reader, stdout io.Writer) error {
	var (
		mu       sync.Mutex // serializes lines on stdout
		writeErr error
		calls    sync.WaitGroup
	)
	write := func(line []byte) {
		mu.Lock()
		defer mu.Unlock()
		if writeErr == nil {
			_, writeErr = stdout.Write(line)
		}
	}
	write(helloLine)

	// The goroutine that reads a request answers it, and hands the reading
	// on to a new goroutine first: the answer does not wait for a goroutine
	// to be scheduled, and a slow answer does not hold up the next request.
	br := bufio.NewReader(stdin)
	ended := make(chan error, 1)
	var read func()
	read = func() {
		for {
			line, err := br.ReadBytes('\n')
			if len(bytes.TrimSpace(line)) > 0 {
				id, e, derr := decodeCall(line)
				if id == 0 {
					ended <- fmt.Errorf("process: a request without an id: %w", derr)
					return
				}
				calls.Add(1)
				defer calls.Done()
				if err == nil {
					go read()
				} else {
					ended <- readEnd(err)
				}
				write(answerLine(ctx, fn, id, e, derr))
				return
			}
			if err != nil {
				ended <- readEnd(err)
				return
			}
		}
	}
	go read()
	readErr := <-ended
	calls.Wait()
	mu.Lock()
	defer mu.Unlock()
	if writeErr != nil {
		return writeErr
	}
	return readErr
}

// readEnd is the error that ended the requests: none for their end.
func readEnd(err error) error {
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// decodeCall reads a request line: its id, and the event it describes.
func decodeCall(line []byte) (uint64, hookchain.Event, error) {
	var head struct {
		ID json.RawMessage `json:"id"`
	}
	if err := json.Unmarshal(line, &head); err != nil {
		return 0, hookchain.Event{}, err
	}
	if len(head.ID) == 0 {
		return 0, hookchain.Event{}, errors.New(`it has no "id"`)
	}
	id, err := parseID(head.ID)
	if err != nil {
		return 0, hookchain.Event{}, err
	}
	e, err := DecodeRequest(line)
	return id, e, err
}

// answerLine asks fn about e and writes its answer, or its failure, as the
// line for call id.
func answerLine(ctx context.Context, fn hookchain.Interceptor, id uint64, e hookchain.Event, decodeErr error) []byte {
	failure := func(err error) []byte {
		b, _ := json.Marshal(struct {
			ID    uint64 `json:"id"`
			Error string `json:"error"`
		}{id, err.Error()})
		return append(b, '\n')
	}
	if decodeErr != nil {
		return failure(decodeErr)
	}
	out, err := ask(ctx, fn, e)
	if err != nil {
		return failure(err)
	}
	b, err := EncodeAnswer(out)
	if err != nil {
		return failure(err)
	}
	return withID(id, b)
}

// ask calls fn, turning a panic into an error: one bad call must not end a
// hook that serves many.
func ask(ctx context.Context, fn hookchain.Interceptor, e hookchain.Event) (out hookchain.Outcome, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return fn(ctx, e)
}

// HookMain is the whole main function of a hook written in Go that serves
// both ways: with PersistentEnv set (a Persistent started it), it runs
// ServePersistent on stdin and stdout; without, it answers the one request
// on stdin in the native dialect and exits, as Native expects. An
// interrupt or SIGTERM cancels fn's context. It exits 0 once it has
// answered, and 1, saying why on stderr, when it could not.
//
//	func main() { process.HookMain(guard) }
func HookMain(fn hookchain.Interceptor) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	var err error
	if os.Getenv(PersistentEnv) == "1" {
		err = ServePersistent(ctx, fn, os.Stdin, os.Stdout)
	} else {
		err = serveOnce(ctx, fn, os.Stdin, os.Stdout)
	}
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "hook:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// serveOnce answers the one native request on stdin.
func serveOnce(ctx context.Context, fn hookchain.Interceptor, stdin io.Reader, stdout io.Writer) error {
	b, err := io.ReadAll(stdin)
	if err != nil {
		return err
	}
	e, err := DecodeRequest(b)
	if err != nil {
		return err
	}
	out, err := ask(ctx, fn, e)
	if err != nil {
		return err
	}
	answer, err := EncodeAnswer(out)
	if err != nil {
		return err
	}
	_, err = stdout.Write(answer)
	return err
}
