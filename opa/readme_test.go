package opa_test

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/open-policy-agent/opa/v1/config"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readme is the module's README, "Policy for a fleet", which shows the
// policy, the mask and the configuration these tests run.
func readme(t testing.TB) string {
	t.Helper()
	return readFile(t, "README.md")
}

// The README's Rego blocks marked <!-- file: PATH --> are the files the
// tests run, word for word.
func TestTheReadmesPoliciesAreTheOnesTested(t *testing.T) {
	marked := regexp.MustCompile("(?s)<!-- file: (opa/[^ ]+) -->\n```rego\n(.*?)```\n").FindAllStringSubmatch(readme(t), -1)
	require.Len(t, marked, 2)
	for _, m := range marked {
		t.Run(m[1], func(t *testing.T) {
			assert.Equal(t, readFile(t, filepath.Join("..", m[1])), m[2])
		})
	}
}

// readmeConfig is the configuration the README tells a team to deploy.
func readmeConfig(t testing.TB) map[string]any {
	t.Helper()
	m := regexp.MustCompile("(?s)<!-- opa fleet config -->\n```json\n(.*?)```\n").FindStringSubmatch(readme(t))
	require.NotNil(t, m, "the README has no block marked <!-- opa fleet config -->")
	var cfg map[string]any
	require.NoError(t, json.Unmarshal([]byte(m[1]), &cfg))
	return cfg
}

// The configuration is one OPA reads; the fleet tests deploy it, with the
// loopback server's address, a key of their own and shorter delays.
func TestTheReadmesFleetConfigurationIsOneOPAReads(t *testing.T) {
	raw, err := json.Marshal(readmeConfig(t))
	require.NoError(t, err)
	cfg, err := config.ParseConfig(raw, "agent-1")
	require.NoError(t, err)
	for _, section := range []json.RawMessage{cfg.Services, cfg.Bundles, cfg.Keys, cfg.DecisionLogs, cfg.Status} {
		assert.NotEmpty(t, section)
	}
	assert.Equal(t, map[string]string{"id": "agent-1", "version": cfg.Labels["version"], "team": "platform"}, cfg.Labels)
}
