package settings

import (
	"context"
	"errors"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// notDisarmedByItsDir is ask, the persistent hook started in dir, except
// that a start that failed because dir is gone (or is no longer a
// directory) is a failure marked hookchain.NotOwn, which the chain denies
// whatever the hook's onFailure. The directory is the session's, which the
// agent can remove: a hook that fails open would otherwise be disarmed by
// "rm -rf" of it and any restart, as a command hook is not (see
// inWorkDir).
func notDisarmedByItsDir(ask hookchain.Interceptor, dir string) hookchain.Interceptor {
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		out, err := ask(ctx, e)
		if err != nil && startFailed(err) && dirGone(dir) {
			return hookchain.Outcome{}, hookchain.NotOwn(dirGoneError{err})
		}
		return out, err
	}
}

// startFailed reports whether err is a start that failed, or the wait for
// a restart after one.
func startFailed(err error) bool {
	var pe *process.Error
	if !errors.As(err, &pe) {
		return false
	}
	if pe.Kind == process.Restarting {
		last, ok := pe.Err.(*process.Error)
		return ok && last != nil && last.Kind == process.StartFailed
	}
	return pe.Kind == process.StartFailed
}

// dirGone reports whether dir is no longer a directory a hook can be
// started in.
func dirGone(dir string) bool { return !usableDir(dir) }

// dirGoneError is a start failure that its directory's removal caused.
type dirGoneError struct{ err error }

func (d dirGoneError) Error() string {
	return d.err.Error() + "; denied, as the directory it runs in is gone or cannot be entered, which a call can do and the hook cannot help"
}

func (d dirGoneError) Unwrap() error { return d.err }
