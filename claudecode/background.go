package claudecode

import (
	"context"
	"fmt"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
)

// PrepareCommand is what Command would run for event e in ctx, without
// running it: spec as Claude Code runs it for the call's session (see
// Command: its environment, CLAUDE_PROJECT_DIR, its directory, the exec
// form's placeholders, output kept up to the caps), the hook input for its
// stdin, and that session. A caller that runs the hook later — an async
// hook, started with the call and read after it — prepares it during the
// call, because the event's slices are the chain's only until the link
// returns.
func PrepareCommand(ctx context.Context, spec process.Spec, s SessionInfo, e hookchain.Event) (process.Spec, []byte, SessionInfo, error) {
	if err := spec.Validate(); err != nil {
		return process.Spec{}, nil, SessionInfo{}, err
	}
	spec = claudeEnv(spec)
	spec.Truncate = true
	session := sessionFor(ctx, s)
	run := commandSpec(spec, session)
	stdin, err := marshal(InputFor(e, session))
	if err != nil {
		return process.Spec{}, nil, SessionInfo{}, fmt.Errorf("hook %q: encoding the hook input: %w", run.String(), err)
	}
	return run, stdin, session, nil
}
