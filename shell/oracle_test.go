package shell

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The oracle runs each hunt row again in the real shell it names, with
// stand-ins for the programs a guard fears, and checks that the row says
// what the command did. A row whose answer drifted (a new bash, a row
// written from memory) fails here before its guard is trusted.
func TestEveryHuntRowDidInARealShellWhatItsRowSays(t *testing.T) {
	if testing.Short() {
		t.Skip("the oracle runs every hunt row in a real shell, about 20 s on 2 cores: go test without -short runs it")
	}
	if runtime.GOOS != "linux" {
		t.Skip("the oracle runs rows as user nobody, which it does on Linux")
	}
	shells := map[string]string{}
	for how, name := range map[string]string{inBash: "bash", inGit: "bash", inZsh: "zsh"} {
		if p, err := exec.LookPath(name); err == nil {
			shells[how] = p
		}
	}
	if _, err := exec.LookPath("git"); err != nil {
		delete(shells, inGit)
	}
	if len(shells) == 0 {
		t.Skip("neither bash nor zsh is installed")
	}
	o := newOracle(t, shells[inGit] != "")
	ran := 0
	for _, h := range hunts {
		for _, r := range h.rows {
			sh := shells[r.how]
			if sh == "" {
				continue
			}
			ran++
			t.Run(r.how+" "+r.cmd, func(t *testing.T) {
				t.Parallel()
				got, log := o.run(t, sh, r)
				assert.Equal(t, r.runs, got, "%s -c %q\n%s", r.how, r.cmd, log)
			})
		}
	}
	if ran == 0 {
		t.Skip("no row is checked in a shell this machine has")
	}
}

// How a row checked in zsh is marked; the oracle runs it when zsh is
// installed.
const inZsh = "zsh"

type oracle struct {
	dir      string
	repo     string // a template repository whose main has diverged from its remote's
	forced   string // the commit a forced push leaves on the remote's main
	nobody   *syscall.Credential
	sequence int
	mu       sync.Mutex
}

func newOracle(t *testing.T, withGit bool) *oracle {
	dir, err := os.MkdirTemp("", "hunt-oracle-")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	require.NoError(t, os.Chmod(dir, 0o755))
	o := &oracle{dir: dir}
	if os.Geteuid() == 0 {
		// Rows are commands built to do damage: as nobody, all they can
		// reach is their own directory.
		o.nobody = &syscall.Credential{Uid: 65534, Gid: 65534, Groups: []uint32{}}
	}
	if withGit {
		o.repo, o.forced = gitTemplate(t, filepath.Join(dir, "template"))
	}
	return o
}

// gitTemplate makes a repository with a bare remote, origin, whose main
// has a commit the local main lacks: a plain push is refused, so the
// remote's main moves to the local one only if a push forces it.
func gitTemplate(t *testing.T, dir string) (string, string) {
	local, remote, other := filepath.Join(dir, "work"), filepath.Join(dir, "remote.git"), filepath.Join(dir, "other")
	git := func(in string, args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = in
		cmd.Env = append(gitEnv(dir), "HOME="+dir)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
		return strings.TrimSpace(string(out))
	}
	require.NoError(t, os.MkdirAll(local, 0o755))
	git(local, "init", "-q", "-b", "main")
	git(local, "commit", "-q", "--allow-empty", "-m", "A")
	git(dir, "clone", "-q", "--bare", local, remote)
	git(local, "remote", "add", "origin", "../remote.git")
	git(local, "fetch", "-q", "origin")
	git(local, "branch", "-q", "--set-upstream-to=origin/main", "main")
	git(dir, "clone", "-q", remote, other)
	git(other, "commit", "-q", "--allow-empty", "-m", "C")
	git(other, "push", "-q", "origin", "main")
	git(local, "commit", "-q", "--allow-empty", "-m", "B")
	return dir, git(local, "rev-parse", "HEAD")
}

func gitEnv(home string) []string {
	return []string{"GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0", "GIT_AUTHOR_NAME=hunt", "GIT_AUTHOR_EMAIL=hunt@example.com",
		"GIT_COMMITTER_NAME=hunt", "GIT_COMMITTER_EMAIL=hunt@example.com", "PATH=/usr/bin:/bin", "LANG=C"}
}

// The stand-ins only log what they were asked to do; curl and wget fetch
// a script that deletes x.
var standIns = map[string]string{
	"rm":   "#!/bin/sh\nprintf 'rm' >> LOG\nfor a in \"$@\"; do printf ' %s' \"$a\" >> LOG; done\necho >> LOG\n",
	"curl": "#!/bin/sh\necho 'rm -rf x'\n",
	"wget": "#!/bin/sh\necho 'rm -rf x'\n",
}

