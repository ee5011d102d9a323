package mcpgohook

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A handler that binds its arguments to a Go struct — mcp.NewTypedToolHandler,
// mcp.NewStructuredToolHandler, BindArguments — decodes them with
// encoding/json, which matches a key to a field whatever its case, and the
// last of several alike. The chain reads keys exactly. So {"PATH": ...} is,
// to the handler, the "path" a guard looked for and did not find. Where the
// tool's input schema names its properties, an argument alike but for case
// to one of them, and not that one, is refused: no reading of it is safe.

// shape is the part of an input schema that names keys: the properties of
// an object, and the shape of an array's items.
type shape struct {
	props map[string]*shape
	items *shape
}

// shapes caches the shape of each schema by digest, as schemaCache does
// compiled schemas.
type shapes struct {
	m sync.Map // [sha256.Size]byte -> *shape (nil: names no keys)
}

func (s *shapes) of(raw json.RawMessage) *shape {
	key := sha256.Sum256(raw)
	if v, ok := s.m.Load(key); ok {
		return v.(*shape)
	}
	sh := shapeOf(raw, 0)
	s.m.Store(key, sh)
	return sh
}

// maxSchemaDepth bounds how deep a schema's properties are followed; a
// schema deeper than that is not a tool's input schema in practice, and
// past it keys go unchecked as they would with no schema at all.
const maxSchemaDepth = 64

func shapeOf(raw json.RawMessage, depth int) *shape {
	if depth > maxSchemaDepth {
		return nil
	}
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
		Items      json.RawMessage            `json:"items"`
	}
	if json.Unmarshal(raw, &s) != nil {
		return nil
	}
	sh := &shape{}
	if len(s.Properties) > 0 {
		sh.props = make(map[string]*shape, len(s.Properties))
		for k, v := range s.Properties {
			sh.props[k] = shapeOf(v, depth+1)
		}
	}
	if t := bytes.TrimSpace(s.Items); len(t) > 0 && t[0] == '{' {
		sh.items = shapeOf(t, depth+1)
	}
	if sh.props == nil && sh.items == nil {
		return nil
	}
	return sh
}

// alikeFault returns why in cannot be given to the tool name, or "": an
// argument alike but for case to a property of its input schema.
func (m *middleware) alikeFault(ctx context.Context, name string, in json.RawMessage) string {
	tool, ok := toolOf(ctx, name)
	if !ok {
		return ""
	}
	raw, ok := schemaJSON(tool)
	if !ok {
		return ""
	}
	sh := m.shapes.of(raw)
	if sh == nil {
		return ""
	}
	key, prop, at, found := sh.alike(in, "")
	if !found {
		return ""
	}
	if at == "" {
		at = "/"
	}
	return fmt.Sprintf("hookchain: the arguments of %s give %q at %s, alike but for case to the property %q of its input schema: a handler could read it as either", name, key, at, prop)
}

var pointerEscape = strings.NewReplacer("~", "~0", "/", "~1")

// alike finds, in v, a key alike but for case to a property sh names and
// not itself one: the key, the property and where (a JSON pointer).
func (sh *shape) alike(v json.RawMessage, at string) (key, prop, where string, found bool) {
	if sh == nil {
		return "", "", "", false
	}
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return "", "", "", false
	}
	switch {
	case v[0] == '{' && sh.props != nil:
		var obj map[string]json.RawMessage
		if json.Unmarshal(v, &obj) != nil {
			return "", "", "", false
		}
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if sub, ok := sh.props[k]; ok {
				if key, prop, where, found = sub.alike(obj[k], at+"/"+pointerEscape.Replace(k)); found {
					return
				}
				continue
			}
			for p := range sh.props {
				if strings.EqualFold(k, p) {
					return k, p, at, true
				}
			}
		}
	case v[0] == '[' && sh.items != nil:
		var arr []json.RawMessage
		if json.Unmarshal(v, &arr) != nil {
			return "", "", "", false
		}
		for i, el := range arr {
			if key, prop, where, found = sh.items.alike(el, at+"/"+strconv.Itoa(i)); found {
				return
			}
		}
	}
	return "", "", "", false
}
