package mcpgohook

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"sync"

	"github.com/hookchain/hookchain/adapt"
)

// shapes caches the keys each input schema names, by digest, as
// schemaCache does compiled schemas.
type shapes struct {
	m sync.Map // [sha256.Size]byte -> *adapt.Keys (nil: names none)
}

func (s *shapes) of(raw json.RawMessage) *adapt.Keys {
	key := sha256.Sum256(raw)
	if v, ok := s.m.Load(key); ok {
		return v.(*adapt.Keys)
	}
	k := adapt.KeysOf(raw)
	s.m.Store(key, k)
	return k
}

// alikeFault returns why in cannot be given to the tool name, or "": an
// argument alike but for case to a property of its input schema, which a
// struct-bound handler (mcp.NewTypedToolHandler, BindArguments) would read
// as that property, while the chain saw it absent.
func (m *middleware) alikeFault(ctx context.Context, name string, in json.RawMessage) string {
	tool, ok := toolOf(ctx, name)
	if !ok {
		return ""
	}
	raw, ok := schemaJSON(tool)
	if !ok {
		return ""
	}
	return m.shapes.of(raw).AlikeFault(name, in)
}
