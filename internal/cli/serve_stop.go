package cli

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// A request cut off at the shutdown timeout, or one that comes while serve
// stops, is answered with a block: a dropped connection, or one refused,
// is a hook that failed, and Claude Code runs the call.

// errCutOff ends the requests still running at the shutdown timeout.
var errCutOff = errors.New("cut off at the shutdown timeout")

// requests counts the hook requests being answered, and says when the last
// is done once serve has begun to stop.
type requests struct {
	mu       sync.Mutex
	active   int
	stopping bool
	drained  chan struct{} // closed when stopping and none is active
}

func newRequests() *requests { return &requests{drained: make(chan struct{})} }

// enter counts one more request, unless serve is stopping.
func (q *requests) enter() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.stopping {
		return false
	}
	q.active++
	return true
}

// leave counts one request done.
func (q *requests) leave() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.active--
	if q.stopping && q.active == 0 {
		close(q.drained)
	}
}

// stop takes no new request, and returns a channel closed once every
// request counted is done.
func (q *requests) stop() <-chan struct{} {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.stopping {
		q.stopping = true
		if q.active == 0 {
			close(q.drained)
		}
	}
	return q.drained
}

// cutOffReason is the block for a request whose context ended because serve
// stopped, or "" when it did not.
func (s *server) cutOffReason(ctx context.Context) string {
	if !errors.Is(context.Cause(ctx), errCutOff) {
		return ""
	}
	return fmt.Sprintf("shutting down: the request was cut off at --shutdown-timeout (%v)", s.cfg.shutdownTimeout)
}
