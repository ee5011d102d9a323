package claudecode

import (
	"context"

	"github.com/hookchain/hookchain"
)

// InputForCall is the hook input Command and HTTP send for e when it is
// called in ctx: InputFor, with the call's own session (WithSessionInfo)
// over def field by field. Runtimes that run a hook some other way (a
// model's prompt, an MCP tool's arguments) build its input with it.
func InputForCall(ctx context.Context, e hookchain.Event, def SessionInfo) Input {
	return InputFor(e, sessionFor(ctx, def))
}
