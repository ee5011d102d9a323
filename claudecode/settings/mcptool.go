package settings

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode"
)

// MCPCaller runs the mcp_tool hooks of settings files with the Go agent's
// own MCP client (Options.MCP).
//
// CallTool calls tool on the connected MCP server named server (as the
// hook writes it: a plugin's server is "plugin:<plugin>:<server>") with
// args, a JSON object, and returns its result. A server that is not
// connected, and any other failure to call, is an error: the hook's
// failure, never a prompt to connect. The hook's timeout is ctx's
// deadline.
type MCPCaller interface {
	CallTool(ctx context.Context, server, tool string, args json.RawMessage) (MCPResult, error)
}

// MCPFunc is a function that is an MCPCaller.
type MCPFunc func(ctx context.Context, server, tool string, args json.RawMessage) (MCPResult, error)

// CallTool calls f.
func (f MCPFunc) CallTool(ctx context.Context, server, tool string, args json.RawMessage) (MCPResult, error) {
	return f(ctx, server, tool, args)
}

// MCPResult is what an MCP tool returned.
type MCPResult struct {
	// Text is the result's text content: its text blocks, in order,
	// joined with newlines. It is read as a command hook's stdout at exit
	// status 0 (see claudecode.DecideOutput).
	Text string
	// IsError is the result's isError: the hook failed, whatever Text says.
	IsError bool
}

// mcpHook is the interceptor of an mcp_tool hook, calling c.
func mcpHook(h Hook, input json.RawMessage, c MCPCaller, session claudecode.SessionInfo) hookchain.Interceptor {
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		fail := func(format string, args ...any) (hookchain.Outcome, error) {
			return hookchain.Outcome{}, fmt.Errorf("mcp_tool hook %s/%s: "+format, append([]any{h.Server, h.Tool}, args...)...)
		}
		in, err := compactJSON(claudecode.InputForCall(ctx, e, session))
		if err != nil {
			return fail("encoding the hook input: %v", err)
		}
		args, err := fillInput(input, in)
		if err != nil {
			return fail("%v", err)
		}
		ctx, cancel := context.WithTimeoutCause(ctx, h.Timeout, errHookTimeout)
		defer cancel()
		res, err := c.CallTool(ctx, h.Server, h.Tool, args)
		switch {
		case err != nil && errors.Is(context.Cause(ctx), errHookTimeout):
			return fail("no answer within %v", h.Timeout)
		case err != nil:
			return fail("%v", err)
		case res.IsError:
			return fail("the tool returned an error (isError): %s", excerpt(res.Text))
		}
		out, err := claudecode.DecideOutput(e, []byte(res.Text), "the tool's text")
		if err != nil {
			return fail("%v", err)
		}
		return out, nil
	}
}

// fillInput is an mcp_tool hook's input with each ${path} in its string
// values replaced by the value at path in the hook input: a string as it
// is, any other value as its JSON text. A path the hook input does not
// have is an error, not an empty string: the tool would be asked about
// something other than the call. Keys, and values that are not strings,
// are kept as written. No input is {}.
func fillInput(tmpl json.RawMessage, hookInput []byte) (json.RawMessage, error) {
	if len(tmpl) == 0 {
		return json.RawMessage(`{}`), nil
	}
	var b bytes.Buffer
	if err := fillValue(&b, gjson.ParseBytes(tmpl), hookInput, "input"); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func fillValue(b *bytes.Buffer, v gjson.Result, hookInput []byte, at string) error {
	var err error
	switch {
	case v.IsObject():
		b.WriteByte('{')
		n := 0
		v.ForEach(func(k, val gjson.Result) bool {
			if n > 0 {
				b.WriteByte(',')
			}
			n++
			b.WriteString(k.Raw)
			b.WriteByte(':')
			err = fillValue(b, val, hookInput, at+"."+k.Str)
			return err == nil
		})
		b.WriteByte('}')
	case v.IsArray():
		b.WriteByte('[')
		n := 0
		v.ForEach(func(_, val gjson.Result) bool {
			if n > 0 {
				b.WriteByte(',')
			}
			err = fillValue(b, val, hookInput, at+"["+strconv.Itoa(n)+"]")
			n++
			return err == nil
		})
		b.WriteByte(']')
	case v.Type == gjson.String:
		var s string
		if s, err = substitutePaths(v.Str, hookInput, at); err == nil {
			var enc []byte
			enc, err = compactJSON(s)
			b.Write(enc)
		}
	default:
		b.WriteString(v.Raw)
	}
	return err
}

// substitutePaths replaces each ${path} in s. A "${" with no '}' after it
// is kept as written.
func substitutePaths(s string, hookInput []byte, at string) (string, error) {
	var b strings.Builder
	rest, err := placeholders(s, func(before, path string) error {
		if !inputPath(path) {
			return fmt.Errorf("%s: ${%s} is not a path of the hook input", at, path)
		}
		r := gjson.GetBytes(hookInput, path)
		if !r.Exists() {
			return fmt.Errorf("%s: ${%s}: the hook input has no %s, so the tool cannot be asked about this call", at, path, path)
		}
		b.WriteString(before)
		if r.Type == gjson.String {
			b.WriteString(r.Str)
		} else {
			b.WriteString(r.Raw)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	b.WriteString(rest)
	return b.String(), nil
}

// placeholders calls each with the text before each ${path} of s and the
// path, in order, stopping at its first error, and returns the text after
// the last one. A "${" with no '}' after it is text.
func placeholders(s string, each func(before, path string) error) (string, error) {
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			return s, nil
		}
		j := strings.IndexByte(s[i+2:], '}')
		if j < 0 {
			return s, nil
		}
		if err := each(s[:i], s[i+2:i+2+j]); err != nil {
			return "", err
		}
		s = s[i+2+j+1:]
	}
}

// inputPath reports whether path is keys (or array indexes) of the hook
// input joined by dots, "tool_input.file_path": the only paths placeholders
// name, and ones gjson reads as written, with none of its query syntax.
func inputPath(path string) bool {
	for _, key := range strings.Split(path, ".") {
		if key == "" {
			return false
		}
		for _, c := range []byte(key) {
			switch {
			case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '_', c == '-':
			default:
				return false
			}
		}
	}
	return true
}

// inputPathProblem names the first placeholder of an mcp_tool hook's input
// that is not a path of the hook input, for Links to refuse before any
// call; "" when there is none.
func inputPathProblem(v gjson.Result, at string) string {
	problem := ""
	switch {
	case v.IsObject() || v.IsArray():
		i := 0
		v.ForEach(func(k, val gjson.Result) bool {
			sub := at + "." + k.Str
			if v.IsArray() {
				sub = at + "[" + strconv.Itoa(i) + "]"
			}
			i++
			problem = inputPathProblem(val, sub)
			return problem == ""
		})
	case v.Type == gjson.String:
		_, _ = placeholders(v.Str, func(_, path string) error {
			if !inputPath(path) {
				problem = fmt.Sprintf("%s: ${%s} is not a path of the hook input: write its keys joined by dots, such as ${tool_input.file_path}", at, path)
				return errors.New(problem)
			}
			return nil
		})
	}
	return problem
}
