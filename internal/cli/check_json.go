package cli

import (
	"encoding/json"
	"io"

	"github.com/hookchain/hookchain/claudecode/settings"
)

type hookJSON struct {
	File           string            `json:"file"`
	Hook           string            `json:"hook"`
	Event          string            `json:"event"`
	Matcher        string            `json:"matcher"`
	MatcherKind    string            `json:"matcher_kind,omitempty"`
	If             string            `json:"if,omitempty"`
	IfMatcher      string            `json:"if_matcher,omitempty"`
	Type           string            `json:"type,omitempty"`
	Persistent     bool              `json:"persistent,omitempty"`
	Async          string            `json:"async,omitempty"` // "async" or "asyncRewake": run in the background
	Command        string            `json:"command,omitempty"`
	Args           []string          `json:"args,omitzero"` // [] is the exec form too
	URL            string            `json:"url,omitempty"`
	Headers        map[string]string `json:"headers,omitempty"`
	TimeoutSeconds float64           `json:"timeout_seconds,omitempty"`
	OnFailure      string            `json:"on_failure,omitempty"`
	Status         string            `json:"status"`
	Name           string            `json:"name,omitempty"`
	Reason         string            `json:"reason,omitempty"`
	Runs           string            `json:"runs,omitempty"`
	Plugin         string            `json:"plugin,omitempty"`
	Managed        bool              `json:"managed,omitempty"`
	Component      string            `json:"component,omitempty"`
	ActiveWhile    string            `json:"active_while,omitempty"`
	Once           bool              `json:"once,omitempty"`
	Warnings       []string          `json:"warnings,omitempty"`
}

func writeJSON(w io.Writer, hooks []settings.Hook, errs, warnings []string) error {
	out := struct {
		Hooks    []hookJSON `json:"hooks"`
		Errors   []string   `json:"errors,omitempty"`
		Warnings []string   `json:"warnings,omitempty"`
	}{Hooks: []hookJSON{}, Errors: errs, Warnings: warnings}
	for _, h := range hooks {
		j := hookJSON{
			File: h.File, Hook: h.Where(), Event: h.Event, Matcher: h.Matcher, MatcherKind: string(h.MatcherKind),
			If: h.If, IfMatcher: h.IfMatcher,
			Type: h.Type, Persistent: h.Persistent, Async: h.Async, Command: h.Command, Args: h.Args, URL: h.URL, Headers: h.Headers,
			TimeoutSeconds: h.Timeout.Seconds(), Status: string(h.Status), Name: h.Name, Reason: h.Reason, Runs: h.Runs,
			Plugin: h.Plugin, Managed: h.Managed, Component: h.Component, ActiveWhile: h.ActiveWhile, Once: h.Once,
		}
		for _, warning := range h.Warnings {
			j.Warnings = append(j.Warnings, warning.Msg)
		}
		if h.Status == settings.Linked || h.Status == settings.Merged {
			j.OnFailure = "continue"
			if h.Block {
				j.OnFailure = "block"
			}
		}
		out.Hooks = append(out.Hooks, j)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
