package harness

import (
	"encoding/json"
	"fmt"

	"github.com/hookchain/hookchain/internal/jsonscan"
)

// HooksObject reads a hooks file, {"hooks": {EVENT: …}, …}, as a CLI that
// writes one reads it, exactly: its top-level fields and its "hooks"
// object (none when it is absent or null). A key given twice anywhere, a
// file that is not a JSON object, and a "hooks" that is not one are an
// error, for the caller to prefix with its CLI and file.
func HooksObject(data []byte) (top Object, events map[string]json.RawMessage, err error) {
	if f := jsonscan.Fault(data); f != "" {
		return nil, nil, fmt.Errorf("the file is %s", f)
	}
	if top, err = ReadObject(data); err != nil {
		return nil, nil, fmt.Errorf("not a hooks file: %v", err)
	}
	events = map[string]json.RawMessage{}
	if raw, ok := top["hooks"]; ok && string(raw) != "null" {
		if events, err = Fields(raw); err != nil {
			return nil, nil, fmt.Errorf("hooks: %v", err)
		}
	}
	return top, events, nil
}
