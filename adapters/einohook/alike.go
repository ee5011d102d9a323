package einohook

import (
	"context"
	"encoding/json"

	"github.com/cloudwego/eino/components/tool"
	"github.com/hookchain/hookchain/adapt"
)

// Option configures Middleware.
type Option func(*middleware)

// WithTools gives the middleware the node's tools, so that it knows the
// keys each one's schema names. A tool made with eino's utils.Infer*
// decodes its arguments with sonic, which, as encoding/json, matches a key
// to a field whatever its case (by lowering both, so even "fİle", with a
// dotted capital I, is its "file"): {"PATH": ...} is, to it, the "path" a
// guard looked for and did not find. With its schema known, an argument alike but
// for case to one of its properties, and not that one, is refused before
// the chain is asked, and a rewrite into one before the tool runs: the
// model reads why, and the tool does not run. Without WithTools, or for a
// tool whose schema names no properties, keys are not checked, and the tool
// must read them exactly. ctx is for the tools' Info.
func WithTools(ctx context.Context, tools ...tool.BaseTool) Option {
	keys := make(map[string]*adapt.Keys, len(tools))
	for _, t := range tools {
		info, err := t.Info(ctx)
		if err != nil || info == nil || info.ParamsOneOf == nil {
			// eino's NewToolNode refuses a tool whose Info fails, so such
			// a tool is never called.
			continue
		}
		s, err := info.ParamsOneOf.ToJSONSchema()
		if err != nil || s == nil {
			continue
		}
		b, err := json.Marshal(s)
		if err != nil {
			continue
		}
		if k := adapt.KeysOf(b); k != nil {
			keys[info.Name] = k
		}
	}
	return func(m *middleware) {
		if m.keys == nil {
			m.keys = make(map[string]*adapt.Keys, len(keys))
		}
		for name, k := range keys {
			m.keys[name] = k
		}
	}
}

// alikeFault returns why in cannot be given to the tool name, or "".
func (m *middleware) alikeFault(name string, in json.RawMessage) string {
	if m.keys == nil {
		return ""
	}
	return m.keys[name].AlikeFault(name, in)
}

// rewriteFault is alikeFault for the input the chain decided on, when a
// link rewrote it.
func (m *middleware) rewriteFault(name string, orig, final json.RawMessage) string {
	if adapt.Same(orig, final) {
		return ""
	}
	return m.alikeFault(name, final)
}
