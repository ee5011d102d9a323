package harness

import (
	"encoding/json"
	"fmt"

	"github.com/hookchain/hookchain/internal/jsonscan"
)

// InputFields reads a hook input of the CLI named display ("Gemini") as
// its top-level fields, refusing what two readers would read as two calls:
// a key given twice at any depth (one keeps the first, another the last),
// and a key alike but for case to another or to one of known (CaseAlike).
func InputFields(input []byte, display string, known []string) (map[string]json.RawMessage, error) {
	if f := jsonscan.Fault(input); f != "" {
		return nil, fmt.Errorf("the hook input is %s", f)
	}
	fields, err := Fields(input)
	if err != nil {
		return nil, fmt.Errorf("the hook input is not a %s hook input: %v", display, err)
	}
	if err := CaseAlike(fields, known); err != nil {
		return nil, err
	}
	return fields, nil
}
