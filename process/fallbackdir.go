package process

import "context"

// fallbackKey carries WithFallbackDir's directory in a context.
type fallbackKey struct{}

// WithFallbackDir returns a context in which Run starts a command whose
// Spec.Dir cannot be entered (it does not exist, or is not a directory) in
// dir instead, or in the caller's own working directory when dir is ""
// or cannot be entered either.
//
// It is for replaying recorded calls (package replay): a hook input keeps
// the cwd the session recorded, usually a directory on another machine or
// a worktree long deleted, and the hook must still run. Live, a directory
// that is gone is a failure that names it, and a dialect may deny the call
// for it (package claudecode does): an agent that removes the directory it
// stands in must not disarm its own hooks. So no one but a replay should
// give a context this value.
func WithFallbackDir(ctx context.Context, dir string) context.Context {
	return context.WithValue(ctx, fallbackKey{}, dir)
}

// runDir is where Run starts a command of spec dir under ctx: dir itself
// when it can be entered; otherwise, under WithFallbackDir, the fallback
// (or "", the caller's), and without it the error that names dir.
func runDir(ctx context.Context, dir string) (string, error) {
	err := checkDir(dir)
	if err == nil {
		return dir, nil
	}
	fallback, ok := ctx.Value(fallbackKey{}).(string)
	if !ok {
		return "", err
	}
	if fallback != "" && checkDir(fallback) != nil {
		return "", nil
	}
	return fallback, nil
}
