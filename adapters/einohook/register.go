package einohook

import (
	"github.com/cloudwego/eino/schema"
	"github.com/hookchain/hookchain"
)

// A deferred approval is the info of eino's interrupt, and eino saves that
// info in its checkpoints: adk's with gob, which refuses an interface value
// of a type nobody registered, so without this a run with a CheckPointStore
// fails where it should stop and wait.
func init() {
	schema.RegisterName[*hookchain.ApprovalPending]("hookchain_approval_pending")
}
