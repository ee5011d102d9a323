package cli

import (
	"context"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode/settings"
	"github.com/hookchain/hookchain/internal/regularfile"
	"github.com/hookchain/hookchain/process"
)

// serveConfig is what serve's own flags say.
type serveConfig struct {
	listen          string
	token           string
	shutdownTimeout time.Duration
	readTimeout     time.Duration
	watch           time.Duration
	logFormat       string
	logLevel        string
	maxBody         int64
}

// serveCmd runs serve until SIGINT or SIGTERM, reloading on SIGHUP.
func serveCmd(args []string, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	return serve(ctx, args, stderr, hup, nil)
}

// serve is serveCmd with its signals given: it stops when ctx ends, reloads
// the settings on each value from hup, and tells listening, when it is not
// nil, the address it listens on.
func serve(ctx context.Context, args []string, stderr io.Writer, hup <-chan os.Signal, listening func(net.Addr)) int {
	var c common
	var cfg serveConfig
	var tokenFile string
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	c.register(fs)
	fs.StringVar(&cfg.listen, "listen", "", "the `address` to listen on")
	fs.StringVar(&cfg.token, "token", "", "the bearer `token` requests must carry")
	fs.StringVar(&tokenFile, "token-file", "", "a `file` holding the token")
	fs.DurationVar(&cfg.shutdownTimeout, "shutdown-timeout", 30*time.Second, "how long requests in flight are waited for")
	fs.DurationVar(&cfg.readTimeout, "read-timeout", 10*time.Second, "how long a request's hook input may take to arrive once its headers have")
	fs.DurationVar(&cfg.watch, "watch", time.Second, "how often the settings files and the token file are checked for changes; 0: on SIGHUP only")
	fs.StringVar(&cfg.logFormat, "log-format", "text", "text or json")
	fs.StringVar(&cfg.logLevel, "log-level", "info", "debug, info, warn or error")
	fs.Int64Var(&cfg.maxBody, "max-body", maxInput, "the largest hook input accepted, in `bytes`")
	if !parse("serve", fs, args, stderr, false) {
		return exitFailed
	}
	defer c.useHome()()
	say := errOut{"serve", stderr}
	fail := say.fail
	var tokenStamp string
	if tokenFile != "" {
		if cfg.token != "" {
			return fail("give --token or --token-file, not both")
		}
		// Stamped before it is read, as rereadToken does: a token rotated
		// between the two is then taken at the next check, where a stamp
		// taken after the read would keep the revoked one in force.
		tokenStamp = stampOf([]string{tokenFile})
		token, err := readToken(tokenFile)
		if err != nil {
			return say.failOn(err)
		}
		cfg.token = token
	}
	logger, err := newLogger(stderr, cfg.logFormat, cfg.logLevel)
	if err != nil {
		return say.failOn(err)
	}
	if cfg.listen == "" {
		return fail("--listen is required: an address such as 127.0.0.1:8377")
	}
	if cfg.token == "" && !loopbackHost(cfg.listen) {
		return fail("%s is not a loopback address: a server others can reach needs --token (or --token-file)", cfg.listen)
	}
	if cfg.shutdownTimeout <= 0 || cfg.readTimeout <= 0 || cfg.watch < 0 || cfg.maxBody <= 0 {
		return fail("--shutdown-timeout, --read-timeout and --max-body must be positive, and --watch not negative")
	}

	cwd, _ := os.Getwd()
	s := newServer(c, cfg, c.projectFor(cwd), logger)
	s.tokenFile = tokenFile
	if cfg.token != "" {
		s.auth.Store(newAuth(cfg.token))
		s.tokenStamp = tokenStamp
	}
	if err := s.reload("start"); err != nil {
		return say.failOn(err)
	}
	ln, err := net.Listen("tcp", cfg.listen)
	if err != nil {
		s.stopAll()
		return say.failOn(err)
	}
	if addr, ok := ln.Addr().(*net.TCPAddr); ok && cfg.token == "" && !addr.IP.IsLoopback() {
		ln.Close()
		s.stopAll()
		return fail("%s listens on %s, which is not a loopback address: give --token", cfg.listen, addr.IP)
	}
	s.self = ln.Addr().String()
	if listening != nil {
		listening(ln.Addr())
	}
	return s.run(ctx, ln, hup)
}

