//go:build unix

package settings

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// credsHook is a persistent hook that denies every call and says, as its
// reason, which credentials and settings variables it was started with.
const credsHook = `#!/bin/sh
printf '{"protocol":"hookchain-persistent","version":1}\n'
while IFS= read -r req; do
	id=${req#'{"id":'}; id=${id%%,*}
	printf '{"id":%s,"verdict":"deny","reason":"anthropic=%s aws=%s team=%s"}\n' "$id" "${ANTHROPIC_API_KEY-unset}" "${AWS_SESSION_TOKEN-unset}" "${TEAM-unset}"
done
`

func TestAPersistentHookStartsWithTheSettingsEnvAndWithoutScrubbedCredentials(t *testing.T) {
	dir := t.TempDir()
	hook := filepath.Join(dir, "creds.sh")
	require.NoError(t, os.WriteFile(hook, []byte(credsHook), 0o755))
	t.Setenv("ANTHROPIC_API_KEY", "sk-ant-process")
	t.Setenv("AWS_SESSION_TOKEN", "aws-process")
	for _, tt := range []struct{ scrub, want string }{
		{scrub: "0", want: "anthropic=sk-ant-process aws=aws-process team=core"},
		{scrub: "1", want: "anthropic=unset aws=unset team=core"},
	} {
		t.Run("scrub "+tt.scrub, func(t *testing.T) {
			s, err := Parse("s.json", []byte(`{"env": {"TEAM": "core", "CLAUDE_CODE_SUBPROCESS_ENV_SCRUB": "`+tt.scrub+`"},
				"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "`+hook+`", "persistent": true}]}]}}`))
			require.NoError(t, err)
			var pool process.Pool
			defer pool.Close(context.Background())
			links, err := s.Links(Options{ProjectDir: dir, Pool: &pool})
			require.NoError(t, err)
			out := hookchain.New(links...).Run(context.Background(), hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash", Input: json.RawMessage(`{}`)})
			assert.Equal(t, denied("creds.sh", tt.want), out)
		})
	}
}
