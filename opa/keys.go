package opa

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookchain/hookchain/adapt"
)

// caseTwins refuses an object whose keys hold two alike but for case, as
// strings.EqualFold takes them, which is how encoding/json matches a key to
// a field: a Go reader of {"Verdict":"deny","verdict":"allow"} takes
// whichever comes last, Decode and a JavaScript reader the exact key. The
// error names the two, in sorted order, so that it says the same each time.
func caseTwins[V any](obj map[string]V) error {
	// A decision document has a few keys, compared pairwise with no
	// allocation; a large object is folded into a map instead.
	const few = 16
	var buf [few]string
	keys := buf[:0]
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if len(keys) <= few {
		for i, a := range keys {
			for _, b := range keys[i+1:] {
				if strings.EqualFold(a, b) {
					return twins(a, b)
				}
			}
		}
		return nil
	}
	seen := make(map[string]string, len(keys))
	for _, k := range keys {
		f := adapt.FoldKey(k)
		if first, ok := seen[f]; ok {
			return twins(first, k)
		}
		seen[f] = k
	}
	return nil
}

func twins(a, b string) error {
	return fmt.Errorf("it has the keys %q and %q, which Go's encoding/json reads as one", a, b)
}
