//go:build unix

package process_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain/process"
)

func TestACommandWhoseDirIsGoneRunsInTheFallbackDirOnlyWhenTheContextGivesOne(t *testing.T) {
	gone := filepath.Join(t.TempDir(), "deleted-worktree")
	here, err := os.Getwd()
	require.NoError(t, err)
	fallback := t.TempDir()
	file := filepath.Join(t.TempDir(), "a-file")
	require.NoError(t, os.WriteFile(file, nil, 0o600))
	tests := []struct {
		name    string
		ctx     context.Context
		dir     string
		wantDir string // "" wants the start to fail
	}{
		{"no fallback: the missing dir is a failure", context.Background(), gone, ""},
		{"a fallback that exists", process.WithFallbackDir(context.Background(), fallback), gone, fallback},
		{"a dir that is a file", process.WithFallbackDir(context.Background(), fallback), file, fallback},
		{"an empty fallback: the caller's directory", process.WithFallbackDir(context.Background(), ""), gone, here},
		{"a fallback gone too: the caller's directory", process.WithFallbackDir(context.Background(), gone+"-too"), gone, here},
		{"a dir that exists is kept", process.WithFallbackDir(context.Background(), here), fallback, fallback},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := process.Run(tt.ctx, process.Spec{Shell: "pwd -P", Dir: tt.dir}, nil)
			if tt.wantDir == "" {
				var pe *process.Error
				require.ErrorAs(t, err, &pe)
				assert.Equal(t, process.StartFailed, pe.Kind)
				assert.Contains(t, pe.Error(), tt.dir)
				return
			}
			require.NoError(t, err)
			want, err := filepath.EvalSymlinks(tt.wantDir)
			require.NoError(t, err)
			assert.Equal(t, want, strings.TrimSpace(string(res.Stdout)))
		})
	}
}
