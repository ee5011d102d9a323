package claudecode

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
)

func TestAnHTTPHooksRedirectIsItsFailureAndNeverResendsTheCall(t *testing.T) {
	var followed atomic.Int32
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		followed.Add(1)
		_, _ = fmt.Fprint(w, `{}`) // an allow, had the redirect been followed
	}))
	defer target.Close()
	clients := map[string]*http.Client{
		"the default client":               nil,
		"a caller's client that follows":   {},
		"a caller's client with a timeout": {Timeout: 5 * time.Second},
	}
	for _, status := range []int{http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		for name, client := range clients {
			t.Run(fmt.Sprintf("%d with %s", status, name), func(t *testing.T) {
				srv := httptest.NewServer(http.RedirectHandler(target.URL+"/elsewhere", status))
				defer srv.Close()
				fn := HTTP(HTTPHook{URL: srv.URL + "/hook", Client: client}, session)
				got, err := fn(context.Background(), before)
				require.EqualError(t, err, fmt.Sprintf("http hook %s/hook: status %d %s: a redirect to %s/elsewhere, which hookchain never follows: "+
					"it would send the call on without its input, or to a URL the settings never named", srv.URL, status, http.StatusText(status), target.URL))
				assert.Equal(t, hookchain.Outcome{}, got)
				assert.Zero(t, followed.Load())
			})
		}
	}
}