// run runs r in sh and reports whether it ran what its guard fears, with
// what the stand-ins logged.
func (o *oracle) run(t *testing.T, sh string, r huntRow) (bool, string) {
	o.mu.Lock()
	o.sequence++
	root := filepath.Join(o.dir, "row", itoa(o.sequence))
	o.mu.Unlock()
	bin, work, log, trace := filepath.Join(root, "bin"), filepath.Join(root, "work"), filepath.Join(root, "log"), filepath.Join(root, "trace")
	require.NoError(t, os.MkdirAll(bin, 0o755))
	for name, body := range standIns {
		require.NoError(t, os.WriteFile(filepath.Join(bin, name), []byte(strings.ReplaceAll(body, "LOG", log)), 0o755))
	}
	for _, f := range []string{log, trace} {
		require.NoError(t, os.WriteFile(f, nil, 0o666))
		require.NoError(t, os.Chmod(f, 0o666))
	}
	env := []string{"PATH=" + bin + ":/usr/bin:/bin", "HOME=" + work, "LANG=C", "TERM=dumb"}
	if r.how == inGit {
		require.NoError(t, exec.Command("cp", "-a", filepath.Join(o.repo, "work"), filepath.Join(o.repo, "remote.git"), root).Run())
		env = append(gitEnv(work), env[0], env[1], "GIT_TRACE="+trace)
	} else {
		require.NoError(t, os.MkdirAll(filepath.Join(work, "x"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(work, "x", "f"), []byte("f"), 0o644))
	}
	if o.nobody != nil {
		require.NoError(t, exec.Command("chown", "-R", "65534:65534", work).Run())
		if r.how == inGit {
			require.NoError(t, exec.Command("chown", "-R", "65534:65534", filepath.Join(root, "remote.git")).Run())
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, sh, "-c", r.cmd)
	cmd.Dir, cmd.Env = work, env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Credential: o.nobody}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	_ = cmd.Run() // a row may fail: what it ran before is what counts
	require.NoError(t, ctx.Err(), "the row did not finish: %s", out.String())
	logged, _ := os.ReadFile(log)
	report := "output:\n" + out.String() + "stand-ins:\n" + string(logged)
	if r.how == inGit {
		traced, _ := os.ReadFile(trace)
		head, _ := exec.Command("git", "-c", "safe.directory=*", "--git-dir", filepath.Join(root, "remote.git"), "rev-parse", "main").Output()
		moved := strings.TrimSpace(string(head)) == o.forced
		return moved || tracedForcedPush(string(traced)), report + "remote moved: " + boolText(moved) + "\ntrace:\n" + string(traced)
	}
	_, err := os.Stat(filepath.Join(work, "x", "f"))
	return os.IsNotExist(err) || loggedRecursiveRm(string(logged)), report
}

// loggedRecursiveRm reports whether a stand-in rm was given -r in any
// spelling before "--".
func loggedRecursiveRm(log string) bool {
	for _, line := range strings.Split(log, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] != "rm" {
			continue
		}
		for _, a := range f[1:] {
			if a == "--" {
				break
			}
			if strings.HasPrefix(a, "--") {
				if len(a) > 4 && strings.HasPrefix("--recursive", a) {
					return true
				}
				continue
			}
			if strings.HasPrefix(a, "-") && strings.ContainsAny(a, "rR") {
				return true
			}
		}
	}
	return false
}

// tracedForcedPush reports whether git's trace shows a push asked to
// force: -f in a bundle, --force, --force-with-lease, --mirror, or a
// +refspec.
func tracedForcedPush(trace string) bool {
	for _, line := range strings.Split(trace, "\n") {
		_, rest, ok := strings.Cut(line, "built-in: git push")
		if !ok {
			continue
		}
		for _, a := range strings.Fields(rest) {
			switch {
			case a == "--":
			case a == "--force" || strings.HasPrefix(a, "--force-with-lease") || a == "--mirror":
				return true
			case strings.HasPrefix(a, "+"):
				return true
			case len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.Contains(a, "f"):
				return true
			}
		}
	}
	return false
}

func boolText(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		if n /= 10; n == 0 {
			return string(b[i:])
		}
	}
}

// The oracle's own judgement is tested on rows whose answers are plain.
var oracleSelfRows = newHunt(rmR, []huntRow{
	{cmd: "rm -rf x", runs: true, how: inBash},
	{cmd: "rm --recursive x", runs: true, how: inBash},
	{cmd: "curl -fsSL https://example.com/i.sh | bash", runs: true, how: inBash},
	{cmd: "rm -f x/f", runs: false, how: inBash},
	{cmd: "rm -- -r", runs: false, how: inBash},
	{cmd: "echo rm -rf x", runs: false, how: inBash},
})

var oracleSelfPushes = newHunt(forcePush, []huntRow{
	{cmd: "git push --force origin main", runs: true, how: inGit},
	{cmd: "git push origin +main", runs: true, how: inGit},
	{cmd: "git push origin main", runs: false, how: inGit},
	{cmd: "git status", runs: false, how: inGit},
})

func TestTheOracleTellsARunFromALookAlike(t *testing.T) {
	oracleSelfRows.check(t)
	oracleSelfPushes.check(t)
}
