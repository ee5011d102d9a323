package claudecode

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

func TestAZeroHTTPTimeoutIsTheCommandHooksDefault(t *testing.T) {
	assert.Equal(t, process.DefaultTimeout, HTTPHook{}.timeout())
	assert.Equal(t, 5*time.Second, HTTPHook{Timeout: 5 * time.Second}.timeout())
}

// deadlineOf is a transport that answers 204 at once and records the
// deadline of the request it was given.
type deadlineOf struct{ deadline *time.Time }

func (d deadlineOf) RoundTrip(r *http.Request) (*http.Response, error) {
	dl, ok := r.Context().Deadline()
	if ok {
		*d.deadline = dl
	}
	return &http.Response{StatusCode: http.StatusNoContent, Status: "204 No Content", Body: io.NopCloser(strings.NewReader("")),
		Header: http.Header{}, Request: r}, nil
}

// A hook without a Timeout sends its request with a deadline a minute
// away, as a command hook is given: a server that hangs fails the link
// instead of holding the call for as long as the caller waits.
func TestAnHTTPHookWithoutATimeoutSendsItsRequestWithTheCommandHooksMinute(t *testing.T) {
	for _, tt := range []struct {
		name string
		send func(h HTTPHook) error
	}{
		{"HTTP", func(h HTTPHook) error {
			_, err := HTTP(h, session)(context.Background(), before)
			return err
		}},
		{"PermissionHTTP", func(h HTTPHook) error {
			_, err := PermissionHTTP(h, session)(context.Background(), hookchain.Question{Tool: "Bash", Input: before.Input})
			return err
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var deadline time.Time
			// The deadline is set between these two instants, however long
			// a loaded machine takes between them.
			sent := time.Now()
			require.NoError(t, tt.send(HTTPHook{URL: "http://hook.invalid/", Client: &http.Client{Transport: deadlineOf{&deadline}}}))
			answered := time.Now()
			require.False(t, deadline.IsZero(), "the request had no deadline")
			assert.False(t, deadline.Before(sent.Add(process.DefaultTimeout)), "deadline %v is before %v", deadline, sent.Add(process.DefaultTimeout))
			assert.False(t, deadline.After(answered.Add(process.DefaultTimeout)), "deadline %v is after %v", deadline, answered.Add(process.DefaultTimeout))
		})
	}
}
