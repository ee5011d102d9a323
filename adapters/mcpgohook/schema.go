package mcpgohook

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaCache holds compiled input schemas by digest, so that a schema is
// compiled once however many tools or sessions declare it. A schema that does
// not compile is cached as nil and checks nothing, as mcp-go treats it.
type schemaCache struct {
	m sync.Map // [sha256.Size]byte -> *jsonschema.Schema (nil: does not compile)
}

// checkRewrite checks a rewritten input against the input schema of the tool
// the call is for. The client's own arguments were checked, when the server
// checks them, before any middleware ran; a rewrite is checked here so that
// it can neither slip past that check nor reach a handler whose binding
// would drop or mangle what the schema does not allow.
func (m *middleware) checkRewrite(ctx context.Context, name string, in json.RawMessage) error {
	if m.noSchema {
		return nil
	}
	tool, ok := toolOf(ctx, name)
	if !ok {
		return nil
	}
	raw, ok := schemaJSON(tool)
	if !ok {
		return nil
	}
	sch := m.schemas.compiled(name, raw)
	if sch == nil {
		return nil
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(in))
	if err != nil {
		return fmt.Errorf("hookchain: the rewritten input of %s cannot be read: %v", name, err)
	}
	if err := sch.Validate(v); err != nil {
		return fmt.Errorf("hookchain: the chain rewrote the input of %s into one its input schema rejects: %s", name, describe(err))
	}
	return nil
}

// toolOf finds the tool the call is for, as mcp-go does: the session's own
// tools first, then the server's.
func toolOf(ctx context.Context, name string) (mcp.Tool, bool) {
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithTools); ok {
		if t, ok := s.GetSessionTools()[name]; ok {
			return t.Tool, true
		}
	}
	if srv := server.ServerFromContext(ctx); srv != nil {
		if t := srv.GetTool(name); t != nil {
			return t.Tool, true
		}
	}
	return mcp.Tool{}, false
}

// schemaJSON returns the tool's input schema as JSON, or false when it
// declares none worth checking.
func schemaJSON(t mcp.Tool) (json.RawMessage, bool) {
	if len(t.RawInputSchema) > 0 {
		return t.RawInputSchema, true
	}
	s := t.InputSchema
	if s.Type == "" && len(s.Properties) == 0 && len(s.Required) == 0 && s.AdditionalProperties == nil {
		return nil, false
	}
	b, err := json.Marshal(s)
	if err != nil {
		return nil, false
	}
	return b, true
}

func (c *schemaCache) compiled(name string, raw json.RawMessage) *jsonschema.Schema {
	key := sha256.Sum256(raw)
	if s, ok := c.m.Load(key); ok {
		return s.(*jsonschema.Schema)
	}
	s := compile(name, raw)
	c.m.Store(key, s)
	return s
}

func compile(name string, raw json.RawMessage) *jsonschema.Schema {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil
	}
	url := "mem:///hookchain/mcpgohook/" + name + "/input-schema.json"
	c := jsonschema.NewCompiler()
	if c.AddResource(url, doc) != nil {
		return nil
	}
	s, err := c.Compile(url)
	if err != nil {
		return nil
	}
	return s
}

// describe flattens a validation error into one line the model can read:
// "at /count: got string, want integer; ...".
func describe(err error) string {
	verr, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return err.Error()
	}
	var parts []string
	var walk func(u jsonschema.OutputUnit)
	walk = func(u jsonschema.OutputUnit) {
		if u.Error != nil {
			loc := u.InstanceLocation
			if loc == "" {
				loc = "/"
			}
			parts = append(parts, "at "+loc+": "+u.Error.String())
		}
		for _, e := range u.Errors {
			walk(e)
		}
	}
	walk(*verr.BasicOutput())
	if len(parts) == 0 {
		return strings.ReplaceAll(err.Error(), "\n", "; ")
	}
	return strings.Join(parts, "; ")
}