// newLogger is the logger the flags ask for, on stderr.
func newLogger(w io.Writer, format, level string) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("--log-level %q: want debug, info, warn or error", level)
	}
	opts := &slog.HandlerOptions{Level: lv}
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("--log-format %q: want text or json", format)
}

// loopbackHost reports whether the host of addr is a loopback address or
// localhost; an empty host means every interface, which is not.
func loopbackHost(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// server answers Claude Code's http hooks with a chain built from settings.
type server struct {
	c       common
	cfg     serveConfig
	project string
	log     *slog.Logger

	// auth is the token requests must carry, nil when there is none;
	// tokenFile, when given, is read again when it has changed, at each
	// --watch check and on SIGHUP.
	auth       atomic.Pointer[auth]
	tokenFile  string
	tokenStamp string // guarded by reloadMu

	// requests are the hook requests being answered; cutoff is the
	// context each request's derives from, ended by cut at the shutdown
	// timeout; stopped is closed once no request can be answered any more.
	requests *requests
	cutoff   context.Context
	cut      context.CancelCauseFunc
	stopped  chan struct{}

	// self is the address serve listens at: --listen, then, once it
	// listens, the address the listener has (its port, when --listen
	// gave 0).
	self string

	cur      atomic.Pointer[generation]
	reloadMu sync.Mutex // one reload at a time; it guards stamp
	stamp    string     // the settings files as the current chain was built from them
	bg       sync.WaitGroup
}

// newServer is a server with no settings loaded yet.
func newServer(c common, cfg serveConfig, project string, log *slog.Logger) *server {
	// One Background for the server's life: a report waits for its
	// session's next call, whichever generation answers it.
	c.background = settings.NewBackground(settings.BackgroundOptions{Logger: log})
	s := &server{c: c, cfg: cfg, project: project, log: log, self: cfg.listen, requests: newRequests(), stopped: make(chan struct{})}
	s.cutoff, s.cut = context.WithCancelCause(context.Background())
	return s
}

// generation is one chain, built from the settings as they were at one
// load, with the persistent hooks it owns.
type generation struct {
	n        int
	chain    *hookchain.Chain
	approver hookchain.Approver // the chain's: PermissionRequest events are put to it alone
	pool     *process.Pool
	hooks    int
	files    []string
	loaded   time.Time
	// inUse is read-locked by each request the generation answers, and
	// write-locked when it is retired, so that its hooks are stopped only
	// once no request can still ask them.
	inUse sync.RWMutex
}

// watched are the files whose change reloads the settings: those named
// with --settings (or the standard ones, whether they exist or not), and
// each plugin's hooks.json.
func (s *server) watched() []string {
	files := append([]string(nil), s.c.settings...)
	if len(files) == 0 {
		files = settings.StandardPaths(s.project, homeDir())
	}
	for _, root := range s.c.plugins {
		files = append(files, filepath.Join(root, "hooks", "hooks.json"))
	}
	return files
}

// stampOf fingerprints the files: their contents, or why they cannot be
// read. They are read as the loader reads them, so that a device or a pipe
// put in a settings file's place is refused, not read.
func stampOf(files []string) string {
	h := sha256.New()
	for _, f := range files {
		b, err := regularfile.Read(f, settings.MaxFileSize, "a settings file")
		if err != nil {
			fmt.Fprintf(h, "%s\x00%v\x00", f, err)
			continue
		}
		fmt.Fprintf(h, "%s\x00%d\x00", f, len(b))
		h.Write(b)
	}
	return string(h.Sum(nil))
}

// reload builds a chain from the settings as they are now and puts it in
// place of the current one, which is retired once the requests it is
// answering are done. When the settings do not load, the current chain
// stays, and reload says why; at the start there is none, and the error
// is the caller's to report.
func (s *server) reload(why string) error {
	s.reloadMu.Lock()
	defer s.reloadMu.Unlock()
	stamp := stampOf(s.watched())
	g, err := s.load()
	old := s.cur.Load()
	if err != nil {
		if old != nil {
			s.log.Error("hookchain serve: the settings did not load; the previous ones stay in force",
				slog.String("trigger", why), slog.Int("generation", old.n), slog.String("error", err.Error()))
			s.stamp = stamp // not again until they change
		}
		return err
	}
	if old != nil {
		g.n = old.n + 1
	}
	s.stamp = stamp
	s.cur.Store(g)
	s.log.Info("hookchain serve: settings loaded", slog.String("trigger", why), slog.Int("generation", g.n),
		slog.Int("hooks", g.hooks), slog.Any("files", g.files), slog.String("project", s.project))
	s.bg.Go(func() {
		// Started now, so that the first call does not wait for them and a
		// hook that cannot start is in the log at once.
		var started sync.WaitGroup
		for _, p := range g.pool.Hooks() {
			started.Go(func() {
				err := p.Start(context.Background())
				if perr, ok := errors.AsType[*process.Error](err); ok && perr.Kind == process.Closed {
					return // retired before it was up: nothing to say
				}
				if err != nil {
					s.log.Warn("hookchain serve: a persistent hook did not start", slog.Int("generation", g.n), slog.String("error", err.Error()))
				}
			})
		}
		started.Wait()
	})
	if old != nil {
		s.retire(old)
	}
	return nil
}

// load builds a generation from the settings.
func (s *server) load() (*generation, error) {
	st, err := s.c.load(s.project)
	if err != nil {
		return nil, err
	}
	pool := new(process.Pool)
	opts := s.c.options(s.project, pool)
	opts.Logger = s.log
	links, err := st.Links(opts)
	if err == nil {
		err = selfHook(st.Hooks(opts), s.self)
	}
	var approver hookchain.Approver
	if err == nil {
		approver, err = serveApprover(st, opts)
	}
	if err == nil {
		var chain *hookchain.Chain
		if chain, err = hookchain.Build(links...); err == nil {
			// Claude Code asks its user what a hook asks, as it would had
			// it run the hook itself, once the PermissionRequest hooks
			// leave it undecided; every outcome goes to the log.
			chain = chain.WithApprover(approver).WithObserver(hookchain.LogObserver(s.log))
			return &generation{chain: chain, approver: approver, pool: pool, hooks: len(links), files: st.Files(), loaded: time.Now()}, nil
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), closeGrace)
	defer cancel()
	_ = pool.Close(ctx)
	return nil, err
}

// retire stops a generation's hooks once no request uses it: never under
// a request still being answered, whose hooks would fail as closed and,
// where they fail open, let its call through. Only when serve stops, once
// its requests are answered or cut off, are they stopped regardless.
func (s *server) retire(g *generation) {
	s.bg.Go(func() {
		idle := make(chan struct{})
		go func() {
			g.inUse.Lock()
			close(idle)
		}()
		select {
		case <-idle:
		case <-s.stopped:
		}
		ctx, cancel := context.WithTimeout(context.Background(), closeGrace)
		defer cancel()
		_ = g.pool.Close(ctx)
	})
}

// acquire returns the current generation, read-locked for one request.
func (s *server) acquire() *generation {
	for {
		g := s.cur.Load()
		if g.inUse.TryRLock() {
			return g
		}
		// It is being retired: a newer one is in place.
		runtime.Gosched()
	}
}

// stopAll stops every generation's hooks and waits for the server's
// background work.
func (s *server) stopAll() {
	close(s.stopped)
	if g := s.cur.Load(); g != nil {
		s.retire(g)
	}
	s.bg.Wait()
	closeBackground(s.c.background)
}

// run serves on ln until ctx ends, then shuts down: requests in flight are
// given the shutdown timeout to finish, those that come meanwhile and those
// still running then are blocked, and every hook process is stopped.
func (s *server) run(ctx context.Context, ln net.Listener, hup <-chan os.Signal) int {
	srv := &http.Server{
		Handler:           s.handler(),
		BaseContext:       func(net.Listener) context.Context { return s.cutoff },
		ReadHeaderTimeout: 10 * time.Second,
		// OPTIONS * would be answered 200 with an empty body, which
		// Claude Code reads as no objection.
		DisableGeneralOptionsHandler: true,
		ErrorLog:                     slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	s.log.Info("hookchain serve: listening", slog.String("addr", ln.Addr().String()), slog.Bool("token", s.auth.Load() != nil))

	var tick <-chan time.Time
	if s.cfg.watch > 0 {
		t := time.NewTicker(s.cfg.watch)
		defer t.Stop()
		tick = t.C
	}
	code := exitOK
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case err := <-served:
			s.log.Error("hookchain serve: the server stopped", slog.String("error", err.Error()))
			code = exitFailed
			break loop
		case <-hup:
			s.rereadToken()
			_ = s.reload("SIGHUP")
		case <-tick:
			s.rereadToken()
			s.reloadMu.Lock()
			changed := stampOf(s.watched()) != s.stamp
			s.reloadMu.Unlock()
			if changed {
				_ = s.reload("a settings file changed")
			}
		}
	}

	// Still listening, so that a request that comes now is blocked rather
	// than refused a connection.
	s.log.Info("hookchain serve: shutting down; waiting for requests in flight", slog.Duration("timeout", s.cfg.shutdownTimeout))
	drained := s.requests.stop()
	t := time.NewTimer(s.cfg.shutdownTimeout)
	defer t.Stop()
	select {
	case <-drained:
	case <-t.C:
		s.log.Warn("hookchain serve: requests still running at the shutdown timeout are cut off and blocked")
		s.cut(errCutOff)
		select {
		case <-drained:
		case <-time.After(closeGrace):
			s.log.Error("hookchain serve: requests cut off did not end; their connections are closed unanswered")
		}
	}
	sctx, cancel := context.WithTimeout(context.Background(), closeGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
	}
	s.stopAll()
	s.log.Info("hookchain serve: stopped")
	return code
}

