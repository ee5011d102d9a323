package adapt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hookchain/hookchain/internal/jsonscan"
)

// A tool that binds its arguments to a Go struct with encoding/json matches
// a key to a field whatever its case (and keeps the last of several alike),
// while the chain reads keys exactly. So {"PATH": ...} is, to such a tool,
// the "path" a guard looked for and did not find. Where the tool's input
// schema names its properties, an argument alike but for case to one of
// them, and not that one, has no safe reading, and an adapter refuses it.

// Keys is the part of a tool's input schema that names keys: the properties
// of an object, each with its own, those of the values of the keys it does
// not name (additionalProperties, as a map of structs has), and those of an
// array's items. A nil *Keys names none.
type Keys struct {
	props  map[string]*Keys
	forms  map[form]string // each property's forms as decoders ignoring case read it -> the property
	values *Keys
	items  *Keys
}

// form is a key as one decoder that ignores case reads it.
type form struct {
	by  uint8 // index in readings
	key string
}

// readings are the ways decoders ignore case: encoding/json folds
// (strings.EqualFold, which jsonscan.FoldKey writes out), while sonic, which
// eino's tools decode with, lowers both sides (strings.ToLower), so that
// "fİle", whose dotted capital I lowers to "i" and folds to nothing, is its
// "file"; upper-casing is the third way.
var readings = [...]func(string) string{jsonscan.FoldKey, strings.ToLower, strings.ToUpper}

// maxSchemaDepth bounds how deep a schema's properties are followed. Past
// it keys go unchecked, as they do with no schema.
const maxSchemaDepth = 64

// KeysOf reads the keys schema names, or nil when it names none (or is not
// a JSON object). References ($ref) are not followed: keys reached only
// through one are not checked.
func KeysOf(schema json.RawMessage) *Keys { return keysOf(schema, 0) }

func keysOf(raw json.RawMessage, depth int) *Keys {
	if depth > maxSchemaDepth {
		return nil
	}
	var s struct {
		Properties           map[string]json.RawMessage `json:"properties"`
		AdditionalProperties json.RawMessage            `json:"additionalProperties"`
		Items                json.RawMessage            `json:"items"`
	}
	if json.Unmarshal(raw, &s) != nil {
		return nil
	}
	k := &Keys{}
	if len(s.Properties) > 0 {
		k.props = make(map[string]*Keys, len(s.Properties))
		k.forms = make(map[form]string, len(readings)*len(s.Properties))
		for name, v := range s.Properties {
			k.props[name] = keysOf(v, depth+1)
			for by, read := range readings {
				// Of properties alike to each other, the least is named,
				// whatever order the map gives them in.
				f := form{uint8(by), read(name)}
				if p, ok := k.forms[f]; !ok || name < p {
					k.forms[f] = name
				}
			}
		}
	}
	if t := bytes.TrimSpace(s.AdditionalProperties); len(t) > 0 && t[0] == '{' {
		k.values = keysOf(t, depth+1)
	}
	if t := bytes.TrimSpace(s.Items); len(t) > 0 && t[0] == '{' {
		k.items = keysOf(t, depth+1)
	}
	if k.props == nil && k.values == nil && k.items == nil {
		return nil
	}
	return k
}

// AlikeFault returns why the input in of tool cannot be given to it, or ""
// when it can: an argument alike but for case to a property k names, and
// not that property, anywhere k names properties. Of several, the first in
// key order is named, with the same property each time.
func (k *Keys) AlikeFault(tool string, in json.RawMessage) string {
	key, prop, at, found := k.alike(in, "")
	if !found {
		return ""
	}
	if at == "" {
		at = "/"
	}
	return fmt.Sprintf("hookchain: the arguments of %s give %q at %s, alike but for case to the property %q of its input schema: a handler could read it as either", tool, key, at, prop)
}

// alikeProp returns the property that a decoder ignoring case could read
// key as, key not being one itself.
func (k *Keys) alikeProp(key string) (string, bool) {
	if k.forms == nil {
		return "", false
	}
	for by, read := range readings {
		if p, ok := k.forms[form{uint8(by), read(key)}]; ok {
			return p, true
		}
	}
	return "", false
}

var pointerEscape = strings.NewReplacer("~", "~0", "/", "~1")

func (k *Keys) alike(v json.RawMessage, at string) (key, prop, where string, found bool) {
	if k == nil {
		return "", "", "", false
	}
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return "", "", "", false
	}
	switch {
	case v[0] == '{' && (k.props != nil || k.values != nil):
		var obj map[string]json.RawMessage
		if json.Unmarshal(v, &obj) != nil {
			return "", "", "", false
		}
		names := make([]string, 0, len(obj))
		for name := range obj {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			sub, ok := k.props[name]
			if !ok {
				if p, ok := k.alikeProp(name); ok {
					return name, p, at, true
				}
				sub = k.values
			}
			if key, prop, where, found = sub.alike(obj[name], at+"/"+pointerEscape.Replace(name)); found {
				return
			}
		}
	case v[0] == '[' && k.items != nil:
		var arr []json.RawMessage
		if json.Unmarshal(v, &arr) != nil {
			return "", "", "", false
		}
		for i, el := range arr {
			if key, prop, where, found = k.items.alike(el, at+"/"+strconv.Itoa(i)); found {
				return
			}
		}
	}
	return "", "", "", false
}
