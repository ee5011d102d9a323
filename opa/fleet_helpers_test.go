package opa_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/open-policy-agent/opa/v1/bundle"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/opa"
)

// signingKey is a key a bundle server signs its bundles with: its private
// half for the server, its public half for the agents' configuration.
type signingKey struct{ private, public string }

func newSigningKey(t testing.TB) signingKey {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	priv, err := x509.MarshalPKCS8PrivateKey(k)
	require.NoError(t, err)
	pub, err := x509.MarshalPKIXPublicKey(&k.PublicKey)
	require.NoError(t, err)
	return signingKey{
		private: string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: priv})),
		public:  string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub})),
	}
}

// buildBundle makes a bundle of the policy and the README's decision log
// mask with OPA's bundle package, as `opa build --signing-key` would:
// signed with key unless it is zero.
func buildBundle(t testing.TB, revision, policy string, key signingKey) []byte {
	t.Helper()
	b := bundle.Bundle{
		Manifest: bundle.Manifest{Revision: revision, Roots: &[]string{"hookchain", "system/log"}},
		Modules: []bundle.ModuleFile{
			{URL: "/hookchain.rego", Path: "/hookchain.rego", Raw: []byte(policy)},
			{URL: "/mask.rego", Path: "/mask.rego", Raw: []byte(readFile(t, "testdata/mask.rego"))},
		},
		Data: map[string]any{},
	}
	if key.private != "" {
		require.NoError(t, b.GenerateSignature(bundle.NewSigningConfig(key.private, "ES256", ""), "fleet", false))
	}
	var buf bytes.Buffer
	require.NoError(t, bundle.NewWriter(&buf).DisableFormat(true).Write(b))
	return buf.Bytes()
}

// fleetServer is what a fleet's agents talk to, on loopback: a bundle
// server that answers with ETags, a decision log collector and a status
// collector.
type fleetServer struct {
	*httptest.Server
	t testing.TB

	mu       sync.Mutex
	bundle   []byte // nil: 404
	etag     string
	down     bool // answer 503 to bundle requests
	gets     int  // bundle requests answered
	sent     int  // bundle requests answered with the bundle
	same     int  // bundle requests answered 304 Not Modified
	logs     []map[string]any
	statuses []map[string]any
}

// newFleetServer starts a fleetServer, closed when the test ends. It then
// checks that nothing the test started — OPA's plugins, the server's
// connections — is left running.
func newFleetServer(t testing.TB) *fleetServer {
	t.Helper()
	noGoroutineLeft(t)
	s := &fleetServer{t: t}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /bundles/hookchain.tar.gz", s.serveBundle)
	mux.HandleFunc("POST /logs", s.collect(&s.logs, true))
	mux.HandleFunc("POST /status", s.collect(&s.statuses, false))
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

// publish makes b the bundle the server hands out, under a new ETag.
func (s *fleetServer) publish(b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bundle, s.down = b, false
	s.etag = strconv.Quote(strconv.Itoa(len(s.etag) + len(b)))
}

func (s *fleetServer) setDown(down bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.down = down
}

func (s *fleetServer) bundleGets() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gets
}

// bundleAnswers returns how many bundle requests were answered with the
// bundle and how many with 304 Not Modified.
func (s *fleetServer) bundleAnswers() (sent, same int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sent, s.same
}

func (s *fleetServer) serveBundle(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gets++
	switch {
	case s.down:
		http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
	case s.bundle == nil:
		http.NotFound(w, r)
	case r.Header.Get("If-None-Match") == s.etag:
		s.same++
		w.WriteHeader(http.StatusNotModified)
	default:
		s.sent++
		w.Header().Set("ETag", s.etag)
		w.Header().Set("Content-Type", "application/gzip")
		_, _ = w.Write(s.bundle)
	}
}

func (s *fleetServer) collect(into *[]map[string]any, array bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var body io.Reader = r.Body
		if r.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(r.Body)
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			body = zr
		}
		var docs []map[string]any
		var err error
		if array {
			err = json.NewDecoder(body).Decode(&docs)
		} else {
			var doc map[string]any
			err = json.NewDecoder(body).Decode(&doc)
			docs = append(docs, doc)
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		s.mu.Lock()
		*into = append(*into, docs...)
		s.mu.Unlock()
	}
}

// decisionLogs and statusReports return what has been received so far.
func (s *fleetServer) decisionLogs() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.logs...)
}

func (s *fleetServer) statusReports() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.statuses...)
}

// config is the OPA configuration an agent of the fleet is deployed with:
// the README's, with the loopback server's URL and no credentials, the
// test's key, and delays of a second; without the sections named in leave
// out.
func (s *fleetServer) config(key signingKey, leaveOut ...string) []byte {
	t := s.t
	cfg := readmeConfig(t)
	at := func(path ...string) map[string]any {
		m := cfg
		for _, k := range path {
			next, ok := m[k].(map[string]any)
			require.True(t, ok, "the README's configuration has no %v", path)
			m = next
		}
		return m
	}
	fleet := at("services", "fleet")
	fleet["url"] = s.URL
	delete(fleet, "credentials")
	at("keys", "fleet-signing")["key"] = key.public
	at("bundles", "hookchain")["polling"] = map[string]any{"min_delay_seconds": 1, "max_delay_seconds": 1}
	at("decision_logs")["reporting"] = map[string]any{"min_delay_seconds": 1, "max_delay_seconds": 1}
	for _, section := range leaveOut {
		delete(cfg, section)
	}
	b, err := json.Marshal(cfg)
	require.NoError(t, err)
	return b
}

// startFleet starts a Fleet on s's configuration, closed when the test
// ends. Its logs are discarded unless opts say otherwise.
func startFleet(t testing.TB, s *fleetServer, key signingKey, opts ...opa.Option) *opa.Fleet {
	t.Helper()
	return startFleetOn(t, s.config(key), opts...)
}

// readyFleet serves policy in a bundle signed with a new key from a new
// fleetServer, and starts a Fleet on it that has activated the bundle.
func readyFleet(t testing.TB, policy string, opts ...opa.Option) (*fleetServer, signingKey, *opa.Fleet) {
	t.Helper()
	srv, key := newFleetServer(t), newSigningKey(t)
	srv.publish(buildBundle(t, "v1", policy, key))
	f := startFleet(t, srv, key, opts...)
	waitReady(t, f)
	return srv, key, f
}

// startFleetOn starts a Fleet on config, closed when the test ends.
func startFleetOn(t testing.TB, config []byte, opts ...opa.Option) *opa.Fleet {
	t.Helper()
	f, err := opa.NewFleet(context.Background(), config, "hookchain/decision", append([]opa.Option{opa.WithLogger(quiet)}, opts...)...)
	require.NoError(t, err)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		require.NoError(t, f.Close(ctx))
	})
	return f
}

// waitReady waits for f's first bundle.
func waitReady(t testing.TB, f *opa.Fleet) {
	t.Helper()
	select {
	case <-f.Ready():
	case <-time.After(20 * time.Second):
		t.Fatal("the fleet's first bundle was not activated within 20s")
	}
}

func fmtNumber(n float64) string { return strconv.FormatFloat(n, 'f', -1, 64) }
