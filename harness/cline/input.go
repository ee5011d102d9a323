package cline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/internal/jsonscan"
)

// Input is what Cline writes on a tool-call hook's stdin, field for field
// and in Cline's order. Cline writes it from a protocol buffer message, which
// leaves out every field at its default: an empty string, an empty list,
// false, 0. So PostToolUse's success is absent when the call failed.
type Input struct {
	ClineVersion   string   `json:"clineVersion,omitempty"`
	HookName       string   `json:"hookName"`
	Timestamp      string   `json:"timestamp"` // Unix milliseconds, as a string
	TaskID         string   `json:"taskId,omitempty"`
	WorkspaceRoots []string `json:"workspaceRoots,omitempty"`
	UserID         string   `json:"userId,omitempty"`
	Model          Model    `json:"model"`
	PreToolUse     *ToolUse `json:"preToolUse,omitempty"`
	PostToolUse    *ToolUse `json:"postToolUse,omitempty"`
}

// Model is the model of the task, "unknown" where Cline does not know it.
type Model struct {
	Provider string `json:"provider"`
	Slug     string `json:"slug"`
}

// ToolUse is the call: PreToolUse's toolName and parameters, and
// PostToolUse's the same with the tool's result.
type ToolUse struct {
	ToolName        string     `json:"toolName,omitempty"`
	Parameters      Parameters `json:"parameters,omitempty"`
	Result          string     `json:"result,omitempty"`
	Success         bool       `json:"success,omitempty"`
	ExecutionTimeMs int64      `json:"executionTimeMs,omitempty"`
}

// Parameters are a call's input as Cline gives it to a hook: every value
// a string — a string's own value, any other value's JSON — in the order
// JavaScript gives an object's keys (array indexes first, ascending, then
// the others as written).
type Parameters []Parameter

// Parameter is one key of Parameters.
type Parameter struct{ Key, Value string }

// MarshalJSON writes p as one object, in its order.
func (p Parameters) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, kv := range p {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(kv.Key) // strings: it cannot fail
		v, _ := json.Marshal(kv.Value)
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// InputFor is the input Cline gives a hook for e in session s, at time
// now: the session's ID as taskId, its Cwd as the one workspace root, its
// Model as the model's slug. After the call, the result is the output's
// text (harness.OutputText), and success is left out for an error result.
// An input that is not an object is given as no parameters, as Cline
// does; one that gives a key twice is an error.
func InputFor(e hookchain.Event, s harness.SessionInfo, now time.Time) (Input, error) {
	in := Input{
		HookName:  PreToolUse,
		Timestamp: strconv.FormatInt(now.UnixMilli(), 10),
		TaskID:    s.ID,
		Model:     Model{Provider: "unknown", Slug: "unknown"},
	}
	if s.Cwd != "" {
		in.WorkspaceRoots = []string{s.Cwd}
	}
	if s.Model != "" {
		in.Model.Slug = s.Model
	}
	params, err := parameters(e.Input)
	if err != nil {
		return Input{}, err
	}
	use := &ToolUse{ToolName: e.Tool, Parameters: params}
	if e.Hook != hookchain.AfterTool {
		in.PreToolUse = use
		return in, nil
	}
	in.HookName = PostToolUse
	if len(e.Output) > 0 {
		use.Result = harness.OutputText(e.Output)
	}
	use.Success = !e.IsError
	in.PostToolUse = use
	return in, nil
}

// parameters is input as Cline stringifies it.
func parameters(input json.RawMessage) (Parameters, error) {
	if f := jsonscan.Fault(input); strings.HasPrefix(f, "ambiguous") {
		return nil, fmt.Errorf("the call's input is %s", f)
	}
	fields, err := harness.Fields(input)
	if err != nil {
		return nil, nil // not an object: Cline gives no parameters
	}
	keys := objectKeys(input)
	var p Parameters
	for _, k := range keys {
		v := fields[k]
		var s string
		if json.Unmarshal(v, &s) != nil {
			var c bytes.Buffer
			if err := json.Compact(&c, v); err != nil {
				return nil, err
			}
			s = c.String()
		}
		p = append(p, Parameter{k, s})
	}
	return p, nil
}

// objectKeys are the keys of the JSON object b in the order JavaScript
// lists them: array indexes ascending, then the others as written.
func objectKeys(b []byte) []string {
	d := json.NewDecoder(bytes.NewReader(b))
	_, _ = d.Token() // '{'
	var index, other []string
	for d.More() {
		t, err := d.Token()
		if err != nil {
			break
		}
		k := t.(string)
		var skip json.RawMessage
		if d.Decode(&skip) != nil {
			break
		}
		if isIndex(k) {
			index = append(index, k)
		} else {
			other = append(other, k)
		}
	}
	slices.SortFunc(index, func(a, b string) int {
		x, _ := strconv.ParseUint(a, 10, 32)
		y, _ := strconv.ParseUint(b, 10, 32)
		return int(int64(x) - int64(y))
	})
	return append(index, other...)
}

// isIndex reports whether k is an array index to JavaScript: the canonical
// decimal of an integer below 2³²−1.
func isIndex(k string) bool {
	n, err := strconv.ParseUint(k, 10, 32)
	return err == nil && n < 1<<32-1 && strconv.FormatUint(n, 10) == k
}

func encodeInput(e hookchain.Event, s harness.SessionInfo) ([]byte, error) {
	in, err := InputFor(e, s, time.Now())
	if err != nil {
		return nil, err
	}
	return json.Marshal(in)
}
