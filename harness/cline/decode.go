package cline

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
)

// inputKeys are the top-level keys Cline writes, for any event.
var inputKeys = []string{"clineVersion", "hookName", "timestamp", "taskId", "workspaceRoots", "userId", "model",
	"preToolUse", "postToolUse", "userPromptSubmit", "taskStart", "taskResume", "taskCancel", "taskComplete",
	"preCompact", "notification"}

// toolKeys are the keys of preToolUse and postToolUse.
var toolKeys = []string{"toolName", "parameters", "result", "success", "executionTimeMs"}

// otherEvents are Cline's events that are not tool calls.
var otherEvents = []string{"TaskStart", "TaskResume", "TaskCancel", "TaskComplete", "UserPromptSubmit",
	"PreCompact", "Notification", "TaskError", "SessionShutdown"}

// decode reads a hook input as Cline writes it. Unknown top-level fields
// are left alone (Cline adds fields between versions); a known one of the
// wrong type is an error, and so is a key given twice anywhere or one
// spelled in another case. The call's input is its parameters, an object
// of strings ({} when Cline leaves them out); after the call its output is
// the result's text, an error result unless success is true.
func decode(input []byte) (hookchain.Event, harness.SessionInfo, error) {
	var e hookchain.Event
	var s harness.SessionInfo
	fields, err := harness.InputFields(input, "Cline", inputKeys)
	if err != nil {
		return e, s, err
	}
	var event string
	var errs harness.Problems
	str := func(key string, dst *string, required bool) { errs.String(fields, key, dst, required) }
	str("hookName", &event, true)
	if len(errs) > 0 {
		return e, s, errs.Err("hook input") // which call it is cannot be known
	}
	if event != PreToolUse && event != PostToolUse {
		if slices.Contains(otherEvents, event) {
			return e, s, fmt.Errorf("%s is %w", event, harness.ErrNotToolCall)
		}
		return e, s, fmt.Errorf("the hook input names the event %q, which Cline does not have", event)
	}
	var version, stamp, user string
	str("taskId", &s.ID, false)
	str("clineVersion", &version, false)
	str("timestamp", &stamp, false)
	str("userId", &user, false)
	s.Cwd = primaryRoot(fields["workspaceRoots"], &errs)
	s.Model = modelSlug(fields["model"], &errs)
	key, other := "preToolUse", "postToolUse"
	e.Hook = hookchain.BeforeTool
	if event == PostToolUse {
		key, other = other, key
		e.Hook = hookchain.AfterTool
	}
	if fields[other] != nil {
		errs.Add("it has a " + other + " beside its " + key)
	}
	toolUse(fields[key], key, &e, &errs)
	if err := errs.Err(strings.TrimSpace(event + " hook input")); err != nil {
		return hookchain.Event{}, harness.SessionInfo{}, err
	}
	return e, s, nil
}

// primaryRoot is the first of workspaceRoots, where Cline runs its hooks.
func primaryRoot(raw json.RawMessage, errs *harness.Problems) string {
	if raw == nil || string(raw) == "null" {
		return ""
	}
	var roots []string
	if json.Unmarshal(raw, &roots) != nil {
		errs.Add("its workspaceRoots is not a list of strings")
		return ""
	}
	if len(roots) == 0 {
		return ""
	}
	return roots[0]
}

// modelSlug is the model's slug; "" when Cline does not know it.
func modelSlug(raw json.RawMessage, errs *harness.Problems) string {
	if raw == nil || string(raw) == "null" {
		return ""
	}
	f, err := harness.Fields(raw)
	if err != nil {
		errs.Add("its model is not an object")
		return ""
	}
	var slug, provider string
	errs.String(f, "slug", &slug, false)
	errs.String(f, "provider", &provider, false)
	if slug == "unknown" {
		return ""
	}
	return slug
}

// toolUse reads the call, preToolUse or postToolUse (key), into e.
func toolUse(raw json.RawMessage, key string, e *hookchain.Event, errs *harness.Problems) {
	f, err := harness.Fields(raw)
	if err != nil {
		errs.Add("its " + key + " is not an object")
		return
	}
	if err := harness.CaseAlike(f, toolKeys); err != nil {
		errs.Add("its " + key + ": " + err.Error())
		return
	}
	errs.String(f, "toolName", &e.Tool, true)
	if len(*errs) == 0 && e.Tool == "" {
		errs.Add("its " + key + ".toolName is empty")
	}
	e.Input = json.RawMessage(`{}`)
	if p := f["parameters"]; p != nil && string(p) != "null" {
		var strs map[string]string
		if json.Unmarshal(p, &strs) != nil {
			errs.Add("its " + key + ".parameters is not an object of strings")
		}
		e.Input = p
	}
	if key != "postToolUse" {
		if f["result"] != nil || f["success"] != nil {
			errs.Add("its preToolUse has a result")
		}
		return
	}
	var result string
	errs.String(f, "result", &result, false)
	e.Output = hookchain.Text(result)
	success := false
	if v := f["success"]; v != nil && string(v) != "null" && json.Unmarshal(v, &success) != nil {
		errs.Add("its postToolUse.success is not a boolean")
	}
	e.IsError = !success
	if v := f["executionTimeMs"]; v != nil && string(v) != "null" {
		var n json.Number
		if json.Unmarshal(v, &n) != nil {
			errs.Add("its postToolUse.executionTimeMs is not a number")
		}
	}
}
