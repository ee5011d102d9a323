package claudecode

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/hookchain/hookchain/process"
)

// EffortEnv is the variable through which Claude Code tells a command hook
// the session's effort level, the hook input's effort.level ("low",
// "medium", "high", "xhigh", "max").
const EffortEnv = "CLAUDE_EFFORT"

// ScrubEnv turns on Claude Code's scrubbing of credentials from the
// environment of its subprocesses, hooks included, when it is set to a
// true value ("1", "true", "yes", "on"; "0" turns it off), in the process's
// environment or in a settings file's env.
const ScrubEnv = "CLAUDE_CODE_SUBPROCESS_ENV_SCRUB"

// Scrubbed are the variables removed from a command hook's environment when
// ScrubEnv is on: Anthropic's credentials, the cloud providers', GitHub
// Actions' OIDC and runtime tokens and the OpenTelemetry exporters'
// headers, each also as the INPUT_ variable a GitHub Action receives it
// in. GITHUB_TOKEN and GH_TOKEN are kept, as Claude Code keeps them.
var Scrubbed = scrubbed()

func scrubbed() []string {
	names := []string{
		"ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN",
		"ANTHROPIC_FOUNDRY_API_KEY", "ANTHROPIC_CUSTOM_HEADERS",
		"OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_LOGS_HEADERS",
		"OTEL_EXPORTER_OTLP_METRICS_HEADERS", "OTEL_EXPORTER_OTLP_TRACES_HEADERS",
		"AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_BEARER_TOKEN_BEDROCK",
		"GOOGLE_APPLICATION_CREDENTIALS",
		"AZURE_CLIENT_SECRET", "AZURE_CLIENT_CERTIFICATE_PATH",
		"ACTIONS_ID_TOKEN_REQUEST_TOKEN", "ACTIONS_ID_TOKEN_REQUEST_URL",
		"ACTIONS_RUNTIME_TOKEN", "ACTIONS_RUNTIME_URL",
	}
	out := slices.Clone(names)
	for _, n := range names {
		out = append(out, "INPUT_"+n)
	}
	return out
}

// truthy is how Claude Code reads a switch in the environment.
func truthy(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// sessionEnv gives spec the variables that come with the session rather
// than the configuration: CLAUDE_EFFORT from the input's effort.level,
// unset when the session does not say, so that a hook never reads another
// session's level from the environment hookchain itself was started in.
func sessionEnv(spec process.Spec, s SessionInfo) process.Spec {
	if level, ok := effortLevel(s); ok {
		spec.Env = append(slices.Clip(spec.Env), EffortEnv+"="+level)
	} else {
		spec.Unset = append(slices.Clip(spec.Unset), EffortEnv)
	}
	return spec
}

// effortLevel is the session's effort.level, when it gives one as a string.
func effortLevel(s SessionInfo) (string, bool) {
	raw, ok := s.Extra["effort"]
	if !ok {
		return "", false
	}
	var effort struct {
		Level *string `json:"level"`
	}
	if json.Unmarshal(raw, &effort) != nil || effort.Level == nil || *effort.Level == "" {
		return "", false
	}
	return *effort.Level, true
}

// scrub removes the Scrubbed variables from spec's environment, inherited
// or given in spec.Env, when env (the environment the hook would get) turns
// ScrubEnv on. Claude Code scrubs the environment it hands each subprocess,
// whatever set the variable; so does this, an entry of spec.Env included.
func scrub(spec process.Spec, env []string) process.Spec {
	on := false
	for _, kv := range env {
		if k, v, _ := strings.Cut(kv, "="); k == ScrubEnv {
			on = truthy(v)
		}
	}
	if !on {
		return spec
	}
	spec.Unset = append(slices.Clip(spec.Unset), Scrubbed...)
	kept := make([]string, 0, len(spec.Env))
	for _, kv := range spec.Env {
		if k, _, _ := strings.Cut(kv, "="); !slices.Contains(Scrubbed, k) {
			kept = append(kept, kv)
		}
	}
	spec.Env = kept
	return spec
}
