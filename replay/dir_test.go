//go:build unix

package replay_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
	"github.com/hookchain/hookchain/harness"
	codexcli "github.com/hookchain/hookchain/harness/codex"
	"github.com/hookchain/hookchain/process"
	"github.com/hookchain/hookchain/replay"
)

// where is a hook that blocks every call, saying where it ran and the cwd
// its input gave.
const where = `printf 'ran in %s; cwd %s' "$(pwd -P)" "$(sed -e 's/.*"cwd":"\([^"]*\)".*/\1/')" >&2; exit 2`

func TestAHookWhoseRecordedCwdIsGoneRunsInTheProjectAndIsStillToldTheRecordedCwd(t *testing.T) {
	if _, err := exec.LookPath("sed"); err != nil {
		t.Skip("no sed")
	}
	gone := filepath.Join(t.TempDir(), "deleted-worktree")
	project, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	here, err := os.Getwd()
	require.NoError(t, err)
	here, err = filepath.EvalSymlinks(here)
	require.NoError(t, err)
	codexHook, err := harness.Command(codexcli.Profile(), process.Spec{Shell: where}, harness.SessionInfo{})
	require.NoError(t, err)
	links := map[string]hookchain.Link{
		"a Claude Code command hook": hookchain.Before("where", hookchain.Any(), claudecode.Command(process.Spec{Shell: where}, claudecode.SessionInfo{})),
		"a Codex command hook":       hookchain.Before("where", hookchain.Any(), codexHook),
	}
	for name, link := range links {
		for _, tt := range []struct {
			name    string
			project string
			ranIn   string
		}{{"with a project", project, project}, {"without one: the working directory", "", here}} {
			t.Run(name+", "+tt.name, func(t *testing.T) {
				call := bash("c1", "ls", nil)
				call.Cwd = gone
				got, _ := collect(t, []replay.Call{call}, hookchain.New(link), replay.ProjectDir(tt.project))
				require.Len(t, got, 1)
				assert.Equal(t, hookchain.Denied, got[0].Before.Verdict)
				assert.Contains(t, got[0].Before.Reason, "ran in "+tt.ranIn+"; cwd "+gone)
			})
		}
	}
}
