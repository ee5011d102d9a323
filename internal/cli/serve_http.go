package cli

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/hookchain/hookchain/claudecode"
)

// Claude Code runs a call whose http hook fails: an answer other than 2xx,
// a dropped connection, an empty or unreadable body. So every request serve
// does not judge — whatever its path, method or token — is answered 200
// with a block that names why, and only a hook input the chain judged gets
// the chain's answer.

// handler routes by the exact path, not through http.ServeMux, which would
// answer a path that is not clean with a redirect (that a client may follow
// as a GET) and a wrong method with 405.
func (s *server) handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rt, exact := routeOf(r.URL.Path)
		defer s.recoverAsBlock(w, r, rt)
		switch why := s.unauthorized(r); {
		case r.Method == http.MethodGet && r.URL.Path == "/healthz":
			s.health(w, why == "")
		case why != "":
			w.Header().Set("WWW-Authenticate", `Bearer realm="hookchain"`)
			s.block(w, r, rt, "unauthorized: "+why)
		case !exact:
			s.block(w, r, rt, "not found: "+rt.where())
		case r.Method != http.MethodPost:
			s.block(w, r, rt, "method not allowed: "+rt.where())
		default:
			s.hook(w, r, rt)
		}
	})
}

// recoverAsBlock answers a request whose handler panicked with a block:
// net/http would drop the connection, and Claude Code run the call.
func (s *server) recoverAsBlock(w http.ResponseWriter, r *http.Request, rt route) {
	v := recover()
	if v == nil {
		return
	}
	if v == http.ErrAbortHandler {
		panic(v)
	}
	s.log.Error("hookchain serve: internal error", slog.String("remote", r.RemoteAddr), slog.Any("panic", v))
	s.block(w, r, rt, fmt.Sprintf("internal error: %v", v))
}

// auth is what a request must carry when serve has a token.
type auth struct {
	sum    []byte // the SHA-256 of the token; nil when none is taken
	reason string // why none is taken: the token file cannot be read
}

// newAuth is the auth for token.
func newAuth(token string) *auth {
	sum := sha256.Sum256([]byte(token))
	return &auth{sum: sum[:]}
}

// unauthorized says why r may not be answered, or "" when it may: it
// carries the token, or serve has none. The token is taken only from the
// Authorization header, never from the query, which ends up in logs; it is
// compared, as a hash, in constant time.
func (s *server) unauthorized(r *http.Request) string {
	a := s.auth.Load()
	switch {
	case a == nil:
		return ""
	case a.sum == nil:
		return a.reason
	}
	given, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	sum := sha256.Sum256([]byte(given))
	if !ok || subtle.ConstantTimeCompare(sum[:], a.sum) != 1 {
		return "the request does not carry hookchain serve's bearer token"
	}
	return ""
}

// block answers r with its CLI's refusal: 200, so that the CLI reads the
// answer (every CLI runs a call whose http hook answers otherwise), and a
// block.
func (s *server) block(w http.ResponseWriter, r *http.Request, rt route, reason string) {
	s.log.Warn("hookchain serve: request blocked", slog.String("remote", r.RemoteAddr), slog.String("method", r.Method),
		slog.String("reason", reason))
	s.answer(w, rt.refusal(reason))
}

// answer writes a hook output, or nothing, with status 200.
func (s *server) answer(w http.ResponseWriter, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

// hook answers one http hook request of rt's CLI: the body is the hook
// input, and the response body the CLI's hook output (empty when the chain
// has nothing to say).
func (s *server) hook(w http.ResponseWriter, r *http.Request, rt route) {
	if !s.requests.enter() {
		s.block(w, r, rt, "shutting down: hookchain serve is stopping and judges no new call")
		return
	}
	defer s.requests.leave()
	// A body that never ends would hold the request, and Claude Code's
	// wait, until its own timeout let the call through.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(s.cfg.readTimeout))
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.maxBody))
	if err != nil {
		// Not kept alive: net/http would read the rest of the body first,
		// and the answer wait on a client that is not sending it.
		w.Header().Set("Connection", "close")
	} else {
		// Cleared at once: net/http reads on in the background, and a
		// deadline passing there would end the request's context while
		// its hooks run.
		_ = rc.SetReadDeadline(time.Time{})
	}
	if _, tooLarge := errors.AsType[*http.MaxBytesError](err); tooLarge {
		s.block(w, r, rt, fmt.Sprintf("the hook input is larger than %d bytes", s.cfg.maxBody))
		return
	} else if errors.Is(err, os.ErrDeadlineExceeded) {
		s.block(w, r, rt, fmt.Sprintf("reading the hook input: it did not arrive within --read-timeout (%v)", s.cfg.readTimeout))
		return
	} else if err != nil {
		s.block(w, r, rt, "reading the hook input: "+err.Error())
		return
	}
	g := s.acquire()
	defer g.inUse.RUnlock()
	if rt.profile != nil {
		answer := s.answerAs(r.Context(), rt, g, data)
		if why := s.cutOffReason(r.Context()); why != "" {
			s.block(w, r, rt, why)
			return
		}
		s.answer(w, answer)
		return
	}
	answer, err := s.answerHook(r.Context(), g, data)
	if why := s.cutOffReason(r.Context()); why != "" {
		// The chain denies a caller gone away; the block says why.
		s.block(w, r, rt, why)
		return
	}
	if err != nil {
		// Not a tool call, so nothing to block: Claude Code is stopped,
		// as the one answer every event reads.
		reason := err.Error() + "; hookchain serve judges tool calls only"
		s.log.Warn("hookchain serve: not a tool call; Claude Code is told to stop", slog.String("remote", r.RemoteAddr), slog.String("reason", reason))
		s.answer(w, claudecode.Halt(reason))
		return
	}
	s.answer(w, answer)
}

// health reports that the server is up and, to a request that may see it,
// what it runs: the settings paths and each persistent hook's command line.
func (s *server) health(w http.ResponseWriter, full bool) {
	type hook struct {
		Command     string `json:"command"`
		Running     bool   `json:"running"`
		Starts      int64  `json:"starts"`
		Answered    int64  `json:"answered"`
		LateAnswers int64  `json:"late_answers"`
	}
	type report struct {
		Status     string    `json:"status"`
		Generation int       `json:"generation"`
		Hooks      int       `json:"hooks"`
		Settings   []string  `json:"settings"`
		LoadedAt   time.Time `json:"loaded_at"`
		Persistent []hook    `json:"persistent"`
	}
	var body any = struct {
		Status string `json:"status"`
	}{"ok"}
	if full {
		g := s.acquire()
		rep := report{Status: "ok", Generation: g.n, Hooks: g.hooks, Settings: g.files, LoadedAt: g.loaded.UTC().Truncate(time.Second), Persistent: []hook{}}
		for _, p := range g.pool.Hooks() {
			st := p.Stats()
			rep.Persistent = append(rep.Persistent, hook{p.String(), st.Running, st.Starts, st.Answered, st.LateAnswers})
		}
		g.inUse.RUnlock()
		body = rep
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(body)
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(b.Bytes())
}