// maxToken bounds a token file: a token is a line, not a document.
const maxToken = 4 << 10

// readToken is the token in file, without the white space around it.
func readToken(file string) (string, error) {
	b, err := regularfile.Read(file, maxToken, "a token file")
	if err != nil {
		return "", err
	}
	token := strings.TrimSpace(string(b))
	if token == "" {
		return "", fmt.Errorf("the token file %s is empty", file)
	}
	return token, nil
}

// rereadToken takes the token file's token when the file has changed, so
// that a rotated token is the only one taken from then on. A file that
// cannot be read, or is empty, lets no token through until it is fixed:
// keeping the last token would keep a revoked one.
func (s *server) rereadToken() {
	if s.tokenFile == "" {
		return
	}
	s.reloadMu.Lock()
	defer s.reloadMu.Unlock()
	stamp := stampOf([]string{s.tokenFile})
	if stamp == s.tokenStamp {
		return
	}
	s.tokenStamp = stamp
	token, err := readToken(s.tokenFile)
	if err != nil {
		s.log.Error("hookchain serve: the token file cannot be used; every request is blocked until it can", slog.String("error", err.Error()))
		s.auth.Store(&auth{reason: "no token is taken until the token file is fixed: " + err.Error()})
		return
	}
	s.auth.Store(newAuth(token))
	s.log.Info("hookchain serve: the token file changed; its new token is the one taken")
}
