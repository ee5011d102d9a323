package claudecode

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// An answer whose decision cannot be known may have been a deny: it is
// ErrAmbiguousAnswer, which the approver refuses on, never the hook's
// failure, which it would skip for a later hook or the fallback to allow.
// That holds whatever carried it: an http body, stdout, at any exit status.
func TestAPermissionAnswerThatCannotBeReadIsAmbiguousWhateverCarriedIt(t *testing.T) {
	twice := permAnswer(`{"behavior":"deny","behavior":"allow"}`)
	huge := permAnswer(`{"behavior":"deny","message":"` + strings.Repeat("x", maxHTTPBody) + `"}`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/twice":
			_, _ = io.WriteString(w, twice)
		case "/huge":
			_, _ = io.WriteString(w, huge)
		}
	}))
	defer srv.Close()
	q := hookchain.Question{Tool: "Bash", Input: json.RawMessage(`{"command":"rm -rf /"}`)}
	for _, path := range []string{"/twice", "/huge"} {
		_, err := PermissionHTTP(HTTPHook{URL: srv.URL + path, Timeout: 10 * time.Second}, SessionInfo{})(context.Background(), q)
		require.ErrorIs(t, err, ErrAmbiguousAnswer, path)
		assert.Contains(t, err.Error(), "http hook "+srv.URL+path)
	}

	for _, r := range []process.Result{
		{ExitCode: 0, Stdout: []byte(twice)},
		{ExitCode: 1, Stdout: []byte(twice)},
		{ExitCode: 0, Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"de`), StdoutTruncated: true},
	} {
		_, err := DecidePermission(r)
		require.ErrorIs(t, err, ErrAmbiguousAnswer, "exit %d, stdout %q", r.ExitCode, r.Stdout)
	}
}
